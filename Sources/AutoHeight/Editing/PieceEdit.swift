/// Edits inside a long paragraph kept in pieces (``StoredParagraph``, ``ParagraphPiece``): the
/// edit reads and replaces only the pieces around it, re-prepares a window of them
/// (``ParagraphPreparer/reprepare(_:)``) and
/// shares every other piece with the old paragraph, so a keystroke costs O(piece) work plus
/// O(pieces) references, whatever the paragraph's length.
extension EditableText {
    /// The pieces an edit of `range` (valid, inside the paragraph at `location`) touches, as a
    /// region: from a cut before the edit (strictly, so that the cut's units stay; or the
    /// paragraph's start) to a cut at least two units after it (or the paragraph's end), so that
    /// both ends stay cuts whatever the edit brings. Nil when the paragraph is whole, the edit
    /// reaches its break, or a lone CR before it may join the edit's text.
    func pieceRegion(around range: Range<Int>, in location: TextStore.Location) -> Region? {
        let paragraph = store.leaves[location.leaf].paragraphs[location.slot]
        guard paragraph.isPieced else { return nil }
        let lower = range.lowerBound - location.start
        let upper = range.upperBound - location.start
        guard upper <= paragraph.contentLength else { return nil }
        if lower == 0 && location.index > 0 && store.paragraph(location.index - 1).lastUnit == 0x0D { return nil }
        let pieces = paragraph.pieces
        let starts = paragraph.pieceStarts
        var first = paragraph.piece(containing: lower)
        if first > 0 && starts[first] == lower { first -= 1 }
        var last = paragraph.piece(containing: upper)
        while last < pieces.count - 1 && starts[last] + pieces[last].prepared.length < upper + 2 { last += 1 }
        // A short region takes in its next piece, so that pieces do not dwindle.
        while last < pieces.count - 1 && starts[last + 1] - starts[first] < pieceLength / 2 { last += 1 }
        var units: [UInt16] = []
        var characters = 0
        for piece in pieces[first...last] {
            units.append(contentsOf: piece.units)
            characters += piece.characterCount
        }
        return Region(
            paragraphs: location.index...location.index, start: location.start + starts[first], units: units,
            characterCount: characters, pieces: first...last, kept: (first, last + 1))
    }

