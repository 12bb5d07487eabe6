/// An edit inside a paragraph, or inside consecutive pieces of one that start and end at cuts
/// (``ParagraphPiece``), for ``ParagraphPreparer/reprepare(_:)``.
struct ParagraphEdit {
    /// The old preparation, the new units (no break), the edited range of the old units, and
    /// the old units of that range.
    var old: PreparedParagraph
    var units: UnsafeBufferPointer<UInt16>
    var replaced: Range<Int>
    var removed: UnsafeBufferPointer<UInt16>
    /// Whether the units start at the paragraph's start (else after a cut, `outerLetters.before`
    /// the letter before its space) and end at its end (else at a cut before `outerLetters.after`).
    var startsParagraph = true
    var endsParagraph = true
    var outerLetters: (before: UInt16?, after: UInt16?) = (nil, nil)
    /// The whole old paragraph: whether a unit may need bidi; its level when it holds no B and
    /// no explicit control; whether it holds a paired bracket; its scripts.
    var mayNeedBidi = false
    var level: UInt8? = nil
    var holdsBracket = true
    var scripts = ScriptMix.several
}

extension ParagraphPreparer {
    /// Re-prepares a paragraph after `edit`, preparing only a window around it between cuts
    /// (``ParagraphCut``, ``IdeographCut``; bidi in context, ``BidiCut``; brackets only in one
    /// script, ``ScriptMix``): the old segments, advances and flags before the window, the
    /// window's, and the old ones after it moved by the length change. Nil when the window is
    /// not proven exact (the Editing article): the caller prepares the paragraph whole.
    /// Complexity: O(window) preparation, plus copying the arrays; the old paragraph stays.
    func reprepare(
        _ edit: ParagraphEdit
    ) throws(AutoHeightError) -> (paragraph: PreparedParagraph, window: ParagraphWindow)? {
        let (paragraph, units, replaced, removed) = (edit.old, edit.units, edit.replaced, edit.removed)
        let oldCount = paragraph.length
        let count = units.count
        let delta = count - oldCount
        let insertedEnd = replaced.lowerBound + replaced.count + delta
        let holdsBidi = edit.mayNeedBidi || paragraph.bidiUnits > 0
        guard count > 0, oldCount > 0, !language.breaksByPhrase, count <= limits.maximumParagraphLength,
            replaced.upperBound <= oldCount, insertedEnd >= replaced.lowerBound
        else { return nil }
        // The edit takes or brings no paired bracket (whose pairing gives script to a closing
        // bracket far from it), unless the paragraph, old and new, holds one script and no bidi:
        // then every unit is in that script's run wherever brackets pair (``ScriptMix``), and
        // no bidi level (N0) depends on them. Bidi the edit brings needs the paragraph's level.
        let inserted = UnsafeBufferPointer(rebasing: units[replaced.lowerBound..<insertedEnd])
        var insertedBidi = 0
        for unit in inserted where CharacterClasses.mayNeedBidi(unit) { insertedBidi += 1 }
        if insertedBidi > 0 && edit.level == nil { return nil }
        let bracketsPairFreely =
            !holdsBidi && insertedBidi == 0 && edit.scripts.adding(ScriptMix.of(inserted)).isSingle
        if !bracketsPairFreely { for unit in inserted where ParagraphCut.mayBeBracket(unit) { return nil } }
        var removedBidi = 0
        for unit in removed {
            if !bracketsPairFreely && ParagraphCut.mayBeBracket(unit) { return nil }
            if CharacterClasses.mayNeedBidi(unit) { removedBidi += 1 }
        }

        // The old window: segments `firstSegment...lastSegment`, units `start..<end`.
        guard
            let (firstSegment, lastSegment, start, end) = window(
                around: replaced, delta: delta, in: units, paragraph.segments)
        else { return nil }
        // Right-to-left text in the paragraph or the edit: a window resolved in the context of
        // the letters beyond its cuts.
        var bidiContext: BidiContext? = nil
        if holdsBidi || insertedBidi > 0 {
            // A window that starts the paragraph: only when the new paragraph's level, its
            // window's first strong character's, is the old one, after a letter read as sos.
            var level = edit.level
            var before = start >= 2 ? units[start - 2] : start == 0 ? edit.outerLetters.before : nil
            if start == 0 && edit.startsParagraph, let old = level {
                let newLevel = BidiCut.paragraphLevel(UnsafeBufferPointer(rebasing: units[0..<(end + delta)]))
                level = newLevel == old ? old : nil
                before = BidiCut.startLetter(level: old)
            }
            // The letter after the window's end cut; none at the paragraph's end (eos).
            let newEnd = end + delta
            let after = newEnd < count ? units[newEnd] : edit.endsParagraph ? nil : edit.outerLetters.after
            if newEnd == count && !edit.endsParagraph && after == nil { return nil }
            bidiContext = BidiCut.context(
                UnsafeBufferPointer(rebasing: units[start..<newEnd]), removed: removed, level: level, before: before,
                after: after, holdsBracket: edit.holdsBracket)
            if bidiContext == nil { return nil }
        }
        // Brackets in the rest of the old window would pair differently with the edit's
        // neighbours gone: none may be there either (unless they pair freely, above).
        if !bracketsPairFreely {
            for index in start..<(end + delta) where ParagraphCut.mayBeBracket(units[index]) { return nil }
        }
        let window = UnsafeBufferPointer(rebasing: units[start..<(end + delta)])
        if CombiningMarks.firstRun(longerThan: limits.maximumCombiningMarks, in: window) != nil { return nil }
        let prepared = try prepare(
            window, mayNeedBidi: bidiContext != nil, endsParagraph: edit.endsParagraph && end == oldCount,
            bidiContext: bidiContext)
        // A broken syllable's dotted circle depends on the syllables before it in its run.
        if prepared.holdsDottedCircle { return nil }

        // Splice (the old window's segments are `firstSegment...lastSegment`).
        let oldMissing = UnitFlag.missingClusters(in: paragraph.flags[start..<end])
        let newMissing = UnitFlag.missingClusters(in: prepared.flags[...])
        var result = PreparedParagraph(
            length: count, segments: [], advances: [], flags: [],
            missingGlyphs: paragraph.missingGlyphs + newMissing - oldMissing,
            bidiUnits: paragraph.bidiUnits + insertedBidi - removedBidi)
        result.segments.reserveCapacity(
            paragraph.segments.count - (lastSegment + 1 - firstSegment) + prepared.segments.count)
        result.segments.append(contentsOf: paragraph.segments[..<firstSegment])
        for (moved, shift) in [
            (prepared.segments[...], Int32(start)), (paragraph.segments[(lastSegment + 1)...], Int32(delta)),
        ] {
            for var segment in moved {
                segment.end += shift
                segment.contentEnd += shift
                result.segments.append(segment)
            }
        }
        result.advances.reserveCapacity(count)
        result.advances.append(contentsOf: paragraph.advances[..<start])
        result.advances.append(contentsOf: prepared.advances)
        result.advances.append(contentsOf: paragraph.advances[end...])
        result.flags.reserveCapacity(count)
        result.flags.append(contentsOf: paragraph.flags[..<start])
        result.flags.append(contentsOf: prepared.flags)
        result.flags.append(contentsOf: paragraph.flags[end...])
        assert(result.invariantViolations.isEmpty, "\(result.invariantViolations)")
        return (result, ParagraphWindow(start: start, oldEnd: end, delta: delta))
    }

