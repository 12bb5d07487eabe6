extension ParagraphPreparer {
    /// The cached path: each run is cut after spaces into chunks ("word "), and each chunk's
    /// advances, grapheme starts and fonts come from the cache, or are shaped alone and stored.
    /// Used only for left-to-right runs whose primary font does not couple
    /// space-separated words (``WordCoupling``), where it gives exactly the numbers of shaping
    /// the paragraph whole. With space rules, a chunk's key also holds the class of the character
    /// after it, and a missing chunk is shaped with that character after it.
    ///
    /// Line-break opportunities come along when every chunk of the paragraph has them stored
    /// (see ``SegmentCache/BreakContext``): they are then written to `boundaries` and
    /// `breaksFound` is true; otherwise the caller asks ICU and records what it finds with
    /// ``SegmentCache/recordBreaks(_:in:boundaries:)`` for the returned requests.
    func shapeByChunks(
        _ units: UnsafeBufferPointer<UInt16>, runs: [TextRun], cache: (store: SegmentCache, context: Int),
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8], boundaries: inout [Int32]
    ) throws(AutoHeightError) -> (missing: Int, breaksFound: Bool, requests: [SegmentCache.Request]) {
        var missing = 0
        var chunksTileParagraph = true
        // Storage recycled from the paragraph before (handed back by `prepare`).
        var requests = scratch.requests
        scratch.requests = []
        requests.removeAll(keepingCapacity: true)
        let primary = shaper.fonts[0]
        let breaksByPhrase = language.breaksByPhrase
        // Grapheme clusters are the paragraph's. A run may start inside one (a bidi level change
        // before a trailing joiner): then they are found over the whole paragraph, and only runs
        // that start one are cut into chunks (whose own clusters then agree).
        let severalRuns = !runs.dropFirst().allSatisfy { Self.startsCluster(at: $0.range.lowerBound, in: units) }
        var clustersMarked = false
        if severalRuns {
            try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
            clustersMarked = true
        }
        for run in runs {
            let coupling: WordCoupling
            if let known = scratch.runAnswers.first(where: {
                $0.script == run.script && $0.rightToLeft == run.isRightToLeft
            }) {
                coupling = known.coupling
            } else {
                coupling = primary.wordCoupling(
                    script: run.script, rightToLeft: run.isRightToLeft, language: shaper.language(for: run.script))
                scratch.runAnswers.append((run.script, run.isRightToLeft, coupling))
            }
            var spaceRules: SpaceContextRules? = nil
            if case .spaceContext(let rules) = coupling { spaceRules = rules }
            guard coupling.allowsChunks, Self.contextStaysOutside(run, units),
                !severalRuns || flags[run.range.lowerBound] & UnitFlag.graphemeStart != 0,
                shaper.primaryShapesAlone(units, run.range)
            else {
                // This run shapes whole, as in the uncached path.
                chunksTileParagraph = false
                if !clustersMarked {
                    try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
                    clustersMarked = true
                }
                missing += try shaper.shape(
                    units, runs: [run], advances: &advances, fontIndices: &fontIndices, flags: &flags)
                continue
            }
            let runTag =
                (run.isRightToLeft ? 1 << 63 : 0) | UInt64(run.script.tag) << 32
                | UInt64(UInt32(truncatingIfNeeded: cache.context) & 0xFFFF)
            var chunkStart = run.range.lowerBound
            var index = chunkStart + 1
            while chunkStart < run.range.upperBound {
                // A chunk ends after its spaces, before a character that starts a cluster of its own
                // (with space rules: whose effect on the spaces the key can hold).
                var nextClass = 0
                while index < run.range.upperBound {
                    if units[index - 1] == 0x20 && units[index] != 0x20 && Graphemes.isStandalone(units[index]) {
                        guard let spaceRules else { break }
                        var spaces = 1
                        while index - spaces > chunkStart && units[index - spaces - 1] == 0x20 { spaces += 1 }
                        let before = index - spaces > chunkStart ? units.scalar(endingAt: index - spaces) : nil
                        if let found = spaceRules.lookaheadClass(
                            before: before, trailingSpaces: spaces, next: units[index], font: primary.shaper)
                        {
                            nextClass = found
                            break
                        }
                    }
                    index += 1
                }
                let range = chunkStart..<index
                let breakContext =
                    breaksByPhrase
                    ? .unknown
                    : SegmentCache.BreakContext(
                        of: range, in: units, startsRun: chunkStart == run.range.lowerBound,
                        endsRun: index == run.range.upperBound)
                let tag = runTag | UInt64(nextClass) << 24
                requests.append(
                    SegmentCache.Request(
                        range: range, tag: tag,
                        hash: SegmentCache.hash(units, range, tag: tag ^ UInt64(breakContext.rawValue) << 40),
                        script: run.script,
                        isRightToLeft: run.isRightToLeft, lookahead: nextClass == 0 ? 0 : 1,
                        breakContext: breakContext))
                chunkStart = index
                index += 1
            }
        }
        guard !requests.isEmpty else { return (missing, false, requests) }
        let (misses, hitMissing, breaksFound) = cache.store.lookUp(
            requests, in: units, advances: &advances, flags: &flags, fontIndices: &fontIndices,
            assemblingBreaks: chunksTileParagraph, boundaries: &boundaries)
        missing += hitMissing
        guard !misses.isEmpty else { return (missing, breaksFound, requests) }
        var shapedMissing: [Int] = []
        for requestIndex in misses {
            let range = requests[requestIndex].range
            // The chunk, then the character its key depends on (shaped only as context).
            let shapedCount = range.count + requests[requestIndex].lookahead
            let slice = UnsafeBufferPointer(rebasing: units[range.lowerBound..<(range.lowerBound + shapedCount)])
            var chunkFlags = [UInt8](repeating: 0, count: shapedCount)
            try Graphemes.markStarts(
                of: UnsafeBufferPointer(rebasing: slice[0..<range.count]), in: &chunkFlags, offset: 0,
                bit: UnitFlag.graphemeStart)
            var chunkAdvances = [Double](repeating: 0, count: shapedCount)
            var chunkFonts = fontIndices.isEmpty ? [] : [UInt8](repeating: 0, count: shapedCount)
            let chunkMissing = try shaper.shape(
                slice,
                runs: [
                    TextRun(
                        range: 0..<shapedCount, script: requests[requestIndex].script,
                        isRightToLeft: requests[requestIndex].isRightToLeft)
                ],
                advances: &chunkAdvances, fontIndices: &chunkFonts, flags: &chunkFlags)
            // (The context character has no grapheme start marked, so it counts for nothing.)
            for offset in 0..<range.count {
                advances[range.lowerBound + offset] = chunkAdvances[offset]
                flags[range.lowerBound + offset] = chunkFlags[offset]
                if !fontIndices.isEmpty { fontIndices[range.lowerBound + offset] = chunkFonts[offset] }
            }
            shapedMissing.append(chunkMissing)
            missing += chunkMissing
        }
        cache.store.insert(
            misses.map { requests[$0] }, units: units, advances: advances, flags: flags, fontIndices: fontIndices,
            missing: shapedMissing)
        return (missing, false, requests)
    }

    /// Whether a grapheme cluster surely starts at `index` (> 0): the unit there is a character
    /// that never joins what precedes it (``Graphemes/isStandalone(_:)``: no mark, joiner, jamo
    /// or emoji part), after a unit that joins nothing to what follows (below U+0600 there is
    /// no prepended concatenation mark or leading jamo, and a standalone character joins nothing).
    static func startsCluster(at index: Int, in units: UnsafeBufferPointer<UInt16>) -> Bool {
        Graphemes.isStandalone(units[index]) && (units[index - 1] < 0x600 || Graphemes.isStandalone(units[index - 1]))
    }

    /// Whether shaping `run`'s chunks without the paragraph around them is exact: HarfBuzz's
    /// joining shapers (Arabic, Syriac, N'Ko, Mongolian and the other scripts whose letters
    /// join) look at the text beyond a run's edges, which a chunk shaped alone lacks; a space
    /// there, or the paragraph's edge, or a character of Joining_Type U (non-joining, which ends
    /// the joining shapers' look as the edge of the text does), joins nothing. Runs of scripts
    /// that never join need no check.
    static func contextStaysOutside(_ run: TextRun, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        guard run.script.joinsLetters else { return true }
        let start = run.range.lowerBound
        let end = run.range.upperBound
        return
            (start == 0 || units[start] == 0x20
            || UnicodeProperties.joiningType(of: units.scalar(endingAt: start)) == .nonJoining)
            && (end == units.count || units[end - 1] == 0x20
                || UnicodeProperties.joiningType(of: units.scalar(at: end, limit: units.count).value) == .nonJoining)
    }
}
