// The constants of AutoHeightEditorTests' EditorTestSupport.swift that the CLI's `replay` tests
// use, and its `close`, kept beside FallbackTestSupport's so that every `close(a, b)` here
// resolves as it did when both were in this target.

/// Noto Sans 16 px with the editor's default 2 px line spacing, `UITextView` insets (8 + 8 px
/// vertical, 2 × 5 px padding), as the CLI's `replay` sets them up.
enum EditorFixtures {
    /// Noto Sans's `metrics` line height at 16 px.
    static let lineHeight = Fixtures.notoLineHeight16
    static let lineSpacing = 2.0

    /// "hello world foo bar baz" is 172.944 px wide at 16 px and breaks after "hello world "
    /// (84.944 px): 1 line at ≥ 173 px, 2 lines at 100 px.
    static let sentence = "hello world foo bar baz"

    /// An editor `lines` lines tall: 8 + 8 px insets, the lines, 2 px between lines.
    static func height(lines: Int, lineHeight: Double = lineHeight, spacing: Double = lineSpacing) -> Double {
        16 + Double(lines) * lineHeight + Double(lines - 1) * spacing
    }
}

/// Heights are sums of the same numbers in a different order: equal to 1e-9 px.
func close(_ actual: Double, _ expected: Double) -> Bool { abs(actual - expected) < 1e-9 }
