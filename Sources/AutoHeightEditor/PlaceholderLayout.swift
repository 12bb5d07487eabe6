import AutoHeight

/// What an editor shows when it shows no text, and how tall that makes it: the prepared
/// placeholder and disabled placeholder (nil when empty), and an empty text in the text's style.
///
/// Showing the text: height = insets + the text's clamped lines. Showing a placeholder: the
/// editor is as tall as the taller of its own empty lines (min lines in the text's style) and
/// the placeholder's lines (at most the maximum, in the placeholder's style); it never scrolls.
struct PlaceholderLayout {
    /// An empty text in the text style: the lines of an editor that shows a placeholder.
    let emptyText: PreparedText
    var placeholder: PreparedText?
    var disabledPlaceholder: PreparedText?

    /// How many of these were prepared (the empty text and the non-empty placeholders).
    var preparedCount: Int { 1 + (placeholder == nil ? 0 : 1) + (disabledPlaceholder == nil ? 0 : 1) }

    /// Prepares a placeholder; nil for an empty one.
    static func prepare(_ text: String, style: TextStyle) throws(AutoHeightError) -> PreparedText? {
        text.isEmpty ? nil : try PreparedText(text, style: style)
    }

    /// What the editor shows for a text (empty or not) and enabled flag.
    func display(textIsEmpty: Bool, isEnabled: Bool, mode: EditorConfiguration.DisabledPlaceholderMode) -> EditorDisplay
    {
        if !isEnabled, disabledPlaceholder != nil, mode == .replacesText || textIsEmpty {
            return .disabledPlaceholder
        }
        if textIsEmpty && placeholder != nil { return .placeholder }
        return .text
    }

    /// The editor's state for a text whose measurement is `measurement`.
    func state(
        text: TextSnapshot, measurement: TextMeasurement, isEnabled: Bool, isMatched: Bool, characterCount: Int,
        configuration: EditorConfiguration
    ) -> EditorState {
        let display = display(
            textIsEmpty: text.utf16Count == 0, isEnabled: isEnabled, mode: configuration.disabledPlaceholderMode)
        let insets = configuration.insets.vertical
        var state = EditorState(
            snapshot: text, isEnabled: isEnabled, display: display, lineCount: measurement.lineCount,
            visibleLineCount: measurement.visibleLineCount, height: insets + measurement.visibleHeight,
            contentHeight: insets + measurement.height, isScrollEnabled: measurement.overflows, isMatched: isMatched,
            characterCount: characterCount)
        let shown: PreparedText?
        switch display {
        case .text: shown = nil
        case .placeholder: shown = placeholder
        case .disabledPlaceholder: shown = disabledPlaceholder
        }
        guard let shown else { return state }
        let limits = configuration.lineLimits
        let own = Self.measure(emptyText, width: configuration.textWidth, lineLimits: limits)
        let shownMeasurement = Self.measure(
            shown, width: configuration.textWidth, lineLimits: LineLimits(minimum: 1, maximum: limits.maximum))
        state.visibleLineCount = min(max(shownMeasurement.lineCount, own.visibleLineCount), limits.maximum ?? Int.max)
        state.height = insets + max(own.visibleHeight, shownMeasurement.visibleHeight)
        state.contentHeight = insets + max(own.height, shownMeasurement.height)
        state.isScrollEnabled = false
        return state
    }

    /// Measures prepared text at a validated width and line limits (so it cannot fail).
    private static func measure(_ prepared: PreparedText, width: Double, lineLimits: LineLimits) -> TextMeasurement {
        do throws(AutoHeightError) {
            return try prepared.measure(width: width, lineLimits: lineLimits)
        } catch {
            preconditionFailure("measuring at a validated width and line limits failed: \(error)")
        }
    }
}
