/// Where a paragraph can be cut (`word |word`, where it had a break opportunity) so that the two
/// sides prepared apart give exactly the whole's preparation. Problem: a window must end where
/// nothing the preparation computes looks across. Solution: no segmentation rule or joining
/// shaper looks past the space; ``ParagraphPreparer/isCut(at:in:)`` checks the fonts.
/// Limitations: paired brackets (unless one script, ``ScriptMix``), phrase breaking. The
/// proof: the Editing article ("Word cuts").
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
