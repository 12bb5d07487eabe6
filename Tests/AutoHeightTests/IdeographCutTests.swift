import Testing

@testable import AutoHeight

/// A long CJK paragraph without spaces is cut between two ideographs (or Hangul syllables) the
/// primary font shapes alone (`IdeographCut`): kept in pieces, and an edit re-prepares only a
/// window, with exactly the results of preparing the whole.
@Suite struct IdeographCutTests {
    typealias Generator = EditableTextTests.Generator

    static let hanzi = Array(
        "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外")
    static let others = [
        "ありがとうございます", "いろはにほへと", "テキストエディタ", "。", "、", "かな", "カタカナ", "한국어", "abc ", " ", "（注）", "「引用」", "1,000", "々",
        "ー", "👨‍👩‍👧", "漢\u{FE00}",
        "葛\u{E0100}", "か\u{3099}", "\t",
    ]
    static let insertions = [
        "漢", "字", "", "漢字", "。", "、", "か", "한", " ", "a", "\u{FE00}", "\u{E0100}", "\u{3099}", "(", "🇰🇷", "ー",
        "国", "", "人", "々",
    ]

    /// Noto Sans CJK (fonts-noto-cjk, which `scripts/install-deps.sh` installs), face `face`.
    static func cjkFont(face: Int = 0) throws -> Font {
        let path = try #require(
            Fixtures.systemFont("NotoSansCJK-Regular.ttc"),
            "NotoSansCJK-Regular.ttc missing: apt-get install fonts-noto-cjk")
        return try Font(path: path, faceIndex: face)
    }

    /// A paragraph of `count` runs of ideographs (1–12 each), now and then something else
    /// (punctuation, kana, Hangul, Latin, brackets, emoji, variation selectors, marks).
    static func paragraph(_ count: Int, generator: inout Generator) -> String {
        var text = ""
        for _ in 0..<count {
            for _ in 0..<(1 + generator.below(12)) { text.append(hanzi[generator.below(hanzi.count)]) }
            if generator.below(3) == 0 { text += others[generator.below(others.count)] }
        }
        return text
    }

    /// Rule: random edits in long CJK paragraphs kept in 48-unit pieces give exactly the full
    /// preparation and measure, in Chinese and Japanese, with the CJK font alone and first in a
    /// stack, and most of them take the window.
    @Test func randomEditsInCJKParagraphsMatchTheFullPath() throws {
        let font = try Self.cjkFont()
        var generator = Generator(state: 80)
        let texts = (0..<4).map { _ in Self.paragraph(40, generator: &generator) }
        var styles = [
            TextStyle(font: font, fontSize: 16, language: "zh-Hans"),
            TextStyle(font: font, fontSize: 16, language: "ja"),
        ]
        styles.append(TextStyle(fonts: FontStack(font, fallbacks: [Fixtures.notoSans]), fontSize: 16, language: "zh"))
        var strict = styles[1]
        strict.lineBreakRules = LineBreakRules(strictness: .strict)
        styles.append(strict)
        for (index, style) in styles.enumerated() {
            let windows = try ParagraphWindowTests.checkScripts(
                texts, style: style, steps: 30, seed: 81 + UInt64(index), width: index == 3 ? 37 : 150,
                insertions: Self.insertions)
            #expect(windows > 60, "style \(index)")
        }
    }

    /// Rule: the same in Korean written without spaces (Hangul syllables, HarfBuzz's Hangul
    /// shaper), with jamo and tone marks typed between and after syllables, and in loose
    /// Japanese.
    @Test func randomEditsInHangulAndLooseJapaneseMatchTheFullPath() throws {
        var generator = Generator(state: 130)
        let syllables = Array("대한민국의수도는서울이고인구는천만명정도입니다가나다라마바사")
        let korean = (0..<3).map { _ in
            var text = ""
            for index in 0..<400 {
                text.append(syllables[generator.below(syllables.count)])
                if index % 37 == 0 { text += ["。", "漢字", "\u{302E}", ", ", "ᄀ"][generator.below(5)] }
            }
            return text
        }
        let style = TextStyle(font: try Self.cjkFont(face: 1), fontSize: 16, language: "ko")
        var windows = try ParagraphWindowTests.checkScripts(
            korean, style: style, steps: 30, seed: 131,
            insertions: [
                "한", "", "국어", "\u{302E}", "\u{302F}", "\u{1100}", "\u{1161}", "\u{11A8}", "ᄀ\u{1161}", " ", "漢",
            ])
        var loose = TextStyle(font: try Self.cjkFont(), fontSize: 16, language: "ja")
        loose.lineBreakRules = LineBreakRules(strictness: .loose)
        let japanese = (0..<3).map { _ in Self.paragraph(40, generator: &generator) }
        windows += try ParagraphWindowTests.checkScripts(
            japanese, style: loose, steps: 30, seed: 132, width: 37, insertions: Self.insertions)
        #expect(windows > 120)  // 44 without ideograph cuts (word cuts after ", ")
    }

    /// Rule: the same under the CSS properties that change breaking and spacing
    /// (`white-space: normal` with line feeds and tabs, `break-spaces`, `word-break: break-all`,
    /// `line-break: anywhere`, and the web profile with `normal` and break-all).
    @Test(arguments: 0..<5) func cssModesInCJKParagraphsMatchTheFullPath(_ index: Int) throws {
        var style = ParagraphWindowCSSTests.styles[index].style
        style.fonts = FontStack(try Self.cjkFont(), fallbacks: [Fixtures.notoSans])
        style.language = "zh"
        var generator = Generator(state: 110 + UInt64(index))
        var texts = (0..<2).map { _ in Self.paragraph(40, generator: &generator) }
        texts.append(texts[0].replacing("。", with: "。\n").replacing("、", with: " \t "))
        let windows = try ParagraphWindowTests.checkScripts(
            texts, style: style, steps: 25, seed: 120 + UInt64(index), width: index == 3 ? 37 : 150,
            insertions: Self.insertions + ["\n", "  "])
        #expect(windows > 30, "\(ParagraphWindowCSSTests.styles[index].name)")
    }

    /// Rule: a long paragraph of ideographs is kept in pieces cut between two ideographs, and
    /// measured as the whole paragraph; edits on, just before and just after the boundaries
    /// give exactly the full preparation and take the window.
    @Test func editsAtCJKPieceBoundariesMatchTheFullPath() throws {
        let style = TextStyle(font: try Self.cjkFont(face: 2), fontSize: 16, language: "zh-Hans")
        var generator = Generator(state: 90)
        let text = Self.paragraph(150, generator: &generator)
        var editor = try EditableText(text, style: style, windowMinimumLength: 0, pieceLength: 64)
        var expected = Array(text.utf16)
        let pieces = editor.store.paragraph(0)
        try #require(pieces.pieces.count > 10)
        for start in pieces.pieceStarts.dropFirst() {
            #expect(expected.withUnsafeBufferPointer { IdeographCut.script(at: start, in: $0) } == .han)
        }
        let full = try style.prepare(text)
        for width in [15.0, 100, 333] {
            #expect(try editor.measure(width: width) == full.measure(width: width), "width \(width)")
            #expect(try editor.lines(width: width) == full.lines(width: width), "width \(width)")
        }
        let width = 90.0
        let edits: [(Int, String)] = [
            (0, "字"), (1, ""), (0, "。"), (2, "漢字"), (1, "\u{FE00}"), (0, ""), (0, "\u{3099}"),
        ]
        for step in 0..<60 {
            let paragraph = editor.store.paragraph(0)
            let boundary = paragraph.pieceStarts[1 + generator.below(paragraph.pieces.count - 1)]
            let (length, insertion) = edits[generator.below(edits.count)]
            var lower = min(max(boundary + generator.below(5) - 3, 0), expected.count)
            if lower < expected.count && expected[lower] & 0xFC00 == 0xDC00 { lower -= 1 }
            var upper = min(lower + length, expected.count)
            if upper < expected.count && expected[upper] & 0xFC00 == 0xDC00 { upper += 1 }
            try editor.replace(utf16Range: lower..<upper, with: insertion)
            expected.replaceSubrange(lower..<upper, with: Array(insertion.utf16))
            let full = try style.prepare(String(decoding: expected, as: UTF16.self))
            let context = "step \(step): replace \(lower)..<\(upper) with \(insertion.debugDescription)"
            #expect(editor.prepared.paragraphs == full.paragraphs, "\(context)")
            #expect(editor.characterCount == String(decoding: expected, as: UTF16.self).count, "\(context)")
            #expect(try editor.measure(width: width) == full.measure(width: width), "\(context)")
            #expect(try editor.lines(width: width) == full.lines(width: width), "\(context)")
        }
        #expect(editor.windowEditCount > 50)
        #expect(editor.store.paragraph(0).pieces.count > 10)
    }
}

