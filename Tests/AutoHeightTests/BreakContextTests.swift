import Testing

@testable import AutoHeight

/// The rules that say when a cached chunk's line breaks depend on nothing but its text and its
/// ``SegmentCache/BreakContext``; `SegmentCacheTests` compares the breaks they store with ICU's
/// on whole paragraphs.
@Suite struct BreakContextTests {
    typealias Context = SegmentCache.BreakContext

    /// Rule: a run that ends at no space with a letter or digit ends cleanly before a numeric
    /// separator or affix (IS, SY, PR, PO); one that ends with a prefix, postfix, opening
    /// character or hyphen does not, because ICU's LB25 looks past the separator for a digit.
    @Test func onlyLettersAndDigitsEndCleanlyBeforeSeparators() throws {
        // ICU 72's LB25: "$(" holds together before ".5", not before ".a".
        #expect(try BreakOpportunities.find(in: "$(.5", locale: "en") == [4])
        #expect(try BreakOpportunities.find(in: "$(.a", locale: "en") == [1, 4])
        let separators: [LineBreakClass] = [.infixSeparator, .symbol, .prefix, .postfix]
        for next in separators {
            for last in [LineBreakClass.alphabetic, .hebrewLetter, .ideographic, .numeric] {
                #expect(Context.endsCleanlyBefore(next, after: { last }), "\(last.rawValue) before \(next.rawValue)")
            }
            for last in [LineBreakClass.prefix, .postfix, .openPunctuation, .hyphen, .infixSeparator, .complexContext] {
                #expect(!Context.endsCleanlyBefore(next, after: { last }), "\(last.rawValue) before \(next.rawValue)")
            }
            #expect(!Context.endsCleanlyBefore(next, after: { nil }))
        }
        // Not before an opening bracket, whose East Asian width decides (LB30), nor a digit.
        for next in [LineBreakClass.openPunctuation, .numeric, .hyphen] {
            #expect(!Context.endsCleanlyBefore(next, after: { .alphabetic }))
        }
    }

    /// Rule: a character starts a chunk's neighbour cleanly when it is standalone (after no
    /// Prepend character), or a BMP
    /// character of Grapheme_Cluster_Break Other after no Prepend character or ZWJ, and not a
    /// combining mark, joiner or complex-context letter.
    @Test func clusterStartsThatKeepTheirOwnClass() {
        func startsCluster(_ text: String, at index: Int) -> Bool {
            let units = Array(text.utf16)
            return units.withUnsafeBufferPointer {
                Context.startsClusterWithOwnClass(at: index, in: $0, tables: Context.Tables())
            }
        }
        #expect(startsCluster("a b", at: 2))  // standalone
        #expect(startsCluster("a क", at: 2))  // Devanagari letter, after a space
        #expect(startsCluster("abc\u{060C}", at: 3))  // Arabic comma, after a letter
        #expect(startsCluster("ש a", at: 1))
        #expect(!startsCluster("a \u{FF9E}", at: 2))  // Extend, though its class is NS
        #expect(!startsCluster("a \u{0903}", at: 2))  // SpacingMark
        #expect(!startsCluster("a\u{0301}", at: 1))  // combining mark
        #expect(startsCluster("a \u{0E01}", at: 2))  // a standalone Thai letter
        #expect(!startsCluster("a \u{1000}", at: 2))  // Myanmar: complex context, not standalone
        #expect(!startsCluster("\u{0600}\u{0661}", at: 1))  // after Prepend
        #expect(!startsCluster("a\u{200D}\u{0915}", at: 2))  // after ZWJ
        #expect(!startsCluster("a \u{1100}", at: 2))  // Hangul L jamo
        #expect(!startsCluster("a 😀", at: 2))  // a surrogate
    }
}
