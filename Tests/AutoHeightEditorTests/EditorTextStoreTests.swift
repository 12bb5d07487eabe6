import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

private typealias F = EditorFixtures

/// The editor keeps its text once (``TextStore``) and its counts incrementally: after any edit
/// sequence they equal a full re-measure of the text.
@Suite struct EditorTextStoreTests {
    /// Snippets edits insert: breaks of every kind and CR, LF halves (joining and splitting CR LF
    /// across paragraphs), clusters that a limit must not cut, words.
    static let insertions = [
        "a", " ", "word ", "\n", "\r\n", "\r", "\u{2028}", "한국어 ", "🇰🇷", "👨‍👩‍👧", "e\u{0301}", "\u{0301}",
        "line one\nline two\r\n", "",
    ]

    /// A text of `count` short paragraphs with CR LF, CR and LF breaks.
    static func note(paragraphs count: Int) -> String {
        (0..<count).map { index in
            let breaks = ["\n", "\r\n", "\r", "\n"]
            return "paragraph \(index) with a few words" + breaks[index % breaks.count]
        }.joined()
    }

    /// What a full re-measure of `text` says, compared with the editor's incremental state.
    static func expectFullMeasure(
        _ editor: EditorModel, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let state = editor.state
        let text = state.text
        let full = try F.style.prepare(text).measure(
            width: editor.textWidth, lineLimits: editor.configuration.lineLimits)
        #expect(state.characterCount == text.count, "\(context)", sourceLocation: sourceLocation)
        #expect(state.utf16Count == text.utf16.count, "\(context)", sourceLocation: sourceLocation)
        #expect(editor.textMeasurement == full, "\(context)", sourceLocation: sourceLocation)
        #expect(state.lineCount == full.lineCount, "\(context)", sourceLocation: sourceLocation)
        let fresh = try EditorModel(text: text, configuration: editor.configuration)
        #expect(state == fresh.state, "\(context)", sourceLocation: sourceLocation)
        if let source = editor.configuration.validationPattern {
            #expect(
                state.isMatched == (try ValidationPattern(source).matches(text)), "\(context)",
                sourceLocation: sourceLocation)
        }
    }

    /// Rule: random edits (inside a paragraph, spanning several, joining and splitting CR LF),
    /// with a character limit that cuts pastes and a line limit that rejects, leave counts,
    /// lines and heights equal to a full measure of the text.
    @Test func randomEditsKeepCountsEqualToAFullMeasure() throws {
        var generator = Generator(state: 13)
        for limits in [false, true] {
            let editor = try F.editor(Self.note(paragraphs: 150), width: 320) { configuration in
                configuration.lineLimits = LineLimits(minimum: 1, maximum: limits ? 160 : nil)
                configuration.limitsInputToMaxLines = limits
                configuration.characterLimit = limits ? 5_000 : nil
                configuration.truncatesOverflowingInput = true
                // Matched incrementally (PatternProgress); the fresh editor matches the whole text.
                configuration.validationPattern = limits ? #"(?s)[a-z0-9 ]*\n.*"# : #"[^🇰🇷]*"#
            }
            try Self.expectFullMeasure(editor, "limits \(limits): start")
            for step in 0..<60 {
                let units = Array(editor.text.utf16)
                var lower = generator.below(units.count + 1)
                let span = generator.below(4) == 0 ? 200 : 3
                var upper = min(units.count, lower + generator.below(span))
                if lower > 0 && lower < units.count && units[lower] & 0xFC00 == 0xDC00 { lower -= 1 }
                if upper > 0 && upper < units.count && units[upper] & 0xFC00 == 0xDC00 { upper += 1 }
                upper = max(lower, upper)
                var insertion = Self.insertions[generator.below(Self.insertions.count)]
                if generator.below(10) == 0 { insertion = String(repeating: insertion + "x", count: 400) }
                let before = editor.state
                let result = editor.replace(utf16Range: lower..<upper, with: insertion)
                let context =
                    "limits \(limits) step \(step): \(lower)..<\(upper) ← \(insertion.prefix(20).debugDescription)"
                if result.isAccepted {
                    var expected = units
                    guard case .accepted(let edit) = result else { return }
                    let inserted = edit.insertedText
                    expected.replaceSubrange(lower..<upper, with: Array(inserted.utf16))
                    #expect(Array(editor.text.utf16) == expected, "\(context)")
                } else {
                    #expect(editor.state == before, "\(context): a rejected edit changes nothing")
                }
                try Self.expectFullMeasure(editor, context)
            }
        }
    }

    /// Rule: an edit and the edit that undoes it leave the state the text had; the text kind of a
    /// change is reported exactly when the text changed (also for a same-length replacement).
    @Test func undoLikeReplacementsRestoreTheState() throws {
        let editor = try F.editor(Self.note(paragraphs: 400), width: 320)
        var kinds: [EditorChange.Kinds] = []
        let observation = editor.observe(.all) { kinds.append($0.kinds) }
        defer { withExtendedLifetime(observation) {} }
        let original = editor.state
        let units = Array(original.text.utf16)
        // (range, replacement): inside a paragraph, across a CR LF, across many paragraphs.
        let edits: [(Range<Int>, String)] = [
            (100..<104, "WXYZ"), (1_000..<1_000, "\r"), (5_000..<9_000, "one\r\ntwo"), (0..<units.count, "all"),
        ]
        for (range, replacement) in edits {
            let old = String(decoding: units[range], as: UTF16.self)
            let edited = try editor.replace(utf16Range: range, with: replacement).acceptedState()
            try Self.expectFullMeasure(editor, "after \(range)")
            let back = range.lowerBound..<(range.lowerBound + replacement.utf16.count)
            #expect(try editor.replace(utf16Range: back, with: old).acceptedState() == original, "undo \(range)")
            #expect(kinds.suffix(2).allSatisfy { $0.contains(.text) }, "undo \(range)")
            _ = edited
        }
        // Same text in again: accepted, and no text change reported.
        let count = kinds.count
        let same = String(decoding: units[100..<104], as: UTF16.self)
        #expect(try editor.replace(utf16Range: 100..<104, with: same).acceptedState() == original)
        #expect(kinds.count == count || !kinds[count].contains(.text))
    }

    /// Rule: deleting a CR LF's halves one at a time and typing them back joins and splits
    /// paragraphs like a full measure does.
    @Test func crlfHalvesAcrossParagraphs() throws {
        let editor = try F.editor("one\r\ntwo\r\nthree", width: 320)
        let script: [(Range<Int>, String)] = [
            (4..<5, ""), (3..<4, ""), (3..<3, "\n"), (3..<3, "\r"), (5..<5, "\r"), (6..<6, "\n"), (4..<7, ""),
        ]
        var expected = Array("one\r\ntwo\r\nthree".utf16)
        for (range, replacement) in script {
            _ = try editor.replace(utf16Range: range, with: replacement).acceptedState()
            expected.replaceSubrange(range, with: Array(replacement.utf16))
            #expect(Array(editor.text.utf16) == expected)
            try Self.expectFullMeasure(editor, "\(range) ← \(replacement.debugDescription)")
        }
    }
}