extension IdeographCutTests {
    /// Rule: Noto Sans CJK ties no ideograph or Hangul syllable to its neighbours (its kerning
    /// and contextual rules are for Latin, kana and punctuation), so they are cut letters; it
    /// kerns kana pairs in its default `kern` feature, so most kana are not, and shaping such a
    /// pair apart indeed gives other advances than shaping it whole.
    @Test func fontAnalysisAcceptsNotoIdeographsAndRefusesKernedKana() throws {
        let font = try Self.cjkFont()
        let han = font.isolatedLetters(script: .han, language: nil, candidates: IdeographCut.candidates(of:))
        let hanCandidates = IdeographCut.candidates(of: .han)
        #expect(hanCandidates.count == 27_584)
        // Every ideograph the font maps (it lacks U+4DB6–4DBF and U+9FF0–9FFF, added in
        // Unicode 13 and 14).
        #expect(hanCandidates.filter { han.contains(UInt16($0)) }.count == 27_558)
        #expect(hanCandidates.allSatisfy { han.contains(UInt16($0)) == font.covers(Unicode.Scalar($0)!) })
        #expect(!han.contains(0x4DB6) && han.contains(0x4E00) && han.contains(0x9FA5))
        let hangul = font.isolatedLetters(script: .hangul, language: nil, candidates: IdeographCut.candidates(of:))
        #expect((0xAC00...0xD7A3).allSatisfy { hangul.contains(UInt16($0)) })
        let hiragana = font.isolatedLetters(
            script: .hiragana, language: nil, candidates: IdeographCut.candidates(of:))
        #expect(IdeographCut.candidates(of: .hiragana).count == 74)  // small kana are CJ
        #expect((0x3041...0x3096).filter { hiragana.contains(UInt16($0)) }.count == 6)
        #expect(!hiragana.contains(0x3042))  // あ: kerned

        // A kerned pair: shaped whole, its first letter is narrower than shaped alone.
        let style = TextStyle(font: font, fontSize: 1000, language: "ja")
        var kerned: [String] = []
        for first in 0x3041...0x3096 where !hiragana.contains(UInt16(first)) {
            for second in [0x3044, 0x3046, 0x3063, 0x3068, 0x3089] {
                let text = String(Unicode.Scalar(UInt32(first))!) + String(Unicode.Scalar(UInt32(second))!)
                let whole = try style.prepare(text).paragraphs[0].advances
                let alone = try style.prepare(String(Unicode.Scalar(UInt32(first))!)).paragraphs[0].advances
                if whole[0] != alone[0] { kerned.append(text) }
            }
        }
        #expect(!kerned.isEmpty)
        let units = Array("漢字あい한국".utf16)
        let cuts = try style.preparationContext().withPreparer { preparer in
            units.withUnsafeBufferPointer { units in (1..<units.count).filter { preparer.isCut(at: $0, in: units) } }
        }
        #expect(cuts == [1, 5])  // 漢|字 and 한|국; not 字|あ (two scripts) nor あ|い (kerned)
    }

