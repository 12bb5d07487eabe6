import Foundation
import Testing

@testable import AutoHeight

/// Locale line-break rules: ICU's `-u-lb-` strictness and `-u-lw-` word handling (with
/// `keepall` applied over ICU's breaks, which ICU 72 does not read), Thai dictionary breaks,
/// and the ``LineBreakRules`` API that writes them into the language tag. Offsets are UTF-16
/// break opportunities (after which a line may end).
@Suite struct LineBreakRulesTests {
    func breaks(_ text: String, _ tag: String) throws -> [Int] {
        let locale = try #require(icuLocaleIdentifier(forLanguageTag: tag))
        return try BreakOpportunities.find(in: text, locale: locale)
    }

    /// Rule: Korean breaks between any two syllables by default; keep-all (iOS's
    /// `hangulWordPriority`) only at spaces and where punctuation allows.
    @Test func koreanKeepAllVersusNormal() throws {
        let text = "회의는 내일 오후 3시로 옮겼어요. (참고: 'AB-12')"
        #expect(try breaks(text, "ko") == [1, 2, 4, 5, 7, 8, 10, 11, 12, 14, 15, 16, 17, 20, 22, 25, 33])
        #expect(try breaks(text, "ko-u-lw-keepall") == [4, 7, 10, 14, 20, 25, 33])
        var style = TextStyle(fonts: try .bundled(), fontSize: 16, language: "ko")
        let normal = try style.prepare("회의는 내일 오후 3시로 옮겼어요.").ranges(width: 70)
        style.lineBreakRules.wordBreak = .keepAll
        #expect(style.language == "ko-u-lw-keepall")
        let keepAll = try style.prepare("회의는 내일 오후 3시로 옮겼어요.").ranges(width: 70)
        #expect(normal == [[0, 5], [5, 11], [11, 16], [16, 19]])  // 회의는 내|일 오후 3|시로 옮겼|어요.
        #expect(keepAll == [[0, 4], [4, 10], [10, 14], [14, 19]])  // 회의는 |내일 오후 |3시로 |옮겼어요.
    }

    /// Rule: keep-all keeps CJK runs whole too, but not across punctuation or Thai dictionary
    /// breaks (class SA is no letter unit for keep-all).
    @Test func keepAllOnJapaneseAndThai() throws {
        let japanese = "日本語の文章、かな。Kanji漢字"
        #expect(try breaks(japanese, "ja") == [1, 2, 3, 4, 5, 7, 8, 10, 15, 16, 17])
        #expect(try breaks(japanese, "ja-u-lw-keepall") == [7, 10, 17])
        let thai = "ภาษาไทยไม่มี การเว้นวรรค"
        #expect(try breaks(thai, "th-u-lw-keepall") == breaks(thai, "th"))
    }

    /// Rule: Japanese strictness: `strict` keeps small kana and ー off the start of a line,
    /// `normal` (ICU's default for ja) lets them start one, `loose` also iteration marks, the
    /// wave dash, hyphen-like characters and the middle dot.
    @Test func japaneseStrictNormalLoose() throws {
        let smallKana = "ちょっとまってください。"
        #expect(try breaks(smallKana, "ja") == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12])
        #expect(try breaks(smallKana, "ja-u-lb-normal") == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12])
        #expect(try breaks(smallKana, "ja-u-lb-strict") == [3, 4, 6, 7, 8, 9, 10, 12])
        let longVowel = "ゴールーム々‐あ〜い"
        #expect(try breaks(longVowel, "ja-u-lb-strict") == [2, 4, 7, 9, 10])
        #expect(try breaks(longVowel, "ja") == [1, 2, 3, 4, 7, 9, 10])
        #expect(try breaks(longVowel, "ja-u-lb-loose") == [1, 2, 3, 4, 5, 7, 8, 9, 10])
        let marks = "ああゝあ〻あヽあヾあ‐あ–あ゠あ〜あ・あ"
        #expect(try breaks(marks, "ja") == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 20])
        #expect(try breaks(marks, "ja-u-lb-loose") == Array(1...20))
        // The CLI spelling: --line-break strict.
        var style = TextStyle(fonts: try .bundled(), fontSize: 16, language: "ja")
        style.lineBreakRules.strictness = .strict
        #expect(style.language == "ja-u-lb-strict")
    }

