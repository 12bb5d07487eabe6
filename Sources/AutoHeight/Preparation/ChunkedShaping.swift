extension ParagraphPreparer {
    /// The cached path: each run is cut after spaces into chunks ("word "), and each chunk's
    /// advances, grapheme starts and fonts come from the cache, or are shaped alone and stored.
    /// Used only for left-to-right runs whose primary font does not couple
    /// space-separated words (``WordCoupling``), where it gives exactly the numbers of shaping
    /// the paragraph whole. With space rules, a chunk's key also holds the class of the character
    /// after it, and a missing chunk is shaped with that character after it.
    ///
    /// With several fonts (fallback fonts or the system's), runs the primary font does not cover
    /// are cut too, where a chunk's fonts are its own (see ``shapeMisses(_:of:units:runs:advances:fontIndices:flags:store:)``):
    /// never before a character that takes a neighbour's font, and a chunk whose trailing spaces
    /// may take the font of the cluster after it is keyed on that cluster as well.
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
        // The primary font's shaper, read when a run's space rules first need it (reading it
        // retains the font and its shaper, objects every thread shares); of `primaryFace`.
        var primaryShaper: HarfBuzzFont? = nil
        var primaryFace: UInt8 = 0
        let breaksByPhrase = language.breaksByPhrase
        let severalFonts = shaper.mayUseSeveralFonts
        // The character tables, read once per paragraph, not per word.
        let breakTables = SegmentCache.BreakContext.Tables()
        let standalone = breakTables.standalone
        let neighbourBits = CharacterClasses.neighbouringFontBits
        // Grapheme clusters are the paragraph's. A run may start inside one (a bidi level change
        // before a trailing joiner): only runs that start one are cut into chunks (whose own
        // clusters then agree); ICU is asked about a run's start only when it is not sure.
        var clustersMarked = false
        for (runIndex, run) in runs.enumerated() {
            // A styled text's run in another face: its face's cache context (nil past the
            // cache's limit: its runs shape whole) and its shaper (read where needed: binding a
            // copy retained its objects for every run).
            let face = run.face
            let runContext = face == 0 ? cache.context : faces[Int(face) - 1].cacheContext
            let chunkable = runContext != nil
            let faceID = face == 0 ? 0 : faces[Int(face) - 1].contextID
            let answer = runAnswer(for: run, faceID: faceID)
            let spaceRules = answer.spaceRules
            // With several fonts, chunks choose their own fonts (see `shapeMisses`).
            let choosesFonts = face == 0 ? severalFonts : faces[Int(face) - 1].shaper.mayUseSeveralFonts
            let runStart = run.range.lowerBound
            let cutIntoChunks =
                if !chunkable || !Self.contextStaysOutside(run, units) {
                    false
                } else if runStart == 0 || Graphemes.clusterSurelyStarts(at: runStart, in: units, table: standalone) {
                    true
                } else {
                    try Graphemes.clusterStarts(at: runStart, in: units)
                }
            guard cutIntoChunks else {
                // This run shapes whole, as in the uncached path.
                chunksTileParagraph = false
                if !clustersMarked {
                    try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
                    clustersMarked = true
                }
                missing += try withShaper(face: face) { (runShaper) throws(AutoHeightError) in
                    try runShaper.shape(
                        units, runs: [run], advances: &advances, fontIndices: &fontIndices, flags: &flags)
                }
                continue
            }
            let runTag =
                (run.isRightToLeft ? 1 << 63 : 0) | UInt64(run.script.tag) << 32
                | UInt64(UInt32(truncatingIfNeeded: runContext!) & 0xFFFF)
            let runEnd = run.range.upperBound
            guard answer.allowsChunks else {
                // The primary font ties words together: the run is one request, shaped whole.
                var request = SegmentCache.wholeRun(
                    of: run.range, script: run.script, isRightToLeft: run.isRightToLeft, tag: runTag, units: units)
                if !breaksByPhrase {
                    request.breakContext = SegmentCache.BreakContext(
                        of: run.range, in: units, startsRun: true, endsRun: true)
                }
                request.run = runIndex
                requests.append(request)
                continue
            }
            var chunkStart = run.range.lowerBound
            var index = chunkStart + 1
            while chunkStart < runEnd {
                // A chunk ends after its spaces, before a character that starts a cluster of its own
                // (with space rules: whose effect on the spaces the key can hold; choosing fonts:
                // that does not take a neighbour's font, so that no stretch of spaces is cut).
                var nextClass = 0
                while index < runEnd {
                    if units[index - 1] == 0x20 && units[index] != 0x20
                        && Graphemes.isStandalone(units[index], in: standalone)
                        && !(choosesFonts
                            && CharacterClasses.takesNeighbouringFont(UInt32(units[index]), bits: neighbourBits))
                    {
                        guard let spaceRules else { break }
                        if primaryShaper == nil || primaryFace != face {
                            primaryShaper = (face == 0 ? shaper : faces[Int(face) - 1].shaper).fonts[0].shaper
                            primaryFace = face
                        }
                        var spaces = 1
                        while index - spaces > chunkStart && units[index - spaces - 1] == 0x20 { spaces += 1 }
                        let before = index - spaces > chunkStart ? units.scalar(endingAt: index - spaces) : nil
                        if let found = spaceRules._withUnsafeGuaranteedRef({
                            $0.lookaheadClass(
                                before: before, trailingSpaces: spaces, next: units[index], font: primaryShaper!)
                        }) {
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
                        of: range, in: units, startsRun: chunkStart == run.range.lowerBound, endsRun: index == runEnd,
                        tables: breakTables)
                // Choosing fonts: a chunk that ends the run has no next cluster, unlike one with
                // the same text inside a run; the tag tells them apart.
                let endsRunTag = choosesFonts && index == runEnd ? SegmentCache.endsRunTag : 0
                let tag = runTag | UInt64(nextClass) << 24 | endsRunTag
                let state = SegmentCache.hashState(
                    units, range, continuing: 0xcbf2_9ce4_8422_2325 ^ tag ^ UInt64(breakContext.rawValue) << 40)
                var request = SegmentCache.Request(
                    range: range, tag: tag, hash: SegmentCache.finish(state), script: run.script,
                    isRightToLeft: run.isRightToLeft, lookahead: nextClass == 0 ? 0 : 1, breakContext: breakContext,
                    run: runIndex, runRange: run.range)
                if choosesFonts && index < runEnd {
                    // The next chunk's first cluster, and what else up to the next unit that
                    // surely starts one.
                    var nextEnd = index + 1
                    while nextEnd < runEnd && !Graphemes.isStandalone(units[nextEnd], in: standalone) { nextEnd += 1 }
                    request.next = nextEnd - index
                    request.keyState = state
                }
                requests.append(request)
                chunkStart = index
                index += 1
            }
        }
        guard !requests.isEmpty else { return (missing, false, requests) }
        // The arrays' memory, made unique once for all the chunks.
        let (misses, hitMissing, breaksFound) = advances.withUnsafeMutableBufferPointer { advances in
            flags.withUnsafeMutableBufferPointer { flags in
                fontIndices.withUnsafeMutableBufferPointer { fontIndices in
                    cache.store.lookUp(
                        &requests, in: units, advances: advances, flags: flags, fontIndices: fontIndices,
                        assemblingBreaks: chunksTileParagraph, boundaries: &boundaries)
                }
            }
        }
        missing += hitMissing
        guard !misses.isEmpty else { return (missing, breaksFound, requests) }
        missing += try shapeMisses(
            misses, of: &requests, units: units, runs: runs, advances: &advances, fontIndices: &fontIndices,
            flags: &flags, store: cache.store)
        // Breaks depend on the text and the chunks' contexts, not on how their values were found:
        // when every chunk's were stored (a chunk whose values missed can still hold them, as a
        // marker of a run shaped whole or of fonts that depend on the next cluster), they stand.
        return (missing, breaksFound, requests)
    }

    /// How the primary font of `run`'s face couples words in runs of its script and direction,
    /// asked once per thread and context (`faceID`: 0 for the style's own fonts, else the face's
    /// context). The space rules are unretained (a retain and a release per word otherwise):
    /// `scratch.runAnswers` holds them. Apart from the chunk scan, whose loops the compiler
    /// then keeps inlined.
    private func runAnswer(
        for run: TextRun, faceID: UInt64
    ) -> (allowsChunks: Bool, spaceRules: Unmanaged<SpaceContextRules>?) {
        var answer: (allowsChunks: Bool, spaceRules: Unmanaged<SpaceContextRules>?)? = nil
        scratch.runAnswers.withUnsafeBufferPointer { known in
            // By index: binding an entry would copy (and retain) its coupling.
            for index in known.indices
            where known[index].script == run.script && known[index].rightToLeft == run.isRightToLeft
                && known[index].face == faceID
            {
                answer = (known[index].allowsChunks, known[index].spaceRules)
                break
            }
        }
        if let answer { return answer }
        if scratch.runAnswers.count >= 64 { scratch.runAnswers.removeAll { $0.face != 0 } }
        let runShaper = run.face == 0 ? shaper : faces[Int(run.face) - 1].shaper
        let found = PreparationScratch.RunAnswer(
            script: run.script, rightToLeft: run.isRightToLeft,
            coupling: runShaper.fonts[0].wordCoupling(
                script: run.script, rightToLeft: run.isRightToLeft, language: runShaper.language(for: run.script)),
            face: faceID)
        scratch.runAnswers.append(found)
        return (found.allowsChunks, found.spaceRules)
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
