/// Whose line-breaking behaviour a style reproduces.
///
/// ```swift
/// var style = TextStyle(font: try Font(path: "NotoSans-Regular.ttf"), fontSize: 16)
/// style.profile = .web   // line counts of a Chromium <textarea> at the same width
/// ```
public enum LayoutProfile: String, Sendable, Equatable, CaseIterable {
    /// A native text editor (UITextView, TextKit, GTK): ICU's UAX #14 line breaking with the
    /// language's CLDR tailoring; U+2028, U+2029, VT, FF and NEL end a line like LF. The default.
    case editor
    /// A browser's `<textarea>` (`white-space: pre-wrap; overflow-wrap: break-word`), as Chromium
    /// lays it out: ICU's opportunities tailored by Chromium's rules (`WebBreakRules`): between
    /// two printable ASCII characters Chromium's own pair rules decide, a line may always break
    /// after spaces and tabs, a hyphen breaks before a digit only after an ASCII letter or digit;
    /// only LF and CR (and CR LF) end a line. ``TextStyle/browser`` makes it Firefox's or
    /// WebKit's textarea instead (``BrowserEngine``).
    case web

    /// Whether U+2028, U+2029, VT, FF and NEL end a line (`editor`) or are ordinary characters
    /// inside a paragraph (`web`: a textarea breaks lines only at LF and CR).
    var separatorsEndLines: Bool { self == .editor }
}

/// Which browser's `<textarea>` ``LayoutProfile/web`` reproduces: each engine breaks lines
/// between ASCII punctuation by its own rules (`WebBreakRules`) and Gecko adds up glyph
/// advances in its own units.
///
/// ```swift
/// style.profile = .web
/// style.browser = .firefox   // line counts of a Firefox <textarea>
/// ```
public enum BrowserEngine: String, Sendable, Equatable, CaseIterable {
    /// Chromium (Blink): Chrome, Edge, Opera. The default.
    case chromium
    /// Firefox (Gecko).
    case firefox
    /// Safari and every iOS browser (WebKit).
    case webkit

    /// Whether a tab at a line end hangs like a space (all but Firefox, whose tabs take room).
    package var tabsHang: Bool { self != .firefox }
}
