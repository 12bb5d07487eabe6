import Foundation
import Testing

@testable import AutoHeight

/// Agreement with Pango 1.50 under system font fallback: `Fixtures/pango-fallback-agreement.jsonl`
/// holds every 4th text of `shared/expected-fallback` (scripts/make-pango-fixture.py --expected-dir expected-fallback) with
/// Pango's line counts at 16 px and widths 120/200/320/560, Noto Sans as the primary font and
/// fontconfig's fallback (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, DejaVu), leaving
/// out widths where Pango drew hex boxes for missing glyphs.
///
/// Measured under Pango's rules (`TrailingWhitespace.pango`, `-u-lb-strict`), with the system
/// fallback restricted to those font packages (``FallbackFixtures/reference``). Every remaining
/// mismatch is listed in ``explained`` with the rule of Pango's that causes it (see
/// README, "Agreement with Pango under fallback"); the test fails on a
/// mismatch not in the list, and on a listed case that starts to agree (keep the list true).
@Suite struct PangoFallbackAgreementTests {
    /// Why Pango's line count differs, case by case.
    enum Rule: String {
        /// Pango segments Thai with libthai and Khmer/Myanmar only at spaces and ZWSP; ICU uses
        /// its dictionaries for all three.
        case complexScriptSegmentation
        /// Pango's own UAX #14 tables: a word-initial hyphen (`-a`, `--files0`), a hyphen after
        /// a digit (`x11-utils`), quotation marks in Chinese (QU).
        case breakTables
        /// Pango measures tabs while breaking differently from its final layout.
        case tabs
        /// Runs of spaces in column-aligned `--help` text at a line end.
        case whitespace
        /// Pango rounds every advance to 1/1024 px: at an exact fit the break moves.
        case rounding
        /// Pango 1.50's emoji tables predate Emoji 12–14 skin-tone sequences (🦻🏼 is two glyphs).
        case emojiData
    }

    static let explained: [String: Rule] = [
        "de-p00037@200": .rounding,
        "edge-p00053@120": .complexScriptSegmentation,
        "emoji-p00269@120": .emojiData,
        "en-p00013@200": .tabs,
        "en-p00473@120": .breakTables,
        "ja-p00229@120": .whitespace,
        "mixed-p00177@120": .complexScriptSegmentation,
        "mixed-p00205@120": .breakTables,
        "mixed-p00233@120": .whitespace,
        "other-p00117@120": .complexScriptSegmentation,
        "other-p00117@200": .complexScriptSegmentation,
        "other-p00117@320": .complexScriptSegmentation,
        "other-p00173@200": .complexScriptSegmentation,
        "ru-p00289@120": .tabs,
        "ru-p00289@320": .tabs,
        "ru-p00309@120": .breakTables,
        "th-p00081@120": .complexScriptSegmentation,
        "th-p00293@120": .complexScriptSegmentation,
        "th-p00293@200": .complexScriptSegmentation,
        "th-p00313@120": .complexScriptSegmentation,
        "th-p00313@200": .complexScriptSegmentation,
        "vi-p00137@120": .tabs,
        "vi-p00233@200": .tabs,
        "vi-p00265@120": .rounding,
        "vi-p00277@120": .tabs,
        "zh-p00005@120": .breakTables,
        "zh-p00269@120": .breakTables,
        "zh-p00269@200": .breakTables,
        "zh-p00301@120": .breakTables,
    ]

    @Test func lineCountsAgreeWithPangoUnderSystemFallback() throws {
        _ = try FallbackFixtures.colorEmoji()
        #expect(
            Fixtures.systemFont("NotoSansCJK-Regular.ttc") != nil, "apt-get install fonts-noto-cjk (make test does)")
        let records = try Fixtures.pangoRecords("pango-fallback-agreement.jsonl")
        #expect(records.count == 1266)
        var agree: [String: Int] = [:]
        var total: [String: Int] = [:]
        var unexplained: [String] = []
        var mismatched: Set<String> = []
        for record in records {
            var style = FallbackFixtures.style(language: record.language + "-u-lb-strict")
            style.fontSize = record.size
            style.trailingWhitespace = .pango
            let prepared = try style.prepare(record.text)
            for (width, pangoLines) in record.lines.sorted(by: { Int($0.key)! < Int($1.key)! }) {
                let ours = try prepared.lineCount(width: Double(width)!)
                total[record.file, default: 0] += 1
                if ours == pangoLines {
                    agree[record.file, default: 0] += 1
                } else {
                    let key = "\(record.id)@\(width)"
                    mismatched.insert(key)
                    if Self.explained[key] == nil {
                        unexplained.append("\(key): Pango \(pangoLines), AutoHeight \(ours)")
                    }
                }
            }
        }
        let agreed = agree.values.reduce(0, +)
        let cases = total.values.reduce(0, +)
        let table = total.keys.sorted().map { "\($0): \(agree[$0, default: 0])/\(total[$0]!)" }.joined(separator: ", ")
        let rate = Double(agreed) / Double(cases)
        #expect(cases == 5061)
        #expect(rate >= 0.99, "agreement \(agreed)/\(cases) = \(rate * 100) %: \(table)")
        #expect(unexplained.isEmpty, "mismatches no rule explains:\n\(unexplained.joined(separator: "\n"))")
        let nowAgreeing = Set(Self.explained.keys).subtracting(mismatched).sorted()
        #expect(nowAgreeing.isEmpty, "listed as explained but now agreeing (update the list): \(nowAgreeing)")
        for (file, count) in total {
            // A file of about 350 cases loses 0.28 % per mismatch; the explained ones are at most 5.
            #expect(
                Double(agree[file, default: 0]) / Double(count) >= 0.98, "\(file): \(agree[file, default: 0])/\(count)")
        }
        let rules = Dictionary(grouping: Self.explained.values, by: { $0 }).mapValues(\.count)
            .sorted { $0.value > $1.value }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        print("Pango fallback agreement: \(agreed)/\(cases) (\(rate * 100) %) — \(table); explained: \(rules)")
    }
}
