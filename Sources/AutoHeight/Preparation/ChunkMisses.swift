extension ParagraphPreparer {
    /// Shapes the chunks that missed the cache, each alone with the context its key holds (a
    /// space rule's next character, or the next cluster when fonts are chosen), writes their
    /// values into the paragraph's arrays and stores them. Returns their missing glyphs, less
    /// those of the hits in runs that had to be shaped whole after all.
    ///
    /// Exactness with several fonts: a chunk's clusters choose their fonts from their own text
    /// (emoji, coverage), and so does the next cluster; only a stretch of spaces takes a
    /// neighbour's font, and chunks are never cut inside one, so a chunk's trailing spaces are
    /// the one place where text outside it matters. They take the primary font whenever the
    /// cluster before them is in the primary font and no emoji (no font ranks before the
    /// primary): the chunk is then stored under its own key; otherwise it is stored under a key
    /// holding the next cluster too (``SegmentCache/Request/withNext``). A fallback font reshapes
    /// stretches that may cross chunk boundaries, which is exact only when that font shapes
    /// space-separated words independently (``WordCoupling/independent``): when a chunk uses a
    /// font that does not, its run is shaped whole, as without the cache, and nothing of it is
    /// stored.
    /// `store` is the style's cache, passed in (read from the context here, it was retained:
    /// a write to an object every thread shares).
    func shapeMisses(
        _ misses: [Int], of requests: inout [SegmentCache.Request], units: UnsafeBufferPointer<UInt16>,
        runs: [TextRun], advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8],
        store: SegmentCache
    ) throws(AutoHeightError) -> Int {
        var missing = 0
        var shaped: [Int] = []
        var kinds: [SegmentStore.Kind] = []
        var wholeRuns: [Int] = []
        // Per face (a styled text's runs in other faces have their own fonts).
        var independentFonts: [[UInt8]] = Array(filledWith: [0], count: faces.count + 1)
        for requestIndex in misses {
            let request = requests[requestIndex]
            let face = runs[request.run].face
            if request.inCoupledRun {
                if !wholeRuns.contains(request.run) { wholeRuns.append(request.run) }
                continue
            }
            if wholeRuns.contains(request.run) {
                shaped.append(requestIndex)
                kinds.append(.coupledRun)
                continue
            }
            let range = request.range
            let shapedCount = range.count + max(request.next, request.lookahead)
            let slice = UnsafeBufferPointer(rebasing: units[range.lowerBound..<(range.lowerBound + shapedCount)])
            var chunkFlags = [UInt8](filledWith: 0, count: shapedCount)
            // The next cluster is shaped as text (its font decides the spaces'); a space rule's
            // character only as context: no grapheme start, so it counts for nothing.
            try Graphemes.markStarts(
                of: UnsafeBufferPointer(rebasing: slice[0..<(request.next > 0 ? shapedCount : range.count)]),
                in: &chunkFlags, offset: 0, bit: UnitFlag.graphemeStart)
            var chunkAdvances = [Double](filledWith: 0, count: shapedCount)
            var chunkFonts = fontIndices.isEmpty ? [] : [UInt8](filledWith: 0, count: shapedCount)
            let run = TextRun(range: 0..<shapedCount, script: request.script, isRightToLeft: request.isRightToLeft)
            var chunkMissing = try withShaper(face: face) { (runShaper) throws(AutoHeightError) in
                try runShaper.shape(
                    slice, runs: [run], advances: &chunkAdvances, fontIndices: &chunkFonts, flags: &chunkFlags)
            }
            if request.next > 0 { chunkMissing = UnitFlag.missingClusters(in: chunkFlags[0..<range.count]) }
            // A broken syllable's dotted circle depends on the broken syllables before it in the
            // buffer (UnitFlag.dottedCircle): a chunk holding one is shaped with its whole run.
            if !request.isWholeRun
                && (!usesIndependentFonts(
                    chunkFonts, run: run, shaper: face == 0 ? shaper : faces[Int(face) - 1].shaper,
                    known: &independentFonts[Int(face)])
                    || chunkFlags.contains(where: { $0 & UnitFlag.dottedCircle != 0 }))
            {
                wholeRuns.append(request.run)
                shaped.append(requestIndex)
                kinds.append(.coupledRun)
                continue
            }
            for offset in 0..<range.count {
                advances[range.lowerBound + offset] = chunkAdvances[offset]
                flags[range.lowerBound + offset] = chunkFlags[offset]
                if !fontIndices.isEmpty { fontIndices[range.lowerBound + offset] = chunkFonts[offset] }
            }
            requests[requestIndex].missing = Int32(chunkMissing)
            missing += chunkMissing
            shaped.append(requestIndex)
            let needsNext = request.next > 0 && Self.spacesMayTakeNextFont(slice, count: range.count, fonts: chunkFonts)
            kinds.append(needsNext ? .needsNext : .values)
        }
        var runRequests: [SegmentCache.Request] = []
        if !wholeRuns.isEmpty {
            // Chunks shaped before their run was found to shape whole keep a marker only.
            for (position, requestIndex) in shaped.enumerated() where wholeRuns.contains(requests[requestIndex].run) {
                kinds[position] = .coupledRun
            }
            missing += try shapeWhole(
                wholeRuns, requests: requests, units: units, runs: runs, advances: &advances,
                fontIndices: &fontIndices, flags: &flags, toStore: &runRequests, store: store)
        }
        guard !shaped.isEmpty || !runRequests.isEmpty else { return missing }
        store.insert(
            shaped.map { requests[$0] }, units: units, advances: advances, flags: flags, fontIndices: fontIndices,
            kinds: kinds, wholeRuns: runRequests)
        return missing
    }

    /// Sets `wholeRuns` as the uncached path does, over whatever their chunks wrote: from the
    /// cache, or shaped (then appended to `toStore`). Returns their missing glyphs less those
    /// their chunks counted.
    private func shapeWhole(
        _ wholeRuns: [Int], requests: [SegmentCache.Request], units: UnsafeBufferPointer<UInt16>, runs: [TextRun],
        advances: inout [Double], fontIndices: inout [UInt8], flags: inout [UInt8],
        toStore: inout [SegmentCache.Request], store: SegmentCache
    ) throws(AutoHeightError) -> Int {
        var missing = 0
        var toShape: [SegmentCache.Request] = []
        for runIndex in wholeRuns {
            let run = runs[runIndex]
            var sample: SegmentCache.Request? = nil
            for request in requests where request.run == runIndex {
                missing -= Int(request.missing)
                sample = sample ?? request
            }
            var whole = SegmentCache.wholeRun(
                of: run.range, script: run.script, isRightToLeft: run.isRightToLeft,
                tag: SegmentCache.runTag(of: sample?.tag ?? 0), units: units)
            whole.run = runIndex
            if let stored = store.lookUpRun(
                whole, in: units, advances: &advances, flags: &flags, fontIndices: &fontIndices)
            {
                missing += stored
                continue
            }
            for index in run.range {
                advances[index] = 0
                flags[index] = 0
                if !fontIndices.isEmpty { fontIndices[index] = 0 }
            }
            toShape.append(whole)
        }
        guard !toShape.isEmpty else { return missing }
        // Marks are OR-ed: the other runs' starts stay as they are.
        try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
        for var whole in toShape {
            let face = runs[whole.run].face
            let run = TextRun(range: whole.range, script: whole.script, isRightToLeft: whole.isRightToLeft)
            let runMissing = try withShaper(face: face) { (runShaper) throws(AutoHeightError) in
                try runShaper.shape(units, runs: [run], advances: &advances, fontIndices: &fontIndices, flags: &flags)
            }
            missing += runMissing
            whole.missing = Int32(runMissing)
            toStore.append(whole)
        }
        return missing
    }

    /// Whether every font a chunk chose shapes space-separated words of its run independently
    /// (`known`: fonts found so already, for this paragraph).
    private func usesIndependentFonts(
        _ chunkFonts: [UInt8], run: TextRun, shaper: ParagraphShaper, known: inout [UInt8]
    ) -> Bool {
        for index in chunkFonts where !known.contains(index) {
            let fontIndex = Int(index)
            let font: Font
            if fontIndex < shaper.fonts.count {
                font = shaper.fonts[fontIndex]
            } else if let discovered = shaper.systemFallback?.discoveredFonts,
                fontIndex - shaper.fonts.count < discovered.count
            {
                font = discovered[fontIndex - shaper.fonts.count]
            } else {
                return false
            }
            let coupling = font.wordCoupling(
                script: run.script, rightToLeft: run.isRightToLeft, language: shaper.language(for: run.script))
            guard coupling.isIndependent else { return false }
            known.append(index)
        }
        return true
    }

    /// Whether the stretch of spaces ending a chunk (its first `count` units of `slice`) may take
    /// the font of the cluster after the chunk: unless the cluster before the stretch is set in
    /// the primary font and no emoji (an emoji lends no font, and no font ranks before the
    /// primary). Surrogates end the look back (their scalar decides, and it is no space).
    static func spacesMayTakeNextFont(_ slice: UnsafeBufferPointer<UInt16>, count: Int, fonts: [UInt8]) -> Bool {
        var position = count
        while position > 0 {
            let unit = slice[position - 1]
            if unit & 0xF800 == 0xD800 || !CharacterClasses.takesNeighbouringFont(UInt32(unit)) { break }
            position -= 1
        }
        if position == count { return false }
        if position == 0 || fonts[position - 1] != 0 { return true }
        return ParagraphShaper.mayHoldEmoji(slice, 0..<count)
    }
}
