/// An editable text's content at one moment, as an `EditorState` (AutoHeightEditor) keeps it:
/// the leaves of its ``TextStore`` (shared, never copied) or a `String`. The `String` of a
/// store's snapshot is built on first use and kept, so a state that is never read as text costs
/// O(1) to make.
package final class TextSnapshot: Sendable {
    /// The store's leaves, or nil for a snapshot made from a `String`.
    private let leaves: [TextLeaf]?
    package let utf16Count: Int
    private let cache: Locked<String?>

    /// A snapshot of `text`.
    package init(_ text: String) {
        leaves = nil
        utf16Count = text.utf16.count
        cache = Locked(text)
    }

    /// A snapshot of `store`'s text; `text`, when given, is that text already as a `String`.
    init(_ store: TextStore, text: String? = nil) {
        leaves = store.leaves
        utf16Count = store.utf16Count
        cache = Locked(text)
    }

    /// The text. Complexity: O(n) the first time for a store's snapshot, then O(1).
    package var string: String {
        cache.withLock { cached in
            if let cached { return cached }
            let built = build()
            cached = built
            return built
        }
    }

    private func build() -> String {
        guard let leaves else { return "" }
        var units: [UInt16] = []
        units.reserveCapacity(utf16Count)
        for leaf in leaves {
            for paragraph in leaf.paragraphs { paragraph.appendUnits(to: &units) }
        }
        return String(utf16Units: units)
    }

    /// Whether both hold the same text, scalar by scalar. Two snapshots of one store compare
    /// leaf by leaf and skip the leaves they share, so after an edit only the edited leaves are
    /// read; otherwise O(n) (O(1) when the lengths differ).
    package func hasSameText(as other: TextSnapshot) -> Bool {
        if self === other { return true }
        guard utf16Count == other.utf16Count else { return false }
        // Leaf by leaf when the leaves pair up with equal lengths (else their boundaries differ).
        if let leaves, let otherLeaves = other.leaves, leaves.count == otherLeaves.count,
            zip(leaves, otherLeaves).allSatisfy({ $0 === $1 || $0.utf16Count == $1.utf16Count })
        {
            return zip(leaves, otherLeaves).allSatisfy { leaf, otherLeaf in
                guard leaf !== otherLeaf else { return true }
                // Paragraph by paragraph when they line up (pieces both share are skipped).
                if leaf.paragraphs.count == otherLeaf.paragraphs.count,
                    zip(leaf.paragraphs, otherLeaf.paragraphs).allSatisfy({ $0.utf16Count == $1.utf16Count })
                {
                    return zip(leaf.paragraphs, otherLeaf.paragraphs).allSatisfy { $0.hasSameUnits(as: $1) }
                }
                return leaf.paragraphs.lazy.flatMap(\.units).elementsEqual(otherLeaf.paragraphs.lazy.flatMap(\.units))
            }
        }
        let text = string
        let otherText = other.string
        return text.utf8.count == otherText.utf8.count && text.utf8.elementsEqual(otherText.utf8)
    }
}
