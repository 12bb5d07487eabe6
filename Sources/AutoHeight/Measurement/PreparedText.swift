import CAutoHeightICU
import CHarfBuzz
import Synchronization

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

/// One paragraph's lines at one width.
struct ParagraphMeasure: Sendable, Equatable {
    var lineCount: Int
    /// The line heights added in order (no spacing).
    var height: Double
    var maxLineWidth: Double
}

/// The running sums of a measure, paragraph by paragraph, and the measurement they make. Every
/// path (prepared, incremental, one-shot) adds up through this, so their results agree to the
/// last bit.
struct MeasureTotals {
    /// Lines past this many are not visible (``LineLimits/maximum``).
    let maximum: Int
    var lines = 0
    var contentHeight = 0.0
    var visibleLinesHeight = 0.0
    var widest = 0.0

    init(maximum: Int) { self.maximum = maximum }

    /// Adds the next paragraph's result. `firstLinesHeight(n)` gives the height of its first `n`
    /// lines; it is asked only of the paragraph in which `maximum` is reached.
    @inline(__always)
    mutating func add(_ result: ParagraphMeasure, firstLinesHeight: (Int) -> Double) {
        if lines + result.lineCount <= maximum {
            visibleLinesHeight += result.height
        } else if lines < maximum {
            visibleLinesHeight += firstLinesHeight(maximum - lines)
        }
        lines += result.lineCount
        contentHeight += result.height
        widest = max(widest, result.maxLineWidth)
    }

    /// The measurement of the paragraphs added: line spacing between lines, and the visible lines
    /// clamped to the limits (lines below the minimum are empty lines of the primary font).
    func measurement(
        width: Double, lineLimits: LineLimits, lineSpacing: Double, emptyLineHeight: Double, missingGlyphCount: Int
    ) -> TextMeasurement {
        let visibleLines = min(max(lines, lineLimits.minimum, 1), maximum)
        let shownContentLines = min(lines, visibleLines)
        let visibleHeight =
            visibleLinesHeight
            + Double(visibleLines - shownContentLines) * emptyLineHeight
            + Double(visibleLines - 1) * lineSpacing
        return TextMeasurement(
            lineCount: lines,
            height: contentHeight + Double(lines - 1) * lineSpacing,
            width: width,
            maxLineWidth: widest,
            missingGlyphCount: missingGlyphCount,
            visibleLineCount: visibleLines,
            visibleHeight: visibleHeight,
            overflows: lines > maximum)
    }
}

/// What preparing any paragraph of a style needs: the ICU locale and HarfBuzz language.
struct PreparationContext {
    let fonts: [Font]
    let systemFallback: SystemFallback?
    let language: LanguageInfo
    let trailingWhitespace: TrailingWhitespace
    let cache: (store: SegmentCache, context: Int)?

    init(style: TextStyle) throws(AutoHeightError) {
        fonts = style.fonts.fonts
        systemFallback = style.fonts.systemFallback
        language = try LanguageInfo.forTag(style.language)
        trailingWhitespace = style.trailingWhitespace
        if let store = style.segmentCache, let context = store.context(fonts: style.fonts, language: style.language) {
            cache = (store, context)
        } else {
            cache = nil
        }
    }

    /// Runs `body` with a preparer holding a pooled HarfBuzz buffer and pooled scratch storage.
    func withPreparer<Result>(
        _ body: (ParagraphPreparer) throws(AutoHeightError) -> Result
    ) throws(AutoHeightError) -> Result {
        try HarfBuzzBufferPool.withBuffer { (buffer) throws(AutoHeightError) in
            try PreparationScratch.withScratch { (scratch) throws(AutoHeightError) in
                defer { scratch.returnLineBreaker() }
                scratch.runAnswers.removeAll(keepingCapacity: true)
                return try body(
                    ParagraphPreparer(
                        fonts: fonts, language: language, trailingWhitespace: trailingWhitespace, buffer: buffer,
                        systemFallback: systemFallback, cache: cache, scratch: scratch))
            }
        }
    }
}

/// Working storage a ``ParagraphPreparer`` reuses from paragraph to paragraph, and, pooled,
/// from text to text: script runs, line-break offsets, the bidi resolver, and the line-break
/// iterator taken for the text. Nothing in it outlives the preparation of one paragraph
/// (but the iterator, which it hands back when the text is done).
///
/// Used by one thread at a time: ``withScratch(_:)`` hands each one to one caller.
final class PreparationScratch: @unchecked Sendable {
    var runs: [TextRun] = []
    var lineBreaks: [Int32] = []
    /// The paragraphs of a one-shot measure's text.
    var spans: [Paragraphs.Span] = []
    /// A paragraph's chunk look-ups on the cached path.
    var requests: [SegmentCache.Request] = []
    /// The itemizer's open brackets, kept for their storage.
    var brackets = TextRuns.OpenBrackets()
    let bidi = BidiResolver()
    /// How the primary font couples words in runs of each script and direction met in the
    /// current text (with the run's HarfBuzz language): asked of the font's shared memo once per
    /// text. Emptied for every text.
    var runAnswers: [(script: UInt32, rightToLeft: Bool, coupling: WordCoupling)] = []
    /// The UTF-16 units of a one-shot measure's text.
    var units: [UInt16] = []
    /// A paragraph's per-unit arrays and segments handed back by a one-shot measure
    /// (``recycle(_:)``): the next preparation fills them instead of allocating.
    private var spareFlags: [UInt8] = []
    private var spareAdvances: [Double] = []
    private var spareFontIndices: [UInt8] = []
    private var spareSegments: [Segment] = []
    /// The line-break iterator taken from `lineBreakSlot` for the current text, if any yet.
    private var lineBreaker: ICUBreakIterator? = nil
    private var lineBreakSlot: BreakIteratorPool.Slot? = nil

