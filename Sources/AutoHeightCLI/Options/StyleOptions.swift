import ArgumentParser
import AutoHeight
import AutoHeightOptions
import AutoHeightRecords

/// Font and text-style options shared by every subcommand.
struct StyleOptions: ParsableArguments {
    @Option(
        name: .customLong("font-file"),
        help: ArgumentHelp(
            "Font file (.ttf, .otf, .ttc). Default: the bundled stack (Noto Sans, Nanum Gothic, Noto Sans Arabic, Hebrew, Devanagari, Thai).",
            valueName: "path"))
    var fontFile: String?

    @Option(
        name: .customLong("font"),
        help: ArgumentHelp(
            "Installed font by name, through fontconfig, as pango-view writes it: \"FAMILY[,FAMILY…] [STYLE] [SIZE]\", e.g. \"Noto Sans Bold 17px\" (instead of --font-file).",
            valueName: "description"))
    var font: String?

    @Option(
        name: .customLong("face"), parsing: .unconditional,
        help: ArgumentHelp("Face index inside the font file (.ttc).", valueName: "n"))
    var faceIndex: Int = 0

    @Option(
        name: .customLong("fallback-font"),
        help: ArgumentHelp(
            "A fallback font file, tried per grapheme cluster after the primary font (repeatable, in order).",
            valueName: "path"))
    var fallbackFonts: [String] = []

    @Option(
        name: .customLong("fallback"),
        help: ArgumentHelp(
            "system: after the fonts given, the system's fonts in fontconfig's fallback order for the primary family and the language cover what they lack (FONTCONFIG_FILE is honoured); none: only the fonts given (characters they lack count as missing glyphs).",
            valueName: "system|none"))
    var fallback: StyleSettings.FallbackMode = .system

    @Option(
        name: .customLong("font-size"), parsing: .unconditional,
        help: ArgumentHelp("Font size in px (= pt at 1:1). Default: the --font size, else 17.", valueName: "px"))
    var fontSize: Double?

    @Option(
        name: .customLong("language"),
        help: ArgumentHelp(
            "BCP 47 language tag, passed to HarfBuzz and to ICU's line breaker (e.g. ko, ja-u-lb-strict).",
            valueName: "tag"))
    var language: String = "en"

    @Option(
        name: .customLong("line-break"),
        help: ArgumentHelp(
            "CSS line-break (ICU -u-lb-): strict (no line starts with a small kana or ー), normal, loose (CJK strictness), anywhere (a break between any two grapheme clusters). Default: auto, the language's.",
            valueName: "strictness"))
    var lineBreak: LineBreakRules.Strictness?

    @Option(
        name: .customLong("word-break"),
        help: ArgumentHelp(
            "CSS word-break: normal; break-all (a break between any two letters or digits; -u-lw-breakall); keep-all (CJK breaks only at spaces and punctuation: Korean keeps words whole, like iOS hangulWordPriority; -u-lw-keepall); phrase (Japanese breaks between phrases; ICU -u-lw-phrase). Default: normal, or what --language says.",
            valueName: "mode"))
    var wordBreak: LineBreakRules.WordBreak?

    @Option(
        name: .customLong("line-spacing"), parsing: .unconditional,
        help: ArgumentHelp("Extra space between lines in px.", valueName: "px"))
    var lineSpacing: Double = 0

    @Option(
        name: .customLong("line-height"), parsing: .unconditional,
        help: ArgumentHelp(
            "Line-height model: metrics (ascender − descender + line gap), normal (CSS line-height: normal as Chromium computes it: ascender, descender and line gap each rounded to whole px), em (= font size), <px> (fixed), <n>x (multiple of the font size).",
            valueName: "model"))
    var lineHeight: String = "metrics"

    @Option(
        name: .customLong("tab-width"), parsing: .unconditional,
        help: ArgumentHelp("Tab stops every this many space widths.", valueName: "spaces"))
    var tabWidth: Int = 8

    @Option(
        name: .customLong("tab-size"), parsing: .unconditional,
        help: ArgumentHelp(
            "CSS tab-size, instead of --tab-width: <n> space widths (fractions and 0 allowed) or <px>px.",
            valueName: "size"))
    var tabSize: String?

    @Option(
        name: .customLong("white-space"),
        help: ArgumentHelp(
            "CSS white-space: pre-wrap (spaces, tabs and line feeds kept, spaces hang at a line end); normal (runs of spaces, tabs and line feeds collapse to one space, line feeds end no line); break-spaces (spaces take room and wrap, a break after each).",
            valueName: "mode"))
    var whiteSpace: WhiteSpace = .preWrap

