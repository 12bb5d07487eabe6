import AutoHeight
import Foundation
import Testing

// What the three test targets share (a test target cannot import another): fonts, the Pango
// fixtures, the fallback reference, a deterministic generator. Public and package API only, so
// that it builds in any configuration; each test target extends these with its own helpers.

/// Shared fonts and fixtures for the tests.
package enum Fixtures {
    /// Noto Sans Regular from the repository's `Fonts/` (upem 1000, ascender 1069, descender −293).
    package static let notoSans: Font = try! Font(path: BundledFonts.path(of: "NotoSans-Regular.ttf"))
    package static let nanumGothic: Font = try! Font(path: BundledFonts.path(of: "NanumGothic.ttf"))

    /// A single-font style with Noto Sans.
    package static func style(
        size: Double = 16, language: String = "en", lineSpacing: Double = 0, lineHeight: LineHeight = .metrics
    ) -> TextStyle {
        TextStyle(font: notoSans, fontSize: size, language: language, lineSpacing: lineSpacing, lineHeight: lineHeight)
    }

    /// Noto Sans's `metrics` line height at 16 px: (1069 + 293) / 1000 × 16.
    package static let notoLineHeight16 = 21.792

    /// A record of the Pango agreement fixtures (scripts/make-pango-fixture.py): a corpus text
    /// with Pango's line count per width.
    package struct PangoRecord: Decodable {
        package var file: String
        package var id: String
        package var font: String
        package var face: Int
        package var language: String
        package var size: Double
        package var lines: [String: Int]
        package var text: String
    }

    /// The records of a Pango agreement fixture, in order.
    package static func pangoRecords(_ name: String) throws -> [PangoRecord] {
        try Data(contentsOf: url(name)).split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(PangoRecord.self, from: Data($0))
        }
    }

    /// A file of `Tests/AutoHeightTests/Fixtures`, read in place (#filePath =
    /// <repo>/Tests/AutoHeightTestSupport/TestSupport.swift).
    package static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AutoHeightTests/Fixtures/" + name)
    }

    /// A system font file, or nil when it is not installed.
    package static func systemFont(_ name: String) -> String? {
        for directory in ["/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"] {
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }
}

/// Fonts and fallbacks for the font-fallback tests.
package enum FallbackFixtures {
    /// The system fallback restricted to the font packages `../shared/expected-fallback` was made
    /// with (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, and DejaVu, which Debian's
    /// fontconfig installs), so that results do not depend on other fonts installed here.
    package static let reference = SystemFallback(acceptingOnly: [
        "/usr/share/fonts/truetype/noto/*", "/usr/share/fonts/opentype/noto/*", "/usr/share/fonts/truetype/dejavu/*",
    ])

    /// Noto Sans from the system (the primary font of the Pango fallback reference), or the
    /// bundled copy of the same file.
    package static let systemNotoSans: Font = {
        if let path = Fixtures.systemFont("NotoSans-Regular.ttf") { return try! Font(path: path) }
        return Fixtures.notoSans
    }()

    /// Noto Color Emoji (CBDT bitmaps), which `make test` installs (fonts-noto-color-emoji).
    package static func colorEmoji() throws -> Font {
        let path = try #require(
            Fixtures.systemFont("NotoColorEmoji.ttf"),
            "NotoColorEmoji.ttf is not installed: apt-get install fonts-noto-color-emoji (make test does)")
        return try Font(path: path)
    }

    /// A Noto Sans 16 px style with the reference system fallback.
    package static func style(language: String = "en", fallback: SystemFallback = reference) -> TextStyle {
        TextStyle(fonts: FontStack(systemNotoSans, systemFallback: fallback), fontSize: 16, language: language)
    }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
package struct Generator {
    package var state: UInt64
    package init(state: UInt64) { self.state = state }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}

/// The bundled fonts at 16 px.
package let bundledStyle16 = TextStyle(fonts: try! FontStack.bundled(), fontSize: 16)

/// `a ≈ b` within `tolerance`.
package func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// Long paragraphs for the edit-window tests: words of every kind, what edits insert, and a
/// paragraph of them.
package enum LongParagraphs {
    package static let words = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Ωμέγα", "слово", "naïve", "e\u{0301}te",
        "don't", "x-1", "co-op", "3.14", "漢字", "かな", "한국어", "👨‍👩‍👧", "🇰🇷🇯🇵", "(par)", "[b]", "a\tb", "“q”", "https://x.org/a",
        "e\u{0301}\u{0302}", "ZWJ\u{200D}x", "ﬁn", "A.B.", "1,000", "$5",
    ]
    package static let insertions = [
        "a", " ", "word ", "  ", "é", "\u{0301}", "(", "🇰🇷", "👨‍👩‍👧", "漢", "한", "\t", "-", "—", "\r\n", "Ω", "ж",
        "x y z ", "\u{200D}", "1", ".", "", "''", "e\u{0301}", "a", "b ", "", "", "xy",
    ]

    /// A paragraph of `count` words, mostly Latin ones (where windows are taken), the rest from
    /// every other kind in ``words``.
    package static func paragraph(_ count: Int, generator: inout Generator, latinOnly: Bool) -> String {
        var parts: [String] = []
        for _ in 0..<count {
            let pick = latinOnly || generator.below(4) != 0 ? generator.below(8) : generator.below(words.count)
            parts.append(words[pick])
        }
        return parts.joined(separator: generator.below(10) == 0 ? "  " : " ")
    }
}
