@testable import AutoHeight

// The few helpers of AutoHeightTests' TestSupport.swift and EditableTextTests that the editor's
// tests use, repeated here (a test target cannot import another).

/// Shared fonts for the tests.
enum Fixtures {
    /// Noto Sans Regular from the repository's `Fonts/` (upem 1000, ascender 1069, descender −293).
    static let notoSans: Font = try! Font(path: BundledFonts.path(of: "NotoSans-Regular.ttf"))

    /// A single-font style with Noto Sans.
    static func style(
        size: Double = 16, language: String = "en", lineSpacing: Double = 0, lineHeight: LineHeight = .metrics
    ) -> TextStyle {
        TextStyle(font: notoSans, fontSize: size, language: language, lineSpacing: lineSpacing, lineHeight: lineHeight)
    }

    /// Noto Sans's `metrics` line height at 16 px: (1069 + 293) / 1000 × 16.
    static let notoLineHeight16 = 21.792
}

/// The bundled fonts at 16 px (`EditableTextTests.style` of AutoHeightTests).
let bundledStyle16 = TextStyle(fonts: try! FontStack.bundled(), fontSize: 16)

/// Deterministic pseudo-random numbers (splitmix64), as `EditableTextTests.Generator`.
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}

/// `a ≈ b` within `tolerance` (FallbackTestSupport.swift's), kept beside EditorTestSupport's
/// `close` so that every `close(a, b)` here resolves as it did when both were in one target.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
