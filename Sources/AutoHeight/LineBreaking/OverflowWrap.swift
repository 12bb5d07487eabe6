/// Where a word wider than the line breaks (CSS `overflow-wrap`).
public enum OverflowWrap: String, Sendable, Equatable, CaseIterable {
    /// A word wider than a whole line breaks between grapheme clusters, after moving to a line
    /// of its own (a `<textarea>`'s default). The default.
    case breakWord = "break-word"
    /// The same breaks at a fixed width; CSS differs from `breakWord` only in the min-content
    /// width (the narrowest a shrink-to-fit box gets), which a fixed-width editor does not use.
    /// Checked in Chromium: equal line counts to `breakWord` on every fixture text and width.
    case anywhere
}