    /// Rule: phrase breaking (ICU 72, Japanese only) breaks between bunsetsu; ICU has no phrase
    /// data for Korean or Chinese, which then break as normal.
    @Test func japanesePhraseBreaking() throws {
        let text = "今日は良い天気ですね。明日も晴れるでしょう。"
        #expect(try breaks(text, "ja") == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22])
        #expect(try breaks(text, "ja-u-lw-phrase") == [3, 5, 11, 14, 18, 22])  // 今日は|良い|天気ですね。|明日も|晴れるでしょう。
        #expect(try breaks("ちょっとまってください。", "ja-u-lw-phrase") == [7, 9, 12])
        let korean = "회의는 내일 오후 3시로 옮겼어요."
        #expect(try breaks(korean, "ko-u-lw-phrase") == breaks(korean, "ko"))
        #expect(try breaks("中文也可以换行。", "zh-u-lw-phrase") == breaks("中文也可以换行。", "zh"))
    }

    /// Rule: Thai has no spaces between words; ICU's dictionary finds the word breaks.
    @Test func thaiDictionaryBreaks() throws {
        let text = "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ"  // ภาษา|ไทย|ไม่มี|การ|เว้น|วรรค|ระหว่าง|คำ
        #expect(try breaks(text, "th") == [4, 7, 12, 15, 19, 23, 30, 32])
        #expect(try breaks(text, "") == [4, 7, 12, 15, 19, 23, 30, 32], "the dictionary applies whatever the language")
        let style = TextStyle(fonts: try .bundled(), fontSize: 16, language: "th")
        let lines = try style.prepare(text).ranges(width: 80)
        #expect(lines == [[0, 7], [7, 19], [19, 30], [30, 32]])  // ภาษาไทย|ไม่มีการเว้น|วรรคระหว่าง|คำ
        for line in lines { #expect([0, 4, 7, 12, 15, 19, 23, 30, 32].contains(line[0])) }
    }

    /// Rule: ``LineBreakRules`` reads and writes only the `lb` and `lw` keywords of the tag.
    @Test func rulesRoundTripThroughTheLanguageTag() throws {
        #expect(
            LineBreakRules(languageTag: "ja-u-lb-strict-lw-phrase")
                == LineBreakRules(strictness: .strict, wordBreak: .phrase))
        #expect(LineBreakRules(languageTag: "ko") == LineBreakRules())
        #expect(LineBreakRules(languageTag: "ko-u-lw-keepall").wordBreak == .keepAll)
        #expect(LineBreakRules(strictness: .loose).applied(to: "ja-JP") == "ja-JP-u-lb-loose")
        #expect(LineBreakRules(strictness: .loose).applied(to: "ja-x-private") == "ja-u-lb-loose-x-private")
        #expect(LineBreakRules(strictness: .strict).applied(to: "en-u-ca-gregory") == "en-u-ca-gregory-lb-strict")
        #expect(LineBreakRules(wordBreak: .keepAll).applied(to: "ko-u-lb-strict-lw-phrase") == "ko-u-lw-keepall")
        #expect(LineBreakRules().applied(to: "ko-u-lw-keepall") == "ko")
        #expect(LineBreakRules().applied(to: "zh-u-co-pinyin-lw-keepall") == "zh-u-co-pinyin")
        var style = TextStyle(fonts: try .bundled(), language: "zh-Hant-TW")
        style.lineBreakRules = LineBreakRules(strictness: .strict, wordBreak: .keepAll)
        #expect(style.language == "zh-Hant-TW-u-lb-strict-lw-keepall")
        #expect(icuLocaleIdentifier(forLanguageTag: style.language) == "zh_Hant_TW@lb=strict;lw=keepall")
        #expect(try breaks("中文也可以换行。", style.language) == [8])
    }
}
