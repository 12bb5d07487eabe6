/// How far apart tab stops are (CSS `tab-size`): a number of space widths of the primary font,
/// or a length in px. A tab moves the pen to the next stop; in the web profile it is at least
/// half a space wide, else it moves on to the stop after (Chromium's rule). A size of 0 makes
/// tabs zero wide.
public enum TabSize: Sendable, Equatable, CustomStringConvertible {
    /// Stops every `n` widths of the primary font's space (CSS `tab-size: n`; fractions allowed).
    case spaces(Double)
    /// Stops every `px` pixels (CSS `tab-size: 40px`), at the style's font size.
    case pixels(Double)

    /// Parses the CLI spelling: `<n>` (space widths) or `<px>px`.
    public init?(parsing text: String) {
        let isPixels = text.hasSuffix("px")
        guard let value = Double(isPixels ? String(text.dropLast(2)) : text), value.isFinite, value >= 0 else {
            return nil
        }
        self = isPixels ? .pixels(value) : .spaces(value)
    }

    public var description: String {
        switch self {
        case .spaces(let count): "\(count)"
        case .pixels(let pixels): "\(pixels)px"
        }
    }

    /// The stop interval in em for a font whose space is `space` em wide at `fontSize` px.
    func interval(space: Double, fontSize: Double) -> Double {
        switch self {
        case .spaces(let count): count * space
        case .pixels(let pixels): pixels / fontSize
        }
    }

    func validate() throws(AutoHeightError) {
        switch self {
        case .spaces(let value), .pixels(let value):
            guard value.isFinite && value >= 0 && value <= 1000 else { throw .invalidTabSize(description) }
        }
    }
}
