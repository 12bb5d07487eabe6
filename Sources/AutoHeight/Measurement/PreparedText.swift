/// Text with all width-independent work done: paragraphs, break opportunities and shaped
/// advances (in em, so also size-independent). Measuring it at a width is a walk over cached
/// numbers: no shaping, no ICU, no string work, and no heap allocation.
///
/// ```swift
/// let prepared = try style.prepare(text)            // O(n): shaping + line breaking
/// for width in [240.0, 320, 480] {
///     let result = try prepared.measure(width: width) // O(segments): arithmetic only
///     print(result.lineCount, result.height)
/// }
/// ```
public struct PreparedText: Sendable {
    public let style: TextStyle
    /// Length of the text in UTF-16 units.
    public var utf16Count: Int { utf16CountStorage }
    var paragraphs: [PreparedParagraph]
    /// UTF-16 offset where each paragraph starts.
    var paragraphStarts: [Int]
    /// Grapheme clusters no font of the stack covers.
    public private(set) var missingGlyphCount: Int
    private(set) var utf16CountStorage: Int

    /// Prepares `text` for `style`.
    /// - Throws: ``AutoHeightError`` for an invalid style or language tag, or text longer than
    ///   2^31 − 1 UTF-16 units.
    public init(_ text: String, style: TextStyle) throws(AutoHeightError) {
        try style.validate()
        let context = try PreparationContext(style: style)
        let scanned = scanUTF16Units(of: text)
        let units = scanned.units
        guard units.count < Int(Int32.max) else { throw .textTooLong(utf16Count: units.count) }
        var paragraphs: [PreparedParagraph] = []
        var starts: [Int] = []
        var missing = 0
        try units.withUnsafeBufferPointer { (all) throws(AutoHeightError) in
            let spans =
                scanned.hasExplicitBreak
                ? Paragraphs.split(all) : [Paragraphs.Span(range: 0..<all.count, breakLength: 0)]
            paragraphs.reserveCapacity(spans.count)
            starts.reserveCapacity(spans.count)
            try context.withPreparer { (preparer) throws(AutoHeightError) in
                for span in spans {
                    let slice = UnsafeBufferPointer(rebasing: all[span.range])
                    let paragraph = try preparer.prepare(
                        slice, mayNeedBidi: scanned.mayNeedBidi, mayHaveControls: scanned.hasControl)
                    missing += paragraph.missingGlyphs
                    paragraphs.append(paragraph)
                    starts.append(span.range.lowerBound)
                }
            }
        }
        self.style = style
        self.utf16CountStorage = units.count
        self.paragraphs = paragraphs
        self.paragraphStarts = starts
        self.missingGlyphCount = missing
    }

