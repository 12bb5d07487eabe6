// Stage: LineBreaking.
// Problem: where the lines of a prepared paragraph end at a given width.
// Solution: a greedy walk over segment widths (arithmetic only, no allocation): whole segments
//   while they fit, trailing whitespace hangs, over-long segments break at grapheme boundaries.
// Limitations: no hyphenation, no optimal (Knuth–Plass) fill, no justification.

/// Receives the lines of a greedy walk, one call per line, in order.
protocol LineSink {
    /// A line from `start` to `end` (paragraph-relative UTF-16 offsets, trailing whitespace
    /// included), whose visible width (without the hanging whitespace) is `visibleWidth` px and
    /// whose content used the fonts in `fontMask`.
    mutating func addLine(start: Int, end: Int, visibleWidth: Double, fontMask: UInt32)
    /// True once the sink wants no more lines: the walk then stops.
    var isFull: Bool { get }
}

extension LineSink {
    var isFull: Bool { false }
}

/// Where a walk of one paragraph is: the line being filled. In a walk over pieces
/// (``ParagraphPiece``) `start` is relative to the current piece, negative when the line began
/// in an earlier one.
struct LineState {
    var start = 0
    /// Pen position in em from the line start, including hanging whitespace placed so far.
    var pen = 0.0
    /// Width of the line's visible content in em.
    var visible = 0.0
    var fontMask: UInt32 = 0
    var isEmpty = true
}

extension PreparedParagraph {
    /// The greedy line walk: fills each line with whole segments while their content fits in
    /// `width` px at `fontSize` px, lets trailing whitespace hang, moves a segment that does not
    /// fit to the next line, and breaks a segment wider than a whole line at grapheme
    /// boundaries (at least one grapheme per line).
    ///
    /// Width-dependent work only: arithmetic on cached advances, no shaping, no ICU, and no heap
    /// allocation beyond what `sink` does. Complexity: O(segments), plus O(units) of the
    /// segments that contain tabs or must break inside.
    ///
    /// Rule: a line fits when `visibleWidth ≤ width` (within a relative 10⁻¹² that absorbs the
    /// rounding of sums of em advances: a line of exactly the box's width in font units fits),
    /// with `visibleWidth` computed exactly as it is reported, so measuring at a reported width
    /// never changes the wrap.
    ///
    /// The walk starts at segment `first` (which must start a line of the whole walk) and stops
    /// early once the sink ``LineSink/isFull``.
    func walkLines<Sink: LineSink>(
        width box: Double, fontSize: Double, tabStop: TabStops, fromSegment first: Int = 0, into sink: inout Sink
    ) {
        var line = LineState(start: first > 0 ? Int(segments[first - 1].end) : 0)
        guard
            walkSegments(
                limit: Self.fitLimit(box), fontSize: fontSize, tabStop: tabStop, from: first, line: &line, base: 0,
                into: &sink)
        else { return }
        sink.addLine(
            start: line.start, end: length, visibleWidth: line.visible * fontSize, fontMask: line.fontMask | endMask)
    }

    /// The walk over segments `first...` with `line` open (at a fit limit of `limit`,
    /// ``fitLimit(_:)``), leaving the last line open in `line`; lines go to `sink` with `base`
    /// added to their offsets. Returns false when the sink became full.
    @inline(__always)
    func walkSegments<Sink: LineSink>(
        limit width: Double, fontSize: Double, tabStop: TabStops, from first: Int, line: inout LineState, base: Int,
        into sink: inout Sink
    ) -> Bool {
        segments.withUnsafeBufferPointer { segments in
            walkSegments(
                UnsafeBufferPointer(rebasing: segments[first...]), limit: width, fontSize: fontSize, tabStop: tabStop,
                startingAt: first > 0 ? Int(segments[first - 1].end) : 0, line: &line, base: base, into: &sink)
        }
    }

