import Foundation
import Testing

@testable import AutoHeight

/// Agreement with Pango 1.50 on real text: `Fixtures/pango-agreement.jsonl` holds every 4th text
/// of `shared/expected` (scripts/make-pango-fixture.py) with Pango's line counts at 16 px and
/// widths 120/200/320/560 (word-char wrap, no hyphens, unhinted), leaving out widths where
/// Pango drew hex boxes for missing glyphs. Fonts: Debian's fonts-noto-core and fonts-noto-cjk
/// (`make test` installs them).
///
/// The engine is run under Pango's rules where the two differ by design, so that what is
/// compared is the shaping, segmentation and line filling:
/// - whitespace: Pango hangs only the last space before a soft break and counts paragraph-final
///   spaces (`TrailingWhitespace.pango`; the default `.hangs` lets all of them hang);
/// - line-break strictness: Pango breaks by UAX #14's default (strict: small kana and prolonged
///   sound marks never start a line) whatever the language, while ICU's `ja` and `zh` locales
///   tailor to CSS "normal"; hence `-u-lb-strict`.
///
/// Remaining mismatches, each explained by a rule (see README, "Agreement with Pango"):
/// Pango's own break tables differ from ICU's (word-initial hyphens `-brutale`, `'%.250s'`,
/// `--help` after a space, Thai: libthai vs ICU's dictionary); Pango measures tabs at break time
/// differently from the final layout; Pango reshapes each line, so kerning across a break point
/// is lost.
@Suite struct PangoAgreementTests {
    @Test func lineCountsAgreeWithPangoOnRealText() throws {
        let records = try Fixtures.pangoRecords("pango-agreement.jsonl")
        #expect(records.count == 810)
        var fonts: [String: Font] = [:]
        var agree: [String: Int] = [:]
        var total: [String: Int] = [:]
        var mismatches: [String] = []
        for record in records {
            let key = "\(record.font)#\(record.face)"
            if fonts[key] == nil {
                let path = try #require(
                    Fixtures.systemFont(record.font),
                    "\(record.font) is not installed: apt-get install fonts-noto-core fonts-noto-cjk (make test does)")
                fonts[key] = try Font(path: path, faceIndex: record.face)
            }
            var style = TextStyle(font: fonts[key]!, fontSize: record.size, language: record.language + "-u-lb-strict")
            style.trailingWhitespace = .pango
            let prepared = try style.prepare(record.text)
            for (width, pangoLines) in record.lines.sorted(by: { Int($0.key)! < Int($1.key)! }) {
                let ours = try prepared.lineCount(width: Double(width)!)
                total[record.file, default: 0] += 1
                if ours == pangoLines {
                    agree[record.file, default: 0] += 1
                } else {
                    mismatches.append("\(record.id) @\(width): Pango \(pangoLines), AutoHeight \(ours)")
                }
            }
        }
        let agreed = agree.values.reduce(0, +)
        let cases = total.values.reduce(0, +)
        let table = total.keys.sorted().map { "\($0): \(agree[$0, default: 0])/\(total[$0]!)" }.joined(separator: ", ")
        let rate = Double(agreed) / Double(cases)
        #expect(cases == 3240)
        #expect(
            rate >= 0.995,
            "agreement \(agreed)/\(cases) = \(rate * 100) %: \(table)\n\(mismatches.joined(separator: "\n"))")
        for (file, count) in total {
            #expect(
                Double(agree[file, default: 0]) / Double(count) >= 0.98, "\(file): \(agree[file, default: 0])/\(count)")
        }
        print("Pango agreement: \(agreed)/\(cases) (\(rate * 100) %) — \(table)")
        if !mismatches.isEmpty { print("mismatches:\n" + mismatches.joined(separator: "\n")) }
    }
}
