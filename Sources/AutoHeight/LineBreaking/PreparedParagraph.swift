import CAutoHeightICU
import CHarfBuzz

/// The text between two break opportunities: it is placed on a line whole, or, when wider than
/// the line by itself, broken at grapheme boundaries.
struct Segment: Sendable, Equatable {
    /// End offset (paragraph-relative, exclusive), after any trailing whitespace.
    var end: Int32
    /// End of the visible content: `end` minus the trailing hanging whitespace.
    var contentEnd: Int32
    /// Width of the content in em (tabs counted as 0; see `hasTab`).
    var contentWidth: Double
    /// Width of the trailing whitespace in em. It hangs past the line edge.
    var trailingWidth: Double
    /// Bit `i` set when font `i` of the stack shaped part of the content.
    var fontMask: UInt32
    /// Contains a tab, whose width depends on the position on the line.
    var hasTab: Bool
}

/// Everything about one paragraph that does not depend on the width or the font size: its
/// break opportunities and the shaped width (in em) of every segment between them, plus
/// per-unit advances and grapheme starts for breaking over-long words.
struct PreparedParagraph: Sendable, Equatable {
    var length: Int
    var segments: [Segment]
    /// Advance of each UTF-16 unit in em (a cluster's advance sits on its first unit).
    var advances: [Double]
    /// ``UnitFlag`` bits per UTF-16 unit.
    var flags: [UInt8]
    var missingGlyphs: Int

    static let empty = PreparedParagraph(length: 0, segments: [], advances: [], flags: [], missingGlyphs: 0)
}

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
                $0.script == run.script.rawValue && $0.rightToLeft == run.isRightToLeft
            }) {
                coupling = known.coupling
            } else {
                coupling = primary.wordCoupling(
                    script: run.script, rightToLeft: run.isRightToLeft, language: shaper.language(for: run.script))
                scratch.runAnswers.append((run.script.rawValue, run.isRightToLeft, coupling))
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
                missing += shaper.shape(
                    units, runs: [run], advances: &advances, fontIndices: &fontIndices, flags: &flags)
                continue
            }
            let runTag =
                (run.isRightToLeft ? 1 << 63 : 0) | UInt64(run.script.rawValue) << 32
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
            let chunkMissing = shaper.shape(
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
        switch run.script {
        case HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_PHAGS_PA,
            HB_SCRIPT_MANDAIC, HB_SCRIPT_MANICHAEAN, HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_ADLAM,
            HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_SOGDIAN, HB_SCRIPT_CHORASMIAN, HB_SCRIPT_OLD_UYGHUR:
            break
        default:
            return true
        }
        let start = run.range.lowerBound
        let end = run.range.upperBound
        return (start == 0 || units[start] == 0x20 || ah_joining_type(units.scalar(endingAt: start)) == 0)
            && (end == units.count || units[end - 1] == 0x20
                || ah_joining_type(units.scalar(at: end, limit: units.count).value) == 0)
    }
}

/// Turns paragraphs into ``PreparedParagraph``s: graphemes, runs, shaping, break opportunities.
/// One preparer serves one text (it holds a HarfBuzz buffer) and is used by one thread.
struct ParagraphPreparer {
    /// The style's language, resolved once: ICU line-break iterators, keep-all, HarfBuzz language.
    let language: LanguageInfo
    let shaper: ParagraphShaper
    let trailingWhitespace: TrailingWhitespace
    /// The shared chunk cache and this style's identity in it (nil: shape paragraphs whole).
    let cache: (store: SegmentCache, context: Int)?
    /// Storage reused from paragraph to paragraph.
    let scratch: PreparationScratch

    init(
        fonts: [Font], language: LanguageInfo, trailingWhitespace: TrailingWhitespace, buffer: HarfBuzzBuffer,
        systemFallback: SystemFallback?, cache: (store: SegmentCache, context: Int)?, scratch: PreparationScratch
    ) {
        self.scratch = scratch
        self.language = language
        self.shaper = ParagraphShaper(
            fonts: fonts, systemFallback: systemFallback, language: language.harfBuzzLanguage,
            languageScripts: language.scripts, buffer: buffer)
        self.trailingWhitespace = trailingWhitespace
        self.cache = cache
    }

