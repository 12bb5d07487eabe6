/// Text being edited: keeps each paragraph's preparation, and on an edit re-prepares only the
/// paragraphs the edit touched (splitting or merging paragraphs when breaks are typed or
/// deleted). Measuring it equals measuring the whole new text from scratch, exactly.
///
/// ```swift
/// var editor = try EditableText("Hello", style: style)
/// try editor.replace(utf16Range: 5..<5, with: " world\n")   // O(touched paragraphs)
/// let height = try editor.measure(width: 320).height            // walks only what changed
/// ```
///
/// The text is kept once, in a `TextStore`: paragraphs with their units, cluster counts and
/// preparations in leaves of a few dozen, so an edit in one short paragraph costs about the same
/// in a 1 kB and a 1 MB text.
///
/// Edits prepare their paragraphs through a ``SegmentCache``: the style's, or, when it has none,
/// one of at most 1 MiB that the text (and its copies) keeps for its edits, so typing reshapes
/// only the word typed in. The results are those of preparing without a cache, exactly.
public struct EditableText: Sendable {
    /// The style the text is prepared in.
    public let style: TextStyle
    /// `style` with a segment cache for the paragraphs edits prepare again: the style's own, or
    /// one of ``editCacheByteLimit`` bytes for this text (and its copies). Typing re-prepares
    /// the paragraph it types in, whose other words then come from the cache (a keystroke at
    /// the end of a 100 kB text: about 42 µs without, 10 µs with, `autoheight bench`); the
    /// cache's results are the uncached ones, exactly (``SegmentCache``).
    let editingStyle: TextStyle
    /// The size of the segment cache a text makes for its edits when its style has none
    /// (1 MiB): it holds only chunks of paragraphs that were edited.
    static let editCacheByteLimit = 1 << 20
    /// The paragraphs, kept current.
    package internal(set) var store: TextStore
    /// Per-paragraph results at the last measured width; a copy of an `EditableText` that is
    /// edited gets a memo of its own, so copies never share stale entries.
    var memo = MeasureMemo()
    /// Paragraphs at least this long are kept in pieces (``StoredParagraph``) and have an edit
    /// inside them re-prepared in a window around it
    /// (``ParagraphPreparer/reprepare(_:)``);
    /// shorter ones whole. Tests set 0 to send every edit through the window.
    var windowMinimumLength = EditableText.defaultWindowMinimumLength
    /// Units a piece of a long paragraph reaches before it ends at the next cut
    /// (``PieceSize/target``); tests set a few dozen, so that edits meet piece boundaries.
    var pieceLength = PieceSize.target
    /// The `pieceLength` of texts made from now on (4,096 units). The editor fuzz target sets a
    /// few dozen for some inputs, so that its edits meet piece boundaries.
    @_spi(Fuzzing) public nonisolated(unsafe) static var defaultPieceLength = PieceSize.target
    /// The `windowMinimumLength` of texts made from now on (2,048 units). The editor fuzz
    /// target sets 0 for some inputs, so that its short texts take the window too.
    @_spi(Fuzzing) public nonisolated(unsafe) static var defaultWindowMinimumLength = 2048
    /// Edits re-prepared in a window (tests check that the window is taken where it should be).
    var windowEditCount = 0
    /// Edits that typed or deleted a break next to a paragraph kept in pieces and were prepared
    /// in windows (``replaceAcrossBreaks(_:with:edit:)``).
    var breakEditCount = 0

    /// Prepares `text` in `style` for editing.
    public init(_ text: String, style: TextStyle) throws(AutoHeightError) {
        try self.init(
            text, style: style, windowMinimumLength: Self.defaultWindowMinimumLength,
            pieceLength: Self.defaultPieceLength)
    }

