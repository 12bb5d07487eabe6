import AutoHeight

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
        /// The text given to ``apply(_:to:at:characterCount:charactersOutside:)`` after the edit.
        var text: String
        /// Grapheme clusters of the whole text after the edit (`text` and the characters outside it).
        var characterCount: Int
        var isTruncated: Bool
    }

    /// `replacement` put in place of `range` of `text`, as the policy allows it; a text already
    /// past the limit may keep its length but not grow. `text` may be a part of the whole text
    /// that starts and ends at grapheme-cluster boundaries (the paragraphs an edit touches), with
    /// `charactersOutside` clusters around it; `characterCount` is the whole text's.
    ///
    /// Complexity: O(length of `text`) to count the result; O(length × log m) when it must be
    /// cut (a binary search over prefix lengths of the m clusters inserted).
    func apply(
        _ replacement: String, to text: String, at range: Range<String.Index>, characterCount: Int,
        charactersOutside: Int = 0
    ) -> Result<Outcome, EditRejection> {
        let newText = Self.splice(text, range, with: replacement[...])
        let newCount = charactersOutside + newText.count
        guard let limit = characterLimit else {
            return .success(Outcome(inserted: replacement, text: newText, characterCount: newCount, isTruncated: false))
        }
        let allowed = max(limit, characterCount)
        if newCount <= allowed {
            return .success(Outcome(inserted: replacement, text: newText, characterCount: newCount, isTruncated: false))
        }
        guard truncatesOverflowingInput,
            var fit = Self.longestFittingPrefix(
                of: replacement, into: text, at: range, allowed: allowed - charactersOutside)
        else {
            return .failure(.characterLimit(limit: limit, resultingCount: newCount))
        }
        fit.characterCount += charactersOutside
        return .success(fit)
    }

    /// `text` with the scalars in `range` replaced.
    static func splice(_ text: String, _ range: Range<String.Index>, with replacement: Substring) -> String {
        // Three UTF-8 copies (replacing in `unicodeScalars` goes scalar by scalar, far slower).
        var result = String(text.unicodeScalars[..<range.lowerBound])
        result.reserveCapacity(text.utf8.count + replacement.utf8.count)
        result.append(contentsOf: replacement)
        result.append(contentsOf: String(text.unicodeScalars[range.upperBound...]))
        return result
    }

    /// The longest prefix of `replacement`, whole grapheme clusters, that leaves at most `allowed`
    /// characters in `text` when it replaces `range`; nil when not even one cluster fits.
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
            inserted: String(replacement[..<ends[low]]), text: best.text, characterCount: best.count,
            isTruncated: true)
    }
}
