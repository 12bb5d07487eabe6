// Problem: Enter inside a long paragraph kept in pieces, or Backspace joining one, prepared both
//   new paragraphs whole (285 ms per keystroke at 1 MB). Solution: the old preparation up to cuts
//   on both sides, windows prepared alone between them. Limitations: right-to-left text with a
//   bracket or a changed level, phrase breaking, no cut near. The proof: the Editing article.

/// The old side of an edit across paragraph breaks (``ParagraphPreparer/prepareAcrossBreaks(_:spans:oldUnits:edit:head:tail:)``):
/// the part of the first (head) or last (tail) paragraph the edit's region holds, with its old
/// preparation.
struct BreakSide {
    /// The old preparation of `units`.
    var prepared: PreparedParagraph
    /// The part's old units, without the paragraph's break.
    var units: UnsafeBufferPointer<UInt16>
    /// Where the part starts in the region's old units.
    var start: Int
    /// Whether pieces before (head) or after (tail) the region stay in the paragraph.
    var keepsOutside: Bool
    /// Whether those pieces hold a paired bracket.
    var outsideHoldsBracket: Bool
    /// The scripts of the whole old paragraph (``StoredParagraph/scripts``).
    var scripts: ScriptMix
    /// The old paragraph's level when it holds units that may need bidi (then it holds no B, no
    /// explicit control and no paired bracket; the caller does not keep the side otherwise);
    /// nil when it holds none.
    var level: UInt8?
    /// The letter beyond the side's cut to the kept pieces outside (head: the one before the
    /// space ending the piece before; tail: the first of the piece after), when `keepsOutside`.
    var outerLetter: UInt16?
}

/// What ``ParagraphPreparer/prepareAcrossBreaks(_:spans:oldUnits:edit:head:tail:)`` prepared: one
/// preparation per span, and where the windows begin and end.
struct BreakWindows {
    var paragraphs: [PreparedParagraph]
    /// The cut in the head part where the first window starts (0 for the part's start).
    var headCut: Int
    /// The cut in the tail part where the last window ends, and that place in the last span
    /// (from the span's start), when one was found.
    var tailCut: (old: Int, new: Int)?
}

