/// A primary font and the fallback fonts tried, in order, for grapheme clusters it lacks.
///
/// ```swift
/// let stack = FontStack(try Font(path: "NotoSans-Regular.ttf"),
///                       fallbacks: [try Font(path: "NanumGothic.ttf")])
/// ```
public struct FontStack: Sendable {
    /// Primary first; never empty.
    public let fonts: [Font]

    public init(_ primary: Font, fallbacks: [Font] = []) {
        fonts = [primary] + fallbacks.prefix(31)  // font masks are 32 bits wide
    }

    public var primary: Font { fonts[0] }
}
