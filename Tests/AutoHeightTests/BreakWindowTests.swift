import Testing

@testable import AutoHeight

/// A break typed inside a long paragraph kept in pieces, or deleted next to one, prepares only
/// windows between cuts (`ParagraphPreparer.prepareAcrossBreaks`, `EditableText.replaceAcrossBreaks`)
/// and carries the old lines over: the result equals preparing and measuring the new text whole,
/// exactly, and the split or join is what is being checked (`breakEditCount`).
@Suite struct BreakWindowTests {
    typealias Generator = EditableTextTests.Generator

    static let breaks = ["\n", "\r\n", "\u{2029}"]

    /// Paragraphs of Latin words (some with a few of the other kinds) separated by every break.
    static func text(paragraphs: Int, words: Int, generator: inout Generator, latinOnly: Bool = true) -> String {
        var text = ""
        for index in 0..<paragraphs {
            if index > 0 { text += breaks[generator.below(breaks.count)] }
            let count = index % 3 == 2 ? 3 : words
            text += ParagraphWindowTests.paragraph(count, generator: &generator, latinOnly: latinOnly)
        }
        return text
    }

    /// The offsets of every break in `units` (CR LF as one), with their lengths.
    static func breakPositions(_ units: [UInt16]) -> [(offset: Int, length: Int)] {
        var found: [(Int, Int)] = []
        var index = 0
        while index < units.count {
            if Paragraphs.isBreak(units[index]) {
                let length = units[index] == 0x0D && index + 1 < units.count && units[index + 1] == 0x0A ? 2 : 1
                found.append((index, length))
                index += length
            } else {
                index += 1
            }
        }
        return found
    }

