// Stage: Shaping.
// Problem: each UTF-16 unit's advance, in the font that will draw it.
// Solution: one HarfBuzz call per run with the paragraph as context and the font's kept shape
//   plans; clusters the primary font lacks (and emoji) choose a fallback per grapheme cluster
//   and are reshaped in it (ClusterFonts.swift); runs of a script the primary has no character
//   of skip its pass over their letters (ForeignRuns.swift); a short range shaped before in the
//   same text, outside joining scripts, is reused instead of shaped again (ShapedRangeMemo.swift).
// Limitations: no user OpenType features; advances only (no vertical text).

/// Shapes one paragraph with HarfBuzz: one `hb_shape` per run (script, direction), with the whole
/// paragraph as context, then chooses a font per grapheme cluster (see ``FontStack``) and
/// reshapes each stretch of clusters that left the primary font with the font chosen for it.
///
/// Output is per UTF-16 unit: the advance in em (a cluster's whole advance sits on its first unit)
/// and the index of the font that shaped it (explicit fonts first, then the system fallback's
/// discovered fonts). Direction matters for shaping (Arabic joining forms change widths) but not
/// for the sums the line walk needs.
package struct ParagraphShaper {
    /// The style's fonts and language.
    let setup: ShapingSetup
    /// The buffer and font-choice memo of the thread preparing.
    let workspace: ShapingWorkspace

    init(setup: ShapingSetup, workspace: ShapingWorkspace) {
        self.setup = setup
        self.workspace = workspace
    }

    /// The stack's explicit fonts, primary first.
    package var fonts: [Font] { setup.fonts }
    /// Searched after `fonts`; nil for none.
    var systemFallback: SystemFallback? { setup.systemFallback }
    var language: ShapingLanguage? { setup.language }
    /// The scripts the language is written in; in the editor profile runs of other scripts are
    /// shaped with their own likely language instead (a Latin word in Korean text gets no Korean
    /// `locl` forms, a Korean word in English text gets them), as Pango does. Empty: the language
    /// applies to every run.
    var languageScripts: [Script] { setup.languageScripts }
    /// The workspace's, for the duration of one preparation.
    package var buffer: HarfBuzzBuffer { workspace.buffer }
    /// Fonts chosen for clusters before, for this stack and language (nil: one font, nothing to
    /// choose).
    var fontChoices: FontChoiceMemo? { setup.mayUseSeveralFonts ? workspace.fontChoices : nil }

    /// Whether text may end up in more than the primary font (then the caller records the font of
    /// every unit).
    package var mayUseSeveralFonts: Bool { setup.mayUseSeveralFonts }

    /// The language to shape a run of `script` with: the style's for the scripts it is written
    /// in (and Common), else the script's likely language (``ScriptLanguages``), as Pango does;
    /// in the web profile the style's for every run, as browsers shape with the element's `lang`
    /// (Chromium's Latin words in Korean text take Noto Sans CJK's Korean `locl` space).
    package func language(for script: Script) -> ShapingLanguage? {
        if setup.shapesEveryRunInLanguage || languageScripts.isEmpty || script == .common
            || languageScripts.contains(script)
        {
            return language
        }
        return ScriptLanguages.shapingLanguage(for: script)
    }

    /// Shapes the `runs` of `units` (one paragraph, the context) into `advances`, `fontIndices`
    /// and `flags` (grapheme starts must already be marked; `fontIndices` is empty when
    /// ``mayUseSeveralFonts`` is false, else one entry per unit). Returns the number of clusters
    /// in those runs that no font covers.
    ///
    /// Complexity: O(n) HarfBuzz work; runs that the primary font covers whole and that hold no
    /// emoji take no per-cluster work at all.
    package func shape(
        _ units: UnsafeBufferPointer<UInt16>, runs: [TextRun], advances: inout [Double],
        fontIndices: inout [UInt8], flags: inout [UInt8], mayHaveControls: Bool = true
    ) throws(AutoHeightError) -> Int {
        var anyMissing = false
        let several = mayUseSeveralFonts
        for run in runs {
            let mayHoldEmoji = several && Self.mayHoldEmoji(units, run.range)
            if several,
                try shapeForeignRun(
                    run, checkingEmoji: mayHoldEmoji, units: units, advances: &advances, fontIndices: &fontIndices,
                    flags: &flags, anyMissing: &anyMissing)
            {
                continue
            }
            let missing = try shapeRange(
                run.range, of: run, font: fonts[0], units: units, advances: &advances, flags: &flags)
            anyMissing = anyMissing || missing
            if several && (missing || mayHoldEmoji) {
                try assignFonts(
                    in: run, checkingEmoji: mayHoldEmoji, units: units, advances: &advances,
                    fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
            }
        }
        // Tabs and other controls take no glyph width: tabs advance to tab stops on the line.
        // Only the runs shaped here count (a caller may shape a paragraph run by run).
        if !mayHaveControls && !anyMissing { return 0 }
        precondition(advances.count >= units.count && flags.count >= units.count)
        var missing = 0
        advances.withUnsafeMutableBufferPointer { advances in
            flags.withUnsafeMutableBufferPointer { flags in
                for run in runs {
                    for index in run.range {
                        let unit = units[index]
                        if unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) {
                            advances[index] = 0
                            flags[index] &= ~UnitFlag.missingGlyph
                            if unit == 0x09 { flags[index] |= UnitFlag.tab }
                        } else if anyMissing
                            && flags[index] & (UnitFlag.missingGlyph | UnitFlag.graphemeStart)
                                == UnitFlag.missingGlyph | UnitFlag.graphemeStart
                        {
                            missing += 1  // one per grapheme cluster
                        }
                    }
                }
            }
        }
        return missing
    }

    /// Whether the primary font alone sets `range`: it has a glyph for every character (controls
    /// and default-ignorables aside) and there is no emoji, so no cluster changes font and no
    /// space takes a neighbour's font (used where an edit's window in a long paragraph may be
    /// cut, ``ParagraphCut``). Always true for one font without system fallback.
    ///
    /// Complexity: O(n): a bit test per ASCII unit, a cmap look-up per other character.
    func primaryShapesAlone(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool {
        guard mayUseSeveralFonts else { return true }
        let primary = fonts[0]
        var index = range.lowerBound
        while index < range.upperBound {
            let unit = units[index]
            index += 1
            if unit < 0x80 {
                if unit >= 0x20 && unit != 0x7F && !primary.coversASCII(unit) { return false }
                continue
            }
            if EmojiPresentation.mayStartEmoji(unit) { return false }
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index - 1, limit: range.upperBound)
            if UnicodeProperties.isIgnorableForCoverage(scalar) { continue }
            if !primary.shaper.hasGlyph(scalar) { return false }
        }
        return true
    }

    /// Whether `range` holds a unit that may start an emoji cluster, or a zero-width joiner (which
    /// makes a text-default emoji character an emoji): a cluster shown as emoji holds one, so
    /// whether a cluster is emoji never depends on the text around it.
    static func mayHoldEmoji(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool {
        for index in range where EmojiPresentation.mayStartEmoji(units[index]) || units[index] == 0x200D {
            return true
        }
        return false
    }

    /// Shapes `range` of the paragraph with one font and adds the advances. Marks the units whose
    /// cluster got `.notdef`; returns whether there were any.
    ///
    /// The same characters shaped before in the same text with the same font, script and
    /// direction come from the text's ``ShapedRangeMemo`` instead, when the script joins no
    /// letters (HarfBuzz's result then ignores the text around the range).
    @discardableResult
    func shapeRange(
        _ range: Range<Int>, of run: TextRun, font: Font, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], flags: inout [UInt8]
    ) throws(AutoHeightError) -> Bool {
        guard !run.script.joinsLetters,
            let key = ShapedRangeMemo.Key(
                units, range, font: font, script: run.script, rightToLeft: run.isRightToLeft, advances: advances,
                flags: flags)
        else {
            return try shapeRangeWithHarfBuzz(
                range, of: run, font: font, units: units, advances: &advances, flags: &flags)
        }
        let memo = workspace.shapedRanges
        if let missing = memo.reuse(key, units, range, advances: &advances, flags: &flags) { return missing }
        let missing = try shapeRangeWithHarfBuzz(
            range, of: run, font: font, units: units, advances: &advances, flags: &flags)
        memo.remember(key, units, range, missing: missing, advances: advances, flags: flags)
        return missing
    }

    /// ``shapeRange(_:of:font:units:advances:flags:)`` by a HarfBuzz call.
    private func shapeRangeWithHarfBuzz(
        _ range: Range<Int>, of run: TextRun, font: Font, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], flags: inout [UInt8]
    ) throws(AutoHeightError) -> Bool {
        let glyphs = try font.shape(
            units, range: range, script: run.script, isRightToLeft: run.isRightToLeft,
            language: language(for: run.script), buffer: buffer)
        guard glyphs.count > 0 else { return false }
        let scale = 1.0 / Double(font.unitsPerEm)
        var missing = false
        var dottedCircles = 0
        let dottedCircle = font.dottedCircleGlyph ?? 0  // 0 is .notdef, counted apart
        let unitCount = min(advances.count, flags.count)
        let grid = setup.advanceGrid
        advances.withUnsafeMutableBufferPointer { advances in
            flags.withUnsafeMutableBufferPointer { flags in
                for glyphIndex in 0..<glyphs.count {
                    let cluster = glyphs.cluster(at: glyphIndex)
                    precondition(cluster < unitCount)
                    let advance = Double(glyphs.xAdvance(at: glyphIndex)) * scale
                    advances[cluster] += grid > 0 ? (advance * grid).rounded() / grid : advance
                    let glyph = glyphs.glyph(at: glyphIndex)
                    if glyph == 0 {
                        flags[cluster] |= UnitFlag.missingGlyph
                        missing = true
                    } else if glyph == dottedCircle {
                        dottedCircles += 1
                    }
                }
            }
        }
        if missing { markWholeClustersMissing(glyphs, in: range, flags: &flags) }
        if dottedCircles > 0 {
            markInsertedDottedCircles(
                glyphs, glyph: dottedCircle, count: dottedCircles, in: range, units: units, flags: &flags)
        }
        return missing
    }

    /// Marks ``UnitFlag/dottedCircle`` on the clusters of the `count` dotted-circle glyphs of
    /// `glyphs` when there are more of them than U+25CC characters in `range` (HarfBuzz inserted
    /// some: broken syllables). The text's own dotted circles are marked too then: what matters
    /// is only whether a text holds an inserted one.
    private func markInsertedDottedCircles(
        _ glyphs: ShapedGlyphs, glyph dottedCircle: UInt32, count: Int, in range: Range<Int>,
        units: UnsafeBufferPointer<UInt16>, flags: inout [UInt8]
    ) {
        var written = 0
        for index in range where units[index] == 0x25CC { written += 1 }
        guard count > written else { return }
        for glyphIndex in 0..<glyphs.count where glyphs.glyph(at: glyphIndex) == dottedCircle {
            flags[glyphs.cluster(at: glyphIndex)] |= UnitFlag.dottedCircle
        }
    }

    /// HarfBuzz may merge several graphemes into one cluster (a Myanmar or Indic syllable) and
    /// report `.notdef` on its first unit only: marks every unit of such a cluster, so that each
    /// of its graphemes falls back (together) rather than the first alone.
    private func markWholeClustersMissing(_ glyphs: ShapedGlyphs, in range: Range<Int>, flags: inout [UInt8]) {
        let glyphCount = glyphs.count
        // HarfBuzz's clusters come in order (ascending left to right, descending right to
        // left): walk them in logical order, each cluster ending where the next one starts.
        let first = glyphs.cluster(at: 0)
        let last = glyphs.cluster(at: glyphCount - 1)
        let step = first <= last ? 1 : -1
        var isMonotonic = true
        var glyph = step == 1 ? 0 : glyphCount - 1
        var previous = -1
        while glyph >= 0 && glyph < glyphCount {
            let cluster = glyphs.cluster(at: glyph)
            if cluster < previous {
                isMonotonic = false
                break
            }
            previous = cluster
            glyph += step
        }
        if isMonotonic {
            glyph = step == 1 ? 0 : glyphCount - 1
            while glyph >= 0 && glyph < glyphCount {
                let start = glyphs.cluster(at: glyph)
                var next = glyph + step
                while next >= 0 && next < glyphCount && glyphs.cluster(at: next) == start { next += step }
                let end = next >= 0 && next < glyphCount ? glyphs.cluster(at: next) : range.upperBound
                if flags[start] & UnitFlag.missingGlyph != 0 && end > start + 1 {
                    for index in (start + 1)..<end { flags[index] |= UnitFlag.missingGlyph }
                }
                glyph = next
            }
            return
        }
        var starts: [Int] = []
        starts.reserveCapacity(glyphCount + 1)
        for glyphIndex in 0..<glyphCount { starts.append(glyphs.cluster(at: glyphIndex)) }
        starts.sort()
        starts.append(range.upperBound)
        var position = 0
        while position < starts.count - 1 {
            let start = starts[position]
            var next = position + 1
            while next < starts.count - 1 && starts[next] == start { next += 1 }
            if flags[start] & UnitFlag.missingGlyph != 0 {
                for index in (start + 1)..<max(start + 1, starts[next]) { flags[index] |= UnitFlag.missingGlyph }
            }
            position = next
        }
    }
}
