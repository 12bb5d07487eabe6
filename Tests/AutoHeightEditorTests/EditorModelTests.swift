import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// The editor model's layout: growth from min to max lines, heights, widths, accessory, insets,
/// caret, CR LF and `String.Index` edits, configuration errors.
@Suite struct EditorModelTests {
    typealias F = EditorFixtures

    @Test func emptyEditorIsOneLineWithInsets() throws {
        let editor = try F.editor()
        let state = editor.state
        #expect(state.text == "")
        #expect(state.lineCount == 1)
        #expect(state.visibleLineCount == 1)
        #expect(close(state.height, 8 + 21.792 + 8))
        #expect(close(state.contentHeight, 37.792))
        #expect(!state.isScrollEnabled)
        #expect(!state.isPlaceholderVisible)
        #expect(state.isMatched)
        #expect(state.characterCount == 0)
        #expect(editor.textWidth == 100)
    }

    /// Rule: height grows one line (line height + line spacing) at a time, soft wraps and breaks
    /// alike, up to the maximum; past it the editor keeps the maximum's height and scrolls. No
    /// jump at the cap (AutoHeightEditor adds one extra line spacing there).
    @Test func growsLineByLineUpToTheMaximumThenScrolls() throws {
        let editor = try F.editor { $0.lineLimits = LineLimits(minimum: 1, maximum: 3) }
        var state = try editor.replace(utf16Range: 0..<0, with: "hello").acceptedState()
        #expect(state.lineCount == 1)
        #expect(close(state.height, F.height(lines: 1)))

        state = try editor.replace(utf16Range: 5..<5, with: " world foo bar baz").acceptedState()  // soft wrap
        #expect(state.lineCount == 2)
        #expect(close(state.height, 16 + 2 * 21.792 + 2))

        state = try editor.replace(utf16Range: 23..<23, with: "\n").acceptedState()  // caret line
        #expect(state.lineCount == 3)
        #expect(state.visibleLineCount == 3)
        #expect(close(state.height, F.height(lines: 3)))
        #expect(!state.isScrollEnabled)

        state = try editor.replace(utf16Range: 24..<24, with: "x\ny").acceptedState()
        #expect(state.lineCount == 4)
        #expect(state.visibleLineCount == 3)
        #expect(close(state.height, F.height(lines: 3)), "capped, and no extra spacing at the cap")
        #expect(close(state.contentHeight, F.height(lines: 4)))
        #expect(state.isScrollEnabled)

        // Each step is exactly one line height plus one line spacing.
        for lines in 1..<3 {
            #expect(close(F.height(lines: lines + 1) - F.height(lines: lines), 21.792 + 2))
        }

        state = try editor.replace(utf16Range: 23..<27, with: "").acceptedState()
        #expect(state.text == F.sentence)
        #expect(state.lineCount == 2)
        #expect(!state.isScrollEnabled)
    }

    @Test func minimumLinesKeepTheEditorTall() throws {
        let editor = try F.editor("a") { $0.lineLimits = LineLimits(minimum: 3, maximum: 5) }
        #expect(editor.state.lineCount == 1)
        #expect(editor.state.visibleLineCount == 3)
        #expect(close(editor.state.height, F.height(lines: 3)))
        #expect(close(editor.state.contentHeight, F.height(lines: 1)))
    }

    @Test func insetsAreExplicit() throws {
        let insets = EditorInsets(top: 4, leading: 12, bottom: 6, trailing: 8, lineFragmentPadding: 0)
        let editor = try F.editor(F.sentence, width: 120) { $0.insets = insets }
        #expect(editor.textWidth == 100)
        #expect(editor.state.lineCount == 2)
        #expect(close(editor.state.height, 4 + 2 * 21.792 + 2 + 6))
        let flat = try F.editor(F.sentence, width: 100) { $0.insets = .zero }
        #expect(close(flat.state.height, 2 * 21.792 + 2))
    }

