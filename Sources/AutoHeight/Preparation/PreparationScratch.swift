/// Working storage a ``ParagraphPreparer`` reuses from paragraph to paragraph, and, pooled,
/// from text to text: the HarfBuzz buffer, script runs, line-break offsets, the bidi resolver,
/// and the line-break iterator taken for the text. Nothing in it outlives the preparation of
/// one paragraph (but the iterator, which it hands back when the text is done).
///
/// Used by one thread at a time: ``withScratch(_:)`` hands each thread its own. Its fields are
/// `@exclusivity(unchecked)`: the hot path swaps them out and back a dozen times per paragraph,
/// and the run-time exclusivity check of each access (a thread-local access set) cost more than
/// a short paragraph's line walk; the swaps themselves are what keeps accesses from overlapping.
/// Measured again for the annotation audit (cachegrind, `autoheight bench --scenario cold`,
/// corpus200): without the annotations here and in ``ShapedRangeMemo``, exclusivity checks were
/// 1.36 % of the cold scenario's instructions, and these two files' fields 16 of the 24 million
/// they added over the whole bench.
final class PreparationScratch: @unchecked Sendable {
    @exclusivity(unchecked) var runs: [TextRun] = []
    /// A styled paragraph's runs cut at its stretches (swapped with `runs`).
    @exclusivity(unchecked) var cutRuns: [TextRun] = []
    /// A styled paragraph's stretches, from its text's.
    @exclusivity(unchecked) var stretches: [ParagraphPreparer.Stretch] = []
    @exclusivity(unchecked) var lineBreaks: [Int32] = []
    /// The web profile's rewrite of `lineBreaks` (swapped with it).
    @exclusivity(unchecked) var tailoredBreaks: [Int32] = []
    /// A paragraph's units with tabs and line feeds made spaces (`white-space: normal`).
    @exclusivity(unchecked) var collapsedUnits: [UInt16] = []
    /// The offsets of a one-shot measure's explicit breaks, from its transcoding.
    @exclusivity(unchecked) var breakOffsets: [Int32] = []
    /// The paragraphs of a one-shot measure's text.
    @exclusivity(unchecked) var spans: [Paragraphs.Span] = []
    /// A paragraph's chunk look-ups on the cached path.
    @exclusivity(unchecked) var requests: [SegmentCache.Request] = []
    /// The itemizer's open brackets, kept for their storage.
    @exclusivity(unchecked) var brackets = TextRuns.OpenBrackets()
    let bidi = BidiResolver()
    /// The HarfBuzz buffer every shaping of the text goes through (its glyph arrays grow once
    /// and are reused by later texts; each shaping empties it first), and the fonts chosen for
    /// clusters, kept from text to text for the same stack and language.
    let shaping = ShapingWorkspace()
    /// How the primary font couples words in runs of each script and direction met (with the
    /// run's HarfBuzz language), asked of the font's shared memo once per thread and context:
    /// kept while the thread measures with the context `runAnswersContext` (its ``PreparationContext/id``).
    /// Asking the memo per text took its lock twice per text, which two threads measuring at
    /// once met on.
    @exclusivity(unchecked) var runAnswers: [RunAnswer] = []
    @exclusivity(unchecked) var runAnswersContext: UInt64 = 0

    /// How the primary font couples words in runs of one script and direction, with what the
    /// chunk scan reads of it as plain values (reading the coupling itself retained its rules).
    struct RunAnswer {
        var script: Script
        var rightToLeft: Bool
        /// Holds the rules that `spaceRules` points to.
        var coupling: WordCoupling
        var allowsChunks: Bool
        var spaceRules: Unmanaged<SpaceContextRules>?
        /// 0 for the context's own fonts; for a styled text's run in another face, that face's
        /// ``PreparationContext/id`` (never reused).
        var face: UInt64

        init(script: Script, rightToLeft: Bool, coupling: WordCoupling, face: UInt64 = 0) {
            self.script = script
            self.rightToLeft = rightToLeft
            self.face = face
            self.coupling = coupling
            allowsChunks = coupling.allowsChunks
            if case .spaceContext(let rules) = coupling { spaceRules = Unmanaged.passUnretained(rules) }
        }
    }
    /// The UTF-16 units of a one-shot measure's text.
    @exclusivity(unchecked) var units: [UInt16] = []
    /// A paragraph's per-unit arrays and segments handed back by a one-shot measure
    /// (``recycle(_:)``): the next preparation fills them instead of allocating.
    @exclusivity(unchecked) private var spareFlags: [UInt8] = []
    @exclusivity(unchecked) private var spareAdvances: [Double] = []
    @exclusivity(unchecked) private var spareFontIndices: [UInt8] = []
    @exclusivity(unchecked) private var spareSegments: [Segment] = []
    /// The line-break iterator taken from `lineBreakSlot` for the current text, if any yet.
    @exclusivity(unchecked) private var lineBreaker: ICUBreakIterator? = nil
    @exclusivity(unchecked) private var lineBreakSlot: BreakIteratorPool.Slot? = nil

    /// Each thread's scratch, kept between its measures (no lock on the way in or out).
    private static let perThread = ThreadSlot<PreparationScratch>()

    /// Runs `body` with scratch storage of its own, then keeps the storage for the thread's next
    /// text.
    static func withScratch<Result, Failure: Error>(
        _ body: (PreparationScratch) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try perThread.withObject(make: { PreparationScratch() }, body)
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
    /// The units kept are zeroed as raw memory (a `memset`; appending `repeatElement(0, …)`
    /// went element by element), and only what the array lacks is appended.
    private static func zeroed<Element: Numeric & BitwiseCopyable>(_ spare: inout [Element], count: Int) -> [Element] {
        var array = spare
        spare = []
        if array.count > count { array.removeLast(array.count - count) }
        array.withUnsafeMutableBytes { bytes in
            if let base = bytes.baseAddress { base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes.count) }
        }
        if array.count < count {
            if array.capacity < count { array.reserveCapacity(max(count, 2 * array.capacity)) }
            array.append(contentsOf: repeatElement(0, count: count - array.count))
        }
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
