import AutoHeight

/// Where a caret at a text position sits: its line and that line's vertical extent, for
/// scrolling the caret into view.
///
/// ```swift
/// let caret = try editor.caret(atUTF16Offset: selectedRange.location)
/// scrollView.scrollRectToVisible(CGRect(x: 0, y: caret.top, width: 1, height: caret.lineHeight), animated: false)
/// ```
public struct EditorCaret: Sendable, Equatable {
    /// The caret's UTF-16 offset in the text.
    public var offset: Int
    /// Index of the caret's line (0-based) among all lines of the text.
    public var lineIndex: Int
    /// Top of the line in px from the top of the text (`LineLayout/y`).
    public var y: Double
    /// Top of the line in px from the top of the editor: `insets.top + y` (in a scrolling editor,
    /// in content coordinates).
    public var top: Double
    /// Height of the line in px.
    public var lineHeight: Double

    /// A caret at `offset` on line `lineIndex`, with that line's position and height.
    public init(offset: Int, lineIndex: Int, y: Double, top: Double, lineHeight: Double) {
        self.offset = offset
        self.lineIndex = lineIndex
        self.y = y
        self.top = top
        self.lineHeight = lineHeight
    }

    /// Bottom of the line in px from the top of the editor.
    public var bottom: Double { top + lineHeight }
}