    /// Prepares `text` in `style` for editing, with paragraphs of at least `windowMinimumLength`
    /// units kept in pieces of about `pieceLength` (tests use short ones).
    init(
        _ text: String, style: TextStyle, windowMinimumLength: Int, pieceLength: Int = PieceSize.target
    ) throws(AutoHeightError) {
        var paragraphs: [StoredParagraph] = []
        _ = try style.prepareParagraphs(of: text) { (span, prepared, all, preparer) throws(AutoHeightError) in
            let withBreak = span.range.lowerBound..<(span.range.upperBound + span.breakLength)
            paragraphs.append(
                StoredParagraph.make(
                    units: Array(all[withBreak]), prepared: prepared, preparer: preparer,
                    minimumLength: windowMinimumLength, pieceLength: pieceLength))
        }
        self.style = style
        var editingStyle = style
        if style.segmentCache == nil && style.whiteSpace == .preWrap {
            editingStyle.segmentCache = SegmentCache(byteLimit: Self.editCacheByteLimit)
            // Its own memo: the two styles would otherwise take turns replacing each other's context.
            editingStyle.preparationContextMemo = PreparationContextMemo()
        }
        self.editingStyle = editingStyle
        store = TextStore(paragraphs)
        self.windowMinimumLength = windowMinimumLength
        self.pieceLength = pieceLength
    }

    /// The prepared paragraphs with their offsets, as a ``PreparedText``. Complexity: O(paragraphs).
    public var prepared: PreparedText {
        var records: [ParagraphRecord] = []
        records.reserveCapacity(store.paragraphCount)
        var start = 0
        store.forEachParagraph { _, paragraph in
            records.append(ParagraphRecord(start: start, paragraph: paragraph.prepared))
            start += paragraph.utf16Count
            return true
        }
        return PreparedText(
            style: style, utf16Count: store.utf16Count, records: records, missingGlyphCount: store.missingGlyphCount)
    }

    /// Length of the current text in UTF-16 units.
    public var utf16Count: Int { store.utf16Count }
    /// Number of paragraphs of the current text.
    public var paragraphCount: Int { store.paragraphCount }
    /// Grapheme clusters of the current text (`text.count`), kept per paragraph: O(1).
    package var characterCount: Int { store.characterCount }

    /// The current text. Complexity: O(n).
    public var text: String { TextSnapshot(store).string }

    /// The current text as a snapshot that builds its `String` only when asked (O(1));
    /// `text`, when given, is that text already.
    package func snapshot(text: String? = nil) -> TextSnapshot { TextSnapshot(store, text: text) }

    /// Replaces the UTF-16 range `range` with `replacement` (what `shouldChangeTextIn` passes).
    ///
    /// Complexity: prepares only the paragraphs the edit touches (plus O(leaves) bookkeeping in
    /// the `TextStore`). Throws ``AutoHeightError/invalidRange(lower:upper:utf16Count:)`` for a
    /// range outside the text or splitting a surrogate pair; the text is then unchanged.
    public mutating func replace(utf16Range range: Range<Int>, with replacement: String) throws(AutoHeightError) {
        guard isScalarBoundary(range.lowerBound), isScalarBoundary(range.upperBound) else {
            throw .invalidRange(lower: range.lowerBound, upper: range.upperBound, utf16Count: utf16Count)
        }
        let region = region(around: range)
        var units = region.units
        let local = (range.lowerBound - region.start)..<(range.upperBound - region.start)
        units.replaceSubrange(local, with: replacement.utf16)
        try replace(region, with: units, edit: local)
    }

    /// Replaces a range given as `String.Index`es of `text` (which must be the current text).
    public mutating func replace(_ range: Range<String.Index>, in text: String, with replacement: String)
        throws(AutoHeightError)
    {
        let lower = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
        let upper = text.utf16.distance(from: text.startIndex, to: range.upperBound)
        try replace(utf16Range: lower..<upper, with: replacement)
    }

