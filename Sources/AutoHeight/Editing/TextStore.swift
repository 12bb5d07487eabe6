/// The one copy of an editable text: its paragraphs in order, each with its UTF-16 units (break
/// included), its grapheme-cluster count and its preparation, grouped into leaves of a few dozen
/// paragraphs. Offsets, totals and the paragraph holding an offset come from per-leaf sums, so
/// nothing is O(n) per edit:
///
/// - an edit swaps the touched paragraphs of one or two leaves for new ones: O(leaf size) plus
///   O(leaves) for the per-leaf sums and for copying the array of leaves a snapshot shares.
///   Leaves hold ``leafSize`` paragraphs, or about √n of n paragraphs when that is more
///   (``leafSize(forParagraphs:)``), so both stay O(√n): 476 leaves of 476 paragraphs at
///   10 MB of 40-character paragraphs instead of 3,550 of 64;
/// - a ``TextSnapshot`` of the store is O(1) (leaves are immutable and shared; after one, the next
///   edit copies the array of leaf references, not the text);
/// - the text as a `String` is built only when asked for (``TextSnapshot/string``, cached).
///
/// Paragraph boundaries are grapheme-cluster boundaries (every paragraph ends with a break, a
/// control character after which clusters always end, and CR LF is never split), so the text's
/// cluster count is the sum of its paragraphs'.
package struct TextStore: Sendable {
    /// Paragraphs per leaf when a run of paragraphs is cut into leaves, and the most a leaf keeps,
    /// in a text of up to 4,096 paragraphs (see ``leafSize(forParagraphs:)``).
    static let leafSize = 64
    static let maximumLeafSize = 2 * leafSize
    /// A leaf shorter than this after an edit takes in its next neighbour.
    static let minimumLeafSize = 16

    /// Paragraphs per leaf when cutting in a text of `count` paragraphs: ``leafSize``, or ⌈√count⌉
    /// when that is larger; a leaf keeps at most twice that, and one of less than a quarter
    /// takes in its neighbour.
    static func leafSize(forParagraphs count: Int) -> Int {
        guard count > leafSize * leafSize else { return leafSize }
        var size = Int(Double(count).squareRoot())
        while size * size < count { size += 1 }
        return size
    }

    private(set) var leaves: [TextLeaf]
    /// UTF-16 units per leaf and paragraphs per leaf, side by side with ``leaves`` (kept apart so
    /// that a search reads contiguous numbers and a snapshot shares only the leaves).
    private var leafUnits: [Int]
    private var leafParagraphs: [Int]
    private(set) var utf16Count: Int
    package private(set) var characterCount: Int
    package private(set) var paragraphCount: Int
    private(set) var missingGlyphCount: Int

    /// A store holding `paragraphs` (at least one), in order.
    init(_ paragraphs: [StoredParagraph]) {
        precondition(!paragraphs.isEmpty, "a text has at least one paragraph")
        leaves = Self.cut(paragraphs[...], size: Self.leafSize(forParagraphs: paragraphs.count))
        leafUnits = leaves.map(\.utf16Count)
        leafParagraphs = leaves.map(\.paragraphs.count)
        utf16Count = leafUnits.reduce(0, +)
        characterCount = leaves.reduce(0) { $0 + $1.characterCount }
        paragraphCount = paragraphs.count
        missingGlyphCount = leaves.reduce(0) { $0 + $1.missingGlyphs }
    }

    /// Where a paragraph is: its leaf, its index in the leaf and in the text, and its first
    /// UTF-16 offset.
    struct Location: Equatable {
        var leaf: Int
        var slot: Int
        var index: Int
        var start: Int
    }

    /// The paragraph holding UTF-16 offset `offset` (in `0...utf16Count`): the last one starting
    /// at or before it. Complexity: O(leaves + leaf size), reading contiguous integers.
    func location(containing offset: Int) -> Location {
        var leaf = 0
        var start = 0
        var index = 0
        // Skip whole leaves that end at or before `offset` (the last leaf is never skipped).
        while leaf < leafUnits.count - 1 && start + leafUnits[leaf] <= offset {
            start += leafUnits[leaf]
            index += leafParagraphs[leaf]
            leaf += 1
        }
        let paragraphs = leaves[leaf].paragraphs
        var slot = 0
        while slot < paragraphs.count - 1 && start + paragraphs[slot].utf16Count <= offset {
            start += paragraphs[slot].utf16Count
            slot += 1
        }
        return Location(leaf: leaf, slot: slot, index: index + slot, start: start)
    }

    /// The leaf and slot of paragraph `index`. Complexity: O(leaves).
    func location(ofParagraph index: Int) -> (leaf: Int, slot: Int) {
        var leaf = 0
        var first = 0
        while leaf < leafParagraphs.count - 1 && first + leafParagraphs[leaf] <= index {
            first += leafParagraphs[leaf]
            leaf += 1
        }
        return (leaf, index - first)
    }

    /// Grapheme clusters before paragraph `index`. Complexity: O(leaves + leaf size).
    package func characters(beforeParagraph index: Int) -> Int {
        let (leaf, slot) = location(ofParagraph: index)
        var count = 0
        for earlier in leaves[..<leaf] { count += earlier.characterCount }
        for paragraph in leaves[leaf].paragraphs[..<slot] { count += paragraph.characterCount }
        return count
    }

    /// Paragraph `index`. Complexity: O(leaves).
    package func paragraph(_ index: Int) -> StoredParagraph {
        let (leaf, slot) = location(ofParagraph: index)
        return leaves[leaf].paragraphs[slot]
    }

    /// Calls `body` with every paragraph from number `first` on, with its index, in order, until
    /// it returns false.
    package func forEachParagraph(from first: Int = 0, _ body: (Int, StoredParagraph) -> Bool) {
        guard first < paragraphCount else { return }
        var (leaf, slot) = location(ofParagraph: first)
        var index = first
        while leaf < leaves.count {
            let paragraphs = leaves[leaf].paragraphs
            while slot < paragraphs.count {
                guard body(index, paragraphs[slot]) else { return }
                index += 1
                slot += 1
            }
            leaf += 1
            slot = 0
        }
    }

    /// Whether UTF-16 offset `offset` lies in the text and not between the halves of a surrogate
    /// pair. Complexity: O(leaves + leaf size).
    func isScalarBoundary(_ offset: Int) -> Bool {
        guard offset >= 0 && offset <= utf16Count else { return false }
        guard offset > 0 && offset < utf16Count else { return true }
        let location = location(containing: offset)
        let local = offset - location.start
        guard local > 0 else { return true }  // a paragraph's start follows its predecessor's break
        let paragraph = leaves[location.leaf].paragraphs[location.slot]
        return !(paragraph.unit(at: local) & 0xFC00 == 0xDC00 && paragraph.unit(at: local - 1) & 0xFC00 == 0xD800)
    }

    /// Replaces paragraphs `range` (indices in the text) with `replacement` (not empty unless
    /// the store then keeps other paragraphs) and returns the paragraphs taken out. Complexity:
    /// O(leaf size + leaves + replacement).
    @discardableResult
    mutating func replaceParagraphs(
        _ range: ClosedRange<Int>, with replacement: [StoredParagraph]
    ) -> [StoredParagraph] {
        let (firstLeaf, firstSlot) = location(ofParagraph: range.lowerBound)
        var (lastLeaf, lastSlot) = location(ofParagraph: range.upperBound)
        var merged: [StoredParagraph] = []
        for leaf in firstLeaf...lastLeaf { merged.append(contentsOf: leaves[leaf].paragraphs) }
        let lastEnd = merged.count - leaves[lastLeaf].paragraphs.count + lastSlot
        let removed = Array(merged[firstSlot...lastEnd])
        merged.replaceSubrange(firstSlot...lastEnd, with: replacement)
        let size = Self.leafSize(forParagraphs: paragraphCount + replacement.count - removed.count)
        // A short result takes in its next leaf, so leaves stay near `size` paragraphs long.
        if merged.count < max(Self.minimumLeafSize, size / 4) && lastLeaf + 1 < leaves.count {
            lastLeaf += 1
            merged.append(contentsOf: leaves[lastLeaf].paragraphs)
        }
        let newLeaves = merged.count <= 2 * size ? [TextLeaf(merged[...])] : Self.cut(merged[...], size: size)
        let kept = newLeaves.filter { !$0.paragraphs.isEmpty }
        leaves.replaceSubrange(firstLeaf...lastLeaf, with: kept)
        leafUnits.replaceSubrange(firstLeaf...lastLeaf, with: kept.map(\.utf16Count))
        leafParagraphs.replaceSubrange(firstLeaf...lastLeaf, with: kept.map(\.paragraphs.count))
        for paragraph in removed {
            utf16Count -= paragraph.utf16Count
            characterCount -= paragraph.characterCount
            missingGlyphCount -= paragraph.missingGlyphs
        }
        for paragraph in replacement {
            utf16Count += paragraph.utf16Count
            characterCount += paragraph.characterCount
            missingGlyphCount += paragraph.missingGlyphs
        }
        paragraphCount += replacement.count - removed.count
        precondition(!leaves.isEmpty, "a text has at least one paragraph")
        return removed
    }

    /// `paragraphs` cut into leaves of about `size` paragraphs.
    private static func cut(_ paragraphs: ArraySlice<StoredParagraph>, size: Int) -> [TextLeaf] {
        let count = (paragraphs.count + size - 1) / size
        guard count > 1 else { return [TextLeaf(paragraphs)] }
        return (0..<count).map { part in
            let start = paragraphs.startIndex + paragraphs.count * part / count
            let end = paragraphs.startIndex + paragraphs.count * (part + 1) / count
            return TextLeaf(paragraphs[start..<end])
        }
    }
}

/// A run of consecutive paragraphs of a ``TextStore``, with their sums. Immutable.
final class TextLeaf: Sendable {
    let paragraphs: [StoredParagraph]
    let utf16Count: Int
    let characterCount: Int
    let missingGlyphs: Int

    init(_ paragraphs: ArraySlice<StoredParagraph>) {
        self.paragraphs = Array(paragraphs)
        var units = 0
        var characters = 0
        var missing = 0
        for paragraph in paragraphs {
            units += paragraph.utf16Count
            characters += paragraph.characterCount
            missing += paragraph.missingGlyphs
        }
        utf16Count = units
        characterCount = characters
        missingGlyphs = missing
    }
}
