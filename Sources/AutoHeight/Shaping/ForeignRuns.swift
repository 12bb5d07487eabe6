/// Runs of a script the primary font maps no character of (Arabic, Devanagari or Thai text
/// under a Latin or CJK primary): their letters are known to leave the primary font before
/// anything is shaped, so only the text between them is shaped in it.
///
/// Shaping such a run in the primary first, as other runs are, costs a full HarfBuzz pass over
/// letters that all come out `.notdef` and are shaped again in their fallback font. Here each
/// grapheme cluster that holds a foreign letter (``isForeignLetter(_:of:)``) is marked missing
/// without shaping; the stretches between them that hold something other than spaces (digits,
/// punctuation, emoji, Latin letters the run took in) are shaped in the primary font, one
/// HarfBuzz call each, with the paragraph as context; then fonts are chosen per cluster as
/// for any run. When a cluster that was not shaped in the primary still ends up in it (no font
/// has the letter, or a stretch of spaces takes the primary's font), the run is shaped as other
/// runs are: nothing of this path remains.
///
/// Exactness: a foreign letter is `.notdef` in the primary whatever surrounds it. HarfBuzz finds
/// a glyph only through the cmap, for the character or for the characters of its canonical
/// decomposition (or a composition with its neighbour); a foreign letter's decomposition starts
/// with a letter of its own script, and so does what it composes into (checked for every scalar
/// by `ScriptCoverageTests`), which the primary lacks too. The text between foreign letters is
/// shaped apart from them, as Pango shapes it (Pango itemizes by font before shaping): in the
/// primary's whole-run pass it sat beside `.notdef` glyphs, which only a font with kerning or
/// contextual lookups on glyph 0 would notice.
extension ParagraphShaper {
    /// Whether `scalar` is a letter of `script` that a font mapping no character of `script`
    /// cannot draw: of that script (not Common or Inherited), not default-ignorable (HarfBuzz
    /// hides those), and, if it decomposes, into a character of the same script (Greek spacing
    /// accents such as U+1FC1 decompose into Common ones, which another font may have).
    static func isForeignLetter(_ scalar: UInt32, of script: Script) -> Bool {
        isForeignLetter(scalar, of: script, bits: foreignLetterBits, scripts: TextRuns.ScriptTable.shared)
    }

    /// ``isForeignLetter(_:of:)`` with its tables read beforehand (once for a loop).
    static func isForeignLetter(
        _ scalar: UInt32, of script: Script, bits: BMPBits, scripts: TextRuns.ScriptTable
    ) -> Bool {
        guard scalar < 0x10000 else { return isForeignLetterByProperties(scalar, of: script) }
        let unit = UInt16(scalar)
        return bits[unit] && scripts.entry(unit).script == script
    }

    /// Whether a BMP character is a foreign letter of its own script (``isForeignLetter(_:of:)``
    /// with the script it has), as a table.
    static let foreignLetterBits = BMPBits { scalar in
        (0xD800...0xDFFF).contains(scalar)
            ? false : isForeignLetterByProperties(scalar, of: Script.of(scalar))
    }

    /// ``isForeignLetter(_:of:)`` from the character's properties (script, ignorability,
    /// decomposition), which the table above holds for the BMP.
    static func isForeignLetterByProperties(_ scalar: UInt32, of script: Script) -> Bool {
        let own = Script.of(scalar)
        guard !script.isNeutral, own == script, !UnicodeProperties.isIgnorableForCoverage(scalar) else { return false }
        guard let (first, _) = UnicodeProperties.canonicalDecomposition(of: scalar) else { return true }
        return Script.of(first) == script
    }

    /// Shapes `run` as described above when the primary font maps no character of its script
    /// and it holds a foreign letter; returns false, having changed nothing, otherwise (or when
    /// the run must be shaped in the primary after all).
    func shapeForeignRun(
        _ run: TextRun, checkingEmoji: Bool, units: UnsafeBufferPointer<UInt16>, advances: inout [Double],
        fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) -> Bool {
        guard !run.script.isNeutral, !fonts[0].mapsAnyCharacter(of: run.script) else { return false }
        let foreignBits = Self.foreignLetterBits
        let scripts = TextRuns.ScriptTable.shared
        let neighbourBits = CharacterClasses.neighbouringFontBits
        let end = run.range.upperBound
        var foundForeign = false
        var regionStart: Int? = nil  // a stretch of clusters without a foreign letter
        var regionNeedsShaping = false
        var start = run.range.lowerBound
        while start <= end {
            var clusterEnd = start + 1
            while clusterEnd < end && flags[clusterEnd] & UnitFlag.graphemeStart == 0 { clusterEnd += 1 }
            var isForeign = false
            var takesNeighbour = true
            var index = start
            while start < end && index < clusterEnd && !isForeign {
                let scalar: UInt32
                (scalar, index) = units.scalar(at: index, limit: clusterEnd)
                if Self.isForeignLetter(scalar, of: run.script, bits: foreignBits, scripts: scripts) {
                    isForeign = true
                }
                if takesNeighbour && !CharacterClasses.takesNeighbouringFont(scalar, bits: neighbourBits) {
                    takesNeighbour = false
                }
            }
            if start == end && !foundForeign { break }  // nothing to gain: shaped as other runs
            if start == end || isForeign {
                // The stretch before a foreign cluster (or the run's end) is complete.
                if let regionStart, regionStart < start {
                    if regionNeedsShaping {
                        try shapeRange(
                            regionStart..<start, of: run, font: fonts[0], units: units, advances: &advances,
                            flags: &flags)
                    } else {
                        for unit in regionStart..<start { flags[unit] |= UnitFlag.unshapedInPrimary }
                    }
                }
                regionStart = nil
                regionNeedsShaping = false
                if start == end { break }
                foundForeign = true
                for unit in start..<clusterEnd { flags[unit] |= UnitFlag.missingGlyph | UnitFlag.unshapedInPrimary }
            } else {
                if regionStart == nil { regionStart = start }
                if !takesNeighbour { regionNeedsShaping = true }
            }
            start = clusterEnd
        }
        var chosen = false
        if foundForeign {
            anyMissing = true
            chosen = try assignFonts(
                in: run, checkingEmoji: checkingEmoji, units: units, advances: &advances, fontIndices: &fontIndices,
                flags: &flags, anyMissing: &anyMissing, primaryShapedAll: false)
        }
        for unit in run.range {
            if !chosen {
                // As before this path: the whole-run pass starts from nothing.
                advances[unit] = 0
                flags[unit] &= ~(UnitFlag.missingGlyph | UnitFlag.dottedCircle)
                if !fontIndices.isEmpty { fontIndices[unit] = 0 }
            }
            flags[unit] &= ~UnitFlag.unshapedInPrimary
        }
        return chosen
    }
}
