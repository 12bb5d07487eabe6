import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// The edit policy, tested without a font (moved from AutoHeightTests' `FontFreeTests`, whose
/// name the suite keeps).
@Suite struct FontFreeTests {
    /// Rule: the character limit counts grapheme clusters; an overflowing edit is rejected, or
    /// cut to the longest prefix of whole clusters that fits; a text already past the limit may
    /// keep its length but not grow.
    @Test func editPolicyLimitsAndTruncates() throws {
        let text = "abc"
        let end = text.endIndex..<text.endIndex
        let rejecting = EditPolicy(characterLimit: 5, truncatesOverflowingInput: false)
        #expect(
            rejecting.apply("defgh", to: text, at: end, characterCount: 3)
                == .failure(.characterLimit(limit: 5, resultingCount: 8)))
        let cutting = EditPolicy(characterLimit: 5, truncatesOverflowingInput: true)
        #expect(
            try cutting.apply("defgh", to: text, at: end, characterCount: 3).get()
                == .init(inserted: "de", text: "abcde", characterCount: 5, isTruncated: true))
        #expect(
            try EditPolicy(characterLimit: 4, truncatesOverflowingInput: true)
                .apply("e\u{301}f", to: text, at: end, characterCount: 3).get().inserted == "e\u{301}")
        let long = "abcdef"
        let last = long.index(before: long.endIndex)..<long.endIndex
        #expect(try cutting.apply("g", to: long, at: last, characterCount: 6).get().text == "abcdeg")
        #expect(
            cutting.apply("gh", to: long, at: last, characterCount: 6).map(\.text) == .success("abcdeg"))
        #expect(
            EditPolicy(characterLimit: nil, truncatesOverflowingInput: false)
                .apply("xyz", to: text, at: end, characterCount: 3).map(\.text) == .success("abcxyz"))
        // A region of a longer text: the limit counts the characters outside it too.
        let region = "de\n"
        let inside = region.index(region.startIndex, offsetBy: 2)
        #expect(
            try cutting.apply("xyz", to: region, at: inside..<inside, characterCount: 4, charactersOutside: 1).get()
                == EditPolicy.Outcome(inserted: "x", text: "dex\n", characterCount: 5, isTruncated: true))
        #expect(
            rejecting.apply("xy", to: region, at: inside..<inside, characterCount: 4, charactersOutside: 1)
                .map(\.text) == .failure(.characterLimit(limit: 5, resultingCount: 6)))
    }
}
