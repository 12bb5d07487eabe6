/// Everything that can go wrong when loading fonts or measuring text, with the detail a person
/// needs to fix it. The library never crashes on bad input and never returns a silent wrong
/// number: it throws one of these.
public enum AutoHeightError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the font path.
    case fontFileNotFound(path: String)
    /// The font path exists but cannot be read (a directory, no permission, an I/O error).
    case fontFileUnreadable(path: String, reason: String)
    /// The file is not a font FreeType can open; `reason` is FreeType's error.
    case notAFont(path: String, reason: String)
    /// The face index is not in the file (a .ttc holds `faceCount` faces).
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// The font opened but cannot lay out text (no glyphs, no units per em).
    case unusableFont(path: String, reason: String)
    /// No installed font has this family (and style): ``Font/init(family:style:)``. `closest` is
    /// what fontconfig would substitute (`path (Family Style)`), nil when it has nothing or
    /// cannot load its configuration.
    case fontNotFound(family: String, style: String?, closest: String?)
    /// The bundled fonts are in none of the places searched (``BundledFonts``), listed in order.
    case bundledFontsNotFound(searched: [String])
    /// A font size that is not finite, below ``minimumFontSize`` or above ``maximumFontSize``.
    case invalidFontSize(Double)
    /// A wrap width that is not finite or not positive.
    case invalidWidth(Double)
    /// A line spacing that is negative or not finite.
    case invalidLineSpacing(Double)
    /// A line-height model with a value that is not finite and positive.
    case invalidLineHeight(String)
    /// Minimum and maximum line counts that contradict each other or are negative.
    case invalidLineLimits(minimum: Int, maximum: Int?)
    /// A language tag that is not well-formed BCP 47.
    case invalidLanguageTag(String)
    /// A tab width (in spaces) outside `1...1000`.
    case invalidTabWidth(Int)
    /// A CSS tab size (``TabSize``) that is negative, not finite or over 1000.
    case invalidTabSize(String)
    /// A font stack of more fonts than ``FontStack/maximumFontCount``.
    case tooManyFonts(count: Int, limit: Int)
    /// Text longer than ICU and HarfBuzz can take in one piece (2^31 − 1 UTF-16 units).
    case textTooLong(utf16Count: Int)
    /// UTF-16 text (through the C ABI) with a surrogate lacking its other half, at this offset.
    case loneSurrogate(utf16Offset: Int)
    /// A range that is not inside the text, or does not fall on scalar boundaries.
    case invalidRange(lower: Int, upper: Int, utf16Count: Int)
    /// ICU failed (out of memory, missing data); `reason` is ICU's error name.
    case icuFailure(String)
    /// A text longer than the style's ``InputLimits/maximumTextLength``.
    case textExceedsLimit(utf16Count: Int, limit: Int)
    /// A paragraph longer than the style's ``InputLimits/maximumParagraphLength``.
    case paragraphExceedsLimit(utf16Count: Int, limit: Int)
    /// More combining marks in a row than ``InputLimits/maximumCombiningMarks``; the offset is
    /// the first mark's within its paragraph.
    case combiningMarksExceedLimit(utf16Offset: Int, count: Int, limit: Int)
    /// ``InputLimits`` with a limit below 1 or a text limit over the ceiling.
    case invalidInputLimits(String)
    /// Run `index` (0-based, in list order) of a ``StyledText`` is unusable: out of the text's
    /// range, splitting a surrogate pair, an unknown family, a number out of range.
    case invalidRun(index: Int, reason: String)
    /// Inline box `index` (0-based) of a ``StyledText``, or the boxes' count against the text's
    /// U+FFFC characters (index −1), is unusable.
    case invalidBox(index: Int, reason: String)
    /// A styled text was asked for at another font size than its style's (its runs' sizes are
    /// absolute).
    case styledTextResized
    /// HarfBuzz could not allocate what shaping needs (its buffers report this only when asked:
    /// the count would otherwise be silently wrong).
    case harfBuzzFailure(String)
    /// fontconfig could not load its configuration or answer a fallback query (out of memory,
    /// an unreadable `fonts.conf`): without it, clusters the stack lacks would count as missing
    /// glyphs, so system fallback reports the failure instead.
    case fontconfigFailure(String)

    /// The largest font size accepted, in px.
    public static let maximumFontSize = 10_000.0
    /// The smallest font size accepted, in px: smaller sizes (down to subnormal numbers such as
    /// `5e-324`) would round every height to 0.
    public static let minimumFontSize = 0.01
    /// The largest wrap width accepted, in px.
    public static let maximumWidth = 1e9

    public var description: String {
        switch self {
        case .fontFileNotFound(let path): "font file not found: \(path)"
        case .fontFileUnreadable(let path, let reason): "cannot read font file \(path): \(reason)"
        case .notAFont(let path, let reason): "not a font file: \(path) (FreeType: \(reason))"
        case .faceIndexOutOfRange(let path, let index, let count):
            "face index \(index) out of range: \(path) has \(count) face\(count == 1 ? "" : "s") (0...\(count - 1))"
        case .unusableFont(let path, let reason): "font cannot lay out text: \(path): \(reason)"
        case .fontNotFound(let family, let style, let closest):
            "no font \"\(family)\"\(style.map { " style \"\($0)\"" } ?? "") installed"
                + (closest.map { " (fontconfig's closest: \($0))" } ?? " (fontconfig found nothing)")
        case .bundledFontsNotFound(let searched):
            "bundled fonts not found; looked in: \(searched.joined(separator: "; ")) (set AUTOHEIGHT_FONTS_DIR to the folder holding \(BundledFonts.defaultFileNames[0]), or give a font)"
        case .invalidFontSize(let size):
            "invalid font size \(size): must be finite, ≥ \(Self.minimumFontSize) and ≤ \(Int(Self.maximumFontSize)) px"
        case .invalidWidth(let width):
            "invalid width \(width): must be finite, > 0 and ≤ \(Self.maximumWidth) px"
        case .invalidLineSpacing(let spacing): "invalid line spacing \(spacing): must be finite and ≥ 0"
        case .invalidLineHeight(let model): "invalid line height \(model): must be finite and > 0"
        case .invalidLineLimits(let minimum, let maximum):
            "invalid line limits: minimum \(minimum), maximum \(maximum.map(String.init) ?? "none") (need 0 ≤ minimum ≤ maximum, maximum ≥ 1)"
        case .invalidLanguageTag(let tag): "invalid language tag \"\(tag)\": not well-formed BCP 47"
        case .invalidTabWidth(let width): "invalid tab width \(width): must be 1...1000 spaces"
        case .invalidTabSize(let size): "invalid tab size \(size): must be 0...1000 spaces or px"
        case .tooManyFonts(let count, let limit): "too many fonts: \(count) in one stack (limit \(limit))"
        case .textTooLong(let count): "text too long: \(count) UTF-16 units (limit 2147483647)"
        case .invalidRange(let lower, let upper, let count):
            "invalid range \(lower)..<\(upper) in text of \(count) UTF-16 units"
        case .loneSurrogate(let offset): "lone surrogate at UTF-16 offset \(offset)"
        case .icuFailure(let reason): "ICU failed: \(reason)"
        case .textExceedsLimit(let count, let limit):
            "text too long: \(count) UTF-16 units, over the limit of \(limit) (InputLimits.maximumTextLength)"
        case .paragraphExceedsLimit(let count, let limit):
            "paragraph too long: \(count) UTF-16 units, over the limit of \(limit) (InputLimits.maximumParagraphLength)"
        case .combiningMarksExceedLimit(let offset, let count, let limit):
            "\(count) combining marks in a row at UTF-16 offset \(offset) of a paragraph, over the limit of \(limit) (InputLimits.maximumCombiningMarks)"
        case .invalidInputLimits(let limits): "invalid input limits (\(limits)): each must be ≥ 1, text ≤ 2147483646"
        case .invalidRun(let index, let reason): "run \(index): \(reason)"
        case .invalidBox(let index, let reason): index < 0 ? "boxes: \(reason)" : "box \(index): \(reason)"
        case .styledTextResized: "a styled text is measured at its style's font size (its runs' sizes are in px)"
        case .harfBuzzFailure(let reason): "HarfBuzz failed: \(reason)"
        case .fontconfigFailure(let reason): "fontconfig failed: \(reason)"
        }
    }
}
