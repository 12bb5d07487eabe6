import Testing

@testable import AutoHeight

/// Breaks typed and deleted in long paragraphs that hold right-to-left text, kept in pieces: the
/// windows are resolved in context at the new paragraph's level (BreakWindow's bidi rule), and
/// the result equals preparing and measuring the new text whole, exactly; a paragraph whose
/// kept tail had another level is prepared whole, exactly too.
@Suite struct BreakWindowBidiTests {
    typealias Generator = EditableTextTests.Generator

    static let hebrew = ["שלום", "עולם", "ספר", "מילה", "בית", "שָׁלוֹם", "ילדים", "תודה,", "12", "ספרים."]
    static let arabic = ["مرحبا", "بالعالم", "كتاب", "عربي،", "مدرسة", "٣٤", "سلام", "قلم"]
    static let latin = ["lorem", "ipsum", "dolor", "sit", "amet,", "elit.", "42"]

    /// `count` words of `words`, with a word of `other` every `every` words (none when 0).
    static func paragraph(
        _ count: Int, words: [String], other: [String] = [], every: Int = 0, generator: inout Generator
    ) -> String {
        (0..<count).map { index in
            every > 0 && index % every == every - 1
                ? other[generator.below(other.count)] : words[generator.below(words.count)]
        }.joined(separator: " ")
    }

    /// The edits of `BreakWindowTests.checkScript`, typing right-to-left and Latin words and no
    /// bracket.
    static func check(_ text: String, steps: Int, seed: UInt64, width: Double = 150) throws -> Int {
        try BreakWindowTests.checkScript(
            text, style: EditableTextTests.style, steps: steps, seed: seed, width: width,
            typedText: ["\r", "ש\nב ", "word\n\nשלום ", "x\r\ny ", "\n\u{2029}", "סוף.\n", "مرحبا\n"],
            ordinary: ["ש", " ", "", "a", "ב ג ", "م"])
    }

    /// Rule: breaks typed and deleted in long Hebrew and Arabic paragraphs (level 1) split and
    /// join in windows, exactly.
    @Test func rightToLeftParagraphsMatchTheFullPath() throws {
        var generator = Generator(state: 200)
        var splits = 0
        for (index, words) in [Self.hebrew, Self.arabic].enumerated() {
            let text = [0, 1, 2].map { _ in Self.paragraph(70, words: words, generator: &generator) }
                .joined(separator: BreakWindowTests.breaks[index])
            splits += try Self.check(text, steps: 50, seed: 201 + UInt64(index))
        }
        #expect(splits > 40, "\(splits)")  // 8 without the rule
    }

    /// Rule: the same in Latin paragraphs holding Hebrew words (level 0) and Hebrew ones
    /// holding Latin words (level 1), narrow.
    @Test func mixedParagraphsOfBothLevelsMatchTheFullPath() throws {
        var generator = Generator(state: 210)
        let leftToRight = Self.paragraph(80, words: Self.latin, other: Self.hebrew, every: 6, generator: &generator)
        let rightToLeft = Self.paragraph(80, words: Self.hebrew, other: Self.latin, every: 5, generator: &generator)
        var splits = try Self.check(leftToRight + "\n" + leftToRight, steps: 50, seed: 211, width: 60)
        splits += try Self.check(rightToLeft + "\u{2029}" + rightToLeft, steps: 50, seed: 212)
        #expect(splits > 40, "\(splits)")  // 14 without the rule
        // Paragraphs of both levels side by side: joins of two levels go whole, and stay exact.
        splits = try Self.check(
            [leftToRight, rightToLeft, leftToRight, rightToLeft].joined(separator: "\r\n"), steps: 60, seed: 213)
        #expect(splits > 15, "\(splits)")  // 3 without the rule
    }

    /// Rule: Enter in the middle of a long Hebrew paragraph and Backspace after it are windows;
    /// a join of a Hebrew paragraph with a Latin one after it (levels 1 and 0) is prepared whole;
    /// Enter before a Latin stretch of a Hebrew paragraph (the new paragraph's level 0, its kept
    /// tail's 1) too; both exact.
    @Test func levelsDecideTheWindow() throws {
        let style = EditableTextTests.style
        let hebrew = String(repeating: "שלום עולם ספר מילה בית ", count: 40)
        let latin = String(repeating: "lorem ipsum dolor sit amet ", count: 40)
        let text = hebrew + latin + hebrew
        var editor = try EditableText(text, style: style, windowMinimumLength: 0, pieceLength: 48)
        var expected = Array(text.utf16)
        _ = try editor.measure(width: 200)
        let middle = hebrew.utf16.count / 2
        for (range, insertion, windows) in [
            (middle..<middle, "\n", 1), (middle..<(middle + 1), "", 2),
            // Enter at the Latin stretch's start: the new paragraph starts with Latin (level 0)
            // and keeps the old tail, resolved at level 1: whole.
            (hebrew.utf16.count..<hebrew.utf16.count, "\r\n", 2),
            // Backspace joins the Hebrew paragraph (1) with the Latin-led one (0): whole.
            (hebrew.utf16.count..<(hebrew.utf16.count + 2), "", 2),
            (middle..<middle, "\u{2029}", 3),
        ] {
            try editor.replace(utf16Range: range, with: insertion)
            expected.replaceSubrange(range, with: Array(insertion.utf16))
            #expect(editor.breakEditCount == windows, "\(range) \(insertion.debugDescription)")
            try BreakWindowTests.expectSame(
                editor, expected, style: style, width: 200, "\(range) \(insertion.debugDescription)")
        }
        #expect(editor.paragraphCount == 2)
    }
}
