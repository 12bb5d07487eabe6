/// Where a paragraph can be cut so that preparing the two sides apart gives
/// exactly the preparation of the whole, in every respect that does not depend on the font:
/// after a space that follows a letter, before a letter of the same script (`word |word`),
/// where the paragraph had a break opportunity.
///
/// - Script runs: both letters have a real script, so the itemizer's state at the cut is that
///   script whichever side it starts from (paired brackets aside, which the caller excludes
///   unless the paragraph holds one script, ``ScriptMix``).
/// - Grapheme clusters: a space and a letter that joins nothing before it start clusters
///   (no rule looks across a space).
/// - UAX #14: no rule that looks further than the two characters around a boundary passes a
///   letter (LB14–LB17 look back over spaces to OP, QU, CL, CP, B2; LB9 over marks; LB21a, LB25
///   and LB30a over hyphens, numbers and regional indicators), so the opportunities on each side
///   depend on that side; at the cut LB18 breaks (the letter before the space is not OP), as it
///   did before the edit. Keep-all removes only breaks between two letters. The web profile's
///   rules look at most two units back, which stay on one side.
/// - Shaping: HarfBuzz's joining shapers (Arabic and the other scripts whose letters join) look
///   past a run's edges to the nearest character that is not transparent: the space, of
///   Joining_Type U, which ends their look as the edge of the text does, so the letter after
///   the cut takes the form it takes after the space and the one before it the form it takes
///   before the space. The fonts' lookups are checked by ``ParagraphPreparer/isCut(at:in:)``
///   (words shaped independently in the direction of the letters, by the font that sets them).
/// - Hanging whitespace: the segment before the cut ends with the space either way.
/// - CSS (``CSSBreaks``): `word-break: break-all`, `line-break: anywhere` and
///   `white-space: break-spaces` decide a break from the unit, its own cluster and the cluster
///   before it, and `white-space: normal` takes the width of a space that follows a space (and
///   of a paragraph's leading run): with one space before the cut and a letter after it, none
///   of them looks across. Phrase breaking reads whole sentences, so it keeps no pieces.
enum ParagraphCut {
    /// Segments passed over looking for a cut on each side of an edit.
    static let searchLimit = 256

    /// The script of the letters around `offset` when `offset` is a cut (see above), else nil.
    static func script(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Script? {
        guard offset >= 2, offset < units.count, units[offset - 1] == 0x20 else { return nil }
        let before = units[offset - 2]
        let after = units[offset]
        guard isPlainLetter(before), isPlainLetter(after), Graphemes.isStandalone(after) else { return nil }
        let script = Script.of(UInt32(after))
        guard !script.isNeutral, Script.of(UInt32(before)) == script else { return nil }
        return script
    }

    /// A BMP character (not a surrogate) of a letter class of UAX #14 (see
    /// ``SegmentCache/BreakContext/isLetter(_:)``).
    private static func isPlainLetter(_ unit: UInt16) -> Bool {
        !(0xD800...0xDFFF).contains(unit)
            && SegmentCache.BreakContext.isLetter(UnicodeProperties.lineBreakClass(of: UInt32(unit)))
    }

    /// Whether `unit` is a paired bracket (Bidi_Paired_Bracket_Type Open or Close). Every paired
    /// bracket is in the BMP, so a surrogate is none (`ParagraphWindowBracketTests`).
    static func mayBeBracket(_ unit: UInt16) -> Bool {
        if unit < 0x80 {
            return unit == 0x28 || unit == 0x29 || unit == 0x5B || unit == 0x5D || unit == 0x7B || unit == 0x7D
        }
        if (0xD800...0xDFFF).contains(unit) { return false }
        return UnicodeProperties.pairedBracket(of: UInt32(unit)) != nil
    }

    /// The index of the segment holding `offset` (the first ending after it; the last for the
    /// paragraph's end). Complexity: O(log segments).
    static func segmentIndex(containing offset: Int, in segments: [Segment]) -> Int {
        min(segments.partitioningIndex { Int($0.end) > offset }, max(segments.count - 1, 0))
    }
}