    /// Rule: a width change re-wraps the prepared text without preparing anything again, and
    /// equals a fresh editor at that width.
    @Test func widthChangesRewrapWithoutReshaping() throws {
        let editor = try F.editor(F.sentence + "\nok", width: F.wide)
        #expect(editor.state.lineCount == 2)
        let prepared = editor.preparationCount
        try editor.setContainerWidth(F.narrow)
        #expect(editor.state.lineCount == 3)
        #expect(close(editor.state.height, F.height(lines: 3)))
        #expect(editor.preparationCount == prepared, "re-wrapping shapes nothing")
        #expect(editor.state == (try F.editor(F.sentence + "\nok", width: F.narrow)).state)
        try editor.setContainerWidth(F.wide)
        #expect(editor.state.lineCount == 2)
        #expect(editor.preparationCount == prepared)
    }

    /// Rule: a trailing accessory narrows the text (and the placeholder) by its width.
    @Test func accessoryWidthNarrowsTheText() throws {
        let editor = try F.editor(F.sentence, width: F.wide)
        #expect(editor.textWidth == 180)
        #expect(editor.state.lineCount == 1)
        let prepared = editor.preparationCount
        try editor.setAccessoryWidth(80)
        #expect(editor.textWidth == 100)
        #expect(editor.state.lineCount == 2)
        #expect(close(editor.state.height, F.height(lines: 2)))
        try editor.setAccessoryWidth(0)
        #expect(editor.state.lineCount == 1)
        #expect(editor.preparationCount == prepared)

        let configured = try F.editor(F.sentence, width: F.wide) { $0.accessoryWidth = 80 }
        #expect(configured.state.lineCount == 2)
    }

