import Testing

@testable import AutoHeight

/// Paired brackets and characters outside the BMP in windows: an edit inside a long paragraph
/// that holds one script may bring, take or re-pair brackets and still re-prepare only a window
/// (``ScriptMix``); one in a paragraph of several scripts is prepared whole; characters outside
/// the BMP (emoji) are no brackets. Either way the results equal the whole preparation.
@Suite struct ParagraphWindowBracketTests {
    typealias Generator = EditableTextTests.Generator

    /// Rule: every paired bracket (Bidi_Paired_Bracket_Type Open or Close) is in the BMP, so a
    /// surrogate is never one.
    @Test func noPairedBracketIsOutsideTheBMP() {
        var found: [UInt32] = []
        for scalar in UInt32(0x10000)...0x10FFFF where UnicodeProperties.pairedBracket(of: scalar) != nil {
            found.append(scalar)
        }
        #expect(found.isEmpty)
        #expect(UnicodeProperties.pairedBracket(of: 0x300C)?.paired == 0x300D)  // 「 pairs with 」
        #expect(!ParagraphCut.mayBeBracket(0xD83D) && !ParagraphCut.mayBeBracket(0xDE00))
        #expect(ParagraphCut.mayBeBracket(0x28) && ParagraphCut.mayBeBracket(0xFF09))
    }

    /// Rule: ScriptMix counts real scripts only (Common, Inherited and Unknown are none).
    @Test func scriptMixCountsRealScripts() {
        func mix(_ text: String) -> ScriptMix { Array(text.utf16).withUnsafeBufferPointer(ScriptMix.of) }
        let latin = Script.of(0x61)
        #expect(mix("") == .none)
        #expect(mix("123 (!) 😀 \u{0301}") == .none)
        #expect(mix("lorem (ipsum) é 😀") == .single(latin))
        #expect(mix("lorem Ωμέγα") == .several)
        #expect(mix("漢字「漢」") == .single(Script.of(0x6F22)))
        #expect(mix("漢字「かな」") == .several)  // Han and Hiragana
        #expect(ScriptMix.none.adding(.single(latin)) == .single(latin))
        #expect(ScriptMix.single(latin).adding(.single(latin)) == .single(latin))
        #expect(ScriptMix.single(latin).adding(.single(Script.of(0x3A9))) == .several)
        #expect(ScriptMix.several.adding(.none) == .several)
    }

    /// Rule: in a long paragraph of one script, typing, deleting and re-pairing brackets takes
    /// the window; once a second script is in the paragraph, brackets send the edit whole; emoji
    /// take the window in either. The results are the whole preparation's.
    @Test func bracketsTakeTheWindowInAParagraphOfOneScript() throws {
        let style = EditableTextTests.style
        let text = String(repeating: "lorem ipsum dolor (sit) amet ", count: 150)
        var editor = try EditableText(text, style: style)
        var expected = Array(text.utf16)
        let middle = expected.count / 2
        #expect(editor.store.paragraph(0).isPieced)
        var windows = 0
        func edit(_ range: Range<Int>, _ insertion: String, window: Bool) throws {
            try editor.replace(utf16Range: range, with: insertion)
            expected.replaceSubrange(range, with: Array(insertion.utf16))
            if window { windows += 1 }
            let context = "replace \(range) with \(insertion.debugDescription)"
            #expect(editor.windowEditCount == windows, "\(context)")
            let full = try style.prepare(String(decoding: expected, as: UTF16.self))
            #expect(editor.prepared.paragraphs == full.paragraphs, "\(context)")
            #expect(try editor.measure(width: 170) == full.measure(width: 170), "\(context)")
            #expect(try editor.lines(width: 170) == full.lines(width: 170), "\(context)")
        }
        try edit(middle..<middle, "(", window: true)
        try edit((middle + 1)..<(middle + 1), "x)", window: true)
        try edit(middle..<(middle + 1), "", window: true)  // deletes the opening bracket
        try edit(middle..<middle, "[{", window: true)
        try edit(middle..<middle, "😀", window: true)
        try edit((middle - 7)..<(middle - 7), " Ωμέγα ", window: false)  // a second script: whole
        try edit(middle..<middle, "(", window: false)  // brackets now pair with Greek around
        try edit(middle..<(middle + 1), "", window: false)

        // Two scripts and no bracket: emoji (surrogates) take the window.
        let mixed = String(repeating: "lorem ipsum Ωμέγα dolor sit amet ", count: 150)
        editor = try EditableText(mixed, style: style)
        expected = Array(mixed.utf16)
        windows = 0
        try edit(middle..<middle, "😀", window: true)
        try edit((middle + 2)..<(middle + 2), "🇰🇷 ", window: true)
        try edit(middle..<(middle + 2), "", window: true)
        try edit(middle..<middle, "[", window: false)
    }

    /// Rule: random edits rich in brackets (round, square, curly, CJK corner and fullwidth ones,
    /// unpaired and nested) in long paragraphs of one script, with emoji and marks, give exactly
    /// the whole preparation, and most take the window; edits that bring a second script end
    /// that, still exact.
    @Test func randomBracketEditsMatchTheFullPath() throws {
        var generator = Generator(state: 80)
        let words = ["lorem", "ipsum", "(dolor)", "sit", "[amet]", "{x}", "a(b", "c)d", "「q」", "（n）", "e\u{0301}"]
        let texts = (0..<4).map { _ in
            (0..<150).map { _ in words[generator.below(words.count)] }.joined(separator: " ")
        }
        let insertions = [
            "(", ")", "[", "]", "{", "}", "「", "」", "（", "）", "(a)", "x(", ")y", "a", " ", "word ", "😀", "", "",
            "\u{0301}", "((", "))", "] [",
        ]
        let windows = try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 40, seed: 81, insertions: insertions)
        #expect(windows > 120)
        // A Greek letter among the insertions: once typed, brackets go whole; still exact.
        let mixed = try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 30, seed: 82, insertions: insertions + ["Ω", "ж"])
        #expect(mixed > 20)
    }

    /// Rule: the same in Chinese text without spaces (Han only, with corner and fullwidth
    /// brackets, which CJK notes and quotes are made of), in Chinese and strict Japanese.
    @Test func cjkBracketEditsInHanTextMatchTheFullPath() throws {
        let font = try IdeographCutTests.cjkFont()
        var generator = Generator(state: 90)
        let han = IdeographCutTests.hanzi
        let marks = ["", "。", "「引用」", "（注）", "、", "『書』"]
        let texts = (0..<3).map { _ in
            (0..<60).map { _ in
                String((0..<(1 + generator.below(10))).map { _ in han[generator.below(han.count)] })
                    + marks[generator.below(marks.count)]
            }.joined()
        }
        let insertions = ["「", "」", "（", "）", "『", "』", "漢", "字", "", "。", "「漢」", "😀", "（注", "）。"]
        var strict = TextStyle(font: font, fontSize: 16, language: "ja")
        strict.lineBreakRules = LineBreakRules(strictness: .strict)
        for (index, style) in [TextStyle(font: font, fontSize: 16, language: "zh-Hans"), strict].enumerated() {
            let windows = try ParagraphWindowTests.checkScripts(
                texts, style: style, steps: 30, seed: 91 + UInt64(index), insertions: insertions)
            #expect(windows > 50, "style \(index)")
        }
    }
}
