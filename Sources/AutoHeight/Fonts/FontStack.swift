// Stage: Fonts.
// Problem: text needs glyphs for every cluster it holds, from a handful of explicit fonts and,
//   failing those, the system's, loaded once and shared by every thread.
// Solution: a FontStack of loaded Fonts (FreeType checks, HarfBuzz shapes at units-per-em scale)
//   with an optional fontconfig SystemFallback; per-font metric tables and word-coupling answers
//   are computed once.
// Limitations: at most 32 explicit fonts; no variable-font axes or synthetic styles.

/// The fonts text is set in: a primary font, fallback fonts tried in order for the grapheme
/// clusters it lacks, and optionally the system's fonts (fontconfig) after those.
///
/// ```swift
/// let stack = FontStack(try Font(path: "NotoSans-Regular.ttf"),
///                       fallbacks: [try Font(path: "NanumGothic.ttf")],
///                       systemFallback: .shared)
/// ```
///
/// Fonts are chosen per grapheme cluster, never splitting one (a base and its combining marks,
/// an emoji ZWJ sequence, a flag stay in one font):
/// 1. A cluster shown as emoji (default emoji presentation, or with U+FE0F, a skin-tone
///    modifier, a ZWJ sequence or tags) takes the first colour font that covers it: the stack's
///    colour fonts in order, then the system's `emoji` fonts.
/// 2. Otherwise the primary font when it covers the cluster, else the first fallback font with a
///    glyph for every scalar of the cluster (joiners and variation selectors need none), else the
///    system fallback (``SystemFallback``). When no font covers the whole cluster, the first with
///    its base character takes it.
/// 3. Whitespace and invisible format characters (spaces, ZWSP, bidi marks) do not choose a
///    font (Pango's rule): a stretch of them takes the font of the cluster before it, or of the
///    one after it when that font comes earlier in the stack or nothing precedes in the run; an
///    emoji font never lends its space. A space between two Korean words is the Korean font's.
/// Clusters no font covers are counted as missing glyphs (``PreparedText/missingGlyphCount``).
public struct FontStack: Sendable {
    /// Everything a stack holds, in one object: copying a stack (or a style) takes one
    /// reference, not one per field.
    private final class Storage: Sendable {
        let fonts: [Font]
        let systemFallback: SystemFallback?
        let metricTables: FontMetricTables
        let cacheIdentity: String

        init(fonts: [Font], systemFallback: SystemFallback?) {
            self.fonts = fonts
            self.systemFallback = systemFallback
            metricTables = FontMetricTables(fonts: fonts, systemFallback: systemFallback)
            cacheIdentity =
                fonts.map { String($0.serial) }.joined(separator: ",")
                + (systemFallback.map { "|system fallback \($0.serial)" } ?? "")
        }
    }

    private let storage: Storage

    /// Primary first, every font given; never empty. A stack of more than
    /// ``maximumFontCount`` fonts is refused when a text is measured or prepared in it
    /// (``AutoHeightError/tooManyFonts(count:limit:)``), never cut short.
    public var fonts: [Font] { storage.fonts }

    /// The most fonts a stack may hold: lines record the fonts they use in 32-bit masks.
    public static let maximumFontCount = 32
    /// Searched after ``fonts`` for clusters none of them covers; nil for none.
    public var systemFallback: SystemFallback? { storage.systemFallback }
    /// The fonts' vertical metrics for line heights, built once per stack (not per text).
    package var metricTables: FontMetricTables { storage.metricTables }

    /// A stack of `primary`, then `fallbacks` in order (at most 31), then `systemFallback`.
    public init(_ primary: Font, fallbacks: [Font] = [], systemFallback: SystemFallback? = nil) {
        storage = Storage(fonts: [primary] + fallbacks, systemFallback: systemFallback)
    }

    /// The first font: tried first, and the source of tab widths and empty lines' height.
    public var primary: Font { storage.fonts[0] }

    /// Throws ``AutoHeightError/tooManyFonts(count:limit:)`` past ``maximumFontCount`` fonts.
    func validate() throws(AutoHeightError) {
        guard fonts.count <= Self.maximumFontCount else {
            throw .tooManyFonts(count: fonts.count, limit: Self.maximumFontCount)
        }
    }

    /// The same fonts with `systemFallback` (nil: without one).
    public func withSystemFallback(_ systemFallback: SystemFallback?) -> FontStack {
        FontStack(fonts[0], fallbacks: Array(fonts.dropFirst()), systemFallback: systemFallback)
    }

    /// Font `index` of the stack: an explicit font, or a font the system fallback found
    /// (`index − fonts.count` in its ``SystemFallback/discoveredFonts``).
    public func font(at index: Int) -> Font? {
        if index < fonts.count { return index >= 0 ? fonts[index] : nil }
        guard let discovered = systemFallback?.discoveredFonts, index - fonts.count < discovered.count else {
            return nil
        }
        return discovered[index - fonts.count]
    }

    /// The stack's identity in ``SegmentCache`` keys, built once: its fonts' serials (never
    /// addresses, so a freed font's entries are never taken for a new font's) and its system
    /// fallback's (which shapes differently, and whose discovered font indices are its own).
    package var cacheIdentity: String { storage.cacheIdentity }

    /// The stack's storage object: the same for its copies, unique while it lives.
    var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Whether `other` is this very stack (or a copy of it): the same fonts and fallback objects.
    func isSameStack(as other: FontStack) -> Bool { storage === other.storage }
}