    /// ``walkSegments(limit:fontSize:tabStop:from:line:base:into:)`` over the segments' memory (no
    /// slice retained, no bounds check per segment), from offset `start`. Inlined into the walks
    /// (measured: as a call, 2.2 % more instructions in `autoheight bench --scenario rewrap`).
    @inline(__always)
    private func walkSegments<Sink: LineSink>(
        _ segments: UnsafeBufferPointer<Segment>, limit width: Double, fontSize: Double, tabStop: TabStops,
        startingAt start: Int, line: inout LineState, base: Int, into sink: inout Sink
    ) -> Bool {
        var segmentStart = start
        for segment in segments {
            var content = segment.contentWidth
            var trailing = segment.trailingWidth
            if segment.hasTab {
                (content, trailing) = tabbedWidths(from: segmentStart, to: segment, pen: line.pen, tabStop: tabStop)
            }
            // A segment of whitespace alone (`line-break: anywhere` breaks before spaces) hangs.
            if !line.isEmpty && segment.contentEnd > segmentStart && (line.pen + content) * fontSize > width {
                sink.addLine(
                    start: line.start + base, end: segmentStart + base, visibleWidth: line.visible * fontSize,
                    fontMask: line.fontMask)
                if sink.isFull { return false }
                line = LineState(start: segmentStart)
                if segment.hasTab {
                    (content, trailing) = tabbedWidths(from: segmentStart, to: segment, pen: 0, tabStop: tabStop)
                }
            }
            if content * fontSize > width {
                breakInsideSegment(
                    from: segmentStart, segment: segment, width: width, fontSize: fontSize, tabStop: tabStop,
                    line: &line, base: base, sink: &sink)
                if sink.isFull { return false }
            } else {
                if segment.contentEnd > segmentStart { line.visible = line.pen + content }
                line.pen += content + trailing
                line.fontMask |= segment.fontMask
                line.isEmpty = false
            }
            segmentStart = Int(segment.end)
        }
        return true
    }

    /// The largest line width that fits a box `width` px wide: the width plus a relative 10⁻¹²
    /// (at least 10⁻⁹ px), far below a pixel, far above the rounding of a line's sum of em
    /// advances times the font size. Without it, `ihr persönliches` in Noto Sans at 16 px
    /// (7,500 font units, exactly 120 px) sums to 120.00000000000001 px and wraps in a 120 px box.
    static func fitLimit(_ width: Double) -> Double {
        width + max(width * 1e-12, 1e-9)
    }

    /// Breaks an over-long segment, which starts an empty line, at grapheme boundaries.
    /// Whitespace inside it (``UnitFlag/innerWhitespace``) hangs: it never forces a wrap, and no
    /// line starts with it (the break comes after it).
    private func breakInsideSegment<Sink: LineSink>(
        from segmentStart: Int, segment: Segment, width: Double, fontSize: Double, tabStop: TabStops,
        line: inout LineState, base: Int, sink: inout Sink
    ) {
        let contentEnd = Int(segment.contentEnd)
        var index = segmentStart
        line.fontMask |= segment.fontMask
        while index < contentEnd {
            var clusterEnd = index + 1
            while clusterEnd < contentEnd && flags[clusterEnd] & UnitFlag.graphemeStart == 0 { clusterEnd += 1 }
            var clusterWidth = unitsWidth(index..<clusterEnd, pen: line.pen, tabStop: tabStop)
            if flags[index] & UnitFlag.innerWhitespace != 0 {
                line.pen += clusterWidth  // hangs: not visible unless content follows on the line
                index = clusterEnd
                continue
            }
            if index > line.start && (line.pen + clusterWidth) * fontSize > width {
                sink.addLine(
                    start: line.start + base, end: index + base, visibleWidth: line.visible * fontSize,
                    fontMask: line.fontMask)
                line = LineState(start: index, fontMask: segment.fontMask)
                if segment.hasTab { clusterWidth = unitsWidth(index..<clusterEnd, pen: 0, tabStop: tabStop) }
            }
            line.pen += clusterWidth
            line.visible = line.pen
            index = clusterEnd
        }
        line.pen += unitsWidth(contentEnd..<Int(segment.end), pen: line.pen, tabStop: tabStop)
        line.isEmpty = false
    }

    /// Content and trailing widths of a segment with tabs, starting at `pen` em on the line.
    private func tabbedWidths(from start: Int, to segment: Segment, pen: Double, tabStop: TabStops) -> (Double, Double)
    {
        let content = unitsWidth(start..<Int(segment.contentEnd), pen: pen, tabStop: tabStop)
        let trailing = unitsWidth(Int(segment.contentEnd)..<Int(segment.end), pen: pen + content, tabStop: tabStop)
        return (content, trailing)
    }

    /// Width in em of `range` placed at `pen`; a tab advances to the next of `tabStop`.
    func unitsWidth(_ range: Range<Int>, pen: Double, tabStop: TabStops) -> Double {
        var position = pen
        for index in range {
            if flags[index] & UnitFlag.tab != 0 {
                position = tabStop.next(after: position)
            } else {
                position += advances[index]
            }
        }
        return position - pen
    }
}
