import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// Edits in long paragraphs through the editor model, against a full measure (moved from
/// AutoHeightTests' `ParagraphWindowTests`, whose name the suite keeps; the words and paragraphs
/// are AutoHeightTestSupport's).
@Suite struct ParagraphWindowTests {
    static let words = LongParagraphs.words
    static let insertions = LongParagraphs.insertions

    /// ``LongParagraphs/paragraph(_:generator:latinOnly:)`` (right-to-left text, where no window
    /// is taken, is in `windowIsTakenOnlyWhereItIsSafe()` and `EditableTextTests`).
    static func paragraph(_ count: Int, generator: inout Generator, latinOnly: Bool) -> String {
        LongParagraphs.paragraph(count, generator: &generator, latinOnly: latinOnly)
    }
}

extension ParagraphWindowTests {
    /// Rule: through the editor model (the policy's region, then the window), edits in a long
    /// paragraph give the measurement of the new text measured whole.
    @Test func editorModelEditsMatchAFullMeasure() throws {
        var generator = Generator(state: 40)
        let text = Self.paragraph(600, generator: &generator, latinOnly: true)
        let configuration = EditorConfiguration(
            style: bundledStyle16, containerWidth: 260, lineLimits: LineLimits(minimum: 1, maximum: 6))
        let editor = try EditorModel(text: text, configuration: configuration)
        #expect(editor.editable.utf16Count >= editor.editable.windowMinimumLength)
        for step in 0..<30 {
            let count = editor.editable.utf16Count
            let lower = generator.below(count + 1)
            let upper = min(count, lower + generator.below(4))
            let insertion = Self.insertions[generator.below(Self.insertions.count)]
            _ = editor.replace(utf16Range: lower..<upper, with: insertion)
            let full = try bundledStyle16.prepare(editor.text)
            #expect(editor.editable.prepared.paragraphs == full.paragraphs, "step \(step)")
            #expect(
                editor.textMeasurement
                    == (try full.measure(width: editor.textWidth, lineLimits: configuration.lineLimits)),
                "step \(step)")
        }
        #expect(editor.editable.windowEditCount > 10)
    }
}

extension ParagraphWindowTests {
    /// Rule: through the editor model, whose policy reads only the pieces around an edit (a
    /// character limit counting the rest), edits on and around the piece boundaries of a
    /// paragraph long enough to be kept in pieces give the text and measurement of the new text
    /// measured whole, truncated at the limit as the policy says.
    @Test func editorModelEditsAtPieceBoundariesMatchAFullMeasure() throws {
        var generator = Generator(state: 70)
        let text = Self.paragraph(2400, generator: &generator, latinOnly: true)
        var configuration = EditorConfiguration(
            style: bundledStyle16, containerWidth: 230, lineLimits: LineLimits(minimum: 1, maximum: 5))
        configuration.characterLimit = text.count + 25
        configuration.truncatesOverflowingInput = true
        let editor = try EditorModel(text: text, configuration: configuration)
        #expect(editor.editable.store.paragraph(0).pieces.count >= 2)
        var truncated = 0
        for step in 0..<40 {
            let paragraph = editor.editable.store.paragraph(0)
            let boundary = paragraph.pieceStarts[1 + generator.below(paragraph.pieces.count - 1)]
            let lower = boundary + generator.below(7) - 3
            let upper = min(editor.editable.utf16Count, lower + generator.below(3))
            let insertion = ["x", " ", "", "ab ", "word word "][generator.below(5)]
            let before = Array(editor.text.utf16)
            let result = editor.replace(utf16Range: lower..<upper, with: insertion)
            var expected = before
            switch result {
            case .accepted(let edit):
                if edit.isTruncated { truncated += 1 }
                expected.replaceSubrange(lower..<upper, with: Array(edit.insertedText.utf16))
            case .rejected(let reason):
                // Nothing fits: the count the whole edit would leave, counted from the pieces read.
                var whole = before
                whole.replaceSubrange(lower..<upper, with: Array(insertion.utf16))
                let count = String(decoding: whole, as: UTF16.self).count
                #expect(reason == .characterLimit(limit: text.count + 25, resultingCount: count), "\(step)")
            }
            let context = "step \(step): replace \(lower)..<\(upper) with \(insertion.debugDescription)"
            #expect(Array(editor.text.utf16) == expected, "\(context)")
            #expect(editor.text.count <= text.count + 25, "\(context)")
            #expect(editor.state.characterCount == editor.text.count, "\(context)")
            let full = try bundledStyle16.prepare(editor.text)
            #expect(editor.editable.prepared.paragraphs == full.paragraphs, "\(context)")
            #expect(
                editor.textMeasurement
                    == (try full.measure(width: editor.textWidth, lineLimits: configuration.lineLimits)),
                "\(context)")
        }
        #expect(editor.editable.windowEditCount > 25)
        #expect(truncated > 0)
    }
}
