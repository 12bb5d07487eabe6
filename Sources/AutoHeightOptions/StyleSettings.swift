import AutoHeight

/// The style options every surface takes (the CLI's flags, the C ABI's keys, the bindings'
/// keywords), turned into a ``AutoHeight/TextStyle`` in one place, so each surface builds the
/// same style from the same words and refuses the same mistakes with the same sentence.
///
/// Keys are the CLI's long option names (`font-size`, `line-height`, …); ``set(_:to:)`` also
/// takes them in snake case (`font_size`) or camel case (`fontSize`), and `size` for
/// `font-size`. Errors name an option in the caller's own spelling (``Spelling``).
public struct StyleSettings: Sendable, Equatable {
    /// `font-file`: a font file (.ttf, .otf, .ttc) instead of the bundled stack.
    public var fontFile: String?
    /// A fontconfig description, as pango-view writes it (``FontDescription``).
    public var font: String?
    /// `face`: the face index inside a collection file.
    public var faceIndex = 0
    /// `fallback-font`: font files tried after the primary one, in order.
    public var fallbackFonts: [String] = []
    /// `fallback`: the system's fonts after the given ones (`system`), or none.
    public var fallback: FallbackMode = .system
    /// `font-size` (px); nil: the `font` description's size, else 17.
    public var fontSize: Double?
    /// `language`: a BCP 47 tag, for HarfBuzz and ICU's line breaker.
    public var language = "en"
    /// `line-break`: CSS line-break strictness; nil: the language's.
    public var lineBreak: LineBreakRules.Strictness?
    /// `word-break`: CSS word-break; nil: the language's.
    public var wordBreak: LineBreakRules.WordBreak?
    /// `line-spacing`: extra px between lines.
    public var lineSpacing = 0.0
    /// `metrics`, `normal`, `em`, a px value or a multiple (`1.5x`): ``AutoHeight/LineHeight``.
    public var lineHeight = "metrics"
    /// `tab-width`: tab stops every this many space widths.
    public var tabWidth = 8
    /// A CSS tab-size: ``AutoHeight/TabSize``.
    public var tabSize: String?
    /// `white-space`: CSS white-space.
    public var whiteSpace: WhiteSpace = .preWrap
    /// `overflow-wrap`: CSS overflow-wrap.
    public var overflowWrap: OverflowWrap = .breakWord
    /// `trailing-whitespace`: which whitespace hangs at a line end.
    public var trailingWhitespace: TrailingWhitespace = .hangs
    /// `profile`: a native editor's line breaking, or a Chromium textarea's.
    public var profile: LayoutProfile = .editor
    /// `browser`: which browser's textarea the web profile reproduces.
    public var browser: BrowserEngine = .chromium
    /// `min-lines`: the box is at least this many lines tall.
    public var minLines: Int?
    /// `max-lines`: the box stops growing at this many lines.
    public var maxLines: Int?

    /// The CLI's defaults.
    public init() {}

    /// `--fallback`: the system's fonts after the given ones, or none.
    public enum FallbackMode: String, Sendable, Equatable, CaseIterable {
        case system, none
    }

    /// How a surface spells an option in its messages, from the canonical (CLI) name.
    public struct Spelling: Sendable {
        let name: @Sendable (String) -> String
        public init(_ name: @escaping @Sendable (String) -> String) { self.name = name }
        /// `--font-size`.
        public static let cli = Spelling { "--" + $0 }
        /// `font-size`.
        public static let plain = Spelling { $0 }
        public func callAsFunction(_ canonical: String) -> String { name(canonical) }
    }

    /// An option that cannot be taken: a one-line message naming it.
    public struct OptionError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// The line limits asked for (`min-lines` defaults to 1).
    public var lineLimits: LineLimits { LineLimits(minimum: minLines ?? 1, maximum: maxLines) }

    /// The checks that need no font: values that parse, no conflicting options.
    public func validate(_ spelling: Spelling = .plain) throws(OptionError) {
        if font != nil, fontFile != nil {
            throw OptionError(
                "give either \(spelling("font")) (a family name) or \(spelling("font-file")) (a path), not both")
        }
        if let font {
            do { _ = try FontDescription(parsing: font) } catch {
                throw OptionError(error.message(option: spelling("font")))
            }
        }
        if let tabSize, TabSize(parsing: tabSize) == nil {
            throw OptionError(
                "\(spelling("tab-size")) must be a number of spaces (e.g. 4) or a px length (e.g. 40px); got '\(tabSize)'"
            )
        }
        if LineHeight(parsing: lineHeight) == nil {
            throw OptionError(
                "\(spelling("line-height")) must be metrics, normal, em, a px value (e.g. 24) or a multiple (e.g. 1.5x); got '\(lineHeight)'"
            )
        }
        if browser != .chromium && profile != .web {
            throw OptionError(
                "\(spelling("browser")) \(browser.rawValue) applies to \(spelling("profile")) web only; add \(spelling("profile")) web"
            )
        }
        if let minLines, minLines < 0 { throw OptionError("\(spelling("min-lines")) must be ≥ 0") }
        if let maxLines, maxLines < 1 { throw OptionError("\(spelling("max-lines")) must be ≥ 1") }
        if let minLines, let maxLines, minLines > maxLines {
            throw OptionError(
                "\(spelling("min-lines")) (\(minLines)) is larger than \(spelling("max-lines")) (\(maxLines))")
        }
    }

    /// Loads the fonts and builds the style (call ``validate(_:)`` first). The primary (given
    /// or bundled) font loads first, so its error is the one reported.
    public func makeStyle() throws(AutoHeightError) -> TextStyle {
        let base: [Font]
        let description = font.flatMap { try? FontDescription(parsing: $0) }
        if let fontFile {
            base = [try Font(path: fontFile, faceIndex: faceIndex)]
        } else if let description {
            base = try FontStack(families: description.families, style: description.style).fonts
        } else {
            base = try FontStack.bundled().fonts
        }
        let extra = try fallbackFonts.map { (path) throws(AutoHeightError) in try Font(path: path) }
        let fonts = FontStack(base[0], fallbacks: Array(base.dropFirst()) + extra)
        var style = TextStyle(
            fonts: fallback == .system ? fonts.withSystemFallback(.shared) : fonts,
            fontSize: fontSize ?? description?.size ?? 17,
            language: language, lineSpacing: lineSpacing, lineHeight: LineHeight(parsing: lineHeight) ?? .metrics,
            tabWidth: tabWidth)
        style.trailingWhitespace = trailingWhitespace
        style.profile = profile
        style.browser = browser
        style.whiteSpace = whiteSpace
        style.overflowWrap = overflowWrap
        style.tabSize = tabSize.flatMap(TabSize.init(parsing:))
        if lineBreak != nil || wordBreak != nil {
            var rules = style.lineBreakRules
            if let lineBreak { rules.strictness = lineBreak }
            if let wordBreak { rules.wordBreak = wordBreak }
            style.lineBreakRules = rules
        }
        try style.validate()
        return style
    }
}
