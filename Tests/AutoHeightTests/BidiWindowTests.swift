import Testing

@testable import AutoHeight

/// An edit inside a long paragraph that holds right-to-left text re-prepares only a window
/// around it when the window provably resolves to one even bidi level, or resolves in the
/// context of the letters beyond its cuts as it does in the paragraph (`BidiCut`): the result
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
    /// give exactly the whole preparation, and many of them take a window.
    @Test func randomEditsInRightToLeftParagraphsMatchTheFullPath() throws {
        var generator = Generator(state: 70)
        let texts = (0..<4).map { _ in
            Self.paragraph(150, generator: &generator, rightToLeftBase: true, rightToLeftEvery: 15)
        }
        let windows = try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 40, seed: 71, insertions: Self.insertions)
        #expect(windows > 55)  // of 160 edits
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
        #expect(windows > 140)  // of 240 edits
    }

    /// Rule: the same in the web profile, with Pango's trailing whitespace, with `white-space:
    /// normal` and with a segment cache.
    @Test func otherStylesMatchTheFullPath() throws {
        var generator = Generator(state: 90)
        let texts = (0..<2).map { index in
            Self.paragraph(100, generator: &generator, rightToLeftBase: index == 0, rightToLeftEvery: 10)
        }
        for (index, style) in ParagraphWindowTests.variantStyles().enumerated() {
            let windows = try ParagraphWindowTests.checkScripts(
                texts, style: style, steps: 25, seed: 91 + UInt64(index), width: index == 0 ? 41 : 150,
                insertions: Self.insertions)
            #expect(windows > 20, "style \(index)")  // of 50 edits
        }
    }

    /// Rule: in a paragraph that holds right-to-left text, a window is taken for edits between
    /// Latin words after the first strong character: always at level 0 (right-to-left text,
    /// numbers and marks included), and at level 1 when the paragraph holds no paired bracket
    /// or the window then holds no right-to-left character or Arabic number (a bracket pair
    /// around it could resolve differently); never for an edit at or before the first strong
    /// character, one that brings a bracket, a bidi control or a paragraph separator, nor in a
    /// paragraph with an explicit bidi control anywhere. Tabs and a period or space typed at the
    /// paragraph's end are resolved in context. The results are exact either way.
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
            for (insertion, note, atLevel0, atLevel1) in [
                ("ש", "Hebrew", true, true), ("\u{0663}", "an Arabic-Indic digit", true, true),
                ("\u{200F}", "RLM", true, true), ("\u{2067}", "RLI", false, false), ("(", "a bracket", false, false),
                ("\t", "a tab", true, true), ("\u{1C}", "a paragraph separator", false, false),
            ] {
                let window = (leftToRight ? atLevel0 : atLevel1) ? 1 : 0
                try editor.replace(utf16Range: (count + middle)..<(count + middle), with: insertion)
                windows += window
                try check(editor, windows, "\(prefix): \(note)")
                try editor.replace(utf16Range: (count + middle)..<(count + middle + insertion.utf16.count), with: "")
                windows += window
                try check(editor, windows, "\(prefix): \(note) taken out")
            }
            // With a bracket pair in the paragraph, Hebrew between Latin cuts at level 1: whole.
            try editor.replace(utf16Range: (count + 12)..<(count + 12), with: "(a) ")
            try check(editor, windows, "\(prefix): a bracket pair")
            for (replaced, typed) in [(0, "ש"), (1, "")] {
                let at = count + middle + 4
                try editor.replace(utf16Range: at..<(at + replaced), with: typed)
                windows += leftToRight ? 1 : 0
                try check(editor, windows, "\(prefix): Hebrew \(replaced) with brackets")
            }
            try editor.replace(utf16Range: (count + 12)..<(count + 16), with: "")
            try check(editor, windows, "\(prefix): the bracket pair taken out")
            // At or before the first strong character (the paragraph's first word): a window
            // that starts the paragraph when its level stays, else whole.
            try editor.replace(utf16Range: 1..<1, with: "a")
            windows += 1
            try check(editor, windows, "\(prefix): inside the first word")
            try editor.replace(utf16Range: 0..<0, with: "1 ")  // no strong character: same level
            windows += 1
            try check(editor, windows, "\(prefix): before the first word")
            let opposite = leftToRight ? "ש " : "a "
            try editor.replace(utf16Range: 0..<0, with: opposite)
            try check(editor, windows, "\(prefix): the level changes")
            try editor.replace(utf16Range: 0..<2, with: "")
            try check(editor, windows, "\(prefix): the level changes back")
            // At the end: a letter, a period, a space (with a right-to-left base, the last two
            // are a right-to-left run of their own, resolved with eos as in the paragraph).
            let end = editor.utf16Count
            for (offset, typed) in ["T", ".", " ", "ש"].enumerated() {
                try editor.replace(utf16Range: (end + offset)..<(end + offset), with: typed)
                windows += 1
                try check(editor, windows, "\(prefix): \(typed) at the end")
            }
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

    static let hebrew = ["שלום", "עולם", "ספר", "מילה", "בית", "שָׁלוֹם", "ילדים", "תודה,"]
    static let arabic = ["مرحبا", "بالعالم", "كتاب", "عربي،", "مدرسة", "بيت", "قلمٌ", "لا"]
    /// Numbers (EN, AN, with separators and terminators), neutrals and some Latin among them.
    static let amid = ["123", "٣٤٥", "3.14", "١٢", "-", "!", "50%", "abc", "SMTP", "a\tb", "…", "+7"]
    /// Right-to-left letters and words typed and deleted, with numbers, marks, neutrals, Latin,
    /// tabs, RLM/LRM, ZWJ and tatweel; brackets (whole) now and then.
    static let rightToLeftInsertions = [
        "ש", "ם", "א", " ", "שלום ", "ה", "12", "\u{0663}", "-", ".", "", "", "a", "ab ", "\u{05B8}", "م", "ب",
        "ا", "كتاب ", "ة", "\u{064E}", "\u{0640}", "لا", "،", "\t", "\u{200F}", "\u{200E}", "\u{200D}", "x y",
        "(", "5%", "",
    ]

    /// A paragraph of `count` words of `words` with numbers, neutrals and Latin among them (one
    /// in 6); it starts with a Latin word unless `rightToLeftBase`.
    static func rightToLeftParagraph(
        _ count: Int, words: [String], generator: inout Generator, rightToLeftBase: Bool
    ) -> String {
        var parts: [String] = rightToLeftBase ? [] : ["Lorem"]
        for _ in 0..<count {
            parts.append(
                generator.below(6) == 0 ? amid[generator.below(amid.count)] : words[generator.below(words.count)])
        }
        return parts.joined(separator: " ")
    }

    /// Rule: random edits (right-to-left letters and words typed and deleted, numbers, marks,
    /// neutrals) in long Hebrew and Arabic paragraphs, of level 1 and of level 0, give exactly
    /// the whole preparation, and most take a window resolved in context.
    @Test func randomEditsInHebrewAndArabicParagraphsMatchTheFullPath() throws {
        var generator = Generator(state: 110)
        var texts: [String] = []
        for words in [Self.hebrew, Self.arabic] {
            for base in [true, false] {
                texts.append(Self.rightToLeftParagraph(150, words: words, generator: &generator, rightToLeftBase: base))
            }
        }
        var windows = try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 40, seed: 111, insertions: Self.rightToLeftInsertions)
        #expect(windows > 110)  // of 160 edits
        windows = try ParagraphWindowTests.checkScripts(
            texts, style: EditableTextTests.style, steps: 20, seed: 112, nearMiddle: true, width: 30,
            insertions: Self.rightToLeftInsertions)
        #expect(windows > 32)  // of 80 edits, narrow, around one spot
    }

    /// Rule: the same in the web profile, with Pango's trailing whitespace, with `white-space:
    /// normal` and with a segment cache.
    @Test func otherStylesMatchTheFullPathInRightToLeftParagraphs() throws {
        var generator = Generator(state: 120)
        let texts = [
            Self.rightToLeftParagraph(100, words: Self.hebrew, generator: &generator, rightToLeftBase: true),
            Self.rightToLeftParagraph(100, words: Self.arabic, generator: &generator, rightToLeftBase: false),
        ]
        for (index, style) in ParagraphWindowTests.variantStyles().enumerated() {
            let windows = try ParagraphWindowTests.checkScripts(
                texts, style: style, steps: 25, seed: 121 + UInt64(index), width: index == 0 ? 41 : 150,
                insertions: Self.rightToLeftInsertions)
            #expect(windows > 30, "style \(index)")  // of 50 edits
        }
    }

    /// Rule: typing a word of Hebrew or Arabic letters into the middle of a long paragraph of
    /// that language (level 1, or level 0 after a Latin first word), then a space and digits,
    /// and deleting it all again, takes a window at every keystroke, and so does typing Latin
    /// letters between two right-to-left words; at level 0, once the paragraph holds a bracket,
    /// typing Latin there does not (a bracket pair around the window could resolve
    /// differently), and a bracket never does.
    @Test func typingRightToLeftWordsTakesWindows() throws {
        let style = EditableTextTests.style
        for (words, typed) in [("שלום עולם ספר מילה בית ", "ספרים 12"), ("مرحبا بالعالم كتاب عربي ", "مدرسة ٣٤")] {
            for prefix in ["", "Lorem "] {
                let text = prefix + String(repeating: words, count: 50)
                var editor = try EditableText(text, style: style, windowMinimumLength: 0, pieceLength: 64)
                #expect(editor.store.paragraph(0).isPieced)
                // After a space in the middle: `word |word`.
                let at = prefix.utf16.count + words.utf16.count * 25
                var windows = 0
                func check(_ note: String) throws {
                    #expect(editor.windowEditCount == windows, "\(prefix)\(note)")
                    let full = try style.prepare(editor.text)
                    #expect(editor.prepared.paragraphs == full.paragraphs, "\(prefix)\(note)")
                    #expect(try editor.lines(width: 120) == full.lines(width: 120), "\(prefix)\(note)")
                }
                for (offset, unit) in Array((typed + " ").utf16).enumerated() {
                    try editor.replace(
                        utf16Range: (at + offset)..<(at + offset), with: String(decoding: [unit], as: UTF16.self))
                    windows += 1
                    try check("typed \(offset)")
                }
                for offset in (0..<(typed.utf16.count + 1)).reversed() {
                    try editor.replace(utf16Range: (at + offset)..<(at + offset + 1), with: "")
                    windows += 1
                    try check("deleted \(offset)")
                }
                try editor.replace(utf16Range: at..<at, with: "ab ")
                windows += 1
                try check("Latin")
                let far = at - 10 * words.utf16.count
                try editor.replace(utf16Range: far..<far, with: "(")
                try check("a bracket")
                try editor.replace(utf16Range: (at + 1)..<(at + 1), with: "cd ")
                windows += prefix.isEmpty ? 1 : 0
                try check("Latin with a bracket")
            }
        }
    }

    /// Rule: random edits at and near the start of long Hebrew, Arabic and mixed paragraphs of
    /// both levels (letters, words, numbers, neutrals, marks typed and deleted) give exactly the
    /// whole preparation, and those that keep the paragraph's level take a window that starts
    /// the paragraph (resolved after a letter read as sos); an edit that changes the first strong
    /// character's direction goes whole.
    @Test func editsAtTheStartOfRightToLeftParagraphsTakeWindows() throws {
        let style = EditableTextTests.style
        var generator = Generator(state: 130)
        let mixed = Self.hebrew + Self.arabic + ["the", "fox"]
        for words in [Self.hebrew, Self.arabic, mixed] {
            for base in [true, false] {
                let text = Self.rightToLeftParagraph(300, words: words, generator: &generator, rightToLeftBase: base)
                var editor = try EditableText(text, style: style, windowMinimumLength: 0, pieceLength: 64)
                #expect(editor.store.paragraph(0).isPieced)
                let before = editor.windowEditCount
                for step in 0..<30 {
                    let count = editor.text.utf16.count
                    let at = generator.below(12)
                    let length = generator.below(3) == 0 ? min(generator.below(4), count - at) : 0
                    let insertion = Self.rightToLeftInsertions[generator.below(Self.rightToLeftInsertions.count)]
                    try editor.replace(utf16Range: at..<(at + length), with: insertion)
                    let full = try style.prepare(editor.text)
                    #expect(editor.prepared.paragraphs == full.paragraphs, "step \(step)")
                    #expect(try editor.lines(width: 90) == full.lines(width: 90), "step \(step)")
                }
                // Of 30 edits (11 to 30 here, 0 to 4 with a window at the start always whole).
                #expect(editor.windowEditCount - before > 8, "\(words[0]) \(base)")
                // The first strong character's direction changes: whole, exact.
                let windows = editor.windowEditCount
                let level = Array(editor.text.utf16).withUnsafeBufferPointer(BidiCut.paragraphLevel)
                let opposite = level == 1 ? "abc " : "אבג "
                try editor.replace(utf16Range: 0..<0, with: opposite)
                #expect(editor.windowEditCount == windows, "\(words[0]) \(base) level changed")
                let full = try style.prepare(editor.text)
                #expect(editor.prepared.paragraphs == full.paragraphs)
                #expect(try editor.lines(width: 90) == full.lines(width: 90))
            }
        }
    }

    /// Rule: with the right-to-left font first (Noto Sans Arabic, then Noto Sans Hebrew, then
    /// Noto Sans for the rest), cuts between Arabic letters are set by the primary font and
    /// those between Hebrew letters by the first fallback: random edits in Arabic and Hebrew
    /// paragraphs of both levels still equal the whole preparation, and most take a window.
    @Test func rightToLeftPrimaryFontMatchesTheFullPath() throws {
        let arabicFirst = try FontStack(
            Font(path: BundledFonts.path(of: "NotoSansArabic-Regular.ttf")),
            fallbacks: [
                Font(path: BundledFonts.path(of: "NotoSansHebrew-Regular.ttf")),
                Font(path: BundledFonts.path(of: "NotoSans-Regular.ttf")),
            ])
        let style = TextStyle(fonts: arabicFirst, fontSize: 16)
        var generator = Generator(state: 130)
        var texts: [String] = []
        for words in [Self.arabic, Self.hebrew] {
            for base in [true, false] {
                texts.append(Self.rightToLeftParagraph(100, words: words, generator: &generator, rightToLeftBase: base))
            }
        }
        let windows = try ParagraphWindowTests.checkScripts(
            texts, style: style, steps: 30, seed: 131, insertions: Self.rightToLeftInsertions)
        #expect(windows > 80)  // of 120 edits
    }
}
