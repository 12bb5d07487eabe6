/// Font choice per grapheme cluster (the rules are on ``FontStack``): which clusters leave the
/// primary font, which fallback or colour font takes them, and the stretches reshaped in it.
///
/// One pass over the run's clusters that keeps nothing per cluster: a cluster of one unit that
/// the primary has and that cannot be emoji (most of them) is the primary's without reading its
/// scalar twice; a stretch of space-like clusters is only remembered by where it starts, and
/// settled (its scalars read again) when the next cluster that chooses a font comes, or the run
/// ends; clusters are handed on in order to ``FontStretch``, which reshapes each stretch in one
/// font other than the primary as soon as it ends.
extension ParagraphShaper {
    /// A font of the stack and its index (explicit fonts first, then discovered ones), with its
    /// rank as a fallback: the explicit fonts' indices, then the system fonts' positions in the
    /// fallback order of the run (after all explicit fonts). A space between two fonts takes the
    /// lower-ranked one.
    ///
    /// The font is not retained (a choice is copied for every cluster that leaves the primary, and
    /// counting references was a tenth of the time of a right-to-left text's shaping): the stack
    /// or the system fallback holds it while a paragraph is shaped, and ``FontChoiceMemo`` holds
    /// every font it remembers a choice of.
    struct FontChoice {
        var index: Int
        unowned(unsafe) var font: Font
        var rank: Int

        init(index: Int, font: Font, rank: Int? = nil) {
            self.index = index
            self.font = font
            self.rank = rank ?? index
        }
    }

