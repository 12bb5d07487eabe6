import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// Observers (closures and async streams) hear a change only when something they asked for
/// changed; the validation pattern is compiled once and matched against the whole text.
@Suite struct EditorObservationTests {
    typealias F = EditorFixtures

    /// Rule: closures fire only when height, line count, scroll enabled, placeholder visibility or
    /// match state changed, with the old and new values.
    @Test func closuresFireOnlyOnChange() throws {
        let editor = try F.editor {
            $0.placeholder = "Say hi"
            $0.lineLimits = LineLimits(minimum: 1, maximum: 2)
        }
        var changes: [EditorChange] = []
        let observation = editor.observe { changes.append($0) }

        _ = editor.replace(utf16Range: 0..<0, with: "h")  // placeholder hides
        #expect(changes.count == 1)
        #expect(changes.last?.kinds == [.placeholderVisibility, .text])
        #expect(changes.last?.previous.isPlaceholderVisible == true)
        #expect(changes.last?.current.isPlaceholderVisible == false)

        _ = editor.replace(utf16Range: 1..<1, with: "ello")  // same lines, same height
        _ = editor.replace(utf16Range: 5..<5, with: " world")
        #expect(changes.count == 1)

        _ = editor.replace(utf16Range: 11..<11, with: " foo bar baz")  // wraps to line 2
        #expect(changes.count == 2)
        #expect(changes.last?.kinds == [.height, .lineCount, .text])
        #expect(changes.last?.previous.lineCount == 1)
        #expect(changes.last?.current.lineCount == 2)
        #expect(close(changes.last!.current.height - changes.last!.previous.height, 21.792 + 2))

        _ = editor.replace(utf16Range: 23..<23, with: "\n")  // past the maximum: scrolls
        #expect(changes.count == 3)
        #expect(changes.last?.kinds == [.height, .lineCount, .scrollEnabled, .text])
        #expect(changes.last?.previous.height == changes.last?.current.height, "visible height stays at the cap")

        _ = editor.replace(utf16Range: 0..<0, with: "\u{200B}")  // invisible: nothing to tell
        #expect(changes.count == 3)
        try editor.setContainerWidth(F.narrow)  // same width: nothing
        editor.setEnabled(false)  // no disabled placeholder: nothing shown changes
        #expect(changes.count == 3)
        editor.setEnabled(true)

        #expect(editor.replace(utf16Range: 0..<99, with: "").rejection != nil)
        #expect(changes.count == 3, "rejected edits notify nobody")
        observation.cancel()
    }

    @Test func observersChooseTheKindsTheyHear() throws {
        let editor = try F.editor()
        var texts: [String] = []
        var enabled: [Bool] = []
        let textObservation = editor.observe([.text]) { texts.append($0.current.text) }
        let enabledObservation = editor.observe(.enabled) { enabled.append($0.current.isEnabled) }
        _ = editor.replace(utf16Range: 0..<0, with: "a")
        _ = editor.replace(utf16Range: 1..<1, with: "b")
        _ = editor.replace(utf16Range: 0..<0, with: "")  // no change at all
        editor.setEnabled(false)
        editor.setEnabled(true)
        #expect(texts == ["a", "ab"])
        #expect(enabled == [false, true])
        // Canonically equivalent but different scalars is a text change.
        let composed = try F.editor("é")
        var heard = 0
        let composedObservation = composed.observe(.text) { _ in heard += 1 }
        _ = composed.replace(utf16Range: 0..<1, with: "e\u{301}")
        #expect(heard == 1)
        _ = (textObservation, enabledObservation, composedObservation)
    }

    @Test func cancelledOrReleasedObservationsStop() throws {
        let editor = try F.editor()
        var calls = 0
        let observation = editor.observe(.text) { _ in calls += 1 }
        do {
            let scoped = editor.observe(.text) { _ in calls += 100 }
            #expect(editor.observerCount == 2)
            _ = scoped
        }
        #expect(editor.observerCount == 1, "a released token ends its observation")
        _ = editor.replace(utf16Range: 0..<0, with: "a")
        #expect(calls == 1)
        observation.cancel()
        observation.cancel()
        _ = editor.replace(utf16Range: 0..<0, with: "b")
        #expect(calls == 1)
        #expect(editor.observerCount == 0)
    }

