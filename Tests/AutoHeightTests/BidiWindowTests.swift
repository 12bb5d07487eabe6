import Testing

@testable import AutoHeight

/// An edit inside a long paragraph that holds right-to-left text re-prepares only a window
/// around it when the window provably resolves to one even bidi level (`BidiCut`): the result
/// equals preparing and measuring the new text whole, exactly, or the window is not taken.
@Suite struct BidiWindowTests {
    typealias Generator = EditableTextTests.Generator

    static let latin = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "naïve", "x-1", "3.14", "1,000",
    ]
    static let rightToLeft = ["שלום", "עולם", "مرحبا", "بالعالم", "كتاب", "ספר", "٣٤٥", "שָׁלוֹם", "عربي،"]
    static let others = ["(par)", "[b]", "a\tb", "Ωμέγα", "слово", "漢字", "“q”", "$5", "don't"]
    /// Latin text (where windows are taken), some right-to-left and neutral text (where they go
    /// whole), brackets, tabs, RLM (whole), LRM (strong L), BN (ZWJ, soft hyphen, ZWSP), number
    /// separators and terminators. Explicit controls, which keep the paragraph whole from then on,
    /// are in ``windowIsTakenOnlyWhereItIsSafe()``.
    static let insertions = [
        "a", " ", "word ", "é", "\u{0301}", "x y z ", "1", ".", "", "xy", "b ", "", "a", "e", "-", "7 ",
        "שלום ", "مرحبا", "(", "\t", "\u{200F}", "\u{200E}", "\u{0661}", "!", "", "qu",
        "\u{200D}", "\u{00AD}", "\u{200B}", "+5%", "a,b",
    ]

    /// A paragraph of `count` words: mostly Latin, one in `rightToLeftEvery` right-to-left (at
    /// least one), some others; it starts with a right-to-left word when `rightToLeftBase`.
    static func paragraph(
        _ count: Int, generator: inout Generator, rightToLeftBase: Bool, rightToLeftEvery: Int
    ) -> String {
        var parts: [String] = []
        if rightToLeftBase { parts.append(rightToLeft[generator.below(rightToLeft.count)]) }
        for index in 0..<count {
            if index == count / 2 || generator.below(rightToLeftEvery) == 0 {
                parts.append(rightToLeft[generator.below(rightToLeft.count)])
            } else if generator.below(12) == 0 {
                parts.append(others[generator.below(others.count)])
            } else {
                parts.append(latin[generator.below(latin.count)])
            }
        }
        return parts.joined(separator: " ")
    }

    /// Rule: random edits in long paragraphs that start with a right-to-left word (base level 1)
    /// give exactly the whole preparation, and most of them take a window.
    @Test func randomEditsInRightToLeftParagraphsMatchTheFullPath() throws {
        var generator = Generator(state: 70)
        let texts = (0..<4).map { _ in
            Self.paragraph(150, generator: &generator, rightToLeftBase: true, rightToLeftEvery: 15)
        }
        let windows = try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 40, seed: 71, insertions: Self.insertions)
        #expect(windows > 35)  // of 160 edits
    }

    /// Rule: the same with a left-to-right base (Latin first, right-to-left words inside).
    @Test func randomEditsInLeftToRightParagraphsWithRightToLeftWordsMatchTheFullPath() throws {
        var generator = Generator(state: 80)
        let texts = (0..<4).map { _ in
            Self.paragraph(150, generator: &generator, rightToLeftBase: false, rightToLeftEvery: 8)
        }
        var windows = try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 40, seed: 81, insertions: Self.insertions)
        // Around one spot, narrow: words break inside, and lines start inside segments.
        windows += try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 20, seed: 82, nearMiddle: true, width: 30,
            insertions: Self.insertions)
        #expect(windows > 45)  // of 240 edits
    }

    /// Rule: the same in the web profile, with Pango's trailing whitespace, with `white-space:
    /// normal` and with a segment cache.
    @Test func otherStylesMatchTheFullPath() throws {
        var generator = Generator(state: 90)
        let texts = (0..<2).map { index in
            Self.paragraph(100, generator: &generator, rightToLeftBase: index == 0, rightToLeftEvery: 10)
        }
        var web = EditableTextTests.style
        web.profile = .web
        var pango = EditableTextTests.style
        pango.trailingWhitespace = .pango
        var normal = EditableTextTests.style
        normal.whiteSpace = .normal
        var cached = EditableTextTests.style
        cached.segmentCache = SegmentCache()
        for (index, style) in [web, pango, normal, cached].enumerated() {
            let windows = try ParagraphWindowTests.checkScripts(
                texts, style: style, steps: 25, seed: 91 + UInt64(index), width: index == 0 ? 41 : 150,
                insertions: Self.insertions)
            #expect(windows > 7, "style \(index)")  // of 50 edits
        }
    }

    /// Rule: in a paragraph that holds right-to-left text, a window is taken for Latin edits
    /// between Latin words after the first strong character, and not for an edit at or before
    /// it, one that brings right-to-left text, a bidi control, a bracket or a paragraph
    /// separator, nor in a paragraph with an explicit bidi control anywhere; with a
    /// right-to-left base, not for a tab either, nor when the paragraph would end with a
    /// neutral. The results are exact either way.
    @Test func windowIsTakenOnlyWhereItIsSafe() throws {
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 60)
        let middle = words.utf16.count / 2 + 1  // "ipsum |dolor" or the like: inside a word
        let style = EditableTextTests.style
        func check(_ editor: EditableText, _ windows: Int, _ note: String) throws {
            #expect(editor.windowEditCount == windows, "\(note)")
            let full = try style.prepare(editor.text)
            #expect(editor.prepared.paragraphs == full.paragraphs, "\(note)")
            for width in [30.0, 200] {
                #expect(try editor.measure(width: width) == full.measure(width: width), "\(note) \(width)")
                #expect(try editor.lines(width: width) == full.lines(width: width), "\(note) \(width)")
            }
        }
        for prefix in ["مرحبا ", "שלום ", "lorem שלום ", "1 lorem مرحبا "] {
            let leftToRight = prefix.contains("lorem")
            let count = prefix.utf16.count
            var editor = try EditableText(prefix + words, style: style, windowMinimumLength: 0, pieceLength: 64)
            #expect(editor.store.paragraph(0).isPieced)
            try editor.replace(utf16Range: (count + middle)..<(count + middle), with: "x")
            try check(editor, 1, "\(prefix): a letter")
            try editor.replace(utf16Range: (count + middle)..<(count + middle + 1), with: "7 q")
            var windows = 2
            try check(editor, windows, "\(prefix): a number and a space")
            for (insertion, note) in [
                ("ש", "Hebrew"), ("\u{0663}", "an Arabic-Indic digit"), ("\u{200F}", "RLM"), ("\u{2067}", "RLI"),
                ("(", "a bracket"), ("\t", "a tab"), ("\u{1C}", "a paragraph separator"),
            ] {
                // Only a tab in a paragraph of level 0 keeps the window, there and back.
                let window = leftToRight && insertion == "\t" ? 1 : 0
                try editor.replace(utf16Range: (count + middle)..<(count + middle), with: insertion)
                windows += window
                try check(editor, windows, "\(prefix): \(note)")
                try editor.replace(utf16Range: (count + middle)..<(count + middle + insertion.utf16.count), with: "")
                windows += window
                try check(editor, windows, "\(prefix): \(note) taken out")
            }
            // At or before the first strong character (the paragraph's first word): whole.
            try editor.replace(utf16Range: 1..<1, with: "a")
            try check(editor, windows, "\(prefix): inside the first word")
            try editor.replace(utf16Range: 0..<0, with: "1 ")  // no strong character: same level
            try check(editor, windows, "\(prefix): before the first word")
            // At the end: a letter keeps the window; with a right-to-left base, a final period or
            // space goes whole (it is a right-to-left run of its own, not kerned with the "T").
            let end = editor.utf16Count
            try editor.replace(utf16Range: end..<end, with: "T")
            windows += 1
            try check(editor, windows, "\(prefix): a letter at the end")
            try editor.replace(utf16Range: (end + 1)..<(end + 1), with: ".")
            windows += leftToRight ? 1 : 0
            try check(editor, windows, "\(prefix): a period at the end")
            try editor.replace(utf16Range: (end + 2)..<(end + 2), with: " ")
            windows += leftToRight ? 1 : 0
            try check(editor, windows, "\(prefix): a space at the end")
        }
        // An explicit embedding anywhere keeps the paragraph whole.
        for control in ["\u{202B}", "\u{2067}", "\u{202E}"] {
            var editor = try EditableText(
                "مرحبا " + control + "ab" + words, style: style, windowMinimumLength: 0, pieceLength: 64)
            #expect(!editor.store.paragraph(0).isPieced)
            try editor.replace(utf16Range: (middle + 6)..<(middle + 6), with: "x")
            try check(editor, 0, "control \(control.unicodeScalars.first!.value)")
        }
    }

    /// Rule: a long paragraph with right-to-left text is kept in pieces that count its bidi
    /// units exactly (their sum is the whole paragraph's).
    @Test func piecesCountBidiUnits() throws {
        var generator = Generator(state: 100)
        let text = Self.paragraph(400, generator: &generator, rightToLeftBase: true, rightToLeftEvery: 6)
        let editor = try EditableText(text, style: EditableTextTests.style, windowMinimumLength: 0, pieceLength: 64)
        let paragraph = editor.store.paragraph(0)
        #expect(paragraph.pieces.count > 20)
        let full = try EditableTextTests.style.prepare(text)
        #expect(paragraph.bidiUnits == full.paragraphs[0].bidiUnits)
        #expect(paragraph.bidiUnits == text.utf16.filter(CharacterClasses.mayNeedBidi).count)
        #expect(editor.prepared.paragraphs == full.paragraphs)
    }
}