    /// Measures `text` at `width` without keeping its preparation: exactly
    /// `PreparedText(text, style: style).measure(width: width, lineLimits: lineLimits)`, but each
    /// paragraph is prepared into storage recycled from the one before (and from earlier
    /// measures), measured, and dropped, so a measure allocates next to nothing.
    ///
    /// Complexity: O(n), like preparing.
    static func measureOnce(
        _ text: String, style: TextStyle, width: Double, lineLimits: LineLimits
    ) throws(AutoHeightError) -> TextMeasurement {
        try style.validate()
        let context = try PreparationContext(style: style)
        return try context.withPreparer { (preparer) throws(AutoHeightError) in
            let scratch = preparer.scratch
            var units = scratch.units
            scratch.units = []
            defer { scratch.units = units }
            let (hasExplicitBreak, mayNeedBidi, hasControl) = scanUTF16Units(of: text, into: &units)
            guard units.count < Int(Int32.max) else { throw .textTooLong(utf16Count: units.count) }
            try validate(width: width)
            try lineLimits.validate()
            let fontSize = style.fontSize
            let tables = style.fonts.metricTables
            var heights = LineHeightResolver(model: style.lineHeight, tables: tables, fontSize: fontSize)
            let tabStop = Double(style.tabWidth) * style.fonts.primary.spaceAdvance
            var totals = MeasureTotals(maximum: lineLimits.maximum ?? Int.max)
            var sink = MeasuringSink(heights: heights, maximumVisible: Int.max)
            var missing = 0
            try units.withUnsafeBufferPointer { (all) throws(AutoHeightError) in
                func measure(_ range: Range<Int>) throws(AutoHeightError) {
                    let paragraph = try preparer.prepare(
                        UnsafeBufferPointer(rebasing: all[range]), mayNeedBidi: mayNeedBidi,
                        mayHaveControls: hasControl)
                    missing += paragraph.missingGlyphs
                    if tables.systemFallback != nil {
                        // Take in the fonts the system fallback found for this paragraph.
                        heights = LineHeightResolver(model: style.lineHeight, tables: tables, fontSize: fontSize)
                        sink = MeasuringSink(heights: heights, maximumVisible: Int.max)
                    }
                    let result = measureParagraph(
                        paragraph, width: width, fontSize: fontSize, tabStop: tabStop, sink: &sink)
                    totals.add(result.whole) { firstLines in
                        measureParagraph(
                            paragraph, width: width, fontSize: fontSize, tabStop: tabStop, sink: &sink,
                            firstLines: firstLines
                        ).firstLinesHeight
                    }
                    scratch.recycle(paragraph)
                }
                if hasExplicitBreak {
                    var spans = scratch.spans
                    scratch.spans = []
                    defer { scratch.spans = spans }
                    Paragraphs.split(all, into: &spans)
                    for span in spans { try measure(span.range) }
                } else {
                    try measure(0..<all.count)
                }
            }
            return totals.measurement(
                width: width, lineLimits: lineLimits, lineSpacing: style.lineSpacing,
                emptyLineHeight: heights.emptyLineHeight, missingGlyphCount: missing)
        }
    }

    /// Measures at `width` px (and, optionally, another font size: the shaping is reused).
    ///
    /// Complexity: O(segments) arithmetic, no heap allocation.
    public func measure(
        width: Double, lineLimits: LineLimits = LineLimits(), fontSize: Double? = nil
    ) throws(AutoHeightError) -> TextMeasurement {
        let size = fontSize ?? style.fontSize
        try Self.validate(width: width)
        try TextStyle.validate(fontSize: size)
        try lineLimits.validate()
        let heights = LineHeightResolver(model: style.lineHeight, tables: style.fonts.metricTables, fontSize: size)
        let tabStop = tabStopEm
        let paragraphs = self.paragraphs  // the closure captures this array, not the whole text
        var sink = MeasuringSink(heights: heights, maximumVisible: Int.max)
        return summarize(width: width, lineLimits: lineLimits, fontSize: size, heights: heights) { index in
            Self.measureParagraph(paragraphs, index, width: width, fontSize: size, tabStop: tabStop, sink: &sink).whole
        }
    }

    /// Adds the paragraphs' results in order; for the paragraph where `maximum` lines are reached,
    /// also the height of its lines up to there.
    private static func addUp(
        _ paragraphs: [PreparedParagraph], maximum: Int, width: Double, fontSize: Double, tabStop: Double,
        heights: LineHeightResolver, paragraphMeasure: (Int) -> ParagraphMeasure
    ) -> MeasureTotals {
        var totals = MeasureTotals(maximum: maximum)
        for index in paragraphs.indices {
            totals.add(paragraphMeasure(index)) { firstLines in
                var partial = MeasuringSink(heights: heights, maximumVisible: firstLines)
                return measureParagraph(
                    paragraphs, index, width: width, fontSize: fontSize, tabStop: tabStop, sink: &partial,
                    firstLines: firstLines
                ).firstLinesHeight
            }
        }
        return totals
    }

    /// One paragraph's lines at `width`: the count, their heights added in order, the widest
    /// line; and the height of only its first `firstLines` lines.
    @inline(__always)
    static func measureParagraph(
        _ paragraphs: [PreparedParagraph], _ index: Int, width: Double, fontSize: Double, tabStop: Double,
        sink: inout MeasuringSink, firstLines: Int = Int.max
    ) -> (whole: ParagraphMeasure, firstLinesHeight: Double) {
        measureParagraph(
            paragraphs[index], width: width, fontSize: fontSize, tabStop: tabStop, sink: &sink, firstLines: firstLines)
    }

