import AutoHeight

/// Why an ``EditorModel`` cannot be configured (or reconfigured) as asked. Every number and the
/// validation pattern are checked when they are set, never on the first keystroke.
public enum EditorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A container width that is not finite or not positive.
    case invalidContainerWidth(Double)
    /// An inset or the line-fragment padding is negative, NaN or infinite.
    case invalidInset(edge: EditorInsets.Edge, value: Double)
    /// A trailing accessory width that is negative, NaN or infinite.
    case invalidAccessoryWidth(Double)
    /// The insets, padding and accessory leave no room for text:
    /// `containerWidth − insets − 2 × padding − accessoryWidth ≤ 0`.
    case noRoomForText(containerWidth: Double, textWidth: Double)
    /// A character limit below 0.
    case invalidCharacterLimit(Int)
    /// Input limited to the maximum line count, but no maximum is set.
    case lineLimitWithoutMaximum
    /// The validation pattern does not compile; `reason` is the regex parser's message.
    case invalidPattern(pattern: String, reason: String)
    /// A caret position outside `0...utf16Count` or inside a surrogate pair.
    case invalidPosition(Int, utf16Count: Int)
    /// The text style, line limits or text were refused by the layout engine.
    case layout(AutoHeightError)

    public var description: String {
        switch self {
        case .invalidContainerWidth(let width):
            "invalid container width \(width): must be finite, > 0 and ≤ \(AutoHeightError.maximumWidth) px"
        case .invalidInset(let edge, let value): "invalid \(edge.rawValue) inset \(value): must be finite and ≥ 0"
        case .invalidAccessoryWidth(let width): "invalid accessory width \(width): must be finite and ≥ 0"
        case .noRoomForText(let containerWidth, let textWidth):
            "no room for text: a container \(containerWidth) px wide leaves \(textWidth) px after insets, padding and accessory"
        case .invalidCharacterLimit(let limit): "invalid character limit \(limit): must be ≥ 0"
        case .lineLimitWithoutMaximum: "input is limited to the maximum line count, but no maximum line count is set"
        case .invalidPattern(let pattern, let reason): "invalid validation pattern \"\(pattern)\": \(reason)"
        case .invalidPosition(let offset, let count): "invalid position \(offset) in text of \(count) UTF-16 units"
        case .layout(let error): error.description
        }
    }
}

extension EditorInsets {
    /// Throws ``EditorError/invalidInset(edge:value:)`` for the first value that is negative,
    /// NaN or infinite.
    func validate() throws(EditorError) {
        let values: [(EditorInsets.Edge, Double)] = [
            (.top, top), (.leading, leading), (.bottom, bottom), (.trailing, trailing),
            (.lineFragmentPadding, lineFragmentPadding),
        ]
        for (edge, value) in values where !(value.isFinite && value >= 0 && value <= AutoHeightError.maximumWidth) {
            throw .invalidInset(edge: edge, value: value)
        }
    }
}
