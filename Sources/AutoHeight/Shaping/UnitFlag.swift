/// Per-unit flags of a prepared paragraph.
package enum UnitFlag {
    /// The unit starts a grapheme cluster (a place where an over-long word may break).
    package static let graphemeStart: UInt8 = 1
    /// The unit is a tab: its advance depends on where it sits on the line.
    static let tab: UInt8 = 2
    /// No font in the stack had a glyph for this unit's cluster.
    static let missingGlyph: UInt8 = 4
    /// Whitespace inside a segment's content (before a character no break may precede, such as
    /// `:`): when the segment must break inside, it hangs like trailing whitespace, so no line
    /// starts with it. Set by preparation (``TrailingWhitespace/hangs`` only).
    static let innerWhitespace: UInt8 = 8
    /// HarfBuzz inserted a dotted circle into this unit's cluster (a broken syllable: a vowel sign
    /// or mark with no base of its script). Whether it does depends on the broken syllables before
    /// it in the same buffer (HarfBuzz numbers syllables modulo 15 and skips a broken one numbered
    /// as the last), so text holding one is shaped whole, never in pieces.
    static let dottedCircle: UInt8 = 0x40
    /// Set, while a foreign run's fonts are chosen, on the units of clusters not shaped in the
    /// primary font (``ParagraphShaper/shapeForeignRun(_:checkingEmoji:units:advances:fontIndices:flags:anyMissing:)``);
    /// never left in a paragraph's flags.
    static let unshapedInPrimary: UInt8 = 0x80

    /// Grapheme clusters marked missing in `flags` (one per cluster, counted at its first unit).
    static func missingClusters(in flags: ArraySlice<UInt8>) -> Int {
        let both = missingGlyph | graphemeStart
        var count = 0
        for flag in flags where flag & both == both { count += 1 }
        return count
    }
}
