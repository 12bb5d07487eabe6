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
    @inline(__always)
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
        if breaks == .none {
            spans.append(Span(range: 0..<units.count, breakLength: 0))
            return
        }
        let separatorsBreak = breaks == .all
        var start = 0
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
            // Fast skip: every break is LF, VT, FF, CR (0x0A–0x0D), NEL or U+2028–U+2029.
            if unit > 0x0D && unit != 0x85 && unit & 0xFFFE != 0x2028 {
                index += 1
                continue
            }
            guard isBreak(unit), separatorsBreak || unit == 0x0A || unit == 0x0D else {
                index += 1
                continue
            }
            let length = (unit == 0x0D && index + 1 < count && units[index + 1] == 0x0A) ? 2 : 1
            spans.append(Span(range: start..<index, breakLength: length))
            index += length
            start = index
        }
        spans.append(Span(range: start..<count, breakLength: 0))
    }

    /// ``split(_:breaks:into:)`` reading only the units at `offsets`: the offsets, in order, of
    /// every explicit break in `units` (as the transcoding finds them,
    /// ``scanUTF16Units(of:into:breakOffsets:)``). Complexity: O(breaks).
    static func split(
        _ units: UnsafeBufferPointer<UInt16>, breaks: Breaks = .all, at offsets: UnsafeBufferPointer<Int32>,
        into spans: inout [Span]
    ) {
        spans.removeAll(keepingCapacity: true)
        let count = units.count
        if breaks == .none {
            spans.append(Span(range: 0..<count, breakLength: 0))
            return
        }
        let separatorsBreak = breaks == .all
        var start = 0
        for offset in offsets {
            let index = Int(offset)
            // The LF of a CR LF was taken with its CR.
            guard index >= start else { continue }
            let unit = units[index]
            guard separatorsBreak || unit == 0x0A || unit == 0x0D else { continue }
            let length = (unit == 0x0D && index + 1 < count && units[index + 1] == 0x0A) ? 2 : 1
            spans.append(Span(range: start..<index, breakLength: length))
            start = index + length
        }
        spans.append(Span(range: start..<count, breakLength: 0))
    }
}
