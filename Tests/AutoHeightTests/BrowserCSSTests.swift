import Foundation
import Testing

@testable import AutoHeight

/// The web profile with each CSS text property value against Chromium 156:
/// `Fixtures/browser-css.jsonl` (scripts/make-browser-css-fixture.py) holds line counts (and, for
/// `line-height: normal`, heights in px) of crafted texts and corpus texts in a Chromium
/// `<textarea>` (a `<div>` for `white-space: normal`, which a textarea ignores) at widths
/// 120/200/320/560, 16 px, with the same font file; each record names the CLI options that ask
/// for the same CSS. Every case must agree.
@Suite struct BrowserCSSTests {
    struct Record: Decodable {
        var `case`: String
        var options: [String]
        var font: String
        var language: String
        var widths: [Double]
        var lines: [Int]
        var heights: [Double]?
        var text: String
    }

    /// The style the record's CLI options describe.
    static func style(for record: Record, font: Font) throws -> TextStyle {
        var style = TextStyle(font: font, fontSize: 16, language: record.language)
        style.profile = .web
        var options = record.options[...]
        while let name = options.popFirst() {
            guard let value = options.popFirst() else {
                Issue.record("\(name) has no value")
                break
            }
            switch name {
            case "--white-space": style.whiteSpace = try #require(WhiteSpace(rawValue: value))
            case "--overflow-wrap": style.overflowWrap = try #require(OverflowWrap(rawValue: value))
            case "--word-break": style.lineBreakRules.wordBreak = try #require(.init(rawValue: value))
            case "--line-break": style.lineBreakRules.strictness = try #require(.init(rawValue: value))
            case "--tab-size": style.tabSize = try #require(TabSize(parsing: value))
            case "--line-height": style.lineHeight = try #require(LineHeight(parsing: value))
            default: Issue.record("unknown option \(name)")
            }
        }
        return style
    }

    @Test func everyPropertyValueAgreesWithChromium() throws {
        let records = try Data(contentsOf: Fixtures.url("browser-css.jsonl"))
            .split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Record.self, from: Data($0)) }
        var fonts: [String: Font] = [:]
        var perCase: [String: Int] = [:]
        var mismatches: [String] = []
        for record in records {
            if fonts[record.font] == nil { fonts[record.font] = try Font(path: BundledFonts.path(of: record.font)) }
            let prepared = try Self.style(for: record, font: fonts[record.font]!).prepare(record.text)
            for (index, width) in record.widths.enumerated() {
                perCase[record.case, default: 0] += 1
                let measured = try prepared.measure(width: width)
                let height = record.heights?[index]
                if measured.lineCount != record.lines[index] || (height != nil && measured.height != height) {
                    mismatches.append(
                        "\(record.case) \(record.language) @\(width): Chromium \(record.lines[index]) lines"
                            + " \(height.map { "\($0) px" } ?? ""), AutoHeight \(measured.lineCount) lines"
                            + " \(measured.height) px: \(record.text.prefix(60).debugDescription)")
                }
            }
        }
        #expect(
            Set(perCase.keys) == [
                "pre-wrap", "white-space-normal", "white-space-break-spaces", "overflow-wrap-anywhere",
                "word-break-break-all", "word-break-keep-all", "line-break-loose", "line-break-normal",
                "line-break-strict", "line-break-anywhere", "tab-size-2", "tab-size-0", "tab-size-30px",
                "line-height-normal",
            ])
        #expect(perCase.values.allSatisfy { $0 >= 250 }, "\(perCase)")
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20))")
    }
}
