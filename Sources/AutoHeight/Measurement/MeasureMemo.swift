/// Per-paragraph measurements of an ``EditableText`` at one width, and the running sums after
/// each paragraph, so that a measure after an edit walks only the paragraphs the edit replaced
/// and adds up only the sums from the first of them on.
///
/// The sums are the ones ``MeasureTotals`` makes, in the same order from the same start, so a
/// measure from the memo equals a full measure to the last bit (floating-point sums depend on
/// their order; that is why they run on from the edit rather than being kept in a tree).
final class MeasureMemo: Sendable {
    /// The totals after a paragraph: lines, content height and widest line so far.
    struct Running: Equatable {
        var lines = 0
        var height = 0.0
        var widest = 0.0

        /// These totals with `result` added, as ``MeasureTotals/add(_:firstLinesHeight:)`` adds it.
        @inline(__always)
        func adding(_ result: ParagraphMeasure) -> Running {
            Running(
                lines: lines + result.lineCount, height: height + result.height,
                widest: max(widest, result.maxLineWidth))
        }
    }

    struct State {
        var width = Double.nan
        /// Each paragraph's lines at `width`, nil until walked.
        var results: [ParagraphMeasure?] = []
        /// The totals after each paragraph; correct for the first `validCount`.
        var after: [Running] = []
        var validCount = 0
        /// The lines of long paragraphs at `width`, kept so that an edit in a window of one walks
        /// only some of them again (nil for the others).
        var lines: [ParagraphLines?] = []

        /// A state at `width` for `count` paragraphs, nothing known.
        init(width: Double = .nan, count: Int = 0) {
            self.width = width
            results = Array(repeating: nil, count: count)
            after = Array(repeating: Running(), count: count)
            lines = Array(repeating: nil, count: count)
        }

        /// Paragraphs `range` were replaced by `count` new ones (not yet measured).
        mutating func replace(_ range: ClosedRange<Int>, withCount count: Int) {
            guard range.upperBound < results.count else {
                self = State()
                return
            }
            results.replaceSubrange(range, with: repeatElement(nil, count: count))
            after.replaceSubrange(range, with: repeatElement(Running(), count: count))
            lines.replaceSubrange(range, with: repeatElement(nil, count: count))
            validCount = min(validCount, range.lowerBound)
        }

        /// Paragraph `index` was re-prepared in `window`: its lines are walked again from there
        /// (all of them when an earlier edit is still pending).
        mutating func edit(_ index: Int, window: ParagraphWindow) {
            guard index < results.count else {
                self = State()
                return
            }
            results[index] = nil
            validCount = min(validCount, index)
            if var kept = lines[index], kept.pendingEdit == nil {
                lines[index] = nil  // the only reference while it changes
                kept.pendingEdit = window
                lines[index] = kept
            } else {
                lines[index] = nil
            }
        }
    }

    let state: Locked<State>

    init(_ state: State = State()) { self.state = Locked(state) }

    /// A memo of its own with the same contents (for a copy of the text about to change).
    func copy() -> MeasureMemo { MeasureMemo(state.withLock { $0 }) }
}
