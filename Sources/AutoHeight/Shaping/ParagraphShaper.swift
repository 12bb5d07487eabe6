import CHarfBuzz

/// Per-unit flags of a prepared paragraph.
enum UnitFlag {
    /// The unit starts a grapheme cluster (a place where an over-long word may break).
    static let graphemeStart: UInt8 = 1
    /// The unit is a tab: its advance depends on where it sits on the line.
    static let tab: UInt8 = 2
    /// No font in the stack had a glyph for this unit's cluster.
    static let missingGlyph: UInt8 = 4
}

/// Shapes one paragraph with HarfBuzz: one `hb_shape` per run (script, direction), with the whole
/// paragraph as context, then chooses a font per grapheme cluster (see ``FontStack``) and
/// reshapes each stretch of clusters that left the primary font with the font chosen for it.
///
/// Output is per UTF-16 unit: the advance in em (a cluster's whole advance sits on its first unit)
/// and the index of the font that shaped it (explicit fonts first, then the system fallback's
/// discovered fonts). Direction matters for shaping (Arabic joining forms change widths) but not
/// for the sums the line walk needs.
struct ParagraphShaper {
    /// The stack's explicit fonts, primary first.
    let fonts: [Font]
    /// Searched after `fonts`; nil for none.
    let systemFallback: SystemFallback?
    let language: hb_language_t?
    /// The scripts the language is written in; runs of other scripts are shaped with their own
    /// likely language instead (a Latin word in Korean text gets no Korean `locl` forms, a Korean
    /// word in English text gets them), as Pango does. Empty: the language applies to every run.
    let languageScripts: [hb_script_t]
    /// Borrowed from ``HarfBuzzBufferPool`` for the duration of one preparation.
    let buffer: HarfBuzzBuffer

    init(
        fonts: [Font], systemFallback: SystemFallback? = nil, language: hb_language_t?,
        languageScripts: [hb_script_t], buffer: HarfBuzzBuffer
    ) {
        self.fonts = fonts
        self.systemFallback = systemFallback
        self.language = language
        self.languageScripts = languageScripts
        self.buffer = buffer
    }

    /// Whether text may end up in more than the primary font (then the caller records the font of
    /// every unit).
    var mayUseSeveralFonts: Bool { fonts.count > 1 || systemFallback != nil }

    /// The language to shape a run of `script` with: the style's for the scripts it is written
    /// in (and Common), else the script's likely language (``ScriptLanguages``).
    @inline(__always)
    func language(for script: hb_script_t) -> hb_language_t? {
        if languageScripts.isEmpty || script == HB_SCRIPT_COMMON || languageScripts.contains(script) {
            return language
        }
        return ScriptLanguages.harfBuzzLanguage(for: script)
    }

