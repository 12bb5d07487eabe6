/// Which whitespace at a line's end is left out of its width (hangs past the edge).
public enum TrailingWhitespace: String, Sendable, Equatable, CaseIterable {
    /// All whitespace before a soft break and at the end of a paragraph hangs and never forces a
    /// wrap, as in a `UITextView`, TextKit, and CSS `white-space: pre-wrap`. The default.
    case hangs
    /// Pango's rule: only the last whitespace character before a soft break hangs; other
    /// trailing spaces count toward the width, and whitespace at the end of a paragraph counts
    /// in full. For comparing with Pango/GTK layouts.
    case pango
}
