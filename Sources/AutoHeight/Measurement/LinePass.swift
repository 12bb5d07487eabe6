/// The width-dependent pass every measure goes through, one paragraph at a time: the one-shot
/// measure, a prepared text's, an editable text's (with its per-paragraph memo) and the
/// editor's. It holds what a walk needs at one width (font size, tab stop, line heights) and
/// adds each paragraph's lines to the running ``MeasureTotals``, so every path sums the same
/// numbers in the same order and their results agree to the last bit.
///
/// No allocation: one ``MeasuringSink`` serves every paragraph.
struct LinePass {
    let width: Double
    let fontSize: Double
    /// The tab stops, in em.
    let tabStop: TabStops
    let lineSpacing: Double
    /// Whether fonts may be discovered during the pass (a system fallback).
    private let mayDiscoverFonts: Bool
    private var sink: MeasuringSink
    private(set) var totals: MeasureTotals
    /// Whether line heights depend on each line's first unit (``StyledLineMetrics/shiftsBaselines``).
    private var readsLineStarts: Bool

    /// A pass at `width` px for `style` (at `fontSize` px, the style's when nil) with the
    /// visible lines counted up to `lineLimits.maximum`. The caller validates the numbers.
    init(style: TextStyle, width: Double, fontSize: Double? = nil, lineLimits: LineLimits) {
        // Only numbers and the line-height tables are kept (no copy of the style's references).
        let tables = style.fonts.metricTables
        self.init(
            width: width,
            heights: LineHeightResolver(model: style.lineHeight, tables: tables, fontSize: fontSize ?? style.fontSize),
            tabStop: style.tabStopEm, lineSpacing: style.lineSpacing, lineLimits: lineLimits,
            mayDiscoverFonts: tables.systemFallback != nil)
    }

    /// A pass at `width` px with line heights, tab stops and spacing worked out already (a
    /// prepared text keeps them for its style's font size, and its resolver already knows every
    /// font the text uses: `mayDiscoverFonts` false).
    init(
        width: Double, heights: LineHeightResolver, tabStop: TabStops, lineSpacing: Double, lineLimits: LineLimits,
        mayDiscoverFonts: Bool = false
    ) {
        self.width = width
        fontSize = heights.fontSize
        self.tabStop = tabStop
        self.lineSpacing = lineSpacing
        self.mayDiscoverFonts = mayDiscoverFonts
        sink = MeasuringSink(heights: heights, maximumVisible: Int.max)
        totals = MeasureTotals(maximum: lineLimits.maximum ?? Int.max)
        readsLineStarts = heights.styled?.shiftsBaselines == true
    }

    /// Starts the sink on `paragraph`'s lines.
    @inline(__always)
    private mutating func reset(for paragraph: borrowing PreparedParagraph, maximumVisible: Int) {
        sink.reset(maximumVisible: maximumVisible)
        if readsLineStarts { sink.lineStarts = paragraph.lineStarts }
    }

    /// Takes in the fonts the system fallback discovered since the pass began (a paragraph
    /// prepared during the pass may use them).
    mutating func refreshHeights() {
        guard mayDiscoverFonts else { return }
        // Nothing found since: the resolver's snapshot is current (no lock, no new resolver).
        // Read in place: a copy of the resolver retains its tables, shared by every thread.
        if sink.heights.tables.systemFallback?.discoveredCount == sink.heights.discovered.ascenders.count {
            return
        }
        let heights = sink.heights
        sink = MeasuringSink(
            heights: LineHeightResolver(model: heights.model, tables: heights.tables, fontSize: heights.fontSize),
            maximumVisible: Int.max)
    }

    /// Walks the paragraphs after this with `heights` (a styled text's line-height classes,
    /// grown by the paragraph about to be added; the classes already there are unchanged).
    mutating func use(_ heights: LineHeightResolver) {
        sink = MeasuringSink(heights: heights, maximumVisible: Int.max)
        readsLineStarts = heights.styled?.shiftsBaselines == true
    }

    /// One paragraph's lines: their count, heights added in order, and the widest.
    mutating func measure(_ paragraph: borrowing PreparedParagraph) -> ParagraphMeasure {
        reset(for: paragraph, maximumVisible: Int.max)
        paragraph.walkLines(width: width, fontSize: fontSize, tabStop: tabStop, into: &sink)
        return ParagraphMeasure(lineCount: sink.lineCount, height: sink.contentHeight, maxLineWidth: sink.maxLineWidth)
    }

    /// Adds the next paragraph to the totals, walking it unless `known` holds its result at this
    /// width already; for the paragraph in which the maximum is reached, also the height of its
    /// lines up to there. Returns the paragraph's result.
    @discardableResult
    mutating func add(_ paragraph: borrowing PreparedParagraph, known: ParagraphMeasure? = nil) -> ParagraphMeasure {
        let result = known ?? measure(paragraph)
        if let firstLines = totals.linesShownOf(result) {
            reset(for: paragraph, maximumVisible: firstLines)
            paragraph.walkLines(width: width, fontSize: fontSize, tabStop: tabStop, into: &sink)
            totals.add(result, firstLinesHeight: sink.visibleLinesHeight)
        } else {
            totals.add(result, firstLinesHeight: 0)
        }
        return result
    }

    /// The height of the first `lines` lines of `paragraph` (the paragraph in which the maximum
    /// is reached), as ``add(_:known:)`` adds it.
    mutating func firstLinesHeight(_ paragraph: borrowing PreparedParagraph, lines: Int) -> Double {
        reset(for: paragraph, maximumVisible: lines)
        paragraph.walkLines(width: width, fontSize: fontSize, tabStop: tabStop, into: &sink)
        return sink.visibleLinesHeight
    }

    /// The line heights its walks use (for lines an edit keeps, `ParagraphLines`).
    var lineHeights: LineHeightResolver { sink.heights }

    /// The measurement of totals summed elsewhere in the same order (``MeasureMemo``).
    func measurement(of totals: MeasureTotals, lineLimits: LineLimits, missingGlyphCount: Int) -> TextMeasurement {
        totals.measurement(
            width: width, lineLimits: lineLimits, lineSpacing: lineSpacing,
            emptyLineHeight: sink.heights.emptyLineHeight, missingGlyphCount: missingGlyphCount)
    }

    /// The measurement of the paragraphs added (`missingGlyphCount` clusters without a glyph).
    func measurement(lineLimits: LineLimits, missingGlyphCount: Int) -> TextMeasurement {
        totals.measurement(
            width: width, lineLimits: lineLimits, lineSpacing: lineSpacing,
            emptyLineHeight: sink.heights.emptyLineHeight, missingGlyphCount: missingGlyphCount)
    }
}
