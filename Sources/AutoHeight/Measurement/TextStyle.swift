/// How text is set: fonts, size, language, line spacing and line-height model.
///
/// ```swift
/// let style = TextStyle(fonts: try FontStack.bundled(), fontSize: 17, language: "ko")
/// let result = try style.measure("안녕하세요, AutoHeight!", width: 240)
/// ```
public struct TextStyle: Sendable {
    /// The primary font, its fallbacks and optionally the system's fonts, chosen per grapheme
    /// cluster (see ``FontStack``).
    public var fonts: FontStack
    /// Font size in px (= pt at 1:1).
    public var fontSize: Double
    /// BCP 47 language tag, e.g. `"en"`, `"ko"`, `"ja-u-lb-strict"`, `"ko-u-lw-keepall"`.
    /// HarfBuzz shapes with it (glyph forms depend on it), ICU breaks lines by its rules (see
    /// ``lineBreakRules``), and the system fallback prefers fonts for it.
    public var language: String
    /// Extra space between lines in px, never added after the last line.
    public var lineSpacing: Double
    /// How tall a line is: the fonts' metrics, the em, a fixed px value or a multiple.
    public var lineHeight: LineHeight
    /// Tab stops every `tabWidth` space widths of the primary font.
    public var tabWidth: Int
    /// Which whitespace at the end of a line hangs past the edge.
    public var trailingWhitespace: TrailingWhitespace = .hangs
    /// Whose line breaking to reproduce: a native editor's (``LayoutProfile/editor``, the
    /// default) or a browser textarea's (``LayoutProfile/web``).
    public var profile: LayoutProfile = .editor
    /// Which browser ``LayoutProfile/web`` reproduces (default Chromium); the editor profile
    /// ignores it.
    public var browser: BrowserEngine = .chromium
    /// How spaces, tabs and line feeds are laid out (CSS `white-space`; default `pre-wrap`).
    public var whiteSpace: WhiteSpace = .preWrap
    /// Where a word wider than the line breaks (CSS `overflow-wrap`; default `break-word`).
    public var overflowWrap: OverflowWrap = .breakWord
    /// CSS `tab-size`: when set, tab stops follow it instead of ``tabWidth`` (it also takes
    /// fractions, 0 and px lengths).
    public var tabSize: TabSize? = nil
    /// A cache of shaped chunks shared across texts (nil: shape every text in full).
    public var segmentCache: SegmentCache? = nil
    /// The largest text, paragraph and run of combining marks measured (``InputLimits``).
    public var limits = InputLimits()
    /// The preparation context last resolved for this style (``preparationContext()``).
    var preparationContextMemo = PreparationContextMemo()

    /// Locale line-breaking options: strictness (`-u-lb-`) and word keeping (`-u-lw-`), read
    /// from and written into ``language`` (setting them rewrites those keywords of the tag and
    /// keeps the rest): `language = "ko"` then `lineBreakRules.wordBreak = .keepAll` gives
    /// `"ko-u-lw-keepall"`.
    public var lineBreakRules: LineBreakRules {
        get { LineBreakRules(languageTag: language) }
        set { language = newValue.applied(to: language) }
    }

    /// A style; values are checked when it is used (or by ``validate()``).
    public init(
        fonts: FontStack, fontSize: Double = 17, language: String = "en", lineSpacing: Double = 0,
        lineHeight: LineHeight = .metrics, tabWidth: Int = 8
    ) {
        self.fonts = fonts
        self.fontSize = fontSize
        self.language = language
        self.lineSpacing = lineSpacing
        self.lineHeight = lineHeight
        self.tabWidth = tabWidth
    }

    /// A style with a single font and no fallback.
    public init(
        font: Font, fontSize: Double = 17, language: String = "en", lineSpacing: Double = 0,
        lineHeight: LineHeight = .metrics, tabWidth: Int = 8
    ) {
        self.init(
            fonts: FontStack(font), fontSize: fontSize, language: language, lineSpacing: lineSpacing,
            lineHeight: lineHeight, tabWidth: tabWidth)
    }

    /// Checks every number of the style; throws the first problem found.
    public func validate() throws(AutoHeightError) {
        try fonts.validate()
        try limits.validate()
        try Self.validate(fontSize: fontSize)
        guard lineSpacing.isFinite && lineSpacing >= 0 && lineSpacing <= AutoHeightError.maximumWidth else {
            throw .invalidLineSpacing(lineSpacing)
        }
        try lineHeight.validate()
        guard tabWidth >= 1 && tabWidth <= 1000 else { throw .invalidTabWidth(tabWidth) }
        try tabSize?.validate()
    }

    static func validate(fontSize: Double) throws(AutoHeightError) {
        guard
            fontSize.isFinite && fontSize >= AutoHeightError.minimumFontSize
                && fontSize <= AutoHeightError.maximumFontSize
        else {
            throw .invalidFontSize(fontSize)
        }
    }