    /// Whether UTF-16 offset `offset` lies in `0...utf16Count` and not inside a surrogate pair.
    package func isScalarBoundary(_ offset: Int) -> Bool { store.isScalarBoundary(offset) }

    /// The whole paragraphs an edit of `range` (valid) touches, and their text.
    package struct Region {
        /// Their indices.
        var paragraphs: ClosedRange<Int>
        /// UTF-16 offset of the first.
        package var start: Int
        /// Their units, breaks included.
        package var units: [UInt16]
        /// Their grapheme clusters (the region starts and ends at cluster boundaries).
        package var characterCount: Int
        /// For an edit inside one paragraph kept in pieces: the pieces it touches, which the
        /// region is instead of the whole paragraph (`start`, `units` and `characterCount` are
        /// theirs). See ``pieceRegion(around:)``.
        var pieces: ClosedRange<Int>? = nil
        /// For a region of parts of paragraphs kept in pieces (``pieceRegion(around:in:)``,
        /// ``breakRegion(around:from:to:)``): the first paragraph's pieces before the region
        /// (`0..<kept.before`) and the last one's from `kept.after` on (none when it is their
        /// count), which the edit leaves as they are.
        var kept: (before: Int, after: Int)? = nil
    }

    /// The paragraphs an edit of `range` touches: those holding its ends, and the one before when
    /// it ends with a lone CR that text typed at its end may join into CR LF. Complexity:
    /// O(leaves + leaf size + the region).
    package func region(around range: Range<Int>) -> Region {
        let located = store.location(containing: range.lowerBound)
        var first = (index: located.index, start: located.start)
        let last = store.location(containing: range.upperBound)
        if located.index == last.index, let pieces = pieceRegion(around: range, in: located) { return pieces }
        if located.index < last.index, let parts = breakRegion(around: range, from: located, to: last) { return parts }
        // A paragraph's units end with its break, so a last unit CR is a lone CR, not CR LF.
        if first.index > 0 && range.lowerBound == first.start {
            let previous = store.paragraph(first.index - 1)
            if previous.lastUnit == 0x0D { first = (first.index - 1, first.start - previous.utf16Count) }
        }
        var units: [UInt16] = []
        var characters = 0
        store.forEachParagraph(from: first.index) { index, paragraph in
            paragraph.appendUnits(to: &units)
            characters += paragraph.characterCount
            return index < last.index
        }
        return Region(
            paragraphs: first.index...last.index, start: first.start, units: units, characterCount: characters)
    }

