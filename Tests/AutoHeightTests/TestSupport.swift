import Foundation
import Testing

@testable import AutoHeight

/// Shared fonts and helpers for the tests.
enum Fixtures {
    /// Noto Sans Regular from the repository's `Fonts/` (upem 1000, ascender 1069, descender −293).
    static let notoSans: Font = try! Font(path: BundledFonts.path(of: "NotoSans-Regular.ttf"))
    static let nanumGothic: Font = try! Font(path: BundledFonts.path(of: "NanumGothic.ttf"))

    /// A single-font style with Noto Sans.
    static func style(
        size: Double = 16, language: String = "en", lineSpacing: Double = 0, lineHeight: LineHeight = .metrics
    ) -> TextStyle {
        TextStyle(font: notoSans, fontSize: size, language: language, lineSpacing: lineSpacing, lineHeight: lineHeight)
    }

    /// Noto Sans's `metrics` line height at 16 px: (1069 + 293) / 1000 × 16.
    static let notoLineHeight16 = 21.792

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

    /// The records of a Pango agreement fixture, in order.
    static func pangoRecords(_ name: String) throws -> [PangoRecord] {
        try Data(contentsOf: url(name)).split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(PangoRecord.self, from: Data($0))
        }
    }

    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!
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

extension PreparedText {
    /// The UTF-16 ranges of the lines at `width`, as `[start, end]` pairs.
    func ranges(width: Double) throws -> [[Int]] {
        try lines(width: width).map { [$0.range.lowerBound, $0.range.upperBound] }
    }
}

/// Lines of `text` at `width` with Noto Sans 16 px.
func ranges(_ text: String, width: Double, style: TextStyle = Fixtures.style()) throws -> [[Int]] {
    try style.prepare(text).ranges(width: width)
}

func lineCount(_ text: String, width: Double, style: TextStyle = Fixtures.style()) throws -> Int {
    try style.measure(text, width: width).lineCount
}
