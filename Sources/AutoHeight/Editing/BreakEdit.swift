/// Edits that type or delete paragraph breaks next to long paragraphs kept in pieces: Enter in
/// the middle of one splits it, Backspace at the start of the paragraph after one joins them.
/// The edit reads only the pieces around it, prepares windows between cuts
/// (``ParagraphPreparer/prepareAcrossBreaks(_:spans:oldUnits:edit:head:tail:)``; the Editing
/// article argues why that is exact) and shares every other piece, so a keystroke costs O(piece) work
/// plus O(pieces) references; the line memo carries the old paragraphs' lines over
/// (``MeasureMemo/LineCarry``).
extension EditableText {
    /// The region of an edit of `range` (valid) that runs from paragraph `first` into a later
    /// paragraph `last`, one of them kept in pieces: the first one's pieces from the one holding
    /// the edit's start (the one before when the edit starts at a piece's start), the paragraphs
    /// in between, and the last one's pieces up to a cut at least two units after the edit's end
    /// (paragraphs kept whole, whole). Nil when neither is kept in pieces or a lone CR before the
    /// edit may join its text.
    func breakRegion(around range: Range<Int>, from first: TextStore.Location, to last: TextStore.Location)
        -> Region?
    {
        let head = store.leaves[first.leaf].paragraphs[first.slot]
        let tail = store.leaves[last.leaf].paragraphs[last.slot]
        guard head.isPieced || tail.isPieced else { return nil }
        let lower = range.lowerBound - first.start
        let upper = range.upperBound - last.start
        if lower == 0 && first.index > 0 && store.paragraph(first.index - 1).lastUnit == 0x0D { return nil }
        var before = 0
        if head.isPieced {
            before = head.piece(containing: lower)
            if before > 0 && head.pieceStarts[before] == lower { before -= 1 }
        }
        var after = tail.pieces.count
        if tail.isPieced && upper <= tail.contentLength {
            var piece = tail.piece(containing: upper)
            while piece < tail.pieces.count - 1
                && tail.pieceStarts[piece] + tail.pieces[piece].prepared.length < upper + 2
            {
                piece += 1
            }
            after = piece + 1
        }
        var units: [UInt16] = []
        var characters = 0
        func append(_ paragraph: StoredParagraph, pieces: Range<Int>) {
            guard paragraph.isPieced else {
                paragraph.appendUnits(to: &units)
                characters += paragraph.characterCount
                return
            }
            for piece in paragraph.pieces[pieces] {
                units.append(contentsOf: piece.units)
                characters += piece.characterCount
            }
        }
        append(head, pieces: before..<head.pieces.count)
        store.forEachParagraph(from: first.index + 1) { index, paragraph in
            guard index < last.index else { return false }
            append(paragraph, pieces: 0..<paragraph.pieces.count)
            return true
        }
        append(tail, pieces: 0..<after)
        return Region(
            paragraphs: first.index...last.index, start: first.start + (head.isPieced ? head.pieceStarts[before] : 0),
            units: units, characterCount: characters, kept: (before, after))
    }

