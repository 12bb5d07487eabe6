import Testing

@testable import AutoHeight

/// Edits re-prepare their paragraph through a segment cache (the style's, or the text's own),
/// so that typing reshapes only the word typed in; the results stay the uncached ones.
@Suite struct EditCacheTests {
    static let style = TextStyle(fonts: try! FontStack.bundled(), fontSize: 16)
    static let paragraph = "The quick brown fox jumps over the lazy dog while the cat watches from the fence. "

    /// Rule: typing into a paragraph serves its other words from the text's own cache, and every
    /// step equals a fresh uncached preparation of the new text.
    @Test func typingServesTheOtherWordsFromTheTextsOwnCache() throws {
        let original = String(repeating: Self.paragraph + "\n", count: 3)
        var editor = try EditableText(original, style: Self.style)
        let cache = try #require(editor.editingStyle.segmentCache)
        #expect(Self.style.segmentCache == nil)
        #expect(editor.style.segmentCache == nil)
        #expect(editor.editingStyle.preparationContextMemo !== Self.style.preparationContextMemo)
        var expected = Array(original.utf16)
        let offset = Self.paragraph.utf16.count + 10  // inside the second paragraph
        for (step, character) in "jumping ".enumerated() {
            let at = offset + step
            try editor.replace(utf16Range: at..<at, with: String(character))
            expected.insert(contentsOf: String(character).utf16, at: at)
            let full = try Self.style.prepare(String(decoding: expected, as: UTF16.self))
            #expect(editor.prepared.paragraphs == full.paragraphs, "step \(step)")
            #expect(try editor.lines(width: 150) == full.lines(width: 150), "step \(step)")
        }
        // The first keystroke shapes the paragraph's chunks; the next seven find all but one.
        #expect(cache.statistics.hits >= 7 * 10)
        #expect(cache.byteCount <= EditableText.editCacheByteLimit)
    }

    /// Rule: a style's own cache is the one edits use; a style that collapses white space
    /// (which the cache does not serve) gets none.
    @Test func theStylesCacheIsUsedAndCollapsingStylesGetNone() throws {
        var cached = Self.style
        cached.segmentCache = SegmentCache()
        let editor = try EditableText(Self.paragraph, style: cached)
        #expect(editor.editingStyle.segmentCache === cached.segmentCache)

        var collapsing = Self.style
        collapsing.whiteSpace = .normal
        let plain = try EditableText(Self.paragraph, style: collapsing)
        #expect(plain.editingStyle.segmentCache == nil)
    }
}
