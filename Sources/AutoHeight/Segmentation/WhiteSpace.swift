/// How spaces, tabs and line feeds are laid out (CSS `white-space`).
///
/// ```swift
/// var style = TextStyle(font: try Font(path: "NotoSans-Regular.ttf"), fontSize: 16)
/// style.whiteSpace = .breakSpaces   // spaces take room at a line's end and wrap
/// ```
public enum WhiteSpace: String, Sendable, Equatable, CaseIterable {
    /// Every space, tab and line break is kept; spaces and tabs at a line's end hang past the
    /// edge and never force a wrap (an editor, a `<textarea>`). The default.
    case preWrap = "pre-wrap"
    /// CSS collapsing: every run of spaces, tabs, LF and CR is one space, and the text's leading
    /// run none; line feeds end no line (the text is one paragraph); the space at a line's end
    /// hangs. Offsets stay those of the text (a collapsed unit is kept with no width). Only LF,
    /// CR, space and tab collapse (not NBSP, U+3000 or other separators). A Chromium
    /// `<textarea>` keeps `pre-wrap` whatever its `white-space`; `normal` is what a `<div>` shows.
    case normal
    /// As `preWrap`, but spaces and tabs take room: at a line's end they count toward its
    /// width and wrap like letters, and a line may break after each of them.
    case breakSpaces = "break-spaces"

    /// Whether `unit` belongs to a run that collapses to one space (space, tab, LF, CR).
    static func collapses(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
    }
}