    /// Replaces the parts of paragraphs of `region` (``Region/kept``) with `units`, `edit` of the
    /// region's units replaced, when the edit types or deletes a break: the new paragraphs keep
    /// the old pieces outside the region and the old preparation up to cuts around the edit,
    /// and only windows between them are prepared. Nil, with nothing changed, when no break
    /// changes or a rule of ``BreakWindows`` does not hold.
    mutating func replaceAcrossBreaks(_ region: Region, with units: [UInt16], edit: Range<Int>) throws(AutoHeightError)
        -> Replaced?
    {
        guard let kept = region.kept else { return nil }
        let (firstIndex, lastIndex) = (region.paragraphs.lowerBound, region.paragraphs.upperBound)
        let head = store.paragraph(firstIndex)
        let tail = store.paragraph(lastIndex)
        let keepsBefore = kept.before > 0
        let keepsAfter = kept.after < tail.pieces.count
        var spans = units.withUnsafeBufferPointer { Paragraphs.split($0, breaks: style.paragraphBreaks) }
        // Without pieces after it, the region ends with the last paragraph's break: the empty
        // span after it is the next, untouched paragraph.
        if !keepsAfter && lastIndex < store.paragraphCount - 1, spans.count > 1, spans[spans.count - 1].range.isEmpty {
            spans.removeLast()
        }
        // An old paragraph with units that may need bidi keeps a side only with no paired bracket
        // and a known level (its first strong character in its first piece; BreakWindow).
        func level(_ paragraph: StoredParagraph) -> UInt8?? {
            guard paragraph.bidiUnits > 0 else { return .some(nil) }
            guard paragraph.isPieced, !paragraph.holdsBracket,
                let level = paragraph.pieces[0].units.withUnsafeBufferPointer(BidiCut.paragraphLevel)
            else { return nil }
            return level
        }
        let headLevel = level(head)
        let tailLevel = level(tail)
        guard spans.count > 1 || region.paragraphs.count > 1,
            !keepsBefore || headLevel != nil, !keepsAfter || tailLevel != nil
        else { return nil }
        // The new paragraphs' lengths, with the pieces they keep.
        let keptBefore = keepsBefore ? head.pieceStarts[kept.before] : 0
        let keptAfter = keepsAfter ? tail.contentLength - tail.pieceStarts[kept.after] : 0
        for (index, span) in spans.enumerated() {
            let length = span.range.count + (index == 0 ? keptBefore : 0) + (index == spans.count - 1 ? keptAfter : 0)
            if length > style.limits.maximumParagraphLength { return nil }
        }
        // The old sides: the head's part from the region's start, the tail's up to its end.
        let headEnd = firstIndex == lastIndex ? kept.after : head.pieces.count
        let headPart =
            head.isPieced && headLevel != nil
            ? PreparedParagraph.joining(head.pieces[kept.before..<headEnd].lazy.map(\.prepared)) : nil
        let tailFirst = firstIndex == lastIndex ? kept.before : 0
        let tailPart =
            tail.isPieced && tailLevel != nil
            ? (firstIndex == lastIndex
                ? headPart : PreparedParagraph.joining(tail.pieces[tailFirst..<kept.after].lazy.map(\.prepared)))
            : nil
        let tailEnd = keepsAfter ? tail.pieceStarts[kept.after] : tail.utf16Count
        let tailStart = region.units.count - (tail.isPieced ? tailEnd - tail.pieceStarts[tailFirst] : 0)
        let context = try editingStyle.preparationContext()
        let (minimumLength, pieceLength) = (windowMinimumLength, pieceLength)
        let built = try units.withUnsafeBufferPointer { (all) throws(AutoHeightError) in
            try region.units.withUnsafeBufferPointer { (old) throws(AutoHeightError) in
                try context.withPreparer { (preparer) -> ([StoredParagraph], BreakWindows)? in
                    let headSide = headPart.map {
                        BreakSide(
                            prepared: $0, units: UnsafeBufferPointer(rebasing: old[0..<$0.length]), start: 0,
                            keepsOutside: keepsBefore,
                            outsideHoldsBracket: head.pieces[..<kept.before].contains(where: \.holdsBracket),
                            scripts: head.scripts, level: headLevel ?? nil,
                            outerLetter: keepsBefore ? head.pieces[kept.before - 1].units.dropLast().last : nil)
                    }
                    let tailSide = tailPart.map {
                        BreakSide(
                            prepared: $0,
                            units: UnsafeBufferPointer(rebasing: old[tailStart..<(tailStart + $0.length)]),
                            start: tailStart, keepsOutside: keepsAfter,
                            outsideHoldsBracket: keepsAfter
                                && tail.pieces[kept.after...].contains(where: \.holdsBracket),
                            scripts: tail.scripts, level: tailLevel ?? nil,
                            outerLetter: keepsAfter ? tail.pieces[kept.after].units.first : nil)
                    }
                    guard
                        let windows = preparer.prepareAcrossBreaks(
                            all, spans: spans, oldUnits: old, edit: edit, head: headSide, tail: tailSide)
                    else { return nil }
                    var paragraphs: [StoredParagraph] = []
                    for (index, span) in spans.enumerated() {
                        let prepared = windows.paragraphs[index]
                        let spanUnits = Array(all[span.range.lowerBound..<(span.range.upperBound + span.breakLength)])
                        let before = index == 0 && keepsBefore ? head.pieces[..<kept.before] : []
                        let after = index == spans.count - 1 && keepsAfter ? tail.pieces[kept.after...] : []
                        if before.isEmpty && after.isEmpty {
                            paragraphs.append(
                                StoredParagraph.make(
                                    units: spanUnits, prepared: prepared, preparer: preparer,
                                    minimumLength: minimumLength, pieceLength: pieceLength))
                            continue
                        }
                        guard prepared.length > 0 else { return nil }
                        let cuts =
                            prepared.length > 2 * pieceLength
                            ? spanUnits.withUnsafeBufferPointer {
                                preparer.pieceCuts(
                                    of: prepared, units: UnsafeBufferPointer(rebasing: $0[..<prepared.length]),
                                    target: pieceLength)
                            } : []
                        var pieces = Array(before)
                        pieces.append(
                            contentsOf: StoredParagraph.pieces(of: spanUnits, prepared: prepared, cuts: cuts))
                        pieces.append(contentsOf: after)
                        paragraphs.append(StoredParagraph(pieces: pieces))
                    }
                    return (paragraphs, windows)
                }
            }
        }
        guard let (paragraphs, windows) = built else { return nil }
        breakEditCount += 1
        // Only paragraphs whose lines the memo keeps (MeasureMemo.State.update) start from old ones.
        let carries = lineCarries(
            region, spans: spans, windows: windows, head: headPart != nil, tail: tailPart != nil,
            tailFirst: tailFirst
        )
        .filter { carry in
            let paragraph = paragraphs[carry.paragraph - firstIndex]
            return paragraph.isPieced || paragraph.contentLength >= windowMinimumLength
        }
        let removed = swap(region.paragraphs, with: paragraphs, carrying: carries)
        return Replaced(paragraphs: firstIndex...(firstIndex + paragraphs.count - 1), removed: removed)
    }