    /// A closure may edit the editor again; every observer hears every change once, in the order
    /// the changes happened.
    @Test func reentrantEditsAreDeliveredInOrder() throws {
        let editor = try F.editor()
        var seen: [String] = []
        let first = editor.observe(.text) { [unowned editor] change in
            seen.append("first:" + change.current.text)
            if change.current.text == "a" { _ = editor.replace(utf16Range: 1..<1, with: "b") }
        }
        let second = editor.observe(.text) { seen.append("second:" + $0.current.text) }
        _ = editor.replace(utf16Range: 0..<0, with: "a")
        #expect(seen == ["first:a", "second:a", "first:ab", "second:ab"])
        #expect(editor.text == "ab")
        _ = (first, second)
    }

    /// Rule: each `changes()` call is its own stream with the same filtering; it ends when the
    /// editor is released.
    @Test func asyncStreamsReceiveChanges() async throws {
        var editor: EditorModel? = try F.editor { $0.placeholder = "Say hi" }
        let layout = editor!.changes()
        let everything = editor!.changes(.all)
        _ = editor!.replace(utf16Range: 0..<0, with: "h")
        _ = editor!.replace(utf16Range: 1..<1, with: "i")
        _ = editor!.replace(utf16Range: 2..<2, with: "\n")
        editor = nil

        var layoutKinds: [EditorChange.Kinds] = []
        for await change in layout { layoutKinds.append(change.kinds) }
        #expect(layoutKinds == [[.placeholderVisibility, .text], [.height, .lineCount, .text]])
        var texts: [String] = []
        for await change in everything { texts.append(change.current.text) }
        #expect(texts == ["h", "hi", "hi\n"])
    }

    @Test func abandonedStreamsAreDropped() throws {
        let editor = try F.editor()
        do {
            let stream = editor.changes(.text)
            _ = stream
        }
        #expect(editor.observerCount == 1)
        _ = editor.replace(utf16Range: 0..<0, with: "a")
        #expect(editor.observerCount == 0, "dropped at the first change after its reader went away")
    }

    /// Rule: `isMatched` is the validation pattern's whole-text match, updated on every change,
    /// and a change of it is reported.
    @Test func validationPatternMatchesTheWholeText() throws {
        let editor = try F.editor(width: 400) { $0.validationPattern = #"[a-z]+@[a-z]+\.[a-z]{2,}"# }
        #expect(!editor.state.isMatched)
        var matchChanges: [Bool] = []
        let observation = editor.observe {
            if $0.kinds.contains(.matchState) { matchChanges.append($0.current.isMatched) }
        }
        for (offset, character) in "kim@example.com".enumerated() {
            _ = editor.replace(utf16Range: offset..<offset, with: String(character))
        }
        #expect(editor.state.isMatched)
        #expect(matchChanges == [true], "matched once the domain had two letters, then stayed matched")
        _ = editor.replace(utf16Range: 15..<15, with: "!")
        #expect(!editor.state.isMatched, "the whole text must match, not a part")
        #expect(matchChanges == [true, false])
        observation.cancel()

        let digits = try ValidationPattern("[0-9]+")
        #expect(digits.matches("123"))
        #expect(!digits.matches("a123"))
        #expect(!digits.matches(""))
        #expect(try ValidationPattern("[0-9]*").matches(""))
        #expect(try ValidationPattern(".").matches("👨‍👩‍👧"), "one character, one grapheme cluster")
    }

    @Test func noOrEmptyPatternAlwaysMatches() throws {
        #expect(try F.editor().state.isMatched)
        #expect(try F.editor { $0.validationPattern = "" }.state.isMatched)
    }

    /// Rule: an invalid pattern is an error when the editor is configured, naming the pattern.
    @Test func invalidPatternFailsAtConfiguration() throws {
        do throws(EditorError) {
            _ = try EditorModel(configuration: F.configuration { $0.validationPattern = "([a-z" })
            Issue.record("configured with an invalid pattern")
        } catch {
            guard case .invalidPattern(let pattern, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(pattern == "([a-z")
            #expect(!reason.isEmpty)
            #expect(error.description.hasPrefix("invalid validation pattern \"([a-z\": "))
        }
    }
}