    /// Rule: a font with a legacy `kern` table (NanumGothic) has no cut letters, whatever its
    /// kerning pairs: the analysis reads only OpenType lookups.
    @Test func legacyKernTableRefusesEveryCut() throws {
        let font = Fixtures.nanumGothic
        for script in IdeographCut.scripts {
            #expect(
                font.isolatedLetters(script: script, language: nil, candidates: IdeographCut.candidates(of:)).isEmpty)
        }
        #expect(font.covers("漢") && font.covers("한"))
    }
}

extension IdeographCutTests {
    /// Rule: in a font whose default features join 漢字 in a ligature, kern 人大 and, from a
    /// contextual rule on 五 alone, apply a ligature 五三四 that reaches past the rule's context
    /// (a synthetic fixture, `scripts/make-ideograph-test-font.py`), those seven ideographs are
    /// not cut letters and its other four are; shaping either pair apart indeed gives other advances than
    /// shaping it whole; random edits in paragraphs of its ideographs kept in 48-unit pieces give
    /// exactly the full preparation, and the cuts between the others take the window.
    @Test func lookupsAcrossIdeographsRefuseTheirCuts() throws {
        let font = try Font(path: Fixtures.url("ideograph-lookups.ttf").path)
        let letters = "漢字人大中国一二五三四"
        let han = font.isolatedLetters(script: .han, language: nil, candidates: IdeographCut.candidates(of:))
        #expect(
            letters.unicodeScalars.map { han.contains(UInt16($0.value)) }
                == [false, false, false, false, true, true, true, true, false, false, false])
        let style = TextStyle(font: font, fontSize: 1000, language: "zh")
        func widths(_ text: String) throws -> [Double] { try style.prepare(text).paragraphs[0].advances }
        for (first, second) in [("漢", "字"), ("人", "大"), ("五", "三四"), ("五三", "四")] {
            #expect(try widths(first + second) != widths(first) + widths(second), "\(first)|\(second)")
        }
        #expect(try widths("中国") == widths("中") + widths("国"))

