import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// Shared setup for the editor model's tests: Noto Sans 16 px with AutoHeightEditor's default
/// 2 px line spacing, `UITextView` insets (8 + 8 px vertical, 2 × 5 px padding).
enum EditorFixtures {
    /// Noto Sans's `metrics` line height at 16 px.
    static let lineHeight = Fixtures.notoLineHeight16
    static let lineSpacing = 2.0
    static let style = Fixtures.style(size: 16, lineSpacing: lineSpacing)

    /// "hello world foo bar baz" is 172.944 px wide at 16 px and breaks after "hello world "
    /// (84.944 px): 1 line at ≥ 173 px, 2 lines at 100 px.
    static let sentence = "hello world foo bar baz"
    /// Container width whose text width is 100 px with `UITextView` insets (100 + 2 × 5).
    static let narrow = 110.0
    /// Container width whose text width is 180 px.
    static let wide = 190.0

    static func configuration(
        width: Double = narrow, _ change: (inout EditorConfiguration) -> Void = { _ in }
    ) -> EditorConfiguration {
        var configuration = EditorConfiguration(style: style, containerWidth: width)
        change(&configuration)
        return configuration
    }

    static func editor(
        _ text: String = "", width: Double = narrow, _ change: (inout EditorConfiguration) -> Void = { _ in }
    ) throws -> EditorModel {
        try EditorModel(text: text, configuration: configuration(width: width, change))
    }

    static func editor(isEnabled: Bool) throws -> EditorModel {
        try EditorModel(configuration: configuration(), isEnabled: isEnabled)
    }

    /// An editor `lines` lines tall: 8 + 8 px insets, the lines, 2 px between lines.
    static func height(lines: Int, lineHeight: Double = lineHeight, spacing: Double = lineSpacing) -> Double {
        16 + Double(lines) * lineHeight + Double(lines - 1) * spacing
    }
}

/// Heights are sums of the same numbers in a different order: equal to 1e-9 px.
func close(_ actual: Double, _ expected: Double) -> Bool { abs(actual - expected) < 1e-9 }

extension EditResult {
    /// The edit's state, failing the test when it was rejected.
    func acceptedState(sourceLocation: SourceLocation = #_sourceLocation) throws -> EditorState {
        try #require(
            state, "rejected: \(rejection.map(String.init(describing:)) ?? "")", sourceLocation: sourceLocation)
    }
}
