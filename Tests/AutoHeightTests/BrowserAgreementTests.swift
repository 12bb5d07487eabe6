import Foundation
import Testing

@testable import AutoHeight

/// Agreement of the web profile with a Chromium 156 `<textarea>` (`white-space: pre-wrap;
/// overflow-wrap: break-word`, 16 px, the same font file, widths 120/200/320/560):
/// `Fixtures/browser-agreement.jsonl` holds every 2nd text of `shared/expected-browser` plus the
/// texts that disagreed before the tab and control-character rules (scripts/make-browser-fixture.py
/// --step 2 --include …), with the widths where Chromium drew every glyph with the given font. The full table is in docs/browser-agreement.md
/// (scripts/browser-agreement.py). The same for Firefox and WebKit (`--browser`) on their own
/// fixtures.
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

    /// Firefox's Thai word boundaries are Gecko's own (its complex-script breaker and dictionary),
    /// not ICU's: these four cases break Thai words elsewhere (docs/browser-agreement.md).
    static let firefoxExceptions: [String: String] = [
        "th-p00009@120": "Gecko's Thai segmenter", "th-p00064@120": "Gecko's Thai segmenter",
        "th-p00108@120": "Gecko's Thai segmenter", "th-p00170@120": "Gecko's Thai segmenter",
    ]

    struct Agreement {
        var cases = 0
        var agreed = 0
        var editorAgreed = 0
        var mismatches: [String: String] = [:]
    }

    /// The web profile (with `browser`) and the editor profile against `fixture`'s counts.
    func agreement(_ fixture: String, browser: BrowserEngine) throws -> Agreement {
        let records = try Data(contentsOf: Fixtures.url(fixture))
            .split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Record.self, from: Data($0)) }
        var fonts: [String: Font] = [:]
        var result = Agreement()
        for record in records {
            if fonts[record.font] == nil { fonts[record.font] = try Font(path: BundledFonts.path(of: record.font)) }
            var style = TextStyle(font: fonts[record.font]!, fontSize: record.size, language: record.language)
            let editor = try style.prepare(record.text)
            style.profile = .web
            style.browser = browser
            let web = try style.prepare(record.text)
            for (width, expected) in record.lines.sorted(by: { Int($0.key)! < Int($1.key)! }) {
                result.cases += 1
                let ours = try web.lineCount(width: Double(width)!)
                if ours == expected {
                    result.agreed += 1
                } else {
                    result.mismatches["\(record.id)@\(width)"] = "\(browser) \(expected), AutoHeight \(ours)"
                }
                if try editor.lineCount(width: Double(width)!) == expected { result.editorAgreed += 1 }
            }
        }
        return result
    }

    @Test func webProfileAgreesWithChromiumTextarea() throws {
        let result = try agreement("browser-agreement.jsonl", browser: .chromium)
        #expect(result.cases == 5068)
        #expect(Set(result.mismatches.keys) == Set(Self.exceptions.keys), "mismatches: \(result.mismatches)")
        // The editor profile (ICU's rules) is the baseline the web profile improves on.
        #expect(result.editorAgreed < result.agreed)
        print("browser agreement: web \(result.agreed)/\(result.cases), editor \(result.editorAgreed)/\(result.cases)")
    }

    /// `browser-agreement-firefox.jsonl`: every 4th text of `shared/expected-firefox` (Firefox ESR
    /// 153) plus every text whose count differs from Chromium's (scripts/make-browser-fixture.py
    /// --step 4 --engine firefox).
    @Test func webProfileAgreesWithFirefoxTextarea() throws {
        let result = try agreement("browser-agreement-firefox.jsonl", browser: .firefox)
        #expect(result.cases == 2836)
        #expect(Set(result.mismatches.keys) == Set(Self.firefoxExceptions.keys), "mismatches: \(result.mismatches)")
        // Chromium's rules are the baseline Firefox's improve on.
        let asChromium = try agreement("browser-agreement-firefox.jsonl", browser: .chromium)
        #expect(asChromium.agreed < result.agreed - 100)
        print("Firefox agreement: web \(result.agreed)/\(result.cases), as Chromium \(asChromium.agreed)")
    }

    /// `browser-agreement-webkit.jsonl`: every 4th text of `shared/expected-webkit` (WebKitGTK
    /// 2.50) plus every text whose count differs from Chromium's (--engine webkit).
    @Test func webProfileAgreesWithWebKitTextarea() throws {
        let result = try agreement("browser-agreement-webkit.jsonl", browser: .webkit)
        #expect(result.cases == 2556)
        #expect(result.mismatches.isEmpty, "mismatches: \(result.mismatches)")
        let asChromium = try agreement("browser-agreement-webkit.jsonl", browser: .chromium)
        #expect(asChromium.agreed < result.agreed)
    }
}
