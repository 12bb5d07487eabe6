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

    /// Rule: an inline object (U+FFFC, CB) ends a chunk cleanly, and a chunk after one keeps
    /// only its class: ICU's opportunities inside "chunk + U+FFFC" do not change with what comes
    /// after the object, nor those inside "U+FFFC + chunk" with what comes before it.
    @Test func inlineObjectsBoundTheLookOfICUsRules() throws {
        #expect(Context.endsCleanlyBefore(.contingentBreak, after: { nil }))
        #expect(Context.endsCleanlyBefore(.numeric, after: { .contingentBreak }))
        #expect(Context.endsCleanlyBefore(.openPunctuation, after: { .contingentBreak }))
        #expect(Context.endsCleanlyBefore(.postfix, after: { .contingentBreak }))
        #expect(!Context.endsCleanlyBefore(.numeric, after: { .alphabetic }))
        let chunks = ["word", "(", "a-", "$", "1.", "«", "\"", "—", "中", "한", "x\u{00A0}", "9%", "a/"]
        let others = ["", " ", "a", "1", ")", "-b", "\u{FFFC}", "。", "% ", "\u{00A0}", "(x", "—"]
        for profile in [LayoutProfile.editor, .web] {
            func breaks(_ text: String) throws -> [Int] {
                try BreakOpportunities.find(in: text, locale: "en", profile: profile)
            }
            for chunk in chunks {
                let count = chunk.utf16.count
                // Before the object: the same opportunities up to it, whatever follows it.
                let before = try breaks(chunk + "\u{FFFC}").filter { $0 <= count }
                for after in others {
                    let found = try breaks(chunk + "\u{FFFC}" + after).filter { $0 <= count }
                    #expect(found == before, "\(profile) \(chunk)|\(after)")
                }
                // After it: the same opportunities from it on, whatever comes before it.
                let alone = try breaks("\u{FFFC}" + chunk).filter { $0 > 1 }
                for lead in others {
                    let shift = lead.utf16.count
                    let found = try breaks(lead + "\u{FFFC}" + chunk).filter { $0 > shift + 1 }.map { $0 - shift }
                    #expect(found == alone, "\(profile) \(lead)|\(chunk)")
                }
            }
            // At its end: whether a line may break right after the object depends on what
            // follows it, never on what precedes it (a box is a chunk of its own whatever is
            // before it: its context holds only the class after it).
            for next in chunks + others where !next.isEmpty {
                let alone = try breaks("\u{FFFC}" + next).contains(1)
                for lead in chunks + others {
                    let at = lead.utf16.count + 1
                    #expect(
                        try breaks(lead + "\u{FFFC}" + next).contains(at) == alone,
                        "\(profile) \(lead)|\u{FFFC}|\(next)")
                }
            }
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