    @Test func lineLimitAndInsetChangesReMeasure() throws {
        let editor = try F.editor("a\nb\nc\nd")
        #expect(editor.state.visibleLineCount == 4)
        try editor.setLineLimits(LineLimits(minimum: 1, maximum: 2))
        #expect(editor.state.visibleLineCount == 2)
        #expect(editor.state.isScrollEnabled)
        try editor.setInsets(.zero)
        #expect(close(editor.state.height, 2 * 21.792 + 2))
        #expect(throws: EditorError.layout(.invalidLineLimits(minimum: 3, maximum: 2))) {
            try editor.setLineLimits(LineLimits(minimum: 3, maximum: 2))
        }
        #expect(editor.configuration.lineLimits == LineLimits(minimum: 1, maximum: 2))
    }

    /// Rule: numbers are checked at configuration time with typed errors; a refused change
    /// changes nothing.
    @Test func invalidNumbersFailAtConfigurationTime() throws {
        #expect(throws: EditorError.invalidContainerWidth(-1)) { try F.editor(width: -1) }
        #expect(throws: EditorError.invalidContainerWidth(0)) { try F.editor(width: 0) }
        #expect(throws: EditorError.self) { try F.editor(width: .nan) }
        #expect(throws: EditorError.invalidInset(edge: .top, value: -8)) {
            try F.editor { $0.insets.top = -8 }
        }
        #expect(throws: EditorError.self) { try F.editor { $0.insets.lineFragmentPadding = .nan } }
        #expect(throws: EditorError.invalidAccessoryWidth(-4)) { try F.editor { $0.accessoryWidth = -4 } }
        #expect(throws: EditorError.noRoomForText(containerWidth: 110, textWidth: 0)) {
            try F.editor { $0.accessoryWidth = 100 }
        }
        #expect(throws: EditorError.invalidCharacterLimit(-1)) { try F.editor { $0.characterLimit = -1 } }
        #expect(throws: EditorError.lineLimitWithoutMaximum) { try F.editor { $0.limitsInputToMaxLines = true } }
        #expect(throws: EditorError.layout(.invalidLineLimits(minimum: 4, maximum: 2))) {
            try F.editor { $0.lineLimits = LineLimits(minimum: 4, maximum: 2) }
        }
        #expect(throws: EditorError.layout(.invalidFontSize(0))) {
            try F.editor { $0.placeholderStyle = Fixtures.style(size: 0) }
        }

        let editor = try F.editor(F.sentence)
        let before = editor.state
        #expect(throws: EditorError.invalidContainerWidth(.infinity)) { try editor.setContainerWidth(.infinity) }
        #expect(throws: EditorError.noRoomForText(containerWidth: 10, textWidth: 0)) {
            try editor.setContainerWidth(10)
        }
        #expect(throws: EditorError.invalidAccessoryWidth(-1)) { try editor.setAccessoryWidth(-1) }
        #expect(editor.state == before)
        #expect(editor.configuration.containerWidth == F.narrow)
    }

    /// Rule: the caret query gives the line and its y for a UTF-16 position; a soft-wrap position
    /// starts the next line; after a trailing newline the caret is on the last, empty line.
    @Test func caretLineAndOffset() throws {
        let editor = try F.editor(F.sentence + "\n")
        #expect(editor.state.lineCount == 3)  // [0,12) [12,23) [24,24)
        let start = try editor.caret(atUTF16Offset: 0)
        #expect(start.lineIndex == 0 && start.y == 0 && start.top == 8)
        #expect(close(start.lineHeight, 21.792))
        let wrap = try editor.caret(atUTF16Offset: 12)
        #expect(wrap.lineIndex == 1)
        #expect(close(wrap.y, 21.792 + 2))
        #expect(close(wrap.top, 8 + 21.792 + 2))
        #expect(try editor.caret(atUTF16Offset: 11).lineIndex == 0)
        #expect(try editor.caret(atUTF16Offset: 23).lineIndex == 1)
        let end = try editor.caret(atUTF16Offset: 24)
        #expect(end.lineIndex == 2)
        #expect(close(end.y, 2 * (21.792 + 2)))
        #expect(close(end.bottom, 8 + 3 * 21.792 + 4))
        #expect(try editor.caret(at: editor.text.endIndex).lineIndex == 2)

        #expect(throws: EditorError.invalidPosition(25, utf16Count: 24)) { try editor.caret(atUTF16Offset: 25) }
        #expect(throws: EditorError.invalidPosition(-1, utf16Count: 24)) { try editor.caret(atUTF16Offset: -1) }
        let emoji = try F.editor("a🇰🇷")
        #expect(throws: EditorError.invalidPosition(2, utf16Count: 5)) { try emoji.caret(atUTF16Offset: 2) }
        #expect(try emoji.caret(atUTF16Offset: 3).lineIndex == 0)

        // The caret follows edits and width changes.
        _ = editor.replace(utf16Range: 24..<24, with: "more")
        #expect(try editor.caret(atUTF16Offset: 28).lineIndex == 2)
        try editor.setContainerWidth(F.wide)
        #expect(try editor.caret(atUTF16Offset: 28).lineIndex == 1)
    }

    /// Rule: CR LF edits: typing LF after CR joins them into one break (one line, one
    /// character); deleting half of a CR LF by UTF-16 range leaves a lone CR, still a break.
    @Test func crlfEdits() throws {
        let editor = try F.editor("a\r\nb")
        #expect(editor.state.lineCount == 2)
        #expect(editor.state.characterCount == 3)  // "a", CR LF, "b"

        var state = try editor.replace(utf16Range: 2..<3, with: "").acceptedState()  // delete the LF
        #expect(Array(state.text.utf16) == [0x61, 0x0D, 0x62])
        #expect(state.lineCount == 2)
        #expect(state.characterCount == 3)

        state = try editor.replace(utf16Range: 2..<2, with: "\n").acceptedState()  // LF after CR
        #expect(state.text == "a\r\nb")
        #expect(state.lineCount == 2, "CR LF is one break")
        #expect(state.characterCount == 3)

        state = try editor.replace(utf16Range: 4..<4, with: "\r\n").acceptedState()
        #expect(state.lineCount == 3)
        #expect(try editor.caret(atUTF16Offset: 6).lineIndex == 2)
        #expect(try editor.caret(atUTF16Offset: 2).lineIndex == 0, "between CR and LF: still the first line")

        // A String.Index range covering the CR LF character.
        let text = editor.text
        let breakRange = text.range(of: "\r\n")!
        state = try editor.replace(breakRange, with: " ").acceptedState()
        #expect(state.text == "a b\r\n")
        #expect(state.lineCount == 2)

        // CR LF under a line limit: joining CR and LF adds no line.
        let limited = try F.editor("a\r") {
            $0.lineLimits = LineLimits(minimum: 1, maximum: 2)
            $0.limitsInputToMaxLines = true
        }
        #expect(limited.replace(utf16Range: 2..<2, with: "\n").isAccepted)
        #expect(limited.state.lineCount == 2)
        #expect(limited.replace(utf16Range: 3..<3, with: "\r\n").rejection == .lineLimit(limit: 2, resultingCount: 3))
    }

    @Test func stringIndexRanges() throws {
        let editor = try F.editor("héllo wörld")
        let text = editor.text
        let state = try editor.replace(text.range(of: "wörld")!, with: "there").acceptedState()
        #expect(state.text == "héllo there")

        // Scalar-level indices may split a cluster: delete the combining mark of "e\u{301}".
        let combining = try F.editor("e\u{301}x")
        let scalars = combining.text.unicodeScalars
        let mark = scalars.index(after: scalars.startIndex)
        #expect(try combining.replace(mark..<scalars.index(after: mark), with: "").acceptedState().text == "ex")

        // Indices past the end, or inside a scalar, are invalid ranges.
        let long = "a much longer string"
        let beyond = long.index(long.startIndex, offsetBy: 10)
        #expect(combining.replace(beyond..<beyond, with: "x").rejection?.name == "invalidRange")
        let emoji = try F.editor("a🇰🇷")
        let inside = emoji.text.utf16.index(emoji.text.utf16.startIndex, offsetBy: 2)
        #expect(emoji.replace(inside..<inside, with: "x").rejection == .invalidRange(lower: 2, upper: 2, utf16Count: 5))
        #expect(emoji.text == "a🇰🇷")
    }

    /// Rule: invalid UTF-16 ranges are rejected with the reason and change nothing.
    @Test func invalidRangesAreRejected() throws {
        let editor = try F.editor("a👨‍👩‍👧")
        let before = editor.state
        var calls = 0
        let observation = editor.observe(.all) { _ in calls += 1 }
        #expect(
            editor.replace(utf16Range: 0..<12, with: "x").rejection == .invalidRange(lower: 0, upper: 12, utf16Count: 9)
        )
        #expect(
            editor.replace(utf16Range: -1..<0, with: "x").rejection == .invalidRange(lower: -1, upper: 0, utf16Count: 9)
        )
        #expect(
            editor.replace(utf16Range: 1..<2, with: "x").rejection == .invalidRange(lower: 1, upper: 2, utf16Count: 9))
        #expect(
            editor.replace(utf16Location: 3, length: -2, with: "x").rejection
                == .invalidRange(lower: 3, upper: 1, utf16Count: 9))
        #expect(editor.state == before)
        #expect(calls == 0)
        #expect(editor.replace(utf16Location: 1, length: 8, with: "b").state?.text == "ab")
        #expect(calls == 1)
        observation.cancel()
    }

    @Test func acceptedEditsReportWhatWentIn() throws {
        let editor = try F.editor("ab")
        let result = editor.replace(utf16Range: 1..<1, with: "🇰🇷")
        guard case .accepted(let edit) = result else {
            Issue.record("rejected")
            return
        }
        #expect(edit.insertedText == "🇰🇷")
        #expect(edit.insertedRange == 1..<5)
        #expect(!edit.isTruncated)
        #expect(edit.state == editor.state)
    }

    /// Rule: a disabled editor takes no edit; programmatic text still goes in.
    @Test func disabledEditorRejectsEdits() throws {
        let editor = try F.editor("abc")
        editor.setEnabled(false)
        #expect(!editor.state.isEnabled)
        #expect(editor.replace(utf16Range: 0..<0, with: "x").rejection == .disabled)
        #expect(editor.text == "abc")
        try editor.setText(F.sentence)
        #expect(editor.state.lineCount == 2)
        editor.setEnabled(true)
        #expect(editor.replace(utf16Range: 0..<0, with: "x").isAccepted)
    }

    /// Rule: the model's result after any edit script equals a fresh editor holding the same text.
    @Test func editsMatchAFreshEditor() throws {
        let editor = try F.editor { $0.lineLimits = LineLimits(minimum: 2, maximum: 4) }
        let steps: [(Range<Int>, String)] = [
            (0..<0, "Hello"), (5..<5, ", 세계! "), (0..<0, "\r\n"), (2..<2, "e\u{301}👨‍👩‍👧 "), (0..<1, ""),
            (3..<6, "word word word word"), (0..<0, "مرحبا بالعالم "),
        ]
        for (range, replacement) in steps {
            let state = try editor.replace(utf16Range: range, with: replacement).acceptedState()
            let fresh = try EditorModel(text: state.text, configuration: editor.configuration)
            #expect(state == fresh.state, "after replacing \(range) with \(replacement.debugDescription)")
            #expect(state.characterCount == state.text.count)
        }
    }
}