    /// The window around the edit `replaced` (old offsets): its first and last segments and its
    /// old unit range, from the nearest cuts on each side (or the paragraph's ends); nil when no
    /// cut is found within ``ParagraphCut/searchLimit`` segments.
    private func window(
        around replaced: Range<Int>, delta: Int, in units: UnsafeBufferPointer<UInt16>, _ segments: [Segment]
    ) -> (firstSegment: Int, lastSegment: Int, start: Int, end: Int)? {
        // The start: a cut before the edit (its three units unchanged), or the paragraph's start.
        var firstSegment = ParagraphCut.segmentIndex(containing: replaced.lowerBound, in: segments)
        var start = 0
        var searched = 0
        while firstSegment > 0 {
            let end = Int(segments[firstSegment - 1].end)
            if end < replaced.lowerBound && isCut(at: end, in: units) {
                start = end
                break
            }
            firstSegment -= 1
            searched += 1
            if searched > ParagraphCut.searchLimit { return nil }
        }
        // The end: a cut after the edit (old offsets; its units unchanged), or the paragraph's end.
        var lastSegment = ParagraphCut.segmentIndex(containing: replaced.upperBound, in: segments)
        var end = Int(segments[segments.count - 1].end)
        searched = 0
        while lastSegment < segments.count - 1 {
            let cutEnd = Int(segments[lastSegment].end)
            if cutEnd >= replaced.upperBound + 2 && isCut(at: cutEnd + delta, in: units) {
                end = cutEnd
                break
            }
            lastSegment += 1
            searched += 1
            if searched > ParagraphCut.searchLimit { return nil }
        }
        return (firstSegment, lastSegment, start, end)
    }

