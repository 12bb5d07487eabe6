import Foundation
import Testing

@testable import AutoHeight

// The few helpers of AutoHeightTests' TestSupport.swift and FallbackTestSupport.swift that the
// drawing's tests use, repeated here (a test target cannot import another).

/// Shared fonts and fixtures for the tests.
enum Fixtures {
    /// Noto Sans Regular from the repository's `Fonts/`.
    static let notoSans: Font = try! Font(path: BundledFonts.path(of: "NotoSans-Regular.ttf"))

    /// A record of the Pango agreement fixtures (scripts/make-pango-fixture.py): a corpus text
    /// with Pango's line count per width.
    struct PangoRecord: Decodable {
        var file: String
        var id: String
        var font: String
        var face: Int
        var language: String
        var size: Double
        var lines: [String: Int]
        var text: String
    }

    /// The records of a Pango agreement fixture of AutoHeightTests (`Tests/AutoHeightTests/Fixtures`),
    /// in order.
    static func pangoRecords(_ name: String) throws -> [PangoRecord] {
        try Data(contentsOf: url(name)).split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(PangoRecord.self, from: Data($0))
        }
    }

    /// A fixture file of AutoHeightTests, read in place (#filePath = <repo>/Tests/AutoHeightRenderTests/…).
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AutoHeightTests/Fixtures/" + name)
    }

    /// A system font file, or nil when it is not installed.
    static func systemFont(_ name: String) -> String? {
        for directory in ["/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"] {
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }
}

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
}
