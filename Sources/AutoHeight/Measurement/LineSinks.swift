/// Counts lines and adds up heights without storing anything (the allocation-free path).
struct MeasuringSink: LineSink {
    let heights: LineHeightResolver
    /// `heights.uniformHeight`, kept here so the common case reads no table.
    let uniformHeight: Double?
    /// Lines past this many do not count toward `visibleHeight`.
    var maximumVisible: Int
    var lineCount = 0
    var contentHeight = 0.0
    var visibleLinesHeight = 0.0
    var maxLineWidth = 0.0
    /// The paragraph's ``PreparedParagraph/lineStarts`` when its line heights need them.
    var lineStarts: [UInt8] = []

    init(heights: LineHeightResolver, maximumVisible: Int) {
        self.heights = heights
        self.uniformHeight = heights.uniformHeight
        self.maximumVisible = maximumVisible
    }

    /// Starts counting again (one sink serves every paragraph: no copy of `heights` each time).
    mutating func reset(maximumVisible: Int) {
        self.maximumVisible = maximumVisible
        lineCount = 0
        contentHeight = 0
        visibleLinesHeight = 0
        maxLineWidth = 0
    }

    // Measured: not inlined, 3.4 % more instructions in `bench --scenario rewrap`.
    @inline(__always)
    mutating func addLine(start: Int, end: Int, visibleWidth: Double, fontMask: UInt32) {
        let height: Double
        if let uniformHeight {
            height = uniformHeight
        } else if start < lineStarts.count, let styled = heights.styled {
            height = styled.height(mask: fontMask, start: lineStarts[start])
        } else {
            height = heights.height(fontMask: fontMask)
        }
        lineCount += 1
        contentHeight += height
        if lineCount <= maximumVisible { visibleLinesHeight += height }
        if visibleWidth > maxLineWidth { maxLineWidth = visibleWidth }
    }
}

/// Collects every line with its range, width, height and position.
struct CollectingSink: LineSink {
    let heights: LineHeightResolver
    let lineSpacing: Double
    var paragraphOffset = 0
    /// The paragraph's ``PreparedParagraph/lineStarts`` when its line heights need them.
    var lineStarts: [UInt8] = []
    var lines: [LineLayout] = []
    private var nextY = 0.0

    init(heights: LineHeightResolver, lineSpacing: Double) {
        self.heights = heights
        self.lineSpacing = lineSpacing
    }

    mutating func addLine(start: Int, end: Int, visibleWidth: Double, fontMask: UInt32) {
        let height =
            start < lineStarts.count && heights.styled != nil
            ? heights.styled!.height(mask: fontMask, start: lineStarts[start])
            : heights.height(fontMask: fontMask)
        lines.append(
            LineLayout(
                range: (paragraphOffset + start)..<(paragraphOffset + end), width: visibleWidth,
                height: height, y: nextY))
        nextY += height + lineSpacing
    }
}

/// Collects each line's baseline below its top in a styled text (``StyledLineMetrics/above(mask:)``).
struct AscentSink: LineSink {
    let metrics: StyledLineMetrics
    var ascents: [Double] = []

    mutating func addLine(start: Int, end: Int, visibleWidth: Double, fontMask: UInt32) {
        ascents.append(metrics.above(mask: fontMask) ?? 0)
    }
}
