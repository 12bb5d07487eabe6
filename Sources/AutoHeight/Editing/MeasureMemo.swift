/// Per-paragraph measurements of an ``EditableText`` at one width, and the running sums after
/// each paragraph, so that a measure after an edit walks only the paragraphs the edit replaced.
///
/// Line counts and heights are summed as ``MeasureTotals`` sums them, in the same order from the
/// same start, so a measure from the memo equals a full measure to the last bit (floating-point
/// sums depend on their order: that is why they are running sums and not a tree). After an edit
/// they run on from the first replaced paragraph, unless its lines and height came out as before
/// (a character typed inside a line), when every later sum still holds. The widest line is a
/// maximum, exact in any order: kept per block of paragraphs.
final class MeasureMemo: Sendable {
    /// Lines and content height after a paragraph.
    struct Running: Equatable {
        var lines = 0
        var height = 0.0
    }

    /// Paragraphs per block of ``State/blockWidest``.
    static let blockSize = 64

    struct State {
        var width = Double.nan
        /// Each paragraph's lines at `width`, nil until walked.
        var results: [ParagraphMeasure?] = []
        /// Paragraphs whose results may be nil lie in this range.
        var unknown: Range<Int>?
        /// The sums after each paragraph; correct for the first `validCount`.
        var after: [Running] = []
        var validCount = 0
        /// A replacement by as many paragraphs, made while every sum held, and the results it
        /// replaced: when the new ones have the same lines and heights, the sums still hold.
        var replaced: (range: ClosedRange<Int>, results: [ParagraphMeasure?])?
        /// The widest line of each block of ``MeasureMemo/blockSize`` paragraphs; blocks in
        /// `staleBlocks` are to be worked out again.
        var blockWidest: [Double] = []
        var staleBlocks: Range<Int>?
        /// The lines of long paragraphs at `width`, kept so that an edit in a window of one walks
        /// only some of them again (nil for the others).
        var lines: [ParagraphLines?] = []

        /// A state at `width` for `count` paragraphs, nothing known.
        init(width: Double = .nan, count: Int = 0) {
            self.width = width
            results = Array(repeating: nil, count: count)
            unknown = 0..<count
            after = Array(repeating: Running(), count: count)
            staleBlocks = 0..<Int.max
            lines = Array(repeating: nil, count: count)
        }

        /// Paragraphs `range` were replaced by `count` new ones (not yet measured).
        mutating func replace(_ range: ClosedRange<Int>, withCount count: Int) {
            guard range.upperBound < results.count, count > 0 else {
                self = State()
                return
            }
            let delta = count - range.count
            replaced =
                delta == 0 && validCount == results.count && unknown == nil
                ? (range, Array(results[range])) : nil
            results.replaceSubrange(range, with: repeatElement(nil, count: count))
            lines.replaceSubrange(range, with: repeatElement(nil, count: count))
            if delta != 0 { after.replaceSubrange(range, with: repeatElement(Running(), count: count)) }
            validCount = min(validCount, range.lowerBound)
            let new = range.lowerBound..<(range.lowerBound + count)
            unknown =
                unknown.map { min($0.lowerBound, new.lowerBound)..<max($0.upperBound + delta, new.upperBound) } ?? new
            let blocks = (new.lowerBound / blockSize)..<(delta == 0 ? (new.upperBound - 1) / blockSize + 1 : Int.max)
            staleBlocks =
                staleBlocks.map { min($0.lowerBound, blocks.lowerBound)..<max($0.upperBound, blocks.upperBound) }
                ?? blocks
        }

        /// Paragraphs `range` were replaced by `count` new ones, some of which start from old
        /// paragraphs' lines (`carrying`, old indices; see ``LineCarry``).
        mutating func replace(_ range: ClosedRange<Int>, withCount count: Int, carrying: [LineCarry]) {
            let sources = carrying.map { carry in
                carry.parts.map { part in
                    part.paragraph < lines.count ? lines[part.paragraph].map { ($0, part.shift) } : nil
                }
            }
            replace(range, withCount: count)
            for (carry, parts) in zip(carrying, sources) where carry.paragraph < lines.count {
                let found = parts.compactMap { $0 }
                guard found.count == parts.count, found.allSatisfy({ $0.0.pendingEdit == nil }) else { continue }
                lines[carry.paragraph] = ParagraphLines(carrying: found, window: carry.window)
            }
        }