    /// The same for a paragraph at hand.
    @inline(__always)
    static func measureParagraph(
        _ paragraph: borrowing PreparedParagraph, width: Double, fontSize: Double, tabStop: Double,
        sink: inout MeasuringSink, firstLines: Int = Int.max
    ) -> (whole: ParagraphMeasure, firstLinesHeight: Double) {
        sink.reset(maximumVisible: firstLines)
        paragraph.walkLines(width: width, fontSize: fontSize, tabStop: tabStop, into: &sink)
        return (
            ParagraphMeasure(lineCount: sink.lineCount, height: sink.contentHeight, maxLineWidth: sink.maxLineWidth),
            sink.visibleLinesHeight
        )
    }

    /// Adds up per-paragraph results (from `paragraphMeasure`) into a measurement. The full path
    /// and ``EditableText``'s memoized path both go through here, so their sums are identical
    /// to the last bit. No allocation.
    func summarize(
        width: Double, lineLimits: LineLimits, fontSize: Double, heights: LineHeightResolver,
        paragraphMeasure: (Int) -> ParagraphMeasure
    ) -> TextMeasurement {
        Self.addUp(
            paragraphs, maximum: lineLimits.maximum ?? Int.max, width: width, fontSize: fontSize, tabStop: tabStopEm,
            heights: heights, paragraphMeasure: paragraphMeasure
        ).measurement(
            width: width, lineLimits: lineLimits, lineSpacing: style.lineSpacing,
            emptyLineHeight: heights.emptyLineHeight, missingGlyphCount: missingGlyphCount)
    }

    /// The number of lines at `width` px. Complexity: O(segments), no heap allocation.
    public func lineCount(width: Double) throws(AutoHeightError) -> Int {
        try measure(width: width).lineCount
    }

    /// Every line at `width` px with its UTF-16 range, width, height and top position.
    public func lines(width: Double, fontSize: Double? = nil) throws(AutoHeightError) -> [LineLayout] {
        let size = fontSize ?? style.fontSize
        try Self.validate(width: width)
        try TextStyle.validate(fontSize: size)
        var sink = CollectingSink(
            heights: LineHeightResolver(model: style.lineHeight, tables: style.fonts.metricTables, fontSize: size),
            lineSpacing: style.lineSpacing)
        let tabStop = tabStopEm
        for (index, paragraph) in paragraphs.enumerated() {
            sink.paragraphOffset = paragraphStarts[index]
            paragraph.walkLines(width: width, fontSize: size, tabStop: tabStop, into: &sink)
        }
        return sink.lines
    }

    /// Swaps `range` of paragraphs for `replacement` and shifts the offsets after it (the
    /// incremental path of ``EditableText``).
    mutating func replaceParagraphs(
        _ range: ClosedRange<Int>, with replacement: [PreparedParagraph], utf16Delta: Int,
        units: [[UInt16]]
    ) {
        for index in range { missingGlyphCount -= paragraphs[index].missingGlyphs }
        for paragraph in replacement { missingGlyphCount += paragraph.missingGlyphs }
        paragraphs.replaceSubrange(range, with: replacement)
        var starts = Array(paragraphStarts[...range.lowerBound])
        starts.reserveCapacity(paragraphs.count)
        var offset = starts[range.lowerBound]
        for index in range.lowerBound..<(paragraphs.count - 1) {
            offset += units[index].count
            starts.append(offset)
        }
        paragraphStarts = starts
        utf16CountStorage += utf16Delta
    }

    var tabStopEm: Double { Double(style.tabWidth) * style.fonts.primary.spaceAdvance }

    static func validate(width: Double) throws(AutoHeightError) {
        guard width.isFinite && width > 0 && width <= AutoHeightError.maximumWidth else {
            throw .invalidWidth(width)
        }
    }
}