    @Option(
        name: .customLong("overflow-wrap"),
        help: ArgumentHelp(
            "CSS overflow-wrap: break-word or anywhere (a word wider than the line breaks between grapheme clusters; at a fixed width both break alike).",
            valueName: "mode"))
    var overflowWrap: OverflowWrap = .breakWord

    @Option(
        name: .customLong("trailing-whitespace"),
        help: ArgumentHelp(
            "hangs: all whitespace at a line end hangs past the edge (editor behaviour); pango: only the last space before a soft break hangs, paragraph-final spaces count (Pango/GTK).",
            valueName: "rule"))
    var trailingWhitespace: TrailingWhitespace = .hangs

    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "editor: a native editor's line breaking (ICU UAX #14 with CLDR tailoring; U+2028, U+2029, VT, FF, NEL end lines). web: a browser <textarea> (white-space: pre-wrap; overflow-wrap: break-word), Chromium's unless --browser says otherwise: Chromium's ASCII pair rules, breaks after every space, no break after '/' before letters, only LF and CR end lines, tabs at least half a space wide. The CSS properties are --white-space, --overflow-wrap, --word-break, --line-break, --tab-size and --line-height normal.",
            valueName: "profile"))
    var profile: LayoutProfile = .editor

    @Option(
        name: .customLong("browser"),
        help: ArgumentHelp(
            "With --profile web, whose <textarea> to reproduce: chromium (Chrome, Edge), firefox (Gecko: its ASCII pair rules, breaks after '/', glyph advances in 1/60 px) or webkit (Safari).",
            valueName: "engine"))
    var browser: BrowserEngine = .chromium

    /// The options as the shared settings (the C ABI and the bindings build styles from the same).
    var settings: StyleSettings {
        var settings = StyleSettings()
        settings.fontFile = fontFile
        settings.font = font
        settings.faceIndex = faceIndex
        settings.fallbackFonts = fallbackFonts
        settings.fallback = fallback
        settings.fontSize = fontSize
        settings.language = language
        settings.lineBreak = lineBreak
        settings.wordBreak = wordBreak
        settings.lineSpacing = lineSpacing
        settings.lineHeight = lineHeight
        settings.tabWidth = tabWidth
        settings.tabSize = tabSize
        settings.whiteSpace = whiteSpace
        settings.overflowWrap = overflowWrap
        settings.trailingWhitespace = trailingWhitespace
        settings.profile = profile
        settings.browser = browser
        return settings
    }

    func validate() throws {
        do { try settings.validate(.cli) } catch { throw ValidationError(error.message) }
    }

    /// Loads the fonts and builds the style.
    func makeStyle() throws(AutoHeightError) -> TextStyle { try settings.makeStyle() }
}

extension TrailingWhitespace: ExpressibleByArgument {}
extension LayoutProfile: ExpressibleByArgument {}
extension BrowserEngine: ExpressibleByArgument {}
extension WhiteSpace: ExpressibleByArgument {}
extension OverflowWrap: ExpressibleByArgument {}
extension LineBreakRules.Strictness: ExpressibleByArgument {}
extension LineBreakRules.WordBreak: ExpressibleByArgument {}

extension StyleSettings.FallbackMode: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

/// `--width` / `--widths`.
struct WidthOptions: ParsableArguments {
    @Option(
        name: .customLong("width"), parsing: .unconditional,
        help: ArgumentHelp("Wrap width in px (fractional allowed).", valueName: "px"))
    var width: Double?

    @Option(
        name: .customLong("widths"), parsing: .unconditional,
        help: ArgumentHelp("Several wrap widths, comma-separated: 120,240,360.", valueName: "list"))
    var widthList: String?

    /// The widths asked for, in order (checked as every surface checks them: `RecordWidths`).
    func widths() throws -> [Double] {
        var widths: [Double] = width.map { [$0] } ?? []
        do {
            if let widthList { widths += try RecordWidths.parse(list: widthList, option: "--widths") }
            if widths.isEmpty { throw ValidationError("give a wrap width with --width PX or --widths A,B,C") }
            try RecordWidths.check(widths)
        } catch let error as StyleSettings.OptionError {
            throw ValidationError(error.message)
        }
        return widths
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var result = self
        while result.first == set { result = result.dropFirst() }
        while result.last == set { result = result.dropLast() }
        return result
    }
}