    /// Replaces the pieces of `region` (a ``pieceRegion(around:in:)``) with `units`, `edit` of
    /// the region's units replaced, preparing only a window around the edit; nil, with nothing
    /// changed, when the edit brings or takes a break or the window is not provably exact.
    /// `characterCount`, when known, is the grapheme clusters of `units`.
    mutating func replacePieces(
        _ region: Region, with units: [UInt16], edit: Range<Int>, characterCount: Int?
    ) throws(AutoHeightError) -> Replaced? {
        guard let group = region.pieces else { return nil }
        let index = region.paragraphs.lowerBound
        let old = store.paragraph(index)
        let isLast = group.upperBound == old.pieces.count - 1
        let breakLength = isLast ? old.breakLength : 0
        let oldContent = region.units.count - breakLength
        let delta = units.count - region.units.count
        let insertedEnd = edit.upperBound + delta
        guard edit.upperBound <= oldContent, insertedEnd >= edit.lowerBound,
            !units[edit.lowerBound..<insertedEnd].contains(where: Paragraphs.isBreak),
            old.contentLength + delta <= style.limits.maximumParagraphLength
        else { return nil }
        let groupPrepared = PreparedParagraph.joining(old.pieces[group].lazy.map(\.prepared))
        // A paragraph in pieces that holds right-to-left text holds no B and no explicit control
        // (StoredParagraph.make): its level is that of its first strong character, looked for
        // in its first piece (when none is there, the level is left unknown).
        let paragraphLevel =
            old.bidiUnits > 0 ? old.pieces[0].units.withUnsafeBufferPointer(BidiCut.paragraphLevel) : nil
        // The letters beyond the cuts the pieces of the group start and end at.
        let outerLetters: (before: UInt16?, after: UInt16?) = (
            group.lowerBound > 0 ? old.pieces[group.lowerBound - 1].units.dropLast().last : nil,
            isLast ? nil : old.pieces[group.upperBound + 1].units.first
        )
        let context = try editingStyle.preparationContext()
        let pieceLength = pieceLength
        let done = try units.withUnsafeBufferPointer { (all) throws(AutoHeightError) in
            try region.units.withUnsafeBufferPointer { (oldUnits) throws(AutoHeightError) in
                try context.withPreparer { (preparer) throws(AutoHeightError) -> ([ParagraphPiece], ParagraphWindow)? in
                    let content = UnsafeBufferPointer(rebasing: all[0..<(all.count - breakLength)])
                    let paragraphEdit = ParagraphEdit(
                        old: groupPrepared, units: content, replaced: edit,
                        removed: UnsafeBufferPointer(rebasing: oldUnits[edit]), startsParagraph: group.lowerBound == 0,
                        endsParagraph: isLast, outerLetters: outerLetters, mayNeedBidi: old.bidiUnits > 0,
                        level: paragraphLevel, holdsBracket: old.holdsBracket, scripts: old.scripts)
                    guard let (prepared, window) = try preparer.reprepare(paragraphEdit) else { return nil }
                    // Pieces grown past twice the length are cut again.
                    let cuts =
                        prepared.length > 2 * pieceLength
                        ? preparer.pieceCuts(of: prepared, units: content, target: pieceLength) : []
                    // The window starts and ends at cluster boundaries: only its clusters are
                    // counted again.
                    let oldWindow = UnsafeBufferPointer(rebasing: oldUnits[window.start..<window.oldEnd])
                    let newWindow = UnsafeBufferPointer(rebasing: all[window.start..<(window.oldEnd + delta)])
                    let characters =
                        characterCount
                        ?? (region.characterCount - Graphemes.count(of: oldWindow) + Graphemes.count(of: newWindow))
                    let pieces = StoredParagraph.pieces(
                        of: units, prepared: prepared, cuts: cuts, characterCount: characters)
                    return (pieces, window)
                }
            }
        }
        guard let (newPieces, window) = done else { return nil }
        var pieces = Array(old.pieces[..<group.lowerBound])
        pieces.reserveCapacity(old.pieces.count - group.count + newPieces.count)
        pieces.append(contentsOf: newPieces)
        pieces.append(contentsOf: old.pieces[(group.upperBound + 1)...])
        let groupStart = old.pieceStarts[group.lowerBound]
        windowEditCount += 1
        if !isKnownUniquelyReferenced(&memo) { memo = memo.copy() }
        memo.state.withLock {
            $0.edit(
                index,
                window: ParagraphWindow(
                    start: groupStart + window.start, oldEnd: groupStart + window.oldEnd, delta: window.delta))
        }
        let removed = store.replaceParagraphs(index...index, with: [StoredParagraph(pieces: pieces)])
        return Replaced(paragraphs: region.paragraphs, removed: removed)
    }

    /// The whole paragraphs of a region of parts of them (``Region/kept``), and their units with
    /// the region's replaced by `units`. O(paragraphs).
    func wholeParagraphs(of region: Region, with units: [UInt16]) -> (Region, [UInt16]) {
        let first = region.paragraphs.lowerBound
        let head = store.paragraph(first)
        let skipped = head.isPieced ? head.pieceStarts[region.kept?.before ?? 0] : 0
        var all: [UInt16] = []
        var characters = 0
        store.forEachParagraph(from: first) { index, paragraph in
            paragraph.appendUnits(to: &all)
            characters += paragraph.characterCount
            return index < region.paragraphs.upperBound
        }
        let whole = Region(
            paragraphs: region.paragraphs, start: region.start - skipped, units: all, characterCount: characters)
        all.replaceSubrange(skipped..<(skipped + region.units.count), with: units)
        return (whole, all)
    }
}
