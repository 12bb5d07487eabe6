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

    /// The paragraph's result, summed in line order exactly as a walk sums it.
    var measure: ParagraphMeasure {
        var height = 0.0
        var widest = 0.0
        for line in heights.indices {
            height += heights[line]
            if widths[line] > widest { widest = widths[line] }
        }
        return ParagraphMeasure(lineCount: starts.count, height: height, maxLineWidth: widest)
    }

    /// The height of the first `count` lines, summed in order.
    func height(ofFirst count: Int) -> Double {
        var height = 0.0
        for line in 0..<min(count, heights.count) { height += heights[line] }
        return height
    }

    /// Brings the lines up to date with `paragraph` at `width` px (walking it whole when no edit
    /// is pending) and returns its result. Complexity: O(lines walked + lines), arithmetic only
    /// outside the walk.
    mutating func update(
        _ paragraph: PreparedParagraph, width: Double, fontSize: Double, tabStop: TabStops,
        heights resolver: LineHeightResolver
    ) -> ParagraphMeasure {
        var line = 0
        var segment = 0
        var syncFrom = Int.max
        var delta = 0
        if let edit = pendingEdit, !starts.isEmpty {
            line = starts.lastIndex(notAbove: Int32(edit.start - 1)) ?? 0
            while line > 0 {
                let start = Int(starts[line])
                let index = ParagraphCut.segmentIndex(containing: start, in: paragraph.segments)
                if index > 0 && Int(paragraph.segments[index - 1].end) == start {
                    segment = index
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
            paragraph.walkLines(width: width, fontSize: fontSize, tabStop: tabStop, fromSegment: segment, into: &sink)
            return sink
        }
        let end = walked.synced ?? starts.count
        starts.replaceSubrange(line..<end, with: walked.starts)
        widths.replaceSubrange(line..<end, with: walked.widths)
        heights.replaceSubrange(line..<end, with: walked.heights)
        if delta != 0 {
            let shift = Int32(delta)
            starts.withUnsafeMutableBufferPointer { starts in
                for index in (line + walked.starts.count)..<starts.count { starts[index] += shift }
            }
        }
        return measure
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