    /// Compares `editor` with `expected` prepared and measured whole at `width` (measuring first at
    /// the same width, so that the kept lines are what is checked).
    static func expectSame(
        _ editor: EditableText, _ expected: [UInt16], style: TextStyle, width: Double, _ context: String
    ) throws {
        let text = String(decoding: expected, as: UTF16.self)
        let full = try style.prepare(text)
        #expect(editor.text == text, "\(context)")
        #expect(editor.prepared.paragraphs == full.paragraphs, "\(context)")
        #expect(editor.prepared.paragraphStarts == full.paragraphStarts, "\(context)")
        #expect(editor.prepared.missingGlyphCount == full.missingGlyphCount, "\(context)")
        #expect(editor.characterCount == text.count, "\(context)")
        #expect(try editor.measure(width: width) == full.measure(width: width), "\(context)")
        let capped = LineLimits(minimum: 1, maximum: 4)
        #expect(
            try editor.measure(width: width, lineLimits: capped) == full.measure(width: width, lineLimits: capped),
            "\(context)")
        #expect(try editor.lines(width: width) == full.lines(width: width), "\(context)")
    }

    /// Runs `steps` random edits that type and delete breaks (LF, CR LF, U+2029, a lone CR next
    /// to an LF, text holding breaks) inside and around the paragraphs of `text`, kept in pieces
    /// of 48 units, comparing with a full preparation after each; returns the edits prepared
    /// across breaks in windows.
    static func checkScript(
        _ text: String, style: TextStyle, steps: Int, seed: UInt64, width: Double = 150,
        typedText: [String] = ["\r", "a\nb ", "word\n\nword ", "x\r\ny ", "\n\u{2029}", "end.\n", "("],
        ordinary: [String] = ["a", " ", "", "b c "]
    ) throws -> Int {
        var generator = Generator(state: seed)
        var editor = try EditableText(text, style: style, windowMinimumLength: 0, pieceLength: 48)
        var expected = Array(text.utf16)
        _ = try editor.measure(width: width)
        let typed = breaks + typedText
        for step in 0..<steps {
            let positions = breakPositions(expected)
            var range = 0..<0
            var insertion = ""
            switch generator.below(positions.isEmpty ? 1 : 6) {
            case 0, 1:  // a break (or text holding some) typed anywhere
                let offset = generator.below(expected.count + 1)
                range = offset..<offset
                insertion = typed[generator.below(typed.count)]
            case 2:  // Backspace or Delete of a break: joins two paragraphs
                let found = positions[generator.below(positions.count)]
                range = found.offset..<(found.offset + found.length)
            case 3:  // a break and a few units around it replaced
                let found = positions[generator.below(positions.count)]
                range =
                    max(
                        0, found.offset - generator.below(4))..<min(
                        expected.count, found.offset + found.length + generator.below(4))
                insertion = ["", " ", "xy ", "\n", "a\r\nb"][generator.below(5)]
            case 4:  // a lone CR next to an LF: typed before one, or the LF of CR LF deleted
                let found = positions[generator.below(positions.count)]
                if found.length == 2 {
                    range = (found.offset + 1)..<(found.offset + 2)
                } else {
                    range = found.offset..<found.offset
                    insertion = generator.below(2) == 0 ? "\r" : "\n"
                }
            default:  // an ordinary edit
                let offset = generator.below(expected.count + 1)
                range = offset..<min(expected.count, offset + generator.below(3))
                insertion = ordinary[generator.below(ordinary.count)]
            }
            if range.lowerBound > 0 && range.lowerBound < expected.count
                && expected[range.lowerBound] & 0xFC00 == 0xDC00
            {
                range = (range.lowerBound - 1)..<max(range.upperBound, range.lowerBound)
            }
            if range.upperBound < expected.count && range.upperBound > 0
                && expected[range.upperBound] & 0xFC00 == 0xDC00
            {
                range = range.lowerBound..<(range.upperBound + 1)
            }
            try editor.replace(utf16Range: range, with: insertion)
            expected.replaceSubrange(range, with: Array(insertion.utf16))
            try expectSame(
                editor, expected, style: style, width: width,
                "step \(step): replace \(range) with \(insertion.debugDescription)")
        }
        return editor.breakEditCount
    }

    /// Rule: random edits that type and delete breaks in Latin paragraphs kept in pieces give
    /// exactly the whole preparation and measure, and split or join in windows.
    @Test func typedAndDeletedBreaksMatchTheFullPath() throws {
        var generator = Generator(state: 100)
        var splits = 0
        for seed in 0..<3 {
            let text = Self.text(paragraphs: 5, words: 80, generator: &generator)
            splits += try Self.checkScript(text, style: EditableTextTests.style, steps: 60, seed: 101 + UInt64(seed))
        }
        #expect(splits > 60)
    }

    /// Rule: the same in Latin paragraphs full of paired brackets (one script: they pair freely).
    @Test func bracketsInOneScriptMatchTheFullPath() throws {
        var generator = Generator(state: 140)
        let words = ["lorem", "(ipsum)", "dolor", "[sit", "amet]", "{x}", "consectetur", "(a", "b)", "elit"]
        var text = ""
        for index in 0..<300 {
            if index > 0 { text += index % 90 == 0 ? "\n" : " " }
            text += words[generator.below(words.count)]
        }
        let splits = try Self.checkScript(text, style: EditableTextTests.style, steps: 60, seed: 141)
        #expect(splits > 25)
    }

    /// Rule: the same in paragraphs mixing every kind of word (brackets, emoji, CJK, marks), narrow.
    @Test func mixedParagraphsMatchTheFullPath() throws {
        var generator = Generator(state: 110)
        let text = Self.text(paragraphs: 4, words: 90, generator: &generator, latinOnly: false)
        let splits = try Self.checkScript(text, style: EditableTextTests.style, steps: 80, seed: 111, width: 40)
        #expect(splits > 15)
    }

    /// Rule: the same in the web profile (narrow), with Pango's trailing whitespace and with a
    /// segment cache.
    @Test func otherProfilesMatchTheFullPath() throws {
        var generator = Generator(state: 120)
        let text = Self.text(paragraphs: 4, words: 70, generator: &generator)
        for (index, style) in ParagraphWindowTests.variantStyles(normal: false).enumerated() {
            let splits = try Self.checkScript(
                text, style: style, steps: 40, seed: 121 + UInt64(index), width: index == 0 ? 41 : 150)
            #expect(splits > 15, "style \(index)")
        }
    }

    /// Rule: breaks typed on, just before and just after piece boundaries split there in windows.
    @Test func breaksAtPieceBoundariesMatchTheFullPath() throws {
        let style = EditableTextTests.style
        var (editor, expected) = try ParagraphWindowTests.piecedEditor(words: 900, seed: 130, style: style)
        let edits: [(Int, String)] = [(0, "\n"), (0, "\r\n"), (1, "\u{2029}"), (0, "x\ny"), (2, "\n")]
        try ParagraphWindowTests.checkEditsAtPieceBoundaries(
            &editor, expected: &expected, style: style, edits: edits, steps: 25, seed: 131, longest: true)
        #expect(editor.breakEditCount == 25)
    }

    /// Rule: Enter in the middle of a long paragraph and Backspace after it are windows, and the
    /// lines before and after the windows are carried over, not walked again.
    @Test func splitAndJoinAreWindowsAndKeepTheLines() throws {
        let style = EditableTextTests.style
        let latin = String(repeating: "lorem ipsum dolor sit amet ", count: 300)
        var editor = try EditableText(latin, style: style)
        var expected = Array(latin.utf16)
        #expect(editor.store.paragraph(0).isPieced)
        _ = try editor.measure(width: 200)
        let middle = expected.count / 2 + 3
        try editor.replace(utf16Range: middle..<middle, with: "\n")
        expected.insert(0x0A, at: middle)
        #expect(editor.breakEditCount == 1)
        #expect(editor.paragraphCount == 2)
        #expect(editor.memo.state.withLock { $0.lines.compactMap { $0?.pendingEdit }.count } == 2)
        try Self.expectSame(editor, expected, style: style, width: 200, "split")
        try editor.replace(utf16Range: middle..<(middle + 1), with: "")
        expected.remove(at: middle)
        #expect(editor.breakEditCount == 2)
        #expect(editor.paragraphCount == 1)
        #expect(editor.memo.state.withLock { $0.lines[0]?.pendingEdit } != nil)
        try Self.expectSame(editor, expected, style: style, width: 200, "join")
        // A bracket open before the split and closed after it: in one script brackets pair
        // freely (ScriptMix), a window.
        try editor.replace(utf16Range: 10..<10, with: "(")
        expected.insert(0x28, at: 10)
        let closing = expected.count - 10
        try editor.replace(utf16Range: closing..<closing, with: ")")
        expected.insert(0x29, at: closing)
        try editor.replace(utf16Range: middle..<middle, with: "\n")
        expected.insert(0x0A, at: middle)
        #expect(editor.breakEditCount == 3)
        try Self.expectSame(editor, expected, style: style, width: 200, "brackets in one script")
        // A Greek word before the `(`: two scripts, and joining would pair the `(`, opened in
        // Greek, with the `)` kept after the window (which would take Greek): whole.
        try editor.replace(utf16Range: 10..<10, with: "λόγος")
        expected.insert(contentsOf: Array("λόγος".utf16), at: 10)
        try editor.replace(utf16Range: (middle + 5)..<(middle + 6), with: "")
        expected.remove(at: middle + 5)
        #expect(editor.breakEditCount == 3)
        #expect(editor.paragraphCount == 1)
        try Self.expectSame(editor, expected, style: style, width: 200, "brackets in two scripts")
        // Enter near the start of a long paragraph: a short first paragraph, whose lines are
        // not kept (a maximum of one line reads its height from the walk, not from old lines).
        var early = try EditableText(latin, style: style)
        _ = try early.measure(width: 200)
        try early.replace(utf16Range: 40..<40, with: "\n")
        #expect(early.breakEditCount == 1)
        var earlyExpected = Array(latin.utf16)
        earlyExpected.insert(0x0A, at: 40)
        let full = try style.prepare(String(decoding: earlyExpected, as: UTF16.self))
        let one = LineLimits(minimum: 1, maximum: 1)
        #expect(try early.measure(width: 200, lineLimits: one) == full.measure(width: 200, lineLimits: one))
        try Self.expectSame(early, earlyExpected, style: style, width: 200, "early")
    }
}
