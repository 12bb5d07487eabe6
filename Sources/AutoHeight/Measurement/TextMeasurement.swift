/// The result of measuring text at one width.
public struct TextMeasurement: Sendable, Equatable {
    /// Lines of content: explicit breaks plus soft wraps (empty text is 1 line).
    public var lineCount: Int
    /// Height of all content lines in px: the line heights plus `lineSpacing` between lines.
    public var height: Double
    /// The wrap width in px.
    public var width: Double
    /// The widest line's visible width in px (trailing whitespace excluded).
    public var maxLineWidth: Double
    /// Grapheme clusters no font in the stack has a glyph for.
    public var missingGlyphCount: Int
    /// `lineCount` clamped to the line limits: what the editor shows without scrolling.
    public var visibleLineCount: Int
    /// Height of `visibleLineCount` lines (empty lines below `minimum` use the primary font).
    public var visibleHeight: Double
    /// Whether the content has more lines than the maximum (the editor must scroll).
    public var overflows: Bool
}

/// One line of a layout.
public struct LineLayout: Sendable, Equatable {
    /// UTF-16 offsets into the text (usable as an `NSRange`), trailing whitespace included and the
    /// explicit break after the line excluded.
    public var range: Range<Int>
    /// Visible width in px, without the hanging whitespace.
    public var width: Double
    /// Line height in px.
    public var height: Double
    /// Top of the line in px from the top of the text (line spacing included).
    public var y: Double
}
