// Stage: Measurement.
// Problem: a text's line count, height and line ranges at any width, fast and exact.
// Solution: PreparedText keeps one record per paragraph; every measure (one-shot, prepared,
//   editable) goes through one LinePass and MeasureTotals, so all paths agree to the last bit.
// Limitations: text up to 2^31 − 1 UTF-16 units.

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
    /// Everything a prepared text holds, in one immutable object: copying a prepared text (as
    /// iterating an array of them does) takes one reference, and what every measure at the
    /// style's font size needs (tab stops, line heights) is worked out once.
    private final class Storage: Sendable {
        let style: TextStyle
        let utf16Count: Int
        let records: [ParagraphRecord]
        let missingGlyphCount: Int
        let tabStop: TabStops
        /// Line heights at the style's font size. Made after every paragraph was prepared, so it
        /// knows every font the system fallback found for them.
        let heights: LineHeightResolver

        /// A styled text's line-height classes (nil for plain text).
        let styled: StyledLineMetrics?
        /// The styled text this was prepared from (its runs give an ellipsis its font).
        let styledSource: StyledText?

        init(
            style: TextStyle, utf16Count: Int, records: [ParagraphRecord], missingGlyphCount: Int,
            styled: StyledLineMetrics? = nil, styledSource: StyledText? = nil
        ) {
            self.style = style
            self.styledSource = styledSource
            self.utf16Count = utf16Count
            self.records = records
            self.missingGlyphCount = missingGlyphCount
            self.styled = styled
            tabStop = style.tabStopEm
            heights = LineHeightResolver(
                model: style.lineHeight, tables: style.fonts.metricTables, fontSize: style.fontSize, styled: styled)
        }
    }

    private let storage: Storage

    /// The style the text was prepared in.
    public var style: TextStyle { storage.style }
    /// Length of the text in UTF-16 units.
    public var utf16Count: Int { storage.utf16Count }
    /// One record per paragraph, in order.
    var records: [ParagraphRecord] { storage.records }
    /// Grapheme clusters no font of the stack covers.
    public var missingGlyphCount: Int { storage.missingGlyphCount }

    /// The heap memory the prepared text holds, in bytes: its paragraph records and their
    /// per-unit advances (8 bytes) and flags (1 byte) and per-segment widths, at the arrays'
    /// capacities. About 9–10 bytes per UTF-16 unit plus 40 per break opportunity.
    public var byteCount: Int {
        var bytes = records.capacity * MemoryLayout<ParagraphRecord>.stride
        for record in records { bytes += record.paragraph.byteCount }
        return bytes
    }

    /// Prepares `text` for `style`.
    /// - Throws: ``AutoHeightError`` for an invalid style or language tag, or text longer than
    ///   2^31 − 1 UTF-16 units.
    public init(_ text: String, style: TextStyle) throws(AutoHeightError) {
        var records: [ParagraphRecord] = []
        var missing = 0
        let count = try style.prepareParagraphs(of: text) { (span, paragraph, _, _) throws(AutoHeightError) in
            missing += paragraph.missingGlyphs
            records.append(ParagraphRecord(start: span.range.lowerBound, paragraph: paragraph))
        }
        storage = Storage(style: style, utf16Count: count, records: records, missingGlyphCount: missing)
    }

    /// A prepared text made of `records` (an ``EditableText``'s paragraphs, or a styled text's
    /// with its line-height classes).
    init(
        style: TextStyle, utf16Count: Int, records: [ParagraphRecord], missingGlyphCount: Int,
        styled: StyledLineMetrics? = nil, styledSource: StyledText? = nil
    ) {
        storage = Storage(
            style: style, utf16Count: utf16Count, records: records, missingGlyphCount: missingGlyphCount,
            styled: styled, styledSource: styledSource)
    }

    /// The styled text this was prepared from (nil for plain text).
    var styledSource: StyledText? { storage.styledSource }

    /// The prepared paragraphs, in order (for tests and tools; measuring reads ``records``).
    package var paragraphs: [PreparedParagraph] { records.map(\.paragraph) }
    /// The UTF-16 offset where each paragraph starts.
    package var paragraphStarts: [Int] { records.map(\.start) }

    /// Measures `text` at `width` without keeping its preparation: exactly
    /// `PreparedText(text, style: style).measure(width: width, lineLimits: lineLimits)`, but each
    /// paragraph is prepared into storage recycled from the one before (and from earlier
    /// measures), measured, and dropped, so a measure allocates next to nothing.
    ///
    /// Complexity: O(n), like preparing.
    static func measureOnce(
        _ text: String, style: TextStyle, width: Double, lineLimits: LineLimits
    ) throws(AutoHeightError) -> TextMeasurement {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(AutoHeightError) in
                try measureOnce(utf8: bytes, style: style, width: width, lineLimits: lineLimits)
            }
        }.get()
    }

    /// ``measureOnce(_:style:width:lineLimits:)`` of well-formed UTF-8 bytes (the C ABI's text,
    /// checked there, measured without making a string of it).
    static func measureOnce(
        utf8 text: UnsafeBufferPointer<UInt8>, style: TextStyle, width: Double, lineLimits: LineLimits
    ) throws(AutoHeightError) -> TextMeasurement {
        try measureOnce(style: style, width: width, lineLimits: lineLimits) { units, breakOffsets in
            transcodeUTF16Units(utf8: text, into: &units, breakOffsets: &breakOffsets)
        }
    }

    /// ``measureOnce(_:style:width:lineLimits:)`` of UTF-16 units (a JavaScript string through
    /// the C ABI); a lone surrogate is ``AutoHeightError/loneSurrogate(utf16Offset:)``.
    static func measureOnce(
        utf16 text: UnsafeBufferPointer<UInt16>, style: TextStyle, width: Double, lineLimits: LineLimits
    ) throws(AutoHeightError) -> TextMeasurement {
        try measureOnce(style: style, width: width, lineLimits: lineLimits) {
            (units, breakOffsets) throws(AutoHeightError) in
            switch copyUTF16Units(text, into: &units, breakOffsets: &breakOffsets) {
            case .success(let scanned): return scanned
            case .failure(let lone): throw .loneSurrogate(utf16Offset: lone.offset)
            }
        }
    }

    /// The one-shot measure of the units `fill` writes (see
    /// ``TextStyle/prepareParagraphs(fill:_:)``): each paragraph is measured and recycled.
    private static func measureOnce(
        style: TextStyle, width: Double, lineLimits: LineLimits,
        fill: (inout [UInt16], inout [Int32]) throws(AutoHeightError) -> (
            count: Int, mayNeedBidi: Bool, hasControl: Bool
        )
    ) throws(AutoHeightError) -> TextMeasurement {
        try style.validate()  // before the pass reads the style's fonts (cheap; checked again)
        try validate(width: width)
        try lineLimits.validate()
        var pass = LinePass(style: style, width: width, lineLimits: lineLimits)
        var missing = 0
        _ = try style.prepareParagraphs(fill: fill) { (_, paragraph, _, preparer) throws(AutoHeightError) in
            missing += paragraph.missingGlyphs
            pass.refreshHeights()  // fonts the system fallback found for this paragraph
            pass.add(paragraph)
            preparer.scratch.recycle(consume paragraph)
        }
        return pass.measurement(lineLimits: lineLimits, missingGlyphCount: missing)
    }

    /// Measures at `width` px (and, optionally, another font size: the shaping is reused).
    ///
    /// With ``TextStyle/browser`` `.firefox` in the web profile the prepared advances sit on the
    /// prepared size's grid of 1/60 px (Gecko's app units); at another `fontSize` they are scaled,
    /// not rounded again, so a line may differ from Firefox's by up to 1/120 px per glyph: prepare
    /// the text at the size it is shown at for Firefox's exact counts.
    ///
    /// Complexity: O(segments) arithmetic, no heap allocation.
    public func measure(
        width: Double, lineLimits: LineLimits = LineLimits(), fontSize: Double? = nil
    ) throws(AutoHeightError) -> TextMeasurement {
        var pass = try linePass(width: width, lineLimits: lineLimits, fontSize: fontSize)
        // Records are read in place (a `for record in records` copy retains each one's arrays).
        storage.records.withUnsafeBufferPointer { records in
            for index in records.indices { pass.add(records[index].paragraph) }
        }
        return pass.measurement(lineLimits: lineLimits, missingGlyphCount: missingGlyphCount)
    }

    /// A line pass over this text at `width` (numbers validated). Inlined: the pass is built in
    /// its caller's frame instead of being copied out.
    // Measured: not inlined, 0.8 % more instructions in `bench --scenario rewrap` (with the sink).
    @inline(__always)
    func linePass(
        width: Double, lineLimits: LineLimits, fontSize: Double? = nil
    ) throws(AutoHeightError) -> LinePass {
        try Self.validate(width: width)
        try lineLimits.validate()
        if let fontSize, fontSize != storage.style.fontSize {
            guard storage.styled == nil else { throw .styledTextResized }
            try TextStyle.validate(fontSize: fontSize)
            return LinePass(style: storage.style, width: width, fontSize: fontSize, lineLimits: lineLimits)
        }
        return LinePass(
            width: width, heights: storage.heights, tabStop: storage.tabStop, lineSpacing: storage.style.lineSpacing,
            lineLimits: lineLimits)
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
        if size != style.fontSize && storage.styled != nil { throw .styledTextResized }
        let heights =
            size == style.fontSize
            ? storage.heights
            : LineHeightResolver(model: style.lineHeight, tables: style.fonts.metricTables, fontSize: size)
        var sink = CollectingSink(heights: heights, lineSpacing: style.lineSpacing)
        for record in records {
            sink.paragraphOffset = record.start
            if heights.styled?.shiftsBaselines == true { sink.lineStarts = record.paragraph.lineStarts }
            record.paragraph.walkLines(width: width, fontSize: size, tabStop: storage.tabStop, into: &sink)
        }
        return sink.lines
    }

    /// For a styled text whose lines have per-line extents (``LineHeight/metrics`` or the CSS
    /// model), how far each line of ``lines(width:fontSize:)`` at `width` reaches above its
    /// baseline: the largest ascent-above of the fonts, sizes and boxes on it (the strut
    /// included in the CSS model), so its baseline is that far below the line's top. Nil for
    /// plain text and for uniform line heights.
    package func styledLineAscents(width: Double) throws(AutoHeightError) -> [Double]? {
        guard let styled = storage.styled, styled.uniformHeight == nil else { return nil }
        try Self.validate(width: width)
        var sink = AscentSink(metrics: styled)
        for record in records {
            record.paragraph.walkLines(width: width, fontSize: style.fontSize, tabStop: storage.tabStop, into: &sink)
        }
        return sink.ascents
    }

    static func validate(width: Double) throws(AutoHeightError) {
        guard width.isFinite && width > 0 && width <= AutoHeightError.maximumWidth else {
            throw .invalidWidth(width)
        }
    }
}

/// One paragraph of a prepared text: where it starts and its width-independent preparation.
struct ParagraphRecord: Sendable, Equatable {
    /// UTF-16 offset of the paragraph in the text.
    var start: Int
    var paragraph: PreparedParagraph
}
