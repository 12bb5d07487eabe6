import AutoHeight

/// A snapshot of an ``EditorModel``: its text, whether it is enabled, and everything layout code
/// needs that follows from them.
///
/// ```swift
/// let state = editor.state
/// frame.size.height = state.height          // insets + the clamped lines
/// textView.isScrollEnabled = state.isScrollEnabled
/// placeholderLabel.isHidden = !state.isPlaceholderVisible
/// ```
public struct EditorState: Sendable, Equatable {
    /// The text as typed. An editor's state shares the editor's text store and builds this
    /// `String` on first use (O(n) once, then kept), so a keystroke does not copy the text.
    public var text: String {
        get { snapshot.string }
        set { snapshot = TextSnapshot(newValue) }
    }
    /// The text as kept: the editor's store at the time, or a `String`.
    var snapshot: TextSnapshot
    /// Length of the text in UTF-16 units. Complexity: O(1).
    public var utf16Count: Int { snapshot.utf16Count }
    /// Whether the editor takes edits.
    public var isEnabled: Bool
    /// What the editor shows: the text, the placeholder or the disabled placeholder.
    public var display: EditorDisplay
    /// Lines of the text (explicit breaks plus soft wraps; empty text is 1 line), whatever is
    /// shown. The line limit and the caret query count these.
    public var lineCount: Int
    /// Lines the editor is tall: the lines of what is shown (for a placeholder, at least the empty
    /// text's 1 line), clamped to the line limits.
    public var visibleLineCount: Int
    /// The editor's height in px: `insets.top + insets.bottom` + the height of
    /// ``visibleLineCount`` lines (spacing only between lines).
    public var height: Double
    /// The height in px what is shown would need without the line limits, insets included (a
    /// scroll view's content height).
    public var contentHeight: Double
    /// Whether the text has more lines than the maximum and is shown: the editor scrolls.
    public var isScrollEnabled: Bool
    /// The validation pattern matches the whole text (always true without a pattern).
    public var isMatched: Bool
    /// Grapheme clusters in the text (what a person sees as characters; `text.count`).
    public var characterCount: Int

    /// Whether a placeholder (normal or disabled) is shown instead of the text.
    public var isPlaceholderVisible: Bool { display != .text }

    /// Equal when every field is, the texts compared scalar by scalar (not by Swift's canonical
    /// equivalence: `"é"` and `"e\u{301}"` are different texts to an editor).
    public static func == (left: EditorState, right: EditorState) -> Bool {
        left.isEnabled == right.isEnabled && left.display == right.display && left.lineCount == right.lineCount
            && left.visibleLineCount == right.visibleLineCount && left.height == right.height
            && left.contentHeight == right.contentHeight && left.isScrollEnabled == right.isScrollEnabled
            && left.isMatched == right.isMatched && left.characterCount == right.characterCount
            && left.hasSameText(as: right)
    }

    /// Whether both texts are the same scalars. Complexity: O(1) when the lengths differ; for
    /// two states of one editor, the text store's leaves an edit changed; else O(n).
    func hasSameText(as other: EditorState) -> Bool {
        snapshot.hasSameText(as: other.snapshot)
    }

    /// A state with every field given (the editor makes these; tests and previews may too).
    public init(
        text: String, isEnabled: Bool, display: EditorDisplay, lineCount: Int, visibleLineCount: Int, height: Double,
        contentHeight: Double, isScrollEnabled: Bool, isMatched: Bool, characterCount: Int
    ) {
        self.init(
            snapshot: TextSnapshot(text), isEnabled: isEnabled, display: display, lineCount: lineCount,
            visibleLineCount: visibleLineCount, height: height, contentHeight: contentHeight,
            isScrollEnabled: isScrollEnabled, isMatched: isMatched, characterCount: characterCount)
    }

    /// A state whose text is `snapshot`.
    init(
        snapshot: TextSnapshot, isEnabled: Bool, display: EditorDisplay, lineCount: Int, visibleLineCount: Int,
        height: Double, contentHeight: Double, isScrollEnabled: Bool, isMatched: Bool, characterCount: Int
    ) {
        self.snapshot = snapshot
        self.isEnabled = isEnabled
        self.display = display
        self.lineCount = lineCount
        self.visibleLineCount = visibleLineCount
        self.height = height
        self.contentHeight = contentHeight
        self.isScrollEnabled = isScrollEnabled
        self.isMatched = isMatched
        self.characterCount = characterCount
    }
}

/// What an editor shows.
public enum EditorDisplay: String, Sendable, Equatable, CaseIterable {
    /// The text (possibly empty, when there is no placeholder).
    case text
    /// The placeholder: the text is empty.
    case placeholder
    /// The disabled placeholder: the editor is disabled.
    case disabledPlaceholder
}
