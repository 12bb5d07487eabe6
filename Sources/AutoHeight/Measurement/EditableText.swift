/// Text being edited: keeps each paragraph's preparation, and on an edit re-prepares only the
/// paragraphs the edit touched (splitting or merging paragraphs when breaks are typed or
/// deleted). Measuring it equals measuring the whole new text from scratch, exactly.
///
/// ```swift
/// var editor = try EditableText("Hello", style: style)
/// try editor.replace(utf16Range: 5..<5, with: " world\n")   // O(touched paragraphs)
/// let height = try editor.measure(width: 320).height            // O(segments), no allocation
/// ```
public struct EditableText: Sendable {
    /// The prepared paragraphs, kept current.
    public private(set) var prepared: PreparedText
    /// UTF-16 units of each paragraph including its break (the last has none).
    private var paragraphUnits: [[UInt16]]
    /// Per-paragraph results at the last measured width; replaced (not mutated) by edits, so
    /// copies of an `EditableText` never share stale entries.
    private var memo = MeasureMemo()

    /// Prepares `text` in `style` for editing.
    public init(_ text: String, style: TextStyle) throws(AutoHeightError) {
        let prepared = try PreparedText(text, style: style)
        var units = utf16Units(of: text)
        var paragraphUnits: [[UInt16]] = []
        units.withUnsafeMutableBufferPointer { buffer in
            for span in Paragraphs.split(UnsafeBufferPointer(buffer), separatorsBreak: style.profile.separatorsEndLines)
            {
                paragraphUnits.append(Array(buffer[span.range.lowerBound..<(span.range.upperBound + span.breakLength)]))
            }
        }
        self.prepared = prepared
        self.paragraphUnits = paragraphUnits
    }

    /// The style the text is prepared in.
    public var style: TextStyle { prepared.style }
    /// Length of the current text in UTF-16 units.
    public var utf16Count: Int { prepared.utf16Count }
    /// Number of paragraphs of the current text.
    public var paragraphCount: Int { paragraphUnits.count }

    /// The current text. Complexity: O(n).
    public var text: String {
        var all: [UInt16] = []
        all.reserveCapacity(utf16Count)
        for units in paragraphUnits { all.append(contentsOf: units) }
        return String(decoding: all, as: UTF16.self)
    }