    /// Shapes the `runs` of `units` (one paragraph, the context) into `advances`, `fontIndices`
    /// and `flags` (grapheme starts must already be marked; `fontIndices` is empty when
    /// ``mayUseSeveralFonts`` is false, else one entry per unit). Returns the number of clusters
    /// in those runs that no font covers.
    ///
    /// Complexity: O(n) HarfBuzz work; runs that the primary font covers whole and that hold no
    /// emoji take no per-cluster work at all.
    func shape(
        _ units: UnsafeBufferPointer<UInt16>, runs: [TextRun], advances: inout [Double],
        fontIndices: inout [UInt8], flags: inout [UInt8], mayHaveControls: Bool = true
    ) -> Int {
        var anyMissing = false
        let several = mayUseSeveralFonts
        for run in runs {
            let missing = shapeRange(
                run.range, of: run, font: fonts[0], units: units, advances: &advances, flags: &flags)
            anyMissing = anyMissing || missing
            let mayHoldEmoji = several && Self.mayHoldEmoji(units, run.range)
            if several && (missing || mayHoldEmoji) {
                assignFonts(
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
    /// space takes a neighbour's font. Then shaping the range in pieces (``SegmentCache`` chunks)
    /// chooses fonts exactly as shaping it whole; otherwise font choice looks across piece
    /// boundaries (a space takes the font of the text after it) and the range must shape whole.
    /// Always true for one font without system fallback.
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
            if CharacterClasses.isIgnorableForCoverage(scalar) { continue }
            if !primary.shaper.hasGlyph(scalar) { return false }
        }
        return true
    }

    /// A font of the stack and its index (explicit fonts first, then discovered ones), with its
    /// rank as a fallback: the explicit fonts' indices, then the system fonts' positions in the
    /// fallback order of the run (after all explicit fonts). A space between two fonts takes the
    /// lower-ranked one.
    struct FontChoice {
        var index: Int
        var font: Font
        var rank: Int

        init(index: Int, font: Font, rank: Int? = nil) {
            self.index = index
            self.font = font
            self.rank = rank ?? index
        }
    }

    /// Whether `range` holds a unit that may start an emoji cluster.
    private static func mayHoldEmoji(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool {
        for index in range where EmojiPresentation.mayStartEmoji(units[index]) { return true }
        return false
    }

    /// Chooses a font for each grapheme cluster of `run` (shaped with the primary font already)
    /// and reshapes each stretch of consecutive clusters whose font is not the primary with its
    /// font.
    ///
    /// Clusters that choose a font: emoji take a colour font, clusters the primary lacks a
    /// fallback font, others the primary. Clusters of spaces and invisible characters do not
    /// choose (Pango's rule): a stretch of them takes the font of the cluster before it, or of
    /// the cluster after it when that font comes earlier in the stack or nothing precedes (at
    /// the start of the run or after an emoji, which is a run of its own in Pango).
    private func assignFonts(
        in run: TextRun, checkingEmoji: Bool, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) {
        let primary = FontChoice(index: 0, font: fonts[0])
        var context = FallbackContext(script: run.script)
        var scalars: [UInt32] = []  // every scalar of the cluster
        var needed: [UInt32] = []  // those that need a glyph
        // Phase 1: clusters, and the font of those that choose one.
        var clusters: [(range: Range<Int>, choice: FontChoice?, isEmoji: Bool, needed: [UInt32])] = []
        var start = run.range.lowerBound
        let end = run.range.upperBound
        while start < end {
            var clusterEnd = start + 1
            while clusterEnd < end && flags[clusterEnd] & UnitFlag.graphemeStart == 0 { clusterEnd += 1 }
            scalars.removeAll(keepingCapacity: true)
            needed.removeAll(keepingCapacity: true)
            var missing = false
            var takesNeighbour = true
            var index = start
            while index < clusterEnd {
                if flags[index] & UnitFlag.missingGlyph != 0 { missing = true }
                let scalar: UInt32
                (scalar, index) = units.scalar(at: index, limit: clusterEnd)
                scalars.append(scalar)
                if !CharacterClasses.isIgnorableForCoverage(scalar) { needed.append(scalar) }
                if takesNeighbour && !CharacterClasses.takesNeighbouringFont(scalar) { takesNeighbour = false }
            }
            if takesNeighbour {
                // Chosen in phase 2 (HarfBuzz draws a space a font lacks with its U+0020; controls
                // and invisible characters need no glyph).
                clusters.append((start..<clusterEnd, nil, false, needed))
            } else {
                var chosen: FontChoice? = nil
                let isEmoji = checkingEmoji && EmojiPresentation.isEmoji(scalars)
                if isEmoji { chosen = colourFont(for: needed, context: &context) }
                if chosen == nil && missing { chosen = fallbackFont(for: needed, context: &context) }
                clusters.append((start..<clusterEnd, chosen ?? primary, isEmoji, []))
            }
            start = clusterEnd
        }
        // Phase 2: stretches of space-like clusters take a neighbour's font.
        var position = 0
        while position < clusters.count {
            guard clusters[position].choice == nil else {
                position += 1
                continue
            }
            var stretchEnd = position
            while stretchEnd < clusters.count && clusters[stretchEnd].choice == nil { stretchEnd += 1 }
            let before = position > 0 && !clusters[position - 1].isEmoji ? clusters[position - 1].choice : nil
            let after = stretchEnd < clusters.count && !clusters[stretchEnd].isEmoji ? clusters[stretchEnd].choice : nil
            var neighbour = primary
            if let before, let after {
                neighbour = after.rank < before.rank ? after : before
            } else if let taken = before ?? after {
                neighbour = taken
            }
            for stretch in position..<stretchEnd {
                let fits = neighbour.index == 0 || Self.coversAsNeighbour(neighbour.font, clusters[stretch].needed)
                clusters[stretch].choice = fits ? neighbour : primary
            }
            position = stretchEnd
        }
        // Phase 3: reshape each stretch of clusters in one font other than the primary.
        var pending: (range: Range<Int>, choice: FontChoice)? = nil
        for cluster in clusters {
            let choice = cluster.choice ?? primary
            if let open = pending, open.choice.index == choice.index {
                pending = (open.range.lowerBound..<cluster.range.upperBound, open.choice)
                continue
            }
            if let open = pending {
                reshape(
                    open.range, with: open.choice, run: run, units: units, advances: &advances,
                    fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
            }
            pending = choice.index == 0 ? nil : (cluster.range, choice)
        }
        if let open = pending {
            reshape(
                open.range, with: open.choice, run: run, units: units, advances: &advances,
                fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
        }
    }

    /// What system look-ups in one run need, worked out on first use.
    private struct FallbackContext {
        let script: hb_script_t
        var language: String? = nil
        var explicitKeys: [String]? = nil
    }

    /// Whether `font` can draw the space-like scalars `needed`: it has them, or, for spaces
    /// (which HarfBuzz draws with the font's U+0020 when the font lacks them), it has U+0020.
    private static func coversAsNeighbour(_ font: Font, _ needed: [UInt32]) -> Bool {
        for scalar in needed where !font.shaper.hasGlyph(scalar) {
            if !font.shaper.hasGlyph(0x20) { return false }
        }
        return true
    }

    private static func covers(_ font: Font, _ needed: [UInt32]) -> Bool {
        for scalar in needed where !font.shaper.hasGlyph(scalar) { return false }
        return true
    }

    /// The first colour font covering an emoji cluster: the stack's, then the system's.
    private func colourFont(for needed: [UInt32], context: inout FallbackContext) -> FontChoice? {
        for (index, font) in fonts.enumerated() where font.isColor && Self.covers(font, needed) {
            return FontChoice(index: index, font: font)
        }
        return systemFont(for: needed, family: "emoji", colorOnly: true, context: &context)
    }

    /// The first fallback font covering a cluster the primary lacks: the stack's, then the
    /// system's (in fontconfig's order for the primary family). When no font has every
    /// character of the cluster, the first with its base character (unless the primary has it):
    /// the cluster still stays in one font, and its marks count as missing there.
    private func fallbackFont(for needed: [UInt32], context: inout FallbackContext) -> FontChoice? {
        if let whole = coveringFallback(for: needed, context: &context) { return whole }
        guard needed.count > 1, !fonts[0].shaper.hasGlyph(needed[0]) else { return nil }
        return coveringFallback(for: [needed[0]], context: &context)
    }

    private func coveringFallback(for needed: [UInt32], context: inout FallbackContext) -> FontChoice? {
        for index in fonts.indices.dropFirst() where Self.covers(fonts[index], needed) {
            return FontChoice(index: index, font: fonts[index])
        }
        return systemFont(for: needed, family: fonts[0].familyName, colorOnly: false, context: &context)
    }

    private func systemFont(
        for needed: [UInt32], family: String, colorOnly: Bool, context: inout FallbackContext
    ) -> FontChoice? {
        guard let systemFallback, !needed.isEmpty else { return nil }
        if context.language == nil {
            context.language = SystemFallback.fontconfigLanguage(
                for: context.script, styleLanguage: language, styleScripts: languageScripts)
            context.explicitKeys = fonts.map(\.fileKey)
        }
        switch systemFallback.font(
            covering: needed, family: family, language: context.language!, colorOnly: colorOnly,
            explicitKeys: context.explicitKeys!)
        {
        case .explicit(let index)?: return FontChoice(index: index, font: fonts[index])
        case .discovered(let index, let font, let position)?:
            return FontChoice(index: fonts.count + index, font: font, rank: fonts.count + position)
        case nil: return nil
        }
    }

    /// Shapes `range` of the paragraph with one font and adds the advances. Marks the units whose
    /// cluster got `.notdef`; returns whether there were any.
    @discardableResult
    private func shapeRange(
        _ range: Range<Int>, of run: TextRun, font: Font, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], flags: inout [UInt8]
    ) -> Bool {
        let handle = buffer.buffer
        hb_buffer_clear_contents(handle)
        hb_buffer_add_utf16(handle, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        let runLanguage = language(for: run.script)
        hb_buffer_set_direction(handle, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(handle, run.script)
        hb_buffer_set_language(handle, runLanguage)
        font.shape(buffer, script: run.script, isRightToLeft: run.isRightToLeft, language: runLanguage)
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(handle, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(handle, &glyphCount)
        else { return false }
        let scale = 1.0 / Double(font.unitsPerEm)
        var missing = false
        let unitCount = min(advances.count, flags.count)
        advances.withUnsafeMutableBufferPointer { advances in
            flags.withUnsafeMutableBufferPointer { flags in
                for glyphIndex in 0..<Int(glyphCount) {
                    let cluster = Int(infos[glyphIndex].cluster)
                    precondition(cluster < unitCount)
                    advances[cluster] += Double(positions[glyphIndex].x_advance) * scale
                    if infos[glyphIndex].codepoint == 0 {
                        flags[cluster] |= UnitFlag.missingGlyph
                        missing = true
                    }
                }
            }
        }
        if missing { markWholeClustersMissing(infos, Int(glyphCount), in: range, flags: &flags) }
        return missing
    }

    /// HarfBuzz may merge several graphemes into one cluster (a Myanmar or Indic syllable) and
    /// report `.notdef` on its first unit only: marks every unit of such a cluster, so that each
    /// of its graphemes falls back (together) rather than the first alone.
    private func markWholeClustersMissing(
        _ infos: UnsafeMutablePointer<hb_glyph_info_t>, _ glyphCount: Int, in range: Range<Int>,
        flags: inout [UInt8]
    ) {
        // HarfBuzz's clusters come in order (ascending left to right, descending right to
        // left): walk them in logical order, each cluster ending where the next one starts.
        let first = Int(infos[0].cluster)
        let last = Int(infos[glyphCount - 1].cluster)
        let step = first <= last ? 1 : -1
        var isMonotonic = true
        var glyph = step == 1 ? 0 : glyphCount - 1
        var previous = -1
        while glyph >= 0 && glyph < glyphCount {
            let cluster = Int(infos[glyph].cluster)
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
                let start = Int(infos[glyph].cluster)
                var next = glyph + step
                while next >= 0 && next < glyphCount && Int(infos[next].cluster) == start { next += step }
                let end = next >= 0 && next < glyphCount ? Int(infos[next].cluster) : range.upperBound
                if flags[start] & UnitFlag.missingGlyph != 0 && end > start + 1 {
                    for index in (start + 1)..<end { flags[index] |= UnitFlag.missingGlyph }
                }
                glyph = next
            }
            return
        }
        var starts: [Int] = []
        starts.reserveCapacity(glyphCount + 1)
        for glyphIndex in 0..<glyphCount { starts.append(Int(infos[glyphIndex].cluster)) }
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

    /// Reshapes `range` (whole clusters) with the chosen font, replacing the primary's advances.
    private func reshape(
        _ range: Range<Int>, with choice: FontChoice, run: TextRun, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) {
        let stored = UInt8(min(choice.index, 255))
        for index in range {
            advances[index] = 0
            flags[index] &= ~UnitFlag.missingGlyph
            if !fontIndices.isEmpty { fontIndices[index] = stored }
        }
        if shapeRange(range, of: run, font: choice.font, units: units, advances: &advances, flags: &flags) {
            anyMissing = true
        }
    }
}