    /// Measures `text` wrapped at `width` px. Shorthand for `prepare(text).measure(width:…)`.
    ///
    /// Complexity: O(n) shaping and line breaking; to measure the same text at several widths,
    /// ``prepare(_:)-(String)`` it once.
    public func measure(
        _ text: String, width: Double, lineLimits: LineLimits = LineLimits()
    ) throws(AutoHeightError) -> TextMeasurement {
        try PreparedText.measureOnce(text, style: self, width: width, lineLimits: lineLimits)
    }

    /// ``measure(_:width:lineLimits:)`` of well-formed UTF-8 bytes, for the C ABI (which checks
    /// the caller's bytes and saves making a string of them).
    package func measure(
        utf8 text: UnsafeBufferPointer<UInt8>, width: Double, lineLimits: LineLimits
    ) throws(AutoHeightError) -> TextMeasurement {
        try PreparedText.measureOnce(utf8: text, style: self, width: width, lineLimits: lineLimits)
    }

    /// ``measure(_:width:lineLimits:)`` of UTF-16 units, for the C ABI (a JavaScript string's
    /// own encoding); a lone surrogate is an error.
    package func measure(
        utf16 text: UnsafeBufferPointer<UInt16>, width: Double, lineLimits: LineLimits
    ) throws(AutoHeightError) -> TextMeasurement {
        try PreparedText.measureOnce(utf16: text, style: self, width: width, lineLimits: lineLimits)
    }

    /// Does the width-independent work for `text` once; the result re-wraps at any width in
    /// arithmetic only.
    public func prepare(_ text: String) throws(AutoHeightError) -> PreparedText {
        try PreparedText(text, style: self)
    }
}

/// How tall one line is.
public enum LineHeight: Sendable, Equatable, CustomStringConvertible {
    /// The font's ascender − descender + line gap (as HarfBuzz reports them); with several fonts
    /// on a line, the tallest ascender, deepest descender and largest gap among the fonts used on
    /// that line (its hanging whitespace included), fallback fonts from the system too.
    case metrics
    /// CSS `line-height: normal` as Chromium computes it: each font's ascender, descender and
    /// line gap (HarfBuzz's: `hhea`, or `OS/2` typo metrics when USE_TYPO_METRICS is set) are
    /// rounded to whole px at the font size, and a line is their sum (with several fonts on a
    /// line, the highest ascender plus half gap over the deepest descender plus half gap).
    case normal
    /// Exactly the font size.
    case em
    /// A fixed height in px.
    case fixed(Double)
    /// A multiple of the font size (`1.5` = 150 %).
    case multiple(Double)

    /// Parses the CLI spelling: `metrics`, `normal`, `em`, `<px>` (e.g. `24`) or `<n>x` (e.g. `1.5x`).
    public init?(parsing text: String) {
        switch text {
        case "metrics": self = .metrics
        case "normal": self = .normal
        case "em": self = .em
        default:
            if text.hasSuffix("x"), let factor = Double(text.dropLast()), factor.isFinite, factor > 0 {
                self = .multiple(factor)
            } else if let pixels = Double(text), pixels.isFinite, pixels > 0 {
                self = .fixed(pixels)
            } else {
                return nil
            }
        }
    }

    func validate() throws(AutoHeightError) {
        switch self {
        case .metrics, .normal, .em: return
        case .fixed(let value), .multiple(let value):
            guard value.isFinite && value > 0 && value <= AutoHeightError.maximumWidth else {
                throw .invalidLineHeight(description)
            }
        }
    }

    public var description: String {
        switch self {
        case .metrics: "metrics"
        case .normal: "normal"
        case .em: "em"
        case .fixed(let pixels): "\(pixels)"
        case .multiple(let factor): "\(factor)x"
        }
    }
}

/// Optional bounds on the visible line count of an auto-growing editor.
public struct LineLimits: Sendable, Equatable {
    /// The editor is never shorter than this many lines (default 1).
    public var minimum: Int
    /// The editor stops growing here and scrolls; nil for no limit.
    public var maximum: Int?

    /// Limits of `minimum` lines and, optionally, `maximum` lines.
    public init(minimum: Int = 1, maximum: Int? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    package func validate() throws(AutoHeightError) {
        guard minimum >= 0 else { throw .invalidLineLimits(minimum: minimum, maximum: maximum) }
        if let maximum, maximum < max(minimum, 1) {
            throw .invalidLineLimits(minimum: minimum, maximum: maximum)
        }
    }
}

extension TextStyle {
    /// The tab stops in em: every `tabWidth` spaces of the primary font. In the web profile a tab
    /// is at least half a space wide (Chromium's and WebKit's rule) or half a `ch`, the width of
    /// `0` (Firefox's, as CSS Text 3 says), else it moves on to the next stop.
    package var tabStopEm: TabStops {
        let space = onAdvanceGrid(fonts.primary.spaceAdvance)
        let interval = tabSize?.interval(space: space, fontSize: fontSize) ?? Double(tabWidth) * space
        let minimum: Double
        switch (profile, browser) {
        case (.editor, _): minimum = 0
        case (.web, .firefox): minimum = onAdvanceGrid(fonts.primary.zeroAdvance) / 2
        case (.web, _): minimum = space / 2
        }
        return TabStops(interval: interval, minimumAdvance: minimum)
    }