    private static let idle = Mutex<[PreparationScratch]>([])

    /// Runs `body` with scratch storage of its own, then keeps the storage for reuse.
    static func withScratch<Result, Failure: Error>(
        _ body: (PreparationScratch) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let scratch = idle.withLock { $0.popLast() } ?? PreparationScratch()
        defer { idle.withLock { pool in if pool.count < 16 { pool.append(scratch) } } }
        return try body(scratch)
    }

    /// Keeps the storage of a paragraph that is no longer needed for the next preparation.
    func recycle(_ paragraph: consuming PreparedParagraph) {
        // An empty paragraph took no storage: keep what is spare.
        guard paragraph.length > 0 else { return }
        spareFlags = paragraph.flags
        spareAdvances = paragraph.advances
        spareSegments = paragraph.segments
    }

    /// Keeps a font-index array that is no longer needed for the next preparation.
    func recycle(fontIndices: consuming [UInt8]) { spareFontIndices = fontIndices }

    /// `count` zero flags, in recycled storage when there is some.
    func zeroedFlags(count: Int) -> [UInt8] { Self.zeroed(&spareFlags, count: count) }
    /// `count` zero advances, in recycled storage when there is some.
    func zeroedAdvances(count: Int) -> [Double] { Self.zeroed(&spareAdvances, count: count) }
    /// `count` zero font indices, in recycled storage when there is some.
    func zeroedFontIndices(count: Int) -> [UInt8] { Self.zeroed(&spareFontIndices, count: count) }

    /// An empty segment array with room for `capacity`, in recycled storage when there is some.
    func emptySegments(capacity: Int) -> [Segment] {
        var segments = spareSegments
        spareSegments = []
        segments.removeAll(keepingCapacity: true)
        if segments.capacity < capacity { segments.reserveCapacity(max(capacity, 2 * segments.capacity)) }
        return segments
    }

    /// `spare`, taken, as `count` zeros. Recycled storage grows by doubling, so that a text of
    /// paragraphs of many lengths soon stops reallocating.
    @inline(__always)
    private static func zeroed<Element: Numeric>(_ spare: inout [Element], count: Int) -> [Element] {
        var array = spare
        spare = []
        array.removeAll(keepingCapacity: true)
        if array.capacity < count { array.reserveCapacity(max(count, 2 * array.capacity)) }
        array.append(contentsOf: repeatElement(0, count: count))
        return array
    }

    /// An iterator of `slot`, taken on first use and kept until ``returnLineBreaker()``.
    func lineBreaker(from slot: BreakIteratorPool.Slot) throws(AutoHeightError) -> ICUBreakIterator {
        if let lineBreaker, lineBreakSlot === slot { return lineBreaker }
        returnLineBreaker()
        do {
            let taken = try slot.take()
            lineBreaker = taken
            lineBreakSlot = slot
            return taken
        } catch {
            throw .icuFailure("line breaks for locale \"\(slot.locale)\": \(error)")
        }
    }

    /// Hands the line-break iterator back to its slot.
    func returnLineBreaker() {
        if let lineBreaker, let lineBreakSlot { lineBreakSlot.putBack(lineBreaker) }
        lineBreaker = nil
        lineBreakSlot = nil
    }
}

/// A language tag resolved once per process: ICU locale id, HarfBuzz language, scripts.
struct LanguageInfo: @unchecked Sendable {  // hb_language_t is an interned, immutable pointer
    let icuLocale: String
    let harfBuzzLanguage: hb_language_t?
    let scripts: [hb_script_t]
    /// The pooled line-break iterators for `icuLocale`, and whether it asks for keep-all.
    let lineBreaks: BreakIteratorPool.Slot
    let keepsAllWords: Bool
    /// Whether ICU finds this locale's breaks by phrase (`lw=phrase`): its dictionary then
    /// segments whole runs of CJK text across script changes, so no chunk's breaks can be
    /// stored apart from its neighbours (``SegmentCache/BreakContext``). Read once.
    let breaksByPhrase: Bool

    /// Tags resolved so far, searched in order: an app uses a handful, and comparing a tag with
    /// the same string it was stored from is a pointer check (no hashing per measure).
    private static let resolved = Mutex<[(tag: String, info: LanguageInfo)]>([])

    /// The resolved tag. Throws ``AutoHeightError/invalidLanguageTag(_:)``.
    static func forTag(_ tag: String) throws(AutoHeightError) -> LanguageInfo {
        if let known = resolved.withLock({ $0.first { $0.tag == tag }?.info }) { return known }
        guard let locale = icuLocaleIdentifier(forLanguageTag: tag) else { throw .invalidLanguageTag(tag) }
        let info = LanguageInfo(
            icuLocale: locale,
            harfBuzzLanguage: tag.isEmpty ? nil : hb_language_from_string(tag, -1),
            scripts: icuScriptTags(forLocale: locale).map { hb_script_from_iso15924_tag($0) },
            lineBreaks: BreakIteratorPool.shared.slot(kind: AH_BREAK_LINE, locale: locale),
            keepsAllWords: BreakOpportunities.keepsAllWords(locale: locale),
            breaksByPhrase: locale.contains("lw=phrase"))
        resolved.withLock { known in
            if !known.contains(where: { $0.tag == tag }) { known.append((tag, info)) }
        }
        return info
    }
}