        var generator = Generator(state: 100)
        let characters = Array(letters)
        let texts = (0..<3).map { _ in
            String((0..<300).map { _ in characters[generator.below(characters.count)] })
        }
        let windows = try ParagraphWindowTests.checkScripts(
            texts, style: TextStyle(font: font, fontSize: 16, language: "zh"), steps: 40, seed: 101,
            insertions: ["漢", "字", "人", "大", "中", "", "漢字", "人大", "一二", "五", "三", "四", "五三四"])
        #expect(windows > 80)
    }
}

extension IdeographCutTests {
    /// Rule: ICU breaks between every two cut letters of one script in every locale and
    /// strictness (the Chinese and Japanese tailorings change CJ and some NS characters, never
    /// these): each candidate of each script after each other, in order, reversed and in a
    /// shuffled order, has a break opportunity at every offset.
    @Test func everyTwoCutLettersHaveABreakInEveryLocale() throws {
        var generator = Generator(state: 140)
        let tags = [
            "", "en", "zh", "zh-Hant", "zh-u-lb-strict", "zh-u-lb-loose", "ja", "ja-u-lb-strict", "ja-u-lb-normal",
            "ja-u-lb-loose", "ko",
        ]
        for script in IdeographCut.scripts {
            let letters = IdeographCut.candidates(of: script).map { Character(Unicode.Scalar($0)!) }
            var shuffled = letters
            for index in shuffled.indices.reversed() { shuffled.swapAt(index, generator.below(index + 1)) }
            for order in [letters, letters.reversed(), shuffled] {
                let text = String(order)
                for tag in tags {
                    let locale = try #require(icuLocaleIdentifier(forLanguageTag: tag))
                    let found = try BreakOpportunities.find(in: text, locale: locale)
                    #expect(found == Array(1...letters.count), "\(script.tag) \(tag)")
                }
            }
        }
    }
}
