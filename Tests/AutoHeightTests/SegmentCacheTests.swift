import Foundation
import Testing

@testable import AutoHeight

/// The segment cache gives exactly the numbers of shaping paragraphs whole.
@Suite struct SegmentCacheTests {
    static let records: [(id: String, text: String, language: String)] = {
        try! Fixtures.pangoRecords("pango-agreement.jsonl").map { ($0.id, $0.text, $0.language) }
    }()

    /// Both fixtures: every corpus of `../shared/corpus`, edge cases, emoji and mixed scripts.
    static let allRecords: [(id: String, text: String, language: String)] = {
        records + (try! Fixtures.pangoRecords("pango-fallback-agreement.jsonl")).map { ($0.id, $0.text, $0.language) }
    }()

    /// Rule: with a cache (cold, then warm, then each text after the end of another, so that
    /// chunks meet new neighbours), every prepared paragraph (advances, grapheme and missing-glyph
    /// flags, segments: so line-break opportunities too) equals the uncached one, with the
    /// language's default and strict line-break rules.
    @Test(arguments: ["bundled", "NotoSansCJK-Regular.ttc"])
    func cachedPreparationEqualsShapingWhole(fontName: String) throws {
        let fonts: FontStack
        if fontName == "bundled" {
            fonts = try FontStack.bundled()
        } else {
            let path = try #require(
                Fixtures.systemFont(fontName), "\(fontName) missing: apt-get install fonts-noto-cjk")
            fonts = FontStack(try Font(path: path, faceIndex: 1))
        }
        let cache = SegmentCache()
        for pass in 0..<3 {
            var previous = ""
            for (index, record) in (pass == 2 ? Self.allRecords.reversed() : Self.allRecords).enumerated() {
                let text = pass == 2 ? String(previous.suffix(17)) + " " + record.text : record.text
                previous = record.text
                let language = index % 2 == 0 ? record.language : record.language + "-u-lb-strict"
                var style = TextStyle(fonts: fonts, fontSize: 16, language: language)
                let whole = try style.prepare(text)
                style.segmentCache = cache
                let cached = try style.prepare(text)
                #expect(cached.paragraphs == whole.paragraphs, "\(record.id) (\(language)), pass \(pass)")
                #expect(try cached.measure(width: 200) == whole.measure(width: 200))
            }
        }
        let (hits, misses) = cache.statistics
        print(
            "cache \(fontName): \(cache.entryCount) entries, \(cache.byteCount) bytes, \(hits) hits, \(misses) misses")
        #expect(hits > misses, "the second pass is served from the cache")
        #expect(cache.paragraphsWithStoredBreaks > Self.allRecords.count / 2, "most paragraphs skip ICU when warm")
    }

    @Test func evictionKeepsMemoryBounded() throws {
        let cache = SegmentCache(byteLimit: 1 << 16)
        var style = TextStyle(font: Fixtures.notoSans, fontSize: 16)
        style.segmentCache = cache
        for record in Self.records.prefix(300) { _ = try style.prepare(record.text) }
        #expect(cache.byteCount <= 1 << 16)
        #expect(cache.entryCount > 0)
        let text = "the same words again and again"
        let before = try TextStyle(font: Fixtures.notoSans, fontSize: 16).prepare(text)
        #expect(try style.prepare(text).paragraphs == before.paragraphs)
    }

    /// Noto Sans CJK's `calt` swaps a space between two Hangul syllables for a wider glyph in
    /// every script but Hangul (HarfBuzz turns `calt` off for Hangul runs): a chunk ending in a
    /// space is keyed on the class of the character after it when the glyph before the space
    /// could match, and cached preparation stays exact.
    @Test func spaceRulesKeyChunksOnTheNextCharacter() throws {
        let path = try #require(
            Fixtures.systemFont("NotoSansCJK-Regular.ttc"),
            "NotoSansCJK-Regular.ttc missing: apt-get install fonts-noto-cjk")
        let font = try Font(path: path, faceIndex: 1)
        #expect(font.wordCoupling(script: .hangul, language: nil).isIndependent)
        guard case .spaceContext(let rules) = font.wordCoupling(script: .latin, language: nil) else {
            Issue.record("expected space rules for Latin text in Noto Sans CJK KR")
            return
        }
        #expect(rules.rules.count == 1)
        let hangul: UInt32 = 0xAC00  // 가
        let nextHangul: UInt16 = 0xB098  // 나
        func lookaheadClass(_ before: UInt32?, _ spaces: Int, _ next: UInt16) -> Int? {
            rules.lookaheadClass(before: before, trailingSpaces: spaces, next: next, font: font.shaper)
        }
        #expect(lookaheadClass(hangul, 1, nextHangul) == 2, "the rule may fire: the next glyph matches")
        #expect(lookaheadClass(hangul, 1, 0x61) == 1, "the rule may fire, the next glyph does not match")
        #expect(lookaheadClass(0x61, 1, nextHangul) == 0, "'a' before the space: the rule cannot fire")
        // Two spaces: the rules may swap the space before the last one too, so the key keeps the class.
        #expect(lookaheadClass(hangul, 2, nextHangul) == 2)
        #expect(lookaheadClass(nil, 1, nextHangul) == 0, "nothing before the space")
        #expect(lookaheadClass(hangul, 1, 0x200B) == nil, "a default-ignorable next character is skipped")
        #expect(lookaheadClass(0x1F600, 1, nextHangul) == 2, "no glyph before: unknown, so keyed")

        let plain = TextStyle(fonts: FontStack(font), fontSize: 16)
        var cached = plain
        cached.segmentCache = SegmentCache()
        let texts = [
            "가 나", "가 a", "가 ", "가  나", "a 나", "가 나 다 라 a b 가 나", "가 〈나〉 가 (a)", "word 中文 word", "M m Ê f fi",
        ]
        for pass in 0..<2 {
            for text in texts {
                #expect(try cached.prepare(text).paragraphs == plain.prepare(text).paragraphs, "\(text), pass \(pass)")
            }
        }
        #expect(cached.segmentCache!.statistics.hits > 0)
    }

    /// Rule: line-break opportunities assembled from cached chunks equal ICU's on the whole
    /// paragraph, whatever follows each chunk (closing punctuation, quotes, opening brackets,
    /// no-break characters, numeric separators and affixes, letters that join marks,
    /// dictionary scripts) and whatever the locale's rules.
    @Test(arguments: ["en", "en-u-lw-breakall", "ja", "ja-u-lb-strict", "ja-u-lw-phrase", "ko-u-lb-loose", "th", "zh"])
    func storedBreaksEqualICUs(language: String) throws {
        let texts = [
            "see (this) now", "see ) now", "see — now", "see - now", "see \u{00A0}now", "see « now »", "see “now” then",
            "( see now", "$ 100 and 100 %", "see ! now ?", "a/b c/d", "ภาษาไทย ภาษาไทย ง่าย", "日本語 の 文章 です。 「引用」 です",
            "한국어 문장 (괄호) 입니다", "see　now", "x\u{2060} y", "see ‐now", "see 1.5 now", "see now ",
            // A hyphen after "[ " may break before a letter, after "a " it may not (LB14 + ICU's
            // word-initial hyphen rule): the chunk "-t " needs what precedes its spaces.
            "[ -t x", "a -t x", "-t x", "( --help ) and --help",
            // A joiner closing a Malayalam cluster at the end of a right-to-left paragraph is a
            // run of its own (bidi), inside the cluster.
            "ഗ്വിച്ചിന്‍", "رانسه، متروپولیتن ഗ്വിച്ചിന്‍",
            // Phrase breaking segments Japanese across script changes and spaces.
            "これは移行用ダミーパッケージです。 削除しても安全です。", "移行用ダミーパッケージ です", "安全です。 これは移行用",
            "manpath 設定ファイル %s の内容を解釈できません", "manpath 設定ファイル %s をオープンできません",
            "%s 用の一時的な整形済みファイルを作成できません",
            // Chunks that end a run before a numeric separator or affix (a left-to-right word in a
            // right-to-left paragraph), or after spaces before a letter that is not standalone,
            // and runs that start with one.
            "في PangoWeight، مثل", "صة LICENSE.html؛ اختر", "שלום hello. עולם", "מקור abc: def", "ראה a/b כאן",
            "שנת 2000% כן", "מחיר abc$ זה", "שנת 2000، 2011 أور", "aktiviert. के लिए", "LibreOffice में", "bar. प्र",
            "see Guaraní फ़ॉन्ट", "א $(.5) ב", "א x$(.5 ב", "abc(.5 א", "x-.5 שלום", "שלום x$.5", "ש x(.a",
            // The brackets take the left-to-right level of their content, the "." the paragraph's:
            // the run "abc$(" ends before it, and whether "$" breaks before "(" depends on what
            // follows the "." (LB25: "$(.5" holds together, "$(.a" breaks before "(").
            "ש abc$(.5 x) ש", "ש abc$(.a x) ש", "ש \u{FF9E}x", "ש \u{309D}x",
            "abc \u{0600}123 ש", "a \u{1100}\u{1161} b", "a \u{FF9E}b", "a\u{200D}ש b", "ab\u{0301}. ש",
        ]
        var style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: language)
        let cache = SegmentCache()
        for pass in 0..<2 {
            for text in texts {
                style.segmentCache = nil
                let whole = try style.prepare(text)
                style.segmentCache = cache
                #expect(try style.prepare(text).paragraphs == whole.paragraphs, "\(text), pass \(pass)")
            }
            // Every text again in a different order, so chunks meet other neighbours.
            for text in texts.reversed() {
                let joined = text + " " + texts[(texts.firstIndex(of: text)! + 3) % texts.count]
                style.segmentCache = nil
                let whole = try style.prepare(joined)
                style.segmentCache = cache
                #expect(try style.prepare(joined).paragraphs == whole.paragraphs, "\(joined), pass \(pass)")
            }
        }
        if language.contains("lw-phrase") {
            #expect(cache.paragraphsWithStoredBreaks == 0, "phrase breaking stores no breaks")
        } else {
            #expect(cache.paragraphsWithStoredBreaks > 0, "the second pass takes breaks from the cache")
        }
    }

    /// Without such rules the next character plays no part: Noto Sans shapes words alone.
    @Test func eligibilityFollowsTheFontsLookups() throws {
        // Noto Sans: no applied lookup touches the space. Nanum Gothic has a legacy kern table.
        #expect(Fixtures.notoSans.wordCoupling(script: .latin, language: nil).isIndependent)
        #expect(!Fixtures.nanumGothic.wordCoupling(script: .hangul, language: nil).allowsChunks)
    }
}
