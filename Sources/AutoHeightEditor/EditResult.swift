import AutoHeight

/// The answer to "may this edit happen?": accepted with the new state, or rejected with the
/// reason (a rejected edit changes nothing).
///
/// ```swift
/// func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
///     switch editor.replace(utf16Range: Range(range)!, with: text) {
///     case .accepted(let edit) where edit.isTruncated:
///         textView.text = edit.state.text             // the edit went in cut short: apply it ourselves
///         return false
///     case .accepted: return true
///     case .rejected: return false
///     }
/// }
/// ```
public enum EditResult: Sendable, Equatable {
    /// The edit happened; the new state and what was inserted.
    case accepted(AcceptedEdit)
    /// The edit was refused and changed nothing; the reason.
    case rejected(EditRejection)

    /// Whether the edit happened.
    public var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }

    /// The new state of an accepted edit.
    public var state: EditorState? {
        if case .accepted(let edit) = self { return edit.state }
        return nil
    }

    /// The reason of a rejected edit.
    public var rejection: EditRejection? {
        if case .rejected(let reason) = self { return reason }
        return nil
    }
}

/// An edit that went in, as given or truncated to the character limit.
public struct AcceptedEdit: Sendable, Equatable {
    /// The editor's state after the edit.
    public var state: EditorState
    /// What was inserted: the replacement, or its longest prefix that fits the character limit.
    public var insertedText: String
    /// UTF-16 offsets of the inserted text in the new text; `upperBound` is where the caret goes.
    public var insertedRange: Range<Int>
    /// Whether the replacement was cut to fit the character limit.
    public var isTruncated: Bool

    /// An accepted edit with its resulting state and inserted text.
    public init(state: EditorState, insertedText: String, insertedRange: Range<Int>, isTruncated: Bool) {
        self.state = state
        self.insertedText = insertedText
        self.insertedRange = insertedRange
        self.isTruncated = isTruncated
    }
}

/// Why an edit was rejected.
public enum EditRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text would have more than `limit` characters (grapheme clusters), and more than before;
    /// with truncation, not even the first character of the replacement fits.
    case characterLimit(limit: Int, resultingCount: Int)
    /// Input is limited to the maximum line count and the text would have more than `limit` lines,
    /// and more than before.
    case lineLimit(limit: Int, resultingCount: Int)
    /// The UTF-16 range is reversed, outside the text, or splits a surrogate pair (or the
    /// `String.Index` range is not one of the text's scalar boundaries).
    case invalidRange(lower: Int, upper: Int, utf16Count: Int)
    /// The editor is disabled.
    case disabled
    /// The text would be longer than the layout engine takes (2³¹ − 1 UTF-16 units).
    case textTooLong(utf16Count: Int)
    /// Preparing the edited paragraphs failed in ICU (out of memory, missing data).
    case layoutFailed(AutoHeightError)

    /// A short, stable name: `characterLimit`, `lineLimit`, `invalidRange`, `disabled`,
    /// `textTooLong`, `layoutFailed` (what `autoheight replay` prints).
    public var name: String {
        switch self {
        case .characterLimit: "characterLimit"
        case .lineLimit: "lineLimit"
        case .invalidRange: "invalidRange"
        case .disabled: "disabled"
        case .textTooLong: "textTooLong"
        case .layoutFailed: "layoutFailed"
        }
    }

    public var description: String {
        switch self {
        case .characterLimit(let limit, let count): "character limit \(limit): the edit would leave \(count) characters"
        case .lineLimit(let limit, let count): "line limit \(limit): the edit would leave \(count) lines"
        case .invalidRange(let lower, let upper, let count):
            "invalid range \(lower)..<\(upper) in text of \(count) UTF-16 units"
        case .disabled: "the editor is disabled"
        case .textTooLong(let count): "text too long: \(count) UTF-16 units (limit 2147483647)"
        case .layoutFailed(let error): "layout failed: \(error)"
        }
    }
}