    /// Prepares one paragraph (no explicit breaks inside). `mayNeedBidi` false says that no
    /// unit may need bidi (see ``scanUTF16Units(of:)``), so the bidi check is skipped;
    /// `mayHaveControls` false, that no unit is a control (tab…), so shaping skips that pass.
    /// Complexity: O(n).
    func prepare(
        _ units: UnsafeBufferPointer<UInt16>, mayNeedBidi: Bool = true, mayHaveControls: Bool = true
    ) throws(AutoHeightError) -> PreparedParagraph {
        let count = units.count
        if count == 0 { return .empty }
        var flags = scratch.zeroedFlags(count: count)
        var runs = scratch.runs
        scratch.runs = []  // uniquely referenced here while in use
        defer { scratch.runs = runs }
        try TextRuns.itemize(units, bidi: mayNeedBidi ? scratch.bidi : nil, into: &runs, brackets: &scratch.brackets)
        var advances = scratch.zeroedAdvances(count: count)
        // One font: every unit is font 0, and no per-unit record is needed.
        var fontIndices = shaper.mayUseSeveralFonts ? scratch.zeroedFontIndices(count: count) : []
        defer { if !fontIndices.isEmpty { scratch.recycle(fontIndices: fontIndices) } }  // not kept
        var boundaries = scratch.lineBreaks
        scratch.lineBreaks = []
        defer { scratch.lineBreaks = boundaries }
        boundaries.removeAll(keepingCapacity: true)
        let missing: Int
        if let cache {
            let chunked = try shapeByChunks(
                units, runs: runs, cache: cache, advances: &advances, fontIndices: &fontIndices, flags: &flags,
                boundaries: &boundaries)
            missing = chunked.missing
            if !chunked.breaksFound {
                try BreakOpportunities.find(
                    in: units, iterator: scratch.lineBreaker(from: language.lineBreaks), locale: language.icuLocale,
                    keepsAllWords: language.keepsAllWords, into: &boundaries)
                cache.store.recordBreaks(chunked.requests, in: units, boundaries: boundaries)
            }
            scratch.requests = chunked.requests
        } else {
            try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
            missing = shaper.shape(
                units, runs: runs, advances: &advances, fontIndices: &fontIndices, flags: &flags,
                mayHaveControls: mayHaveControls)
            try BreakOpportunities.find(
                in: units, iterator: scratch.lineBreaker(from: language.lineBreaks), locale: language.icuLocale,
                keepsAllWords: language.keepsAllWords, into: &boundaries)
        }

        var segments = scratch.emptySegments(capacity: boundaries.count)
        var start = 0
        for boundary in boundaries {
            let end = Int(boundary)
            var contentEnd = end
            switch trailingWhitespace {
            case .hangs:
                while contentEnd > start && CharacterClasses.isHangingWhitespace(units[contentEnd - 1]) {
                    contentEnd -= 1
                }
            case .pango:
                if end < count && CharacterClasses.isHangingWhitespace(units[end - 1]) { contentEnd -= 1 }
            }
            var content = 0.0
            var mask: UInt32 = 0
            var hasTab = false
            if fontIndices.isEmpty {
                mask = contentEnd > start ? 1 : 0
                for index in start..<contentEnd {
                    content += advances[index]
                    hasTab = hasTab || flags[index] & UnitFlag.tab != 0
                }
            } else {
                for index in start..<contentEnd {
                    content += advances[index]
                    mask |= 1 << UInt32(min(fontIndices[index], 31))
                    hasTab = hasTab || flags[index] & UnitFlag.tab != 0
                }
            }
            var trailing = 0.0
            for index in contentEnd..<end {
                trailing += advances[index]
                hasTab = hasTab || units[index] == 0x09
                // Hanging whitespace is still on the line: its font counts for the line's height.
                if !fontIndices.isEmpty { mask |= 1 << UInt32(min(fontIndices[index], 31)) }
            }
            segments.append(
                Segment(
                    end: Int32(end), contentEnd: Int32(contentEnd), contentWidth: content,
                    trailingWidth: trailing, fontMask: mask, hasTab: hasTab))
            start = end
        }
        return PreparedParagraph(
            length: count, segments: segments, advances: advances, flags: flags, missingGlyphs: missing)
    }
}