    /// Whether `offset` (0 < offset < count) of the new paragraph `units` is a cut for this
    /// preparer's fonts: a ``ParagraphCut`` (both letters strong and of one direction,
    /// ``BidiCut/strongDirection(of:)``, and set with the space between them by one font that
    /// shapes words of their script in that direction independently, ``cutFont(at:in:)``) or an
    /// ``IdeographCut`` (both letters of Bidi_Class L and the primary font's isolated letters of
    /// their script, ``Font/isolatedLetters(script:language:candidates:)``, and no other font's).
    func isCut(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Bool {
        if let script = ParagraphCut.script(at: offset, in: units) {
            guard let rightToLeft = BidiCut.strongDirection(of: units[offset - 2]),
                BidiCut.strongDirection(of: units[offset]) == rightToLeft,
                let font = cutFont(at: offset, in: units)
            else { return false }
            let language = shaper.language(for: script)
            guard
                shaper.fonts[font].wordCoupling(script: script, rightToLeft: rightToLeft, language: language)
                    .isIndependent
            else { return false }
            return font == 0
                || shaper.fonts[0].wordCoupling(script: script, rightToLeft: rightToLeft, language: language)
                    .isIndependent
        }
        guard let script = IdeographCut.script(at: offset, in: units),
            BidiCut.isStrongLeft(units[offset - 1]), BidiCut.isStrongLeft(units[offset]),
            shaper.primaryShapesAlone(units, (offset - 1)..<(offset + 1))
        else { return false }
        let letters = shaper.fonts[0].isolatedLetters(
            script: script, language: shaper.language(for: script), candidates: IdeographCut.candidates(of:))
        return letters.contains(units[offset - 1]) && letters.contains(units[offset])
    }

    /// The index of the font that sets the letters X, Y and the space of a cut `X |Y` (at
    /// `offset`) in the paragraph, whatever the edits beside it: the primary (0) when it covers
    /// the three units (``ParagraphShaper/primaryShapesAlone(_:_:)``); else a fallback F of the
    /// stack, the first after the primary to cover X and the first to cover Y, which the primary
    /// lacks, when F has a space and X is a cluster of its own (it starts one, and the space
    /// ends it). X's cluster then takes F (``ParagraphShaper/assignFonts(in:checkingEmoji:units:advances:fontIndices:flags:anyMissing:)``),
    /// and Y's F or a font that comes after it in the stack (every font that may take it covers
    /// Y): the space between them, which takes the font of its neighbour that comes first (X's
    /// on a tie), takes F, and so does the space at the end of a window ending at the cut,
    /// which has only X's cluster before it. Nil otherwise. Complexity: O(fonts).
    func cutFont(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Int? {
        if shaper.primaryShapesAlone(units, (offset - 2)..<(offset + 1)) { return 0 }
        let fonts = shaper.fonts
        let before = UInt32(units[offset - 2])
        let after = UInt32(units[offset])
        guard !fonts[0].shaper.hasGlyph(before), !fonts[0].shaper.hasGlyph(after),
            offset == 2 || Graphemes.clusterSurelyStarts(at: offset - 2, in: units),
            let font = fonts.indices.dropFirst().first(where: { fonts[$0].shaper.hasGlyph(before) }),
            fonts.indices.dropFirst().first(where: { fonts[$0].shaper.hasGlyph(after) }) == font,
            fonts[font].shaper.hasGlyph(0x20)
        else { return nil }
        return font
    }
}

/// Where an edit re-prepared a paragraph: units `start..<oldEnd` of the old paragraph became
/// `start..<(oldEnd + delta)` of the new one; the rest is the same, moved by `delta` after it.
struct ParagraphWindow: Sendable, Equatable {
    var start: Int
    var oldEnd: Int
    var delta: Int
}