    /// Replaces the UTF-16 range `range` with `replacement` (what `shouldChangeTextIn` passes).
    ///
    /// Complexity: prepares only the paragraphs the edit touches (plus O(paragraphs) offset
    /// bookkeeping). Throws ``AutoHeightError/invalidRange(lower:upper:utf16Count:)`` for a range
    /// outside the text or splitting a surrogate pair; the text is then unchanged.
    public mutating func replace(utf16Range range: Range<Int>, with replacement: String) throws(AutoHeightError) {
        let count = utf16Count
        guard range.lowerBound >= 0, range.upperBound <= count,
            !splitsSurrogatePair(range.lowerBound), !splitsSurrogatePair(range.upperBound)
        else {
            throw .invalidRange(lower: range.lowerBound, upper: range.upperBound, utf16Count: count)
        }
        let inserted = utf16Units(of: replacement)
        guard count - range.count + inserted.count < Int(Int32.max) else {
            throw .textTooLong(utf16Count: count - range.count + inserted.count)
        }
        try prepared.style.limits.check(textLength: count - range.count + inserted.count)
        var first = prepared.paragraphIndex(containing: range.lowerBound)
        let last = prepared.paragraphIndex(containing: range.upperBound)
        // Text typed right after a lone CR may join it into CR LF: take that paragraph too. (A
        // paragraph's units end with its break, so a last unit CR is a lone CR, not CR LF.)
        if first > 0 && range.lowerBound == prepared.records[first].start && paragraphUnits[first - 1].last == 0x0D {
            first -= 1
        }
        let localStart = prepared.records[first].start
        var local: [UInt16] = []
        for index in first...last { local.append(contentsOf: paragraphUnits[index]) }
        local.replaceSubrange((range.lowerBound - localStart)..<(range.upperBound - localStart), with: inserted)

        // Re-split the touched region; its last piece is empty when the region ended with a
        // break (that piece belongs to the next, untouched paragraph).
        var newUnits: [[UInt16]] = []
        var newParagraphs: [PreparedParagraph] = []
        let context = try PreparationContext(style: prepared.style)
        let isTextEnd = last == paragraphUnits.count - 1
        try local.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
            var spans = Paragraphs.split(buffer, separatorsBreak: prepared.style.profile.separatorsEndLines)
            if !isTextEnd, let tail = spans.last, tail.range.isEmpty, spans.count > 1 { spans.removeLast() }
            try context.withPreparer { (preparer) throws(AutoHeightError) in
                for span in spans {
                    newUnits.append(Array(buffer[span.range.lowerBound..<(span.range.upperBound + span.breakLength)]))
                    newParagraphs.append(try preparer.prepare(UnsafeBufferPointer(rebasing: buffer[span.range])))
                }
            }
        }
        paragraphUnits.replaceSubrange(first...last, with: newUnits)
        prepared.replaceParagraphs(
            first...last, with: newParagraphs, lengths: newUnits.map(\.count), utf16Delta: inserted.count - range.count)
        memo = memo.replacing(first...last, withCount: newParagraphs.count)
    }

    /// Replaces a range given as `String.Index`es of `text` (which must be the current text).
    public mutating func replace(_ range: Range<String.Index>, in text: String, with replacement: String)
        throws(AutoHeightError)
    {
        let lower = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
        let upper = text.utf16.distance(from: text.startIndex, to: range.upperBound)
        try replace(utf16Range: lower..<upper, with: replacement)
    }

    /// Measures at `width` px. Equal to measuring the whole text from scratch, to the last bit.
    ///
    /// Complexity: the first call at a width walks every paragraph; after an edit, calls at the
    /// same width walk only the paragraphs the edit touched and add up O(paragraphs) cached
    /// results. No allocation at an unchanged width.
    public func measure(width: Double, lineLimits: LineLimits = LineLimits()) throws(AutoHeightError) -> TextMeasurement
    {
        var pass = try prepared.linePass(width: width, lineLimits: lineLimits)
        let records = prepared.records
        return memo.state.withLock { state in
            if state.width != width || state.results.count != records.count {
                state = MeasureMemo.State(width: width, results: .init(repeating: nil, count: records.count))
            }
            records.withUnsafeBufferPointer { records in  // read in place, no copy of a record
                for index in records.indices {
                    state.results[index] = pass.add(records[index].paragraph, known: state.results[index])
                }
            }
            return pass.measurement(lineLimits: lineLimits, missingGlyphCount: prepared.missingGlyphCount)
        }
    }

    /// Every line at `width` px.
    public func lines(width: Double) throws(AutoHeightError) -> [LineLayout] {
        try prepared.lines(width: width)
    }

    /// Whether `offset` falls between the two halves of a surrogate pair.
    private func splitsSurrogatePair(_ offset: Int) -> Bool {
        guard offset > 0 && offset < utf16Count else { return false }
        let index = prepared.paragraphIndex(containing: offset)
        let local = offset - prepared.records[index].start
        let units = paragraphUnits[index]
        guard local > 0 && local < units.count else { return false }
        return units[local] & 0xFC00 == 0xDC00 && units[local - 1] & 0xFC00 == 0xD800
    }
}

/// Per-paragraph measurements of an ``EditableText`` at one width.
final class MeasureMemo: Sendable {
    struct State {
        var width = Double.nan
        var results: [ParagraphMeasure?] = []
    }

    let state: Locked<State>

    init(_ state: State = State()) { self.state = Locked(state) }

    /// A new memo for the text after paragraphs `range` were replaced by `count` new ones.
    func replacing(_ range: ClosedRange<Int>, withCount count: Int) -> MeasureMemo {
        state.withLock { current in
            guard range.upperBound < current.results.count else { return MeasureMemo() }
            var next = current
            next.results.replaceSubrange(range, with: repeatElement(nil, count: count))
            return MeasureMemo(next)
        }
    }
}
