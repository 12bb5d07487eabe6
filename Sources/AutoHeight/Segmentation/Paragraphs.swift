/// Splitting text into paragraphs at explicit breaks.
///
/// Explicit breaks: LF, CR, CR LF (one break), U+2028 LINE SEPARATOR, U+2029 PARAGRAPH
/// SEPARATOR, and the other UAX #14 mandatory breaks VT (U+000B), FF (U+000C) and NEL (U+0085).
/// Every break starts a new line, so a text with `k` breaks has `k + 1` paragraphs: empty text is
/// one (empty) paragraph and a trailing newline adds an empty last paragraph, where the caret sits.
enum Paragraphs {
    /// A paragraph's UTF-16 range (without its break) and the length of the break after it
    /// (0 for the last paragraph, 2 for CR LF, else 1).
    struct Span: Equatable {
        var range: Range<Int>
        var breakLength: Int
    }

    /// Which breaks end a paragraph.
    enum Breaks: Equatable {
        /// Every explicit break (``LayoutProfile/editor``).
        case all
        /// Only LF, CR and CR LF (a browser textarea: ``LayoutProfile/web``).
        case lineFeeds
        /// None: the text is one paragraph (`white-space: normal`, where line feeds collapse).
        case none
    }

    /// Whether `unit` is an explicit line break (CR is one too; CR LF is handled by the caller).
    static func isBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The paragraphs of `units`, in order, ended by `breaks`. Complexity: O(n).
    static func split(_ units: UnsafeBufferPointer<UInt16>, breaks: Breaks = .all) -> [Span] {
        var spans: [Span] = []
        split(units, breaks: breaks, into: &spans)
        return spans
    }

    /// The same into `spans` (emptied first, its storage reused).
    static func split(
        _ units: UnsafeBufferPointer<UInt16>, breaks: Breaks = .all, into spans: inout [Span]
    ) {
        spans.removeAll(keepingCapacity: true)
        var cutter = SpanCutter(units: units, breaks: breaks)
        guard breaks != .none else { return cutter.finish(into: &spans) }
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
            // Fast skip: every break is LF, VT, FF, CR (0x0A–0x0D), NEL or U+2028–U+2029.
            if unit > 0x0D && unit != 0x85 && unit & 0xFFFE != 0x2028 || !isBreak(unit) {
                index += 1
                continue
            }
            index = cutter.cut(at: index, into: &spans)
        }
        cutter.finish(into: &spans)
    }

    /// ``split(_:breaks:into:)`` reading only the units at `offsets`: the offsets, in order, of
    /// every explicit break in `units` (as the transcoding finds them,
    /// ``transcodeUTF16Units(of:into:breakOffsets:)``). Complexity: O(breaks).
    static func split(
        _ units: UnsafeBufferPointer<UInt16>, breaks: Breaks = .all, at offsets: UnsafeBufferPointer<Int32>,
        into spans: inout [Span]
    ) {
        spans.removeAll(keepingCapacity: true)
        var cutter = SpanCutter(units: units, breaks: breaks)
        guard breaks != .none else { return cutter.finish(into: &spans) }
        for offset in offsets {
            let index = Int(offset)
            // The LF of a CR LF was taken with its CR.
            guard index >= cutter.start else { continue }
            _ = cutter.cut(at: index, into: &spans)
        }
        cutter.finish(into: &spans)
    }

    /// What both splits do at a break, in one place: which breaks `breaks` keeps, CR LF as one,
    /// and the spans between them.
    private struct SpanCutter {
        let units: UnsafeBufferPointer<UInt16>
        /// Every explicit break ends a paragraph, not only LF and CR.
        let separatorsBreak: Bool
        /// Where the current paragraph starts.
        var start = 0

        init(units: UnsafeBufferPointer<UInt16>, breaks: Breaks) {
            self.units = units
            separatorsBreak = breaks == .all
        }

        /// Ends a paragraph at the explicit break at `index` (not before `start`) when `breaks`
        /// keeps it; returns the offset after the break (after the unit, when it is not kept).
        mutating func cut(at index: Int, into spans: inout [Span]) -> Int {
            let unit = units[index]
            guard separatorsBreak || unit == 0x0A || unit == 0x0D else { return index + 1 }
            let length = (unit == 0x0D && index + 1 < units.count && units[index + 1] == 0x0A) ? 2 : 1
            spans.append(Span(range: start..<index, breakLength: length))
            start = index + length
            return start
        }

        /// The last paragraph, ended by the text's end.
        func finish(into spans: inout [Span]) {
            spans.append(Span(range: start..<units.count, breakLength: 0))
        }
    }
}
