import Foundation
import Testing

@testable import AutoHeight

/// Fonts and fallbacks for the font-fallback tests.
enum FallbackFixtures {
    /// The system fallback restricted to the font packages `../shared/expected-fallback` was made
    /// with (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, and DejaVu, which Debian's
    /// fontconfig installs), so that results do not depend on other fonts installed here.
    static let reference = SystemFallback(acceptingOnly: [
        "/usr/share/fonts/truetype/noto/*", "/usr/share/fonts/opentype/noto/*", "/usr/share/fonts/truetype/dejavu/*",
    ])

    /// Noto Sans from the system (the primary font of the Pango fallback reference), or the
    /// bundled copy of the same file.
    static let systemNotoSans: Font = {
        if let path = Fixtures.systemFont("NotoSans-Regular.ttf") { return try! Font(path: path) }
        return Fixtures.notoSans
    }()

    /// Noto Color Emoji (CBDT bitmaps), which `make test` installs (fonts-noto-color-emoji).
    static func colorEmoji() throws -> Font {
        let path = try #require(
            Fixtures.systemFont("NotoColorEmoji.ttf"),
            "NotoColorEmoji.ttf is not installed: apt-get install fonts-noto-color-emoji (make test does)")
        return try Font(path: path)
    }

    /// A Noto Sans 16 px style with the reference system fallback.
    static func style(language: String = "en", fallback: SystemFallback = reference) -> TextStyle {
        TextStyle(fonts: FontStack(systemNotoSans, systemFallback: fallback), fontSize: 16, language: language)
    }

    /// The advance of every UTF-16 unit of a one-paragraph text, in px at 16 px.
    static func advances(_ text: String, style: TextStyle) throws -> [Double] {
        try style.prepare(text).paragraphs[0].advances.map { $0 * 16 }
    }

    /// The line heights of `text` at `width`.
    static func lineHeights(_ text: String, width: Double = 10_000, style: TextStyle) throws -> [Double] {
        try style.prepare(text).lines(width: width).map(\.height)
    }
}

/// `a ≈ b` within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
