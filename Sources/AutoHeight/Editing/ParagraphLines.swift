/// The lines of one long paragraph at one width, kept by ``EditableText`` so that after an edit
/// re-prepared in a window (``ParagraphWindow``) only some lines are walked again: from the last
/// line that starts before the window at a segment's start (the lines before it end where they
/// did, decided by segments before the window), until a line starts after the window where one
/// started before, moved by the edit's length change. From there on the walk would repeat
/// itself: a line's start decides everything after it.
struct ParagraphLines: Sendable {
    /// Each line's start offset, visible width (px) and height (px), in order.
    private(set) var starts: [Int32] = []
    private(set) var widths: [Double] = []
    private(set) var heights: [Double] = []
    /// The edit re-prepared since the lines were walked.
    var pendingEdit: ParagraphWindow?
    /// The paragraph's result as ``sum()`` gives it, kept between updates.
    private var total = ParagraphMeasure(lineCount: 0, height: 0, maxLineWidth: 0)

    init() {}

    /// The lines of `parts` laid end to end, each moved by its shift, with `window` pending: the
    /// lines of a paragraph that an edit made of theirs (``MeasureMemo/LineCarry``). Its sums
    /// are worked out again at the next update.
    init(carrying parts: [(lines: ParagraphLines, shift: Int)], window: ParagraphWindow) {
        for (lines, shift) in parts {
            let moved = Int32(shift)
            starts.append(contentsOf: shift == 0 ? lines.starts : lines.starts.map { $0 + moved })
            widths.append(contentsOf: lines.widths)
            heights.append(contentsOf: lines.heights)
        }
        pendingEdit = window
        total.lineCount = -1  // never equal to the lines' count: the sums are redone
    }

    /// The paragraph's result, summed in line order exactly as a walk sums it. O(lines).
    private func sum() -> ParagraphMeasure {
        var height = 0.0
        var widest = 0.0
        for line in heights.indices {
            height += heights[line]
            if widths[line] > widest { widest = widths[line] }
        }
        return ParagraphMeasure(lineCount: starts.count, height: height, maxLineWidth: widest)
    }

    /// The paragraph's result.
    var measure: ParagraphMeasure { total }

    /// The height of the first `count` lines, summed in order.
    func height(ofFirst count: Int) -> Double {
        var height = 0.0
        for line in 0..<min(count, heights.count) { height += heights[line] }
        return height
    }

    /// Brings the lines up to date with `paragraph` at `width` px (walking it whole when no edit
    /// is pending) and returns its result. Complexity: O(lines walked), plus O(lines) additions
    /// when the walked lines changed in number or height (or a replaced line was the widest),
    /// and O(lines) integer additions to move later lines' starts by the edit's length change.
    mutating func update(
        _ paragraph: StoredParagraph, width: Double, fontSize: Double, tabStop: TabStops,
        heights resolver: LineHeightResolver
    ) -> ParagraphMeasure {
        var line = 0
        var position = (piece: 0, segment: 0)
        var syncFrom = Int.max
        var delta = 0
        if let edit = pendingEdit, !starts.isEmpty {
            line = starts.lastIndex(notAbove: Int32(edit.start - 1)) ?? 0
            while line > 0 {
                if let found = Self.segmentStart(at: Int(starts[line]), in: paragraph) {
                    position = found
                    break
                }
                line -= 1
            }
            syncFrom = edit.oldEnd + edit.delta
            delta = edit.delta
        } else {
            starts.removeAll()
            widths.removeAll()
            heights.removeAll()
        }
        pendingEdit = nil
        let walked = starts.withUnsafeBufferPointer { previous in
            var sink = RecordingSink(
                heights: resolver, previous: previous, delta: delta, syncFrom: syncFrom, next: line + 1)
            if paragraph.isPieced {
                PieceWalk.walkLines(
                    paragraph, width: width, fontSize: fontSize, tabStop: tabStop, from: position, into: &sink)
            } else {
                paragraph.prepared.walkLines(
                    width: width, fontSize: fontSize, tabStop: tabStop, fromSegment: position.segment, into: &sink)
            }
            return sink
        }
        let end = walked.synced ?? starts.count
        // The sums still hold when the lines walked again replace as many of the same heights,
        // and no replaced line was the widest.
        let keepsSums =
            !starts.isEmpty && total.lineCount == starts.count && end - line == walked.heights.count
            && heights[line..<end].elementsEqual(walked.heights)
            && widths[line..<end].allSatisfy { $0 < total.maxLineWidth }
        starts.replaceSubrange(line..<end, with: walked.starts)
        widths.replaceSubrange(line..<end, with: walked.widths)
        heights.replaceSubrange(line..<end, with: walked.heights)
        if delta != 0 {
            let shift = Int32(delta)
            starts.withUnsafeMutableBufferPointer { starts in
                for index in (line + walked.starts.count)..<starts.count { starts[index] += shift }
            }
        }
        if keepsSums {
            total.maxLineWidth = max(total.maxLineWidth, walked.widths.max() ?? 0)
        } else {
            total = sum()
        }
        return total
    }

    /// Where a line starting at paragraph offset `start` (> 0) may be walked from: the piece and
    /// segment it starts, when it starts one.
    private static func segmentStart(at start: Int, in paragraph: StoredParagraph) -> (piece: Int, segment: Int)? {
        if paragraph.isPieced {
            return PieceWalk.segmentStart(at: start, in: paragraph)
        }
        let segments = paragraph.prepared.segments
        let index = ParagraphCut.segmentIndex(containing: start, in: segments)
        return index > 0 && Int(segments[index - 1].end) == start ? (0, index) : nil
    }
}

/// Records lines, and stops a walk once a line ends where an earlier walk's line started
/// (moved by `delta`), at or after `syncFrom`.
private struct RecordingSink: LineSink {
    let resolver: LineHeightResolver
    let uniformHeight: Double?
    var starts: [Int32] = []
    var widths: [Double] = []
    var heights: [Double] = []
    /// The earlier walk's line starts.
    let previous: UnsafeBufferPointer<Int32>
    let delta: Int
    let syncFrom: Int
    /// The first earlier line not yet passed.
    var next: Int
    /// The earlier line the walk fell into step with.
    var synced: Int? = nil

    init(heights: LineHeightResolver, previous: UnsafeBufferPointer<Int32>, delta: Int, syncFrom: Int, next: Int) {
        resolver = heights
        uniformHeight = heights.uniformHeight
        self.previous = previous
        self.delta = delta
        self.syncFrom = syncFrom
        self.next = next
    }

    var isFull: Bool { synced != nil }

    mutating func addLine(start: Int, end: Int, visibleWidth: Double, fontMask: UInt32) {
        guard synced == nil else { return }
        starts.append(Int32(start))
        widths.append(visibleWidth)
        heights.append(uniformHeight ?? resolver.height(fontMask: fontMask))
        guard end >= syncFrom else { return }
        while next < previous.count && Int(previous[next]) + delta < end { next += 1 }
        if next < previous.count && Int(previous[next]) + delta == end { synced = next }
    }
}
