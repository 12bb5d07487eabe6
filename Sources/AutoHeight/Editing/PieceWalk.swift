/// The greedy line walk over a paragraph kept in pieces (``ParagraphPiece``): the same walk as
/// ``PreparedParagraph/walkLines(width:fontSize:tabStop:fromSegment:into:)`` over the pieces'
/// segments in order, with the open line carried from one piece into the next, so its lines are
/// exactly those of the whole paragraph (same sums in the same order).
enum PieceWalk {
    /// Walks the pieces of `paragraph` from segment `start.segment` of piece `start.piece`,
    /// which must start a line of the whole walk; line offsets are the paragraph's. Stops early
    /// once the sink ``LineSink/isFull``.
    static func walkLines<Sink: LineSink>(
        _ paragraph: StoredParagraph, width: Double, fontSize: Double, tabStop: TabStops,
        from start: (piece: Int, segment: Int), into sink: inout Sink
    ) {
        let (pieces, starts) = (paragraph.pieces, paragraph.pieceStarts)
        let limit = PreparedParagraph.fitLimit(width)
        var current = start.piece
        var first = start.segment
        let segments = pieces[current].prepared.segments
        var line = LineState(start: first > 0 ? Int(segments[first - 1].end) : 0)
        while true {
            let prepared = pieces[current].prepared
            let base = starts[current]
            guard
                prepared.walkSegments(
                    limit: limit, fontSize: fontSize, tabStop: tabStop, from: first, line: &line, base: base,
                    into: &sink)
            else { return }
            if current == pieces.count - 1 {
                sink.addLine(
                    start: line.start + base, end: prepared.length + base, visibleWidth: line.visible * fontSize,
                    fontMask: line.fontMask)
                return
            }
            line.start -= prepared.length
            current += 1
            first = 0
        }
    }

    /// The piece holding paragraph offset `offset` and its segment index there, when `offset`
    /// starts a segment (a piece's start does); nil otherwise.
    static func segmentStart(at offset: Int, in paragraph: StoredParagraph) -> (piece: Int, segment: Int)? {
        let (pieces, starts) = (paragraph.pieces, paragraph.pieceStarts)
        let piece = starts.lastIndex(notAbove: offset) ?? 0
        let local = offset - starts[piece]
        guard local > 0 else { return (piece, 0) }
        let segments = pieces[piece].prepared.segments
        let index = ParagraphCut.segmentIndex(containing: local, in: segments)
        return index > 0 && Int(segments[index - 1].end) == local ? (piece, index) : nil
    }
}
