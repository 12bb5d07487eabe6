import Foundation
import Testing

@testable import AutoHeight

/// Agreement of the web profile with a Chromium 156 `<textarea>` (`white-space: pre-wrap;
/// overflow-wrap: break-word`, 16 px, the same font file, widths 120/200/320/560):
/// `Fixtures/browser-agreement.jsonl` holds every 2nd text of `shared/expected-browser` plus the
/// texts that disagreed before the tab and control-character rules (scripts/make-browser-fixture.py
/// --step 2 --include …), with the widths where Chromium drew every glyph with the given font. The full table is in docs/browser-agreement.md
/// (scripts/browser-agreement.py).
@Suite struct BrowserAgreementTests {
    struct Record: Decodable {
        var file: String
        var id: String
        var font: String
        var language: String
        var size: Double
        var lines: [String: Int]
        var text: String
    }

    /// Every case where the web profile's count differs from Chromium's ("id@width"), with the
    /// reason. None today: all 5,068 cases agree.
    static let exceptions: [String: String] = [:]

    @Test func webProfileAgreesWithChromiumTextarea() throws {
        let records = try Data(contentsOf: Fixtures.url("browser-agreement.jsonl"))
            .split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Record.self, from: Data($0)) }
        #expect(records.count == 1267)
        var fonts: [String: Font] = [:]
        var agreed = 0
        var cases = 0
        var editorAgreed = 0
        var mismatches: [String: String] = [:]
        for record in records {
            if fonts[record.font] == nil { fonts[record.font] = try Font(path: BundledFonts.path(of: record.font)) }
            var style = TextStyle(font: fonts[record.font]!, fontSize: record.size, language: record.language)
            let editor = try style.prepare(record.text)
            style.profile = .web
            let web = try style.prepare(record.text)
            for (width, chromium) in record.lines.sorted(by: { Int($0.key)! < Int($1.key)! }) {
                cases += 1
                let ours = try web.lineCount(width: Double(width)!)
                if ours == chromium {
                    agreed += 1
                } else {
                    mismatches["\(record.id)@\(width)"] = "Chromium \(chromium), AutoHeight \(ours)"
                }
                if try editor.lineCount(width: Double(width)!) == chromium { editorAgreed += 1 }
            }
        }
        #expect(cases == 5068)
        let rate = Double(agreed) / Double(cases)
        #expect(rate >= 0.998, "web profile: \(agreed)/\(cases) = \(rate * 100) %")
        #expect(Set(mismatches.keys) == Set(Self.exceptions.keys), "mismatches: \(mismatches)")
        // The editor profile (ICU's rules) is the baseline the web profile improves on.
        #expect(editorAgreed < agreed)
        print("browser agreement: web \(agreed)/\(cases), editor \(editorAgreed)/\(cases)")
    }
}
