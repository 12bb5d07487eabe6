// Shared by the editor model (AutoHeightEditor, which validates it) and the SVG drawing
// (AutoHeightRender, which frames the text with it); in the core so that neither module needs
// the other.

/// The space between an editor's frame and its text, as a `UITextView` has it: the text
/// container inset on four sides plus the line-fragment padding TextKit adds on the left and
/// right of every line.
///
/// ```swift
/// let insets = EditorInsets.textView                       // 8 / 0 / 8 / 0, 5 px padding
/// let field = EditorInsets(top: 12, leading: 16, bottom: 12, trailing: 16, lineFragmentPadding: 0)
/// ```
public struct EditorInsets: Sendable, Equatable {
    /// Above the first line, in px.
    public var top: Double
    /// Before the text's leading edge, in px.
    public var leading: Double
    /// Below the last visible line, in px.
    public var bottom: Double
    /// After the text's trailing edge, in px.
    public var trailing: Double
    /// Padding on each side of every line (`NSTextContainer.lineFragmentPadding`), in px.
    public var lineFragmentPadding: Double

    /// Insets on each edge and the line fragment padding, in px.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double, lineFragmentPadding: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
        self.lineFragmentPadding = lineFragmentPadding
    }

    /// `UITextView`'s defaults: `textContainerInset` 8 / 0 / 8 / 0 and 5 px line-fragment padding.
    public static let textView = EditorInsets(top: 8, leading: 0, bottom: 8, trailing: 0, lineFragmentPadding: 5)

    /// No insets and no padding: the editor is exactly its text.
    public static let zero = EditorInsets(top: 0, leading: 0, bottom: 0, trailing: 0, lineFragmentPadding: 0)

    /// `top + bottom`.
    public var vertical: Double { top + bottom }

    /// The width the insets take from a line: `leading + trailing + 2 × lineFragmentPadding`.
    public var horizontal: Double { leading + trailing + 2 * lineFragmentPadding }

    /// Names the inset an error is about.
    public enum Edge: String, Sendable, Equatable, CaseIterable {
        /// ``EditorInsets/top``.
        case top
        /// ``EditorInsets/leading``.
        case leading
        /// ``EditorInsets/bottom``.
        case bottom
        /// ``EditorInsets/trailing``.
        case trailing
        /// ``EditorInsets/lineFragmentPadding``.
        case lineFragmentPadding
    }
}
