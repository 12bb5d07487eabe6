import AutoHeight

/// What one operation on an ``EditorModel`` changed, with the state before and after. Observers
/// receive one only when something they asked for changed.
///
/// ```swift
/// let token = editor.observe { change in
///     if change.kinds.contains(.height) { heightConstraint.constant = change.current.height }
///     if change.kinds.contains(.scrollEnabled) { textView.isScrollEnabled = change.current.isScrollEnabled }
/// }
/// ```
public struct EditorChange: Sendable, Equatable {
    /// The state before the operation.
    public var previous: EditorState
    /// The state after it.
    public var current: EditorState
    /// What differs between them.
    public var kinds: Kinds

    /// The change from `previous` to `current`, its ``kinds`` computed from their differences.
    public init(previous: EditorState, current: EditorState) {
        self.previous = previous
        self.current = current
        self.kinds = Kinds(from: previous, to: current)
    }

    /// The aspects of the state a change can touch.
    public struct Kinds: OptionSet, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// ``EditorState/height`` (or ``EditorState/contentHeight``).
        public static let height = Kinds(rawValue: 1 << 0)
        /// ``EditorState/lineCount`` or ``EditorState/visibleLineCount``.
        public static let lineCount = Kinds(rawValue: 1 << 1)
        /// ``EditorState/isScrollEnabled``.
        public static let scrollEnabled = Kinds(rawValue: 1 << 2)
        /// Whether a placeholder is shown, or which one (``EditorState/display``).
        public static let placeholderVisibility = Kinds(rawValue: 1 << 3)
        /// ``EditorState/isMatched``.
        public static let matchState = Kinds(rawValue: 1 << 4)
        /// ``EditorState/text`` (and so ``EditorState/characterCount``): every accepted edit that
        /// changes the text. Not in ``layout``; ask for it to hear every change.
        public static let text = Kinds(rawValue: 1 << 5)
        /// ``EditorState/isEnabled``. Not in ``layout``.
        public static let enabled = Kinds(rawValue: 1 << 6)

        /// What layout code reacts to, and what observers hear by default: height, line count,
        /// scroll enabled, placeholder visibility and match state.
        public static let layout: Kinds = [.height, .lineCount, .scrollEnabled, .placeholderVisibility, .matchState]
        /// Everything.
        public static let all: Kinds = [.layout, .text, .enabled]

        /// The kinds that differ between two states.
        public init(from previous: EditorState, to current: EditorState) {
            var kinds: Kinds = []
            if previous.height != current.height || previous.contentHeight != current.contentHeight {
                kinds.insert(.height)
            }
            if previous.lineCount != current.lineCount || previous.visibleLineCount != current.visibleLineCount {
                kinds.insert(.lineCount)
            }
            if previous.isScrollEnabled != current.isScrollEnabled { kinds.insert(.scrollEnabled) }
            if previous.display != current.display { kinds.insert(.placeholderVisibility) }
            if previous.isMatched != current.isMatched { kinds.insert(.matchState) }
            if !previous.hasSameText(as: current) { kinds.insert(.text) }
            if previous.isEnabled != current.isEnabled { kinds.insert(.enabled) }
            self = kinds
        }

        public var description: String {
            let names: [(Kinds, String)] = [
                (.height, "height"), (.lineCount, "lineCount"), (.scrollEnabled, "scrollEnabled"),
                (.placeholderVisibility, "placeholderVisibility"), (.matchState, "matchState"), (.text, "text"),
                (.enabled, "enabled"),
            ]
            return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
        }
    }
}
