/// What an edit may leave, decided without fonts: the character limit, and whether an edit that
/// passes it is cut to the longest fitting prefix (whole grapheme clusters) or rejected. The
/// line limit needs a measurement and is checked by ``EditorModel`` after this.
struct EditPolicy: Sendable {
    /// Most grapheme clusters an edit may leave (nil: no limit).
    var characterLimit: Int?
    /// Cut an overflowing edit instead of rejecting it.
    var truncatesOverflowingInput: Bool

    /// An edit as the policy lets it through: what is inserted and the text it leaves.
    struct Outcome: Equatable {
        var inserted: String
        var text: String
        /// Grapheme clusters of `text`.
        var characterCount: Int
        var isTruncated: Bool
    }

    /// `replacement` put in place of `range` of `text` (which has `characterCount` clusters), as
    /// the policy allows it; a text already past the limit may keep its length but not grow.
    ///
    /// Complexity: O(n) to count the result; O(n log m) when it must be cut (a binary search over
    /// prefix lengths of the m clusters inserted).
    func apply(
        _ replacement: String, to text: String, at range: Range<String.Index>, characterCount: Int
    ) -> Result<Outcome, EditRejection> {
        let newText = Self.splice(text, range, with: replacement[...])
        let newCount = newText.count
        guard let limit = characterLimit else {
            return .success(Outcome(inserted: replacement, text: newText, characterCount: newCount, isTruncated: false))
        }
        let allowed = max(limit, characterCount)
        if newCount <= allowed {
            return .success(Outcome(inserted: replacement, text: newText, characterCount: newCount, isTruncated: false))
        }
        guard truncatesOverflowingInput,
            let fit = Self.longestFittingPrefix(of: replacement, into: text, at: range, allowed: allowed)
        else {
            return .failure(.characterLimit(limit: limit, resultingCount: newCount))
        }
        return .success(fit)
    }

    /// `text` with the scalars in `range` replaced.
    static func splice(_ text: String, _ range: Range<String.Index>, with replacement: Substring) -> String {
        var result = text
        result.unicodeScalars.replaceSubrange(range, with: replacement.unicodeScalars)
        return result
    }

    /// The longest prefix of `replacement`, whole grapheme clusters, that leaves at most `allowed`
    /// characters when it replaces `range` of `text`; nil when not even one cluster fits.
    private static func longestFittingPrefix(
        of replacement: String, into text: String, at range: Range<String.Index>, allowed: Int
    ) -> Outcome? {
        var ends = [replacement.startIndex]
        var index = replacement.startIndex
        while index < replacement.endIndex {
            index = replacement.index(after: index)
            ends.append(index)
        }
        // Largest k with count(result of the first k clusters) ≤ allowed.
        var low = 0
        var high = ends.count - 1
        var best: (text: String, count: Int)?  // the result for `low` once low > 0
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = splice(text, range, with: replacement[..<ends[middle]])
            let count = candidate.count
            if count <= allowed {
                low = middle
                best = (candidate, count)
            } else {
                high = middle - 1
            }
        }
        guard low > 0, let best else { return nil }
        return Outcome(
            inserted: String(replacement[..<ends[low]]), text: best.text, characterCount: best.count, isTruncated: true)
    }
}