    /// Replaces the paragraphs of `region` with `units` (their new text) split into paragraphs
    /// and prepared; `characterCount`, when known, is the grapheme clusters of `units` (spares
    /// counting them again when they make one paragraph). Returns where the new paragraphs are
    /// and the old ones, for ``restore(_:)``. `edit`, when given, is the range of `region.units`
    /// the edit replaced: an edit in a region of pieces then prepares only a window around it
    /// (see ``replacePieces(_:with:edit:characterCount:)``).
    @discardableResult
    package mutating func replace(
        _ region: Region, with units: [UInt16], edit: Range<Int>? = nil, characterCount: Int? = nil
    ) throws(AutoHeightError) -> Replaced {
        let newCount = utf16Count - region.units.count + units.count
        guard newCount < Int(Int32.max) else { throw .textTooLong(utf16Count: newCount) }
        try style.limits.check(textLength: newCount)
        if region.kept != nil {
            if let edit, region.pieces != nil,
                let replaced = try replacePieces(region, with: units, edit: edit, characterCount: characterCount)
            {
                return replaced
            }
            if let edit, let replaced = try replaceAcrossBreaks(region, with: units, edit: edit) { return replaced }
            // Not provably exact in a window: the whole paragraphs, prepared again.
            let (whole, wholeUnits) = wholeParagraphs(of: region, with: units)
            return try replace(
                whole, with: wholeUnits,
                characterCount: characterCount.map { $0 + whole.characterCount - region.characterCount })
        }
        let isTextEnd = region.paragraphs.upperBound == store.paragraphCount - 1
        var paragraphs: [StoredParagraph] = []
        let context = try editingStyle.preparationContext()
        let (minimumLength, pieceLength) = (windowMinimumLength, pieceLength)
        try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
            // The last piece is empty when the region ended with a break (that piece is the next,
            // untouched paragraph).
            var spans = Paragraphs.split(buffer, breaks: style.paragraphBreaks)
            if !isTextEnd, let tail = spans.last, tail.range.isEmpty, spans.count > 1 { spans.removeLast() }
            try context.withPreparer { (preparer) throws(AutoHeightError) in
                for span in spans {
                    let prepared = try preparer.prepare(UnsafeBufferPointer(rebasing: buffer[span.range]))
                    let withBreak = span.range.lowerBound..<(span.range.upperBound + span.breakLength)
                    let isWhole = spans.count == 1 && withBreak.count == buffer.count
                    paragraphs.append(
                        StoredParagraph.make(
                            units: Array(buffer[withBreak]), prepared: prepared,
                            characterCount: isWhole ? characterCount : nil, preparer: preparer,
                            minimumLength: minimumLength, pieceLength: pieceLength))
                }
            }
        }
        let removed = swap(region.paragraphs, with: paragraphs)
        return Replaced(
            paragraphs: region.paragraphs.lowerBound...(region.paragraphs.lowerBound + paragraphs.count - 1),
            removed: removed)
    }

    /// What ``replace(_:with:)`` did: the new paragraphs' indices and the paragraphs they replaced.
    package struct Replaced {
        package var paragraphs: ClosedRange<Int>
        package var removed: [StoredParagraph]
    }

    /// Undoes ``replace(_:with:)`` (nothing is prepared again).
    package mutating func restore(_ replaced: Replaced) {
        swap(replaced.paragraphs, with: replaced.removed)
    }

    /// Puts `paragraphs` in place of paragraphs `range`; `carrying` says which new ones start
    /// from old ones' lines (``MeasureMemo/LineCarry``).
    @discardableResult
    mutating func swap(
        _ range: ClosedRange<Int>, with paragraphs: [StoredParagraph], carrying: [MeasureMemo.LineCarry] = []
    ) -> [StoredParagraph] {
        if !isKnownUniquelyReferenced(&memo) { memo = memo.copy() }
        memo.state.withLock { $0.replace(range, withCount: paragraphs.count, carrying: carrying) }
        return store.replaceParagraphs(range, with: paragraphs)
    }

    /// Measures at `width` px. Equal to measuring the whole text from scratch, to the last bit.
    ///
    /// Complexity: the first call at a width walks every paragraph; after an edit, a call at the
    /// same width walks only the paragraphs the edit replaced and adds up the per-paragraph
    /// results from the first of them on (a few additions per paragraph; nothing for an edit
    /// in the last paragraph). No allocation at an unchanged width and paragraph count.
    public func measure(width: Double, lineLimits: LineLimits = LineLimits()) throws(AutoHeightError) -> TextMeasurement
    {
        try PreparedText.validate(width: width)
        try lineLimits.validate()
        var pass = LinePass(style: style, width: width, lineLimits: lineLimits)
        let count = store.paragraphCount
        return memo.state.withLock { state in
            if state.width != width || state.results.count != count {
                state = MeasureMemo.State(width: width, count: count)
            }
            state.update(store, pass: &pass, longParagraph: windowMinimumLength)
            let totals = state.totals(store, pass: &pass, maximum: lineLimits.maximum ?? Int.max)
            return pass.measurement(of: totals, lineLimits: lineLimits, missingGlyphCount: store.missingGlyphCount)
        }
    }

    /// Every line at `width` px.
    public func lines(width: Double) throws(AutoHeightError) -> [LineLayout] {
        try prepared.lines(width: width)
    }
}