    /// What a stretch of space-like clusters sees beside it: nothing (the run's edge, or an
    /// emoji, which is a run of its own in Pango), the primary font, or another font.
    enum Neighbour {
        case none
        case primary
        case font(FontChoice)
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
    ///
    /// With `primaryShapedAll` false (a foreign run, ``shapeForeignRun(_:checkingEmoji:units:advances:fontIndices:flags:anyMissing:)``),
    /// returns false when a cluster marked ``UnitFlag/unshapedInPrimary`` was left in the primary font.
    ///
    /// Complexity: O(n); allocates only for a memo miss or a cluster needing more than four
    /// characters.
    @discardableResult
    func assignFonts(
        in run: TextRun, checkingEmoji: Bool, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool,
        primaryShapedAll: Bool = true
    ) throws(AutoHeightError) -> Bool {
        var context = FallbackContext(script: run.script)
        let memo = fontChoices
        var scalars: [UInt32] = []  // every scalar of a cluster that may be emoji
        if let memo { swap(&scalars, &memo.scalars) }
        defer { if let memo { swap(&scalars, &memo.scalars) } }
        let neighbourBits = CharacterClasses.neighbouringFontBits
        var stretch = FontStretch()
        stretch.watchesUnshaped = !primaryShapedAll
        var previous = Neighbour.none  // the font of the last cluster that chose one
        var spaces = -1  // where the open stretch of space-like clusters starts (-1: none)
        var start = run.range.lowerBound
        let end = run.range.upperBound
        while start < end {
            var clusterEnd = start + 1
            while clusterEnd < end && flags[clusterEnd] & UnitFlag.graphemeStart == 0 { clusterEnd += 1 }
            if clusterEnd == start + 1 && flags[start] & UnitFlag.missingGlyph == 0
                && !(checkingEmoji && EmojiPresentation.mayStartEmoji(units[start]))
            {
                // One unit that the primary has and that is no emoji (a lone unit is one only
                // when it has Emoji_Presentation, and then it may start one): a space-like
                // cluster, or the primary's, as is a stretch of space-like clusters before it.
                if CharacterClasses.takesNeighbouringFont(UInt32(units[start]), bits: neighbourBits) {
                    if spaces < 0 { spaces = start }
                } else {
                    try stretch.addPrimary(
                        (spaces < 0 ? start : spaces)..<clusterEnd, shaper: self, run: run, units: units,
                        advances: &advances, fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
                    spaces = -1
                    if case .primary = previous {} else { previous = .primary }
                }
                start = clusterEnd
                continue
            }
            var missing = false
            var takesNeighbour = true
            var needed = NeededScalars()  // the scalars that need a glyph
            var mayBeEmoji = false
            var index = start
            while index < clusterEnd {
                if flags[index] & UnitFlag.missingGlyph != 0 { missing = true }
                if checkingEmoji && !mayBeEmoji { mayBeEmoji = Self.mayMakeEmoji(units[index]) }
                let scalar: UInt32
                (scalar, index) = units.scalar(at: index, limit: clusterEnd)
                if !UnicodeProperties.isIgnorableForCoverage(scalar) { needed.append(scalar) }
                if takesNeighbour && !CharacterClasses.takesNeighbouringFont(scalar, bits: neighbourBits) {
                    takesNeighbour = false
                }
            }
            if takesNeighbour {
                // Settled with its stretch (HarfBuzz draws a space a font lacks with its U+0020;
                // controls and invisible characters need no glyph).
                if spaces < 0 { spaces = start }
                start = clusterEnd
                continue
            }
            let cluster = start..<clusterEnd
            var chosen: FontChoice? = nil
            let isEmoji = mayBeEmoji && Self.isEmoji(units, cluster, scalars: &scalars)
            if isEmoji {
                chosen = try remembered(
                    cluster, needed: needed, units: units, colorOnly: true, memo: memo, context: &context)
            }
            if chosen == nil && missing {
                chosen = try remembered(
                    cluster, needed: needed, units: units, colorOnly: false, memo: memo, context: &context)
            }
            // A choice of font 0 (a colour primary) is the primary's: rank 0, nothing reshaped.
            var current = Neighbour.primary
            if let chosen, chosen.index != 0 { current = .font(chosen) }
            if spaces >= 0 {
                try settleSpaces(
                    spaces..<start, before: previous, after: isEmoji ? .none : current, into: &stretch, run: run,
                    units: units, advances: &advances, fontIndices: &fontIndices, flags: &flags,
                    anyMissing: &anyMissing)
                spaces = -1
            }
            if case .font(let choice) = current {
                try stretch.add(
                    cluster, choice, shaper: self, run: run, units: units, advances: &advances,
                    fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
            } else {
                try stretch.addPrimary(
                    cluster, shaper: self, run: run, units: units, advances: &advances, fontIndices: &fontIndices,
                    flags: &flags, anyMissing: &anyMissing)
            }
            previous = isEmoji ? .none : current
            start = clusterEnd
        }
        if spaces >= 0 {
            try settleSpaces(
                spaces..<end, before: previous, after: .none, into: &stretch, run: run, units: units,
                advances: &advances, fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
        }
        try stretch.finish(
            shaper: self, run: run, units: units, advances: &advances, fontIndices: &fontIndices, flags: &flags,
            anyMissing: &anyMissing)
        return !stretch.leftUnshapedInPrimary
    }

    /// Whether a cluster holding the UTF-16 unit `unit` may be shown as emoji whatever else it
    /// holds: `unit` may start an emoji (``EmojiPresentation/mayStartEmoji(_:)``, which every
    /// Emoji_Presentation character's first unit does), is a zero-width joiner, or the high
    /// surrogate of the tag characters (U+E0020–E007F). An emoji cluster holds one of these: an
    /// Emoji_Presentation character, U+FE0F, a skin-tone modifier (U+1F3FB–1F3FF), a ZWJ or a
    /// tag (``EmojiPresentation/isEmoji(_:)``).
    static func mayMakeEmoji(_ unit: UInt16) -> Bool {
        EmojiPresentation.mayStartEmoji(unit) || unit == 0x200D || unit == 0xDB40
    }

    /// Whether the cluster `range` is shown as emoji (``EmojiPresentation/isEmoji(_:)``), its
    /// scalars gathered in `scalars`.
    private static func isEmoji(
        _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scalars: inout [UInt32]
    ) -> Bool {
        scalars.removeAll(keepingCapacity: true)
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: range.upperBound)
            scalars.append(scalar)
        }
        return EmojiPresentation.isEmoji(scalars)
    }

    /// Gives the space-like clusters of `range` a neighbour's font: the primary when the cluster
    /// `before` the stretch or `after` it is the primary's (rank 0 comes first) or neither has
    /// a font; else the lower-ranked of their fonts (the one before on a tie), for each cluster
    /// that font can draw, and the primary for the others.
    private func settleSpaces(
        _ range: Range<Int>, before: Neighbour, after: Neighbour, into stretch: inout FontStretch, run: TextRun,
        units: UnsafeBufferPointer<UInt16>, advances: inout [Double], fontIndices: inout [UInt8],
        flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) {
        let neighbour: FontChoice
        switch (before, after) {
        case (.font(let before), .font(let after)): neighbour = after.rank < before.rank ? after : before
        case (.font(let taken), .none), (.none, .font(let taken)): neighbour = taken
        default:
            try stretch.addPrimary(
                range, shaper: self, run: run, units: units, advances: &advances, fontIndices: &fontIndices,
                flags: &flags, anyMissing: &anyMissing)
            return
        }
        var start = range.lowerBound
        while start < range.upperBound {
            var clusterEnd = start + 1
            while clusterEnd < range.upperBound && flags[clusterEnd] & UnitFlag.graphemeStart == 0 { clusterEnd += 1 }
            if Self.coversAsNeighbour(neighbour.font, units, start..<clusterEnd) {
                try stretch.add(
                    start..<clusterEnd, neighbour, shaper: self, run: run, units: units, advances: &advances,
                    fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
            } else {
                try stretch.addPrimary(
                    start..<clusterEnd, shaper: self, run: run, units: units, advances: &advances,
                    fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
            }
            start = clusterEnd
        }
    }

    /// Whether `font` can draw the space-like cluster `range`: it has the cluster's characters
    /// that need a glyph, or, for spaces (which HarfBuzz draws with the font's U+0020 when the
    /// font lacks them), it has U+0020.
    private static func coversAsNeighbour(_ font: Font, _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>)
        -> Bool
    {
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: range.upperBound)
            if UnicodeProperties.isIgnorableForCoverage(scalar) || font.shaper.hasGlyph(scalar) { continue }
            if !font.shaper.hasGlyph(0x20) { return false }
        }
        return true
    }

    /// Reshapes `range` (whole clusters) with the chosen font, replacing the primary's advances.
    func reshape(
        _ range: Range<Int>, with choice: FontChoice, run: TextRun, units: UnsafeBufferPointer<UInt16>,
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], anyMissing: inout Bool
    ) throws(AutoHeightError) {
        let stored = UInt8(min(choice.index, 255))
        advances.withUnsafeMutableBufferPointer { advances in
            for index in range { advances[index] = 0 }
        }
        flags.withUnsafeMutableBufferPointer { flags in
            for index in range { flags[index] &= ~(UnitFlag.missingGlyph | UnitFlag.dottedCircle) }
        }
        if !fontIndices.isEmpty {
            fontIndices.withUnsafeMutableBufferPointer { fontIndices in
                for index in range { fontIndices[index] = stored }
            }
        }
        if try shapeRange(range, of: run, font: choice.font, units: units, advances: &advances, flags: &flags) {
            anyMissing = true
        }
    }
}
