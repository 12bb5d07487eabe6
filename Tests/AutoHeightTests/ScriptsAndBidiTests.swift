import Foundation
import Testing

@testable import AutoHeight

/// Bidi levels (ICU `ubidi`), script itemization and shaping direction, with line counts and
/// heights checked against Pango 1.50 (Noto Sans + fontconfig fallback, 16 px, `--lang ar`).
@Suite struct ScriptsAndBidiTests {
    struct Run: Equatable, CustomStringConvertible {
        var range: Range<Int>
        var script: String
        var rightToLeft: Bool
        var description: String { "\(range) \(script) \(rightToLeft ? "rtl" : "ltr")" }
    }

    func runs(_ text: String) throws -> [Run] {
        let units = Array(text.utf16)
        let runs = try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in try TextRuns.itemize(buffer)
        }
        return runs.map { run in
            let tag = run.script.tag
            let name = String(decoding: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
            return Run(range: run.range, script: name, rightToLeft: run.isRightToLeft)
        }
    }

    /// Rule: an RTL paragraph with LTR numbers and names gets LTR runs for them (level 2), and
    /// the line walk is in logical order: line ranges are contiguous UTF-16 ranges.
    @Test func rightToLeftParagraphWithNumbersAndNames() throws {
        let text = "طلب رقم 12345 من John Smith."
        #expect(
            try runs(text) == [
                Run(range: 0..<8, script: "Arab", rightToLeft: true),
                Run(range: 8..<13, script: "Arab", rightToLeft: false),  // digits: LTR, in the Arabic run's script
                Run(range: 13..<17, script: "Arab", rightToLeft: true),
                Run(range: 17..<27, script: "Latn", rightToLeft: false),
                Run(range: 27..<28, script: "Latn", rightToLeft: true),  // the final full stop: paragraph level
            ])
        let style = FallbackFixtures.style(language: "ar")
        let prepared = try style.prepare(text)
        #expect(try prepared.ranges(width: 100) == [[0, 8], [8, 17], [17, 28]])
        // Pango: 5, 3 and 2 lines; 102.626, 62.209 and 43.584 px.
        for (width, lines, height) in [(60.0, 5, 102.625977), (100, 3, 62.208984), (140, 2, 43.583984)] {
            let result = try prepared.measure(width: width)
            #expect(result.lineCount == lines, "@\(width)")
            #expect(close(result.height, height, 1e-3), "@\(width): \(result.height)")
        }
    }

    /// Rule: Hebrew with numbers: the same, with Pango's numbers.
    @Test func hebrewWithNumbers() throws {
        let text = "המחיר הוא 250 ש״ח עבור 3 פריטים"
        #expect(
            try runs(text) == [
                Run(range: 0..<10, script: "Hebr", rightToLeft: true),
                Run(range: 10..<13, script: "Hebr", rightToLeft: false),
                Run(range: 13..<23, script: "Hebr", rightToLeft: true),
                Run(range: 23..<24, script: "Hebr", rightToLeft: false),
                Run(range: 24..<31, script: "Hebr", rightToLeft: true),
            ])
        let prepared = try FallbackFixtures.style(language: "ar").prepare(text)
        for (width, lines, height) in [(60.0, 5, 99.458984), (100, 3, 62.208984), (140, 2, 43.583984)] {
            let result = try prepared.measure(width: width)
            #expect(result.lineCount == lines, "@\(width)")
            #expect(close(result.height, height, 1e-3), "@\(width): \(result.height)")
        }
    }

    /// Rule: Common characters take the script before them, also across a change of bidi level
    /// (the space after "SMTP" is Latin, shaped with the primary font: Pango's widths).
    @Test func commonCharactersKeepTheirScriptAcrossLevels() throws {
        let text = "مرحبا SMTP مرحبا"
        #expect(
            try runs(text) == [
                Run(range: 0..<6, script: "Arab", rightToLeft: true),
                Run(range: 6..<10, script: "Latn", rightToLeft: false),
                Run(range: 10..<11, script: "Latn", rightToLeft: true),
                Run(range: 11..<16, script: "Arab", rightToLeft: true),
            ])
        let result = try FallbackFixtures.style(language: "ar").measure(text, width: 1000)
        #expect(close(result.maxLineWidth, 125.101562, 1e-3), "Pango: 125.101562 px, got \(result.maxLineWidth)")
        #expect(try FallbackFixtures.style(language: "ar").measure(text, width: 60).lineCount == 3)
    }

    /// Rule: script runs for mixed text; a closing bracket takes its opening bracket's script.
    @Test func scriptItemization() throws {
        #expect(
            try runs("Hello 안녕하세요 世界 مرحبا!") == [
                Run(range: 0..<6, script: "Latn", rightToLeft: false),
                Run(range: 6..<12, script: "Hang", rightToLeft: false),
                Run(range: 12..<15, script: "Hani", rightToLeft: false),
                Run(range: 15..<20, script: "Arab", rightToLeft: true),
                Run(range: 20..<21, script: "Arab", rightToLeft: false),
            ])
        #expect(
            try runs("abc (ملاحظة) def") == [
                Run(range: 0..<5, script: "Latn", rightToLeft: false),
                Run(range: 5..<11, script: "Arab", rightToLeft: true),
                Run(range: 11..<16, script: "Latn", rightToLeft: false),
            ])
        // Leading Common characters (and brackets opened among them) join the first script.
        // A bracket opened in Korean text closes in it, even around a Latin letter.
        #expect(
            try runs("(123) 안녕 [x]") == [
                Run(range: 0..<10, script: "Hang", rightToLeft: false),
                Run(range: 10..<11, script: "Latn", rightToLeft: false),
                Run(range: 11..<12, script: "Hang", rightToLeft: false),
            ])
        let mixed = try FallbackFixtures.style(language: "ar").prepare("Hello 안녕하세요 世界 مرحبا!")
        for (width, lines) in [(60.0, 4), (100, 3), (140, 2)] {
            #expect(try mixed.lineCount(width: width) == lines, "Pango: \(lines) lines @\(width)")
        }
    }

    /// Rule: runs are shaped with their direction: Arabic joining forms make a word narrower
    /// than its letters apart, and shaping left-to-right would not join them.
    @Test func shapingUsesTheRunDirection() throws {
        let style = FallbackFixtures.style(language: "ar")
        let word = try style.measure("مرحبا", width: 1000).maxLineWidth
        let letters = try ["م", "ر", "ح", "ب", "ا"].map { try style.measure($0, width: 1000).maxLineWidth }.reduce(0, +)
        #expect(abs(word - letters) > 0.5)
        // A run's width does not depend on where the line breaks: wrapping sums the logical
        // advances, so the Arabic text wraps at the same offsets at every width ≥ its words.
        let prepared = try style.prepare("مرحبا بالعالم مرحبا بالعالم")
        #expect(try prepared.ranges(width: 100) == [[0, 14], [14, 27]])
    }

    /// Rule: the style's language applies to runs of its scripts; other runs get their
    /// script's likely language (Korean `locl` spaces in English text, as Pango shapes them).
    @Test func runsOfOtherScriptsUseTheirLikelyLanguage() throws {
        #expect(ScriptLanguages.likelyLanguage(for: .hangul) == "ko")
        #expect(ScriptLanguages.likelyLanguage(for: .arabic) == "ar")
        #expect(ScriptLanguages.likelyLanguage(for: Script(iso15924Tag: 0x5468_6169)) == "th")
        #expect(ScriptLanguages.likelyLanguage(for: .han) == nil, "ideographs alone name no language")
        #expect(SystemFallback.fontconfigLanguage(fromTag: "zh-Hans-CN") == "zh-cn")
        #expect(SystemFallback.fontconfigLanguage(fromTag: "ja-u-lb-strict") == "ja")
        #expect(SystemFallback.fontconfigLanguage(fromTag: "") == "und")
        // "안 a": Pango 28.175781 px (the Korean face's space under `ko` is 0.28 em).
        let width = try FallbackFixtures.style(language: "en").measure("안 a", width: 1000).maxLineWidth
        #expect(close(width, 28.175781, 1e-3), "\(width)")
    }

    /// Rule: in the web profile every run is shaped in the style's language, as browsers shape
    /// with the element's `lang`: Latin words in Korean text take Noto Sans CJK's Korean `locl`
    /// space (0.28 em, not 0.224). Chromium 156 (`<div lang=ko>`, Noto Sans CJK KR 16 px): "Compose
    /// Compose" wraps below 145.86 px and fits at it (145.856 px); with `lang=ja`, 144.96 px fits.
    @Test func theWebProfileShapesEveryRunInTheLanguage() throws {
        let korean = try Font(family: "Noto Sans CJK KR")
        func width(_ language: String, _ profile: LayoutProfile) throws -> Double {
            var style = TextStyle(font: korean, fontSize: 16, language: language)
            style.profile = profile
            return try style.measure("Compose Compose", width: 1000).maxLineWidth
        }
        #expect(close(try width("ko", .web), 145.856, 1e-9))
        #expect(close(try width("ja", .web), 144.96, 1e-9))
        #expect(close(try width("ko", .editor), 144.96, 1e-9), "Pango: a Latin run in its script's language")
    }
}