    /// Which new paragraphs of an edit across breaks start from the old paragraphs' lines: the
    /// first from the head's lines before the first window (when the head's part was reused),
    /// the last from the tail's lines after the last window's cut, walked until they fall back
    /// into step (both, laid end to end, when they are one paragraph).
    private func lineCarries(
        _ region: Region, spans: [Paragraphs.Span], windows: BreakWindows, head: Bool, tail: Bool, tailFirst: Int
    ) -> [MeasureMemo.LineCarry] {
        let (firstIndex, lastIndex) = (region.paragraphs.lowerBound, region.paragraphs.upperBound)
        let headParagraph = store.paragraph(firstIndex)
        let tailParagraph = store.paragraph(lastIndex)
        // The first window's start, in the head paragraph (and the first new one).
        let windowStart = head ? headParagraph.pieceStarts[region.kept?.before ?? 0] + windows.headCut : nil
        // The last window's end: in the tail paragraph, and in the last new one.
        let tailStart = tail ? tailParagraph.pieceStarts[tailFirst] : 0
        let keptBefore = spans.count == 1 ? windowStart.map { $0 - windows.headCut } ?? 0 : 0
        let windowEnd = windows.tailCut.map {
            (old: tailStart + $0.old, new: $0.new + keptBefore + (spans.count == 1 ? spans[0].range.lowerBound : 0))
        }
        let never = Int(Int32.max)
        var carries: [MeasureMemo.LineCarry] = []
        if spans.count == 1 && firstIndex != lastIndex {
            switch (windowStart, windowEnd) {
            case (let start?, let end?):
                let shift = tailOffset(from: firstIndex, to: lastIndex)
                carries.append(
                    MeasureMemo.LineCarry(
                        paragraph: firstIndex, parts: [(firstIndex, 0), (lastIndex, shift)],
                        window: ParagraphWindow(start: start, oldEnd: shift + end.old, delta: end.new - shift - end.old)
                    ))
            case (let start?, nil):
                carries.append(
                    MeasureMemo.LineCarry(
                        paragraph: firstIndex, parts: [(firstIndex, 0)],
                        window: ParagraphWindow(start: start, oldEnd: never, delta: 0)))
            case (nil, let end?):
                carries.append(
                    MeasureMemo.LineCarry(
                        paragraph: firstIndex, parts: [(lastIndex, 0)],
                        window: ParagraphWindow(start: 0, oldEnd: end.old, delta: end.new - end.old)))
            case (nil, nil): break
            }
            return carries
        }
        if let start = windowStart {
            carries.append(
                MeasureMemo.LineCarry(
                    paragraph: firstIndex, parts: [(firstIndex, 0)],
                    window: ParagraphWindow(start: start, oldEnd: never, delta: 0)))
        }
        if let end = windowEnd {
            carries.append(
                MeasureMemo.LineCarry(
                    paragraph: firstIndex + spans.count - 1, parts: [(lastIndex, 0)],
                    window: ParagraphWindow(start: 0, oldEnd: end.old, delta: end.new - end.old)))
        }
        return carries
    }

    /// UTF-16 units from paragraph `first`'s start to paragraph `last`'s. O(paragraphs between).
    private func tailOffset(from first: Int, to last: Int) -> Int {
        var offset = 0
        store.forEachParagraph(from: first) { index, paragraph in
            guard index < last else { return false }
            offset += paragraph.utf16Count
            return true
        }
        return offset
    }
}
