import Testing

@testable import AutoHeight

/// A text of many paragraphs keeps about √n leaves of about √n paragraphs
/// (`TextStore.leafSize(forParagraphs:)`), so an edit copies O(√n) leaf references, not O(n/64).
struct TextStoreLeafTests {
    /// Rule: leaf sizes are 64 up to 4,096 paragraphs, then ⌈√n⌉.
    @Test func leafSizeGrowsAsTheSquareRootPast4096Paragraphs() {
        #expect(TextStore.leafSize(forParagraphs: 10) == 64)
        #expect(TextStore.leafSize(forParagraphs: 4_096) == 64)
        #expect(TextStore.leafSize(forParagraphs: 4_097) == 65)
        #expect(TextStore.leafSize(forParagraphs: 20_000) == 142)
        #expect(TextStore.leafSize(forParagraphs: 227_000) == 477)
    }

    /// Rule: a store of 20,000 paragraphs is cut into about 141 leaves; after random edits
    /// (replacing, inserting and removing paragraphs) its counts, locations and text equal those
    /// of the paragraphs, and every leaf stays between a quarter of and twice the leaf size.
    @Test func manyParagraphsKeepSquareRootLeavesThroughEdits() {
        var paragraphs = (0..<20_000).map { "p\($0)\n" } + ["end"]
        var store = FontFreeTests.store(paragraphs)
        #expect(store.leaves.count == 141)
        var generator = EditableTextTests.Generator(state: 5)
        for step in 0..<300 {
            let lower = generator.below(paragraphs.count - 1)
            let upper = min(paragraphs.count - 2, lower + generator.below(generator.below(4) == 0 ? 400 : 3))
            let inserted = (0..<generator.below(generator.below(4) == 0 ? 600 : 3)).map { "n\(step).\($0)\n" }
            let replacement = inserted.isEmpty && lower == upper ? ["r\(step)\n"] : inserted
            store.replaceParagraphs(
                lower...upper, with: replacement.map { StoredParagraph(units: Array($0.utf16), prepared: .empty) })
            paragraphs.replaceSubrange(lower...upper, with: replacement)
        }
        let text = paragraphs.joined()
        #expect(store.paragraphCount == paragraphs.count)
        #expect(store.utf16Count == text.utf16.count)
        #expect(TextSnapshot(store).string == text)
        let size = TextStore.leafSize(forParagraphs: paragraphs.count)
        #expect(store.leaves.allSatisfy { $0.paragraphs.count <= 2 * size })
        #expect(store.leaves.dropLast().allSatisfy { $0.paragraphs.count >= size / 4 })
        var start = 0
        for (index, paragraph) in paragraphs.enumerated() where index % 97 == 0 {
            let offset = paragraphs[..<index].reduce(0) { $0 + $1.utf16.count }
            start = offset
            let location = store.location(containing: offset + paragraph.utf16.count / 2)
            #expect(location.index == index && location.start == start, "paragraph \(index)")
            #expect(store.paragraph(index).units == Array(paragraph.utf16), "paragraph \(index)")
        }
    }
}