    /// The browser whose rules preparation follows: ``browser`` in the web profile; the editor
    /// profile follows none (always `.chromium` there, so it never splits a cache).
    package var webBrowser: BrowserEngine { profile == .web ? browser : .chromium }

    /// Steps per em that glyph advances are rounded to: Firefox's app units (60 per px) in its
    /// profile, else 0 (exact).
    var advanceGrid: Double { webBrowser == .firefox ? fontSize * 60 : 0 }

    /// `em` rounded to the ``advanceGrid`` (unchanged when there is none).
    func onAdvanceGrid(_ em: Double) -> Double {
        let grid = advanceGrid
        return grid > 0 ? (em * grid).rounded() / grid : em
    }

    /// Which breaks end a paragraph: every explicit break (editor), LF and CR only (web), none
    /// when line feeds collapse (`white-space: normal`).
    var paragraphBreaks: Paragraphs.Breaks {
        if whiteSpace == .normal { return .none }
        return profile.separatorsEndLines ? .all : .lineFeeds
    }
}

extension TextStyle {
    /// What preparing text in this style needs (the language resolved, the cache context
    /// found), resolved once and kept by the style and its copies until one of the fields it
    /// depends on changes: a measure then takes one lock instead of resolving both again.
    package func preparationContext() throws(AutoHeightError) -> PreparationContext {
        if let known = preparationContextMemo.context(for: self) { return known }
        let key = PreparationContextMemo.Key(
            fonts: fonts, language: language, trailingWhitespace: trailingWhitespace, profile: profile,
            browser: webBrowser, advanceGrid: advanceGrid, whiteSpace: whiteSpace,
            segmentCache: whiteSpace == .preWrap ? segmentCache : nil, limits: limits)
        let context = try PreparationContext(
            fonts: fonts, languageTag: language, trailingWhitespace: trailingWhitespace, profile: profile,
            browser: webBrowser, advanceGrid: advanceGrid, whiteSpace: whiteSpace, segmentCache: key.segmentCache,
            limits: limits)
        preparationContextMemo.keep(context, for: key)
        return context
    }
}

/// The last ``PreparationContext`` a style (and its copies) resolved, with what it was resolved
/// from. A copy of the style that changes a field asks with another key and replaces it.
final class PreparationContextMemo: Sendable {
    /// The fields of a style a context depends on. The stack and the cache are held, so their
    /// identities cannot be reused by other objects while the entry lives.
    struct Key: Sendable {
        var fonts: FontStack
        var language: String
        var trailingWhitespace: TrailingWhitespace
        var profile: LayoutProfile
        var browser: BrowserEngine
        var advanceGrid: Double
        var whiteSpace: WhiteSpace
        var segmentCache: SegmentCache?
        var limits: InputLimits

        /// Whether `style` has these fields (read in place: no copy of its references).
        func matches(_ style: borrowing TextStyle) -> Bool {
            fonts.isSameStack(as: style.fonts) && matchesBesidesFonts(style)
        }

        /// Whether `style` has these fields, its fonts aside.
        func matchesBesidesFonts(_ style: borrowing TextStyle) -> Bool {
            segmentCache === (style.whiteSpace == .preWrap ? style.segmentCache : nil)
                && language == style.language && trailingWhitespace == style.trailingWhitespace
                && profile == style.profile && browser == style.webBrowser && advanceGrid == style.advanceGrid
                && whiteSpace == style.whiteSpace
                && limits == style.limits
        }
    }

    private let last = Locked<(key: Key, context: PreparationContext)?>(nil)

    /// The context kept for `style`, if the last one kept was resolved from its fields.
    func context(for style: borrowing TextStyle) -> PreparationContext? {
        last.withLock { entry in
            // Read in place (binding the entry would copy its key's references).
            entry?.key.matches(style) == true ? entry?.context : nil
        }
    }

    /// The context kept for `style` with `fonts` in place of its own, if the last one kept was
    /// resolved from those fields.
    func context(for style: borrowing TextStyle, fonts: FontStack) -> PreparationContext? {
        last.withLock { entry in
            entry?.key.fonts.isSameStack(as: fonts) == true && entry?.key.matchesBesidesFonts(style) == true
                ? entry?.context : nil
        }
    }

    /// Keeps `context`, resolved for `key`, in place of the last one.
    func keep(_ context: PreparationContext, for key: Key) {
        last.withLock { $0 = (key, context) }
    }
}
