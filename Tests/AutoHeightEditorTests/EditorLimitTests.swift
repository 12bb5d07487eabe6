import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// Edit limits: characters counted as grapheme clusters, paste truncation, the line limit.
@Suite struct EditorLimitTests {
    typealias F = EditorFixtures

    static let family = "👨‍👩‍👧"  // 5 scalars, 8 UTF-16 units, 1 character

    /// Rule: the character limit counts grapheme clusters: emoji sequences and letters with
    /// combining marks are one character each, however many scalars they hold.
    @Test func characterLimitCountsGraphemeClusters() throws {
        let editor = try F.editor { $0.characterLimit = 3 }
        var offset = 0
        for piece in [Self.family, "e\u{301}", "🇰🇷"] {
            let state = try editor.replace(utf16Range: offset..<offset, with: piece).acceptedState()
            offset += piece.utf16.count
            #expect(state.characterCount == state.text.count)
        }
        #expect(editor.state.characterCount == 3)
        #expect(editor.state.text.utf16.count == 14)
        let before = editor.state
        #expect(
            editor.replace(utf16Range: 14..<14, with: "x").rejection == .characterLimit(limit: 3, resultingCount: 4))
        #expect(editor.replace(utf16Range: 0..<0, with: "🇯🇵").rejection == .characterLimit(limit: 3, resultingCount: 4))
        #expect(editor.state == before, "a rejected edit changes nothing")

