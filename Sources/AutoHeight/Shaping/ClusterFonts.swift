/// Font choice per grapheme cluster (the rules are on ``FontStack``): which clusters leave the
/// primary font, which fallback or colour font takes them, and the stretches reshaped in it.
extension ParagraphShaper {
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

    /// Chooses a font for each grapheme cluster of `run` (shaped with the primary font already)
    /// and reshapes each stretch of consecutive clusters whose font is not the primary with its
    /// font.
    ///
    /// Clusters that choose a font: emoji take a colour font, clusters the primary lacks a
    /// fallback font, others the primary. Clusters of spaces and invisible characters do not
    /// choose (Pango's rule): a stretch of them takes the font of the cluster before it, or of
    /// the cluster after it when that font comes earlier in the stack or nothing precedes (at
    /// the start of the run or after an emoji, which is a run of its own in Pango).
    func assignFonts(
        in run: TextRun, checkingEmoji: Bool, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) {
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
                if !UnicodeProperties.isIgnorableForCoverage(scalar) { needed.append(scalar) }
                if takesNeighbour && !CharacterClasses.takesNeighbouringFont(scalar) { takesNeighbour = false }
            }
            if takesNeighbour {
                // Chosen in phase 2 (HarfBuzz draws a space a font lacks with its U+0020; controls
                // and invisible characters need no glyph).
                clusters.append((start..<clusterEnd, nil, false, needed))
            } else {
                var chosen: FontChoice? = nil
                let isEmoji = checkingEmoji && EmojiPresentation.isEmoji(scalars)
                if isEmoji { chosen = try remembered(needed, colorOnly: true, context: &context) }
                if chosen == nil && missing { chosen = try remembered(needed, colorOnly: false, context: &context) }
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
                try reshape(
                    open.range, with: open.choice, run: run, units: units, advances: &advances,
                    fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
            }
            pending = choice.index == 0 ? nil : (cluster.range, choice)
        }
        if let open = pending {
            try reshape(
                open.range, with: open.choice, run: run, units: units, advances: &advances,
                fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
        }
    }

    /// The colour font (`colorOnly`) or fallback font for a cluster, from ``fontChoices`` when
    /// it holds it.
    private func remembered(
        _ needed: [UInt32], colorOnly: Bool, context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        let compute = { (context: inout FallbackContext) throws(AutoHeightError) -> FontChoice? in
            colorOnly
                ? try colourFont(for: needed, context: &context) : try fallbackFont(for: needed, context: &context)
        }
        guard let fontChoices else { return try compute(&context) }
        return try fontChoices.choice(for: .init(script: context.script, colorOnly: colorOnly, scalars: needed)) {
            () throws(AutoHeightError) in try compute(&context)
        }
    }

    /// What system look-ups in one run need, worked out on first use.
    private struct FallbackContext {
        let script: Script
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
    private func colourFont(
        for needed: [UInt32], context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        for (index, font) in fonts.enumerated() where font.isColor && Self.covers(font, needed) {
            return FontChoice(index: index, font: font)
        }
        return try systemFont(for: needed, family: "emoji", colorOnly: true, context: &context)
    }

    /// The first fallback font covering a cluster the primary lacks: the stack's, then the
    /// system's (in fontconfig's order for the primary family). When no font has every
    /// character of the cluster, the first with its base character (unless the primary has it):
    /// the cluster still stays in one font, and its marks count as missing there.
    private func fallbackFont(
        for needed: [UInt32], context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        if let whole = try coveringFallback(for: needed, context: &context) { return whole }
        guard needed.count > 1, !fonts[0].shaper.hasGlyph(needed[0]) else { return nil }
        return try coveringFallback(for: [needed[0]], context: &context)
    }

    private func coveringFallback(
        for needed: [UInt32], context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        for index in fonts.indices.dropFirst() where Self.covers(fonts[index], needed) {
            return FontChoice(index: index, font: fonts[index])
        }
        return try systemFont(for: needed, family: fonts[0].familyName, colorOnly: false, context: &context)
    }

    private func systemFont(
        for needed: [UInt32], family: String, colorOnly: Bool, context: inout FallbackContext
    ) throws(AutoHeightError) -> FontChoice? {
        guard let systemFallback, !needed.isEmpty else { return nil }
        if context.language == nil {
            context.language = SystemFallback.fontconfigLanguage(
                for: context.script, styleLanguage: language, styleScripts: languageScripts)
            context.explicitKeys = fonts.map(\.fileKey)
        }
        switch try systemFallback.font(
            covering: needed, family: family, language: context.language!, colorOnly: colorOnly,
            explicitKeys: context.explicitKeys!)
        {
        case .explicit(let index)?: return FontChoice(index: index, font: fonts[index])
        case .discovered(let index, let font, let position)?:
            return FontChoice(index: fonts.count + index, font: font, rank: fonts.count + position)
        case nil: return nil
        }
    }

    /// Reshapes `range` (whole clusters) with the chosen font, replacing the primary's advances.
    private func reshape(
        _ range: Range<Int>, with choice: FontChoice, run: TextRun, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) {
        let stored = UInt8(min(choice.index, 255))
        for index in range {
            advances[index] = 0
            flags[index] &= ~UnitFlag.missingGlyph
            if !fontIndices.isEmpty { fontIndices[index] = stored }
        }
        if try shapeRange(range, of: run, font: choice.font, units: units, advances: &advances, flags: &flags) {
            anyMissing = true
        }
    }
}