        /// Paragraph `index` was re-prepared in `window`: its lines are walked again from there
        /// (all of them when an earlier edit is still pending).
        mutating func edit(_ index: Int, window: ParagraphWindow) {
            guard index < results.count else {
                self = State()
                return
            }
            replaced = validCount == results.count && unknown == nil ? (index...index, [results[index]]) : nil
            results[index] = nil
            validCount = min(validCount, index)
            unknown = unknown.map { min($0.lowerBound, index)..<max($0.upperBound, index + 1) } ?? index..<(index + 1)
            let block = index / MeasureMemo.blockSize
            staleBlocks =
                staleBlocks.map { min($0.lowerBound, block)..<max($0.upperBound, block + 1) } ?? block..<(block + 1)
            if var kept = lines[index], kept.pendingEdit == nil {
                lines[index] = nil  // the only reference while it changes
                kept.pendingEdit = window
                lines[index] = kept
            } else {
                lines[index] = nil
            }
        }

        /// Brings every result and sum up to date for `store`, walking paragraphs with `pass`;
        /// the lines of paragraphs kept in pieces or at least `longParagraph` units long are kept.
        mutating func update(_ store: TextStore, pass: inout LinePass, longParagraph: Int) {
            let count = store.paragraphCount
            if let range = unknown {
                store.forEachParagraph(from: range.lowerBound) { index, paragraph in
                    guard index < range.upperBound else { return false }
                    guard results[index] == nil else { return true }
                    if paragraph.isPieced || paragraph.contentLength >= longParagraph {
                        var kept = lines[index] ?? ParagraphLines()
                        lines[index] = nil  // the only reference while it changes
                        results[index] = kept.update(
                            paragraph, width: pass.width, fontSize: pass.fontSize, tabStop: pass.tabStop,
                            heights: pass.lineHeights)
                        lines[index] = kept
                    } else {
                        results[index] = pass.measure(paragraph.prepared)
                    }
                    return true
                }
                unknown = nil
            }
            if let (range, old) = replaced, validCount == range.lowerBound,
                zip(results[range], old).allSatisfy({ $0?.lineCount == $1?.lineCount && $0?.height == $1?.height })
            {
                validCount = count
            }
            replaced = nil
            if validCount < count {
                var sums = after
                after = []
                results.withUnsafeBufferPointer { results in
                    sums.withUnsafeMutableBufferPointer { sums in
                        var running = validCount > 0 ? sums[validCount - 1] : Running()
                        for index in validCount..<count {
                            let result = results[index]!
                            running.lines += result.lineCount
                            running.height += result.height
                            sums[index] = running
                        }
                    }
                }
                after = sums
                validCount = count
            }
            let blockCount = (count + MeasureMemo.blockSize - 1) / MeasureMemo.blockSize
            if let stale = staleBlocks {
                if blockWidest.count != blockCount {
                    blockWidest = Array(blockWidest.prefix(blockCount))
                    blockWidest.append(contentsOf: repeatElement(0, count: blockCount - blockWidest.count))
                }
                for block in stale.clamped(to: 0..<blockCount) {
                    var widest = 0.0
                    for index in (block * MeasureMemo.blockSize)..<min(count, (block + 1) * MeasureMemo.blockSize) {
                        widest = max(widest, results[index]!.maxLineWidth)
                    }
                    blockWidest[block] = widest
                }
                staleBlocks = nil
            }
        }

        /// The totals of the text (after ``update(_:pass:)``) with the lines past `maximum`
        /// hidden: the paragraph in which the maximum is reached is walked for the height of its
        /// first lines, as ``LinePass/add(_:known:)`` does.
        func totals(_ store: TextStore, pass: inout LinePass, maximum: Int) -> MeasureTotals {
            let total = after[after.count - 1]
            var totals = MeasureTotals(maximum: maximum)
            totals.lines = total.lines
            totals.contentHeight = total.height
            totals.widest = blockWidest.reduce(0.0, max)
            guard total.lines > maximum else {
                totals.visibleLinesHeight = total.height
                return totals
            }
            let reached = after.partitioningIndex { $0.lines > maximum }
            let before = reached > 0 ? after[reached - 1] : Running()
            totals.visibleLinesHeight = before.height
            if before.lines < maximum {
                let shown = maximum - before.lines
                totals.visibleLinesHeight +=
                    lines[reached]?.height(ofFirst: shown)
                    ?? pass.firstLinesHeight(store.paragraph(reached).prepared, lines: shown)
            }
            return totals
        }
    }

    /// A new paragraph made of old ones' preparation (an edit that typed or deleted a break,
    /// ``EditableText/replaceAcrossBreaks(_:with:edit:)``) that starts from their lines: those of
    /// `parts` (old paragraph indices), each moved by `shift`, laid end to end, walked again from
    /// `window` on (offsets of the parts laid end to end, as if one old paragraph).
    struct LineCarry {
        var paragraph: Int
        var parts: [(paragraph: Int, shift: Int)]
        var window: ParagraphWindow
    }

    let state: Locked<State>

    init(_ state: State = State()) { self.state = Locked(state) }

    /// A memo of its own with the same contents (for a copy of the text about to change).
    func copy() -> MeasureMemo { MeasureMemo(state.withLock { $0 }) }
}