        // A combining mark joins the character before it: no new character, so it fits.
        let state = try editor.replace(utf16Range: 10..<10, with: "\u{0323}").acceptedState()
        #expect(state.characterCount == 3)
        // So does a ZWJ sequence grown by one more person.
        let grown = try editor.replace(utf16Range: 8..<8, with: "\u{200D}👦").acceptedState()
        #expect(grown.characterCount == 3)
        #expect(grown.text.hasPrefix("👨‍👩‍👧‍👦"))
    }

    @Test func regionalIndicatorsTypedOneByOnePairIntoOneFlag() throws {
        let editor = try F.editor("ab") { $0.characterLimit = 3 }
        #expect(try editor.replace(utf16Range: 2..<2, with: "🇰").acceptedState().characterCount == 3)
        #expect(
            try editor.replace(utf16Range: 4..<4, with: "🇷").acceptedState().characterCount == 3, "🇰🇷 is one character")
        #expect(editor.replace(utf16Range: 6..<6, with: "🇯").rejection == .characterLimit(limit: 3, resultingCount: 4))
    }

    /// Rule: a paste that does not fit is rejected, unless truncation is on: then the longest
    /// prefix that fits goes in, cut at a grapheme boundary (never inside an emoji sequence).
    @Test func pasteIsRejectedOrTruncatedAtAGraphemeBoundary() throws {
        let paste = "c" + Self.family + "e\u{301}fg"  // 5 characters
        let strict = try F.editor("ab") { $0.characterLimit = 5 }
        #expect(
            strict.replace(utf16Range: 2..<2, with: paste).rejection == .characterLimit(limit: 5, resultingCount: 7))
        #expect(strict.text == "ab")

        let truncating = try F.editor("ab") {
            $0.characterLimit = 5
            $0.truncatesOverflowingInput = true
        }
        guard case .accepted(let edit) = truncating.replace(utf16Range: 2..<2, with: paste) else {
            Issue.record("rejected")
            return
        }
        #expect(edit.isTruncated)
        #expect(edit.insertedText == "c" + Self.family + "e\u{301}")
        #expect(edit.insertedRange == 2..<13)
        #expect(edit.state.text == "abc" + Self.family + "e\u{301}")
        #expect(edit.state.characterCount == 5)
        #expect(truncating.text == edit.state.text)

        // A paste replacing a selection gets the selection's room.
        let replacing = try truncating.replace(utf16Range: 0..<2, with: "xyz").acceptedState()
        #expect(replacing.text == "xy" + "c" + Self.family + "e\u{301}")

        // Nothing fits: rejected, even with truncation.
        #expect(
            truncating.replace(utf16Range: 0..<0, with: "q").rejection == .characterLimit(limit: 5, resultingCount: 6))
    }

    /// The cut counts characters in the result: a leading combining mark merges with the text
    /// before it and costs nothing.
    @Test func truncationCountsMergesAtTheBoundary() throws {
        let editor = try F.editor("ab") {
            $0.characterLimit = 3
            $0.truncatesOverflowingInput = true
        }
        guard case .accepted(let edit) = editor.replace(utf16Range: 2..<2, with: "\u{301}cd") else {
            Issue.record("rejected")
            return
        }
        #expect(edit.insertedText == "\u{301}c")
        #expect(edit.state.text == "ab\u{301}c")
        #expect(edit.state.characterCount == 3)
    }

    /// Text set beyond the limit (programmatically) can be edited back down: an edit is rejected
    /// only when it leaves more than the limit and more than before.
    @Test func textOverTheLimitCanShrink() throws {
        let editor = try F.editor("abcdefg") { $0.characterLimit = 5 }
        #expect(editor.state.characterCount == 7)
        #expect(editor.replace(utf16Range: 7..<7, with: "h").rejection == .characterLimit(limit: 5, resultingCount: 8))
        #expect(try editor.replace(utf16Range: 6..<7, with: "").acceptedState().characterCount == 6)
        #expect(try editor.replace(utf16Range: 0..<1, with: "z").acceptedState().text == "zbcdef")
        #expect(editor.replace(utf16Range: 0..<1, with: "zz").rejection == .characterLimit(limit: 5, resultingCount: 7))
    }

    @Test func zeroCharacterLimitTakesNothing() throws {
        let editor = try F.editor { $0.characterLimit = 0 }
        #expect(editor.replace(utf16Range: 0..<0, with: "a").rejection == .characterLimit(limit: 0, resultingCount: 1))
        #expect(editor.replace(utf16Range: 0..<0, with: "").isAccepted)
    }

    /// Rule: with input limited to max lines, an edit that would add a line past the maximum,
    /// by a break or by a soft wrap, is rejected.
    @Test func lineLimitRejectsBreaksAndWrapsPastTheMaximum() throws {
        let editor = try F.editor {
            $0.lineLimits = LineLimits(minimum: 1, maximum: 2)
            $0.limitsInputToMaxLines = true
        }
        #expect(editor.replace(utf16Range: 0..<0, with: "hello\n").isAccepted)
        #expect(editor.state.lineCount == 2)
        #expect(editor.replace(utf16Range: 6..<6, with: "\n").rejection == .lineLimit(limit: 2, resultingCount: 3))
        #expect(
            editor.replace(utf16Range: 6..<6, with: F.sentence).rejection == .lineLimit(limit: 2, resultingCount: 3))
        #expect(editor.replace(utf16Range: 6..<6, with: "hello world").isAccepted)
        #expect(editor.state.lineCount == 2)
        #expect(!editor.state.isScrollEnabled)
        // Without the limit the same edit is taken and the editor scrolls.
        let free = try F.editor("hello\n") { $0.lineLimits = LineLimits(minimum: 1, maximum: 2) }
        #expect(free.replace(utf16Range: 6..<6, with: "\n").isAccepted)
        #expect(free.state.isScrollEnabled)
    }

    /// After a narrower width re-wraps past the maximum, edits that do not add lines still go in.
    @Test func lineLimitAllowsEditsThatDoNotGrowAnOverfullText() throws {
        let editor = try F.editor(F.sentence + "\nx", width: F.wide) {
            $0.lineLimits = LineLimits(minimum: 1, maximum: 2)
            $0.limitsInputToMaxLines = true
        }
        #expect(editor.state.lineCount == 2)
        try editor.setContainerWidth(F.narrow)
        #expect(editor.state.lineCount == 3)
        #expect(editor.state.isScrollEnabled)
        #expect(editor.replace(utf16Range: 25..<25, with: "y").isAccepted)
        #expect(editor.replace(utf16Range: 26..<26, with: "\n").rejection == .lineLimit(limit: 2, resultingCount: 4))
        #expect(try editor.replace(utf16Range: 23..<26, with: "").acceptedState().lineCount == 2)
    }

    /// Truncation is for the character limit; the truncated edit must still pass the line limit.
    @Test func truncatedPasteStillObeysTheLineLimit() throws {
        let editor = try F.editor("a") {
            $0.characterLimit = 4
            $0.truncatesOverflowingInput = true
            $0.lineLimits = LineLimits(minimum: 1, maximum: 1)
            $0.limitsInputToMaxLines = true
        }
        #expect(editor.replace(utf16Range: 1..<1, with: "\nbcdef").rejection == .lineLimit(limit: 1, resultingCount: 2))
        guard case .accepted(let edit) = editor.replace(utf16Range: 1..<1, with: "bcdef") else {
            Issue.record("rejected")
            return
        }
        #expect(edit.state.text == "abcd")
        #expect(edit.isTruncated)
    }
}