extension ParagraphPreparer {
    /// Prepares the new units of an edit's region, `units` split into `spans` (one per new
    /// paragraph), reusing the old preparation of `head` before its last cut before the edit and
    /// of `tail` after its first cut at least two units after it (the rules are in the Editing
    /// article). `edit` is the range of `oldUnits` replaced; `head.start` is 0. Returns nil when
    /// a rule does not hold or a window fails to prepare: the caller then prepares the
    /// paragraphs whole.
    func prepareAcrossBreaks(
        _ units: UnsafeBufferPointer<UInt16>, spans: [Paragraphs.Span], oldUnits: UnsafeBufferPointer<UInt16>,
        edit: Range<Int>, head: BreakSide?, tail: BreakSide?
    ) -> BreakWindows? {
        guard !language.breaksByPhrase, spans.count >= 1 else { return nil }
        let delta = units.count - oldUnits.count
        var cut = (offset: 0, segment: 0)
        if let head, let found = lastCut(before: min(edit.lowerBound, head.units.count), in: head) { cut = found }
        var tailCut: (offset: Int, segment: Int)? = nil
        if let tail { tailCut = firstCut(from: edit.upperBound - tail.start, in: tail) }
        let oldEnd = tailCut.map { tail!.start + $0.offset } ?? oldUnits.count
        let newEnd = oldEnd + delta
        let first = spans[0].range
        let last = spans[spans.count - 1].range
        guard cut.offset <= first.upperBound, newEnd >= last.lowerBound else { return nil }
        let hasHead = cut.offset > 0 || head?.keepsOutside == true
        let hasTail = tailCut != nil || tail?.keepsOutside == true
        // Brackets (the Editing article): what is kept before the first window, and after the last.
        let beforeHolds =
            hasHead
            && (head!.keepsOutside && head!.outsideHoldsBracket
                || Self.holdsBracket(oldUnits[..<cut.offset]))
        let afterHolds =
            hasTail
            && (tail!.keepsOutside && tail!.outsideHoldsBracket
                || Self.holdsBracket(
                    oldUnits[oldEnd..<(tail!.start + tail!.units.count)]))
        var prepared: [PreparedParagraph] = []
        prepared.reserveCapacity(spans.count)
        for (index, span) in spans.enumerated() {
            let isFirst = index == 0
            let isLast = index == spans.count - 1
            let keepsBefore = isFirst && hasHead
            let keepsAfter = isLast && hasTail
            guard keepsBefore || keepsAfter else {
                guard let whole = try? prepare(UnsafeBufferPointer(rebasing: units[span.range])) else { return nil }
                prepared.append(whole)
                continue
            }
            let window =
                (keepsBefore ? cut.offset : span.range.lowerBound)..<(keepsAfter ? newEnd : span.range.upperBound)
            let windowUnits = UnsafeBufferPointer(rebasing: units[window])
            // Bidi (the Editing article): resolved in context at the new paragraph's level.
            var bidiContext: BidiContext? = nil
            let headLevel = keepsBefore ? head!.level : nil
            let tailLevel = keepsAfter ? tail!.level : nil
            if headLevel != nil || tailLevel != nil || windowUnits.contains(where: CharacterClasses.mayNeedBidi) {
                if keepsBefore && headLevel == nil || keepsAfter && tailLevel == nil { return nil }
                if windowUnits.contains(where: ParagraphCut.mayBeBracket) { return nil }
                guard let level = headLevel ?? BidiCut.paragraphLevel(windowUnits) else { return nil }
                if keepsAfter && tailLevel != level { return nil }
                let before =
                    keepsBefore
                    ? (cut.offset >= 2 ? units[cut.offset - 2] : head!.outerLetter)
                    : BidiCut.startLetter(level: level)
                let after =
                    keepsAfter ? (newEnd < units.count ? units[newEnd] : tail!.outerLetter) : nil
                if keepsAfter && after == nil { return nil }
                bidiContext = BidiCut.context(
                    windowUnits, removed: UnsafeBufferPointer(start: nil, count: 0), level: level, before: before,
                    after: after, holdsBracket: false)
                if bidiContext == nil { return nil }
            }
            if CombiningMarks.firstRun(longerThan: limits.maximumCombiningMarks, in: windowUnits) != nil { return nil }
            // One script in the old paragraphs it keeps from and in the new one: brackets pair
            // freely (ScriptMix), nothing below applies.
            let scripts = (keepsBefore ? head!.scripts : ScriptMix.none).adding(
                keepsAfter ? tail!.scripts : ScriptMix.none)
            let oneScript = scripts.isSingle && scripts.adding(ScriptMix.of(windowUnits)).isSingle
            let windowHolds = !oneScript && Self.holdsBracket(units[window])
            // A window's bracket would pair with one kept before it.
            if windowHolds && keepsBefore && beforeHolds { return nil }
            if !oneScript && keepsAfter && afterHolds {
                // No bracket may be open at the tail cut, in the old paragraph or the new one.
                let sameParagraph =
                    head != nil && tail != nil
                    && head!.units.baseAddress
                        == tail!.units.baseAddress
                let oldOpen =
                    Self.holdsBracket(oldUnits[tail!.start..<oldEnd])
                    || (sameParagraph && beforeHolds)
                if oldOpen || windowHolds || (keepsBefore && beforeHolds) { return nil }
            }
            guard
                let middle = try? prepare(
                    windowUnits, mayNeedBidi: bidiContext != nil, endsParagraph: !keepsAfter,
                    bidiContext: bidiContext),
                !middle.holdsDottedCircle  // its dotted circles depend on the syllables before
            else { return nil }
            var parts: [PreparedParagraph] = []
            if keepsBefore && cut.offset > 0, let head {
                parts.append(head.prepared.piece(0..<cut.offset, segments: 0..<cut.segment, units: head.units))
            }
            parts.append(middle)
            if keepsAfter, let tail, let tailCut {
                parts.append(
                    tail.prepared.piece(
                        tailCut.offset..<tail.units.count, segments: tailCut.segment..<tail.prepared.segments.count,
                        units: tail.units))
            }
            prepared.append(PreparedParagraph.joining(parts))
        }
        return BreakWindows(
            paragraphs: prepared, headCut: cut.offset,
            tailCut: tailCut.map { ($0.offset, newEnd - last.lowerBound) })
    }

    /// The last cut of `side` before `limit` (its letter after the cut before `limit`, so left
    /// alone by the edit) and the index of the segment after it; nil when none lies within
    /// ``ParagraphCut/searchLimit`` segments.
    private func lastCut(before limit: Int, in side: BreakSide) -> (offset: Int, segment: Int)? {
        let segments = side.prepared.segments
        guard !segments.isEmpty else { return nil }
        var index = ParagraphCut.segmentIndex(containing: limit, in: segments)
        var searched = 0
        while index > 0 && searched <= ParagraphCut.searchLimit {
            let end = Int(segments[index - 1].end)
            if end < limit && isCut(at: end, in: side.units) { return (end, index) }
            index -= 1
            searched += 1
        }
        return nil
    }

    /// The first cut of `side` at least two units after `edited` (where the edit's old text
    /// ends, from the side's start; its two units before the cut and the one after left alone)
    /// and the index of the segment after it; nil when none lies within
    /// ``ParagraphCut/searchLimit`` segments.
    private func firstCut(from edited: Int, in side: BreakSide) -> (offset: Int, segment: Int)? {
        let segments = side.prepared.segments
        guard !segments.isEmpty else { return nil }
        var index = ParagraphCut.segmentIndex(containing: max(edited, 0), in: segments)
        var searched = 0
        while index < segments.count - 1 && searched <= ParagraphCut.searchLimit {
            let end = Int(segments[index].end)
            if end >= edited + 2 && isCut(at: end, in: side.units) { return (end, index + 1) }
            index += 1
            searched += 1
        }
        return nil
    }

    /// Whether `units` hold a unit that may be a paired bracket (surrogates count as may).
    private static func holdsBracket(_ units: Slice<UnsafeBufferPointer<UInt16>>) -> Bool {
        units.contains(where: ParagraphCut.mayBeBracket)
    }
}
