/// Text in more than one style: the plain text, styled runs over it and the inline boxes (chips,
/// images) its U+FFFC characters stand for.
///
/// ```swift
/// let message = StyledText(
///     "Ship it \u{FFFC} **now**",
///     runs: [StyleRun(start: 10, end: 17, weight: 700)],
///     boxes: [InlineBox(width: 20, height: 20)])
/// let height = try style.measure(message, width: 240).height
/// ```
///
/// Runs apply in list order, each overriding only what it names over its range; the rest of the
/// text keeps the ``TextStyle``'s font, size and spacing. A box is an atomic inline object on the
/// baseline (all of its height above it), never broken inside.
public struct StyledText: Sendable, Equatable {
    /// The text; each U+FFFC in it is the next of ``boxes``.
    public var text: String
    /// Style runs, applied in order.
    public var runs: [StyleRun]
    /// One box per U+FFFC of ``text``, in order.
    public var boxes: [InlineBox]

    /// A styled text; runs and boxes are checked when it is measured or prepared.
    public init(_ text: String, runs: [StyleRun] = [], boxes: [InlineBox] = []) {
        self.text = text
        self.runs = runs
        self.boxes = boxes
    }
}

extension StyledText {
    /// Whether the text holds a U+FFFC (a box without a run of its own), found in its UTF-8
    /// bytes (EF BF BC): iterating the UTF-16 view of a native string decodes every character.
    var holdsObjectReplacement: Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index + 2 < bytes.count {
                if bytes[index] == 0xEF && bytes[index + 1] == 0xBF && bytes[index + 2] == 0xBC { return true }
                index += 1
            }
            return false
        } ?? text.utf16.contains(0xFFFC)
    }
}

/// A stretch of a ``StyledText`` in another style: what it names replaces the style's (or an
/// earlier run's) value over `start..<end`; nil keeps it.
public struct StyleRun: Sendable, Equatable {
    /// First UTF-16 offset of the run.
    public var start: Int
    /// UTF-16 offset after the run (exclusive).
    public var end: Int
    /// An installed family (fontconfig name), resolved with ``weight`` and ``italic`` to a face;
    /// the style's fonts remain its fallbacks.
    public var family: String?
    /// CSS weight, 1...1000 (400 regular, 700 bold): the installed face nearest to it.
    public var weight: Int?
    /// Italic (true) or upright (false).
    public var italic: Bool?
    /// Font size in px.
    public var size: Double?
    /// Extra space in px after every character (CSS `letter-spacing`; may be negative).
    public var letterSpacing: Double?

    /// A run over `start..<end` (UTF-16 offsets) setting what is not nil.
    public init(
        start: Int, end: Int, family: String? = nil, weight: Int? = nil, italic: Bool? = nil, size: Double? = nil,
        letterSpacing: Double? = nil
    ) {
        self.start = start
        self.end = end
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.letterSpacing = letterSpacing
    }
}

/// An atomic inline object (a mention chip, a custom emoji image) in px.
public struct InlineBox: Sendable, Equatable {
    /// Width in px: the box takes exactly this much of its line (no letter spacing).
    public var width: Double
    /// Height in px, all of it above the baseline.
    public var height: Double

    /// A box `width` × `height` px.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

extension TextStyle {
    /// Measures styled `text` wrapped at `width` px: runs in their faces, sizes and spacing,
    /// boxes at their sizes, each line as tall as what it holds (see ``StyledText``).
    ///
    /// - Throws: ``AutoHeightError/invalidRun(index:reason:)`` and
    ///   ``AutoHeightError/invalidBox(index:reason:)`` for runs and boxes that do not fit the
    ///   text, and what ``measure(_:width:lineLimits:)-(String,_,_)`` throws.
    public func measure(
        _ text: StyledText, width: Double, lineLimits: LineLimits = LineLimits()
    ) throws(AutoHeightError) -> TextMeasurement {
        if text.runs.isEmpty && text.boxes.isEmpty && !text.holdsObjectReplacement {
            return try measure(text.text, width: width, lineLimits: lineLimits)
        }
        return try StyledPreparation.measure(text, style: self, width: width, lineLimits: lineLimits)
    }

    /// Prepares styled `text` once; the result re-wraps at any width in arithmetic only (at the
    /// style's font size: ``AutoHeightError/styledTextResized`` at another).
    public func prepare(_ text: StyledText) throws(AutoHeightError) -> PreparedText {
        try StyledPreparation.prepare(text, style: self)
    }
}

/// A run's effective attributes over a stretch of text (every field resolved).
package struct ResolvedRunStyle: Hashable, Sendable {
    /// The run's family, or nil for the style's primary font's.
    package var family: String?
    /// CSS weight (400 when no run names one).
    package var weight: Int
    /// Italic or upright.
    package var italic: Bool
    /// Font size in px.
    package var size: Double
    /// Letter spacing in px after every grapheme cluster.
    package var letterSpacing: Double

    /// Whether the text keeps the style's own fonts (only the size or spacing may differ).
    package var usesBaseFonts: Bool { family == nil && weight == 400 && !italic }
}

extension StyleRun {
    /// Whether the run names attribute `index`: family, weight, slant, size, letter spacing.
    fileprivate func names(_ index: Int) -> Bool {
        switch index {
        case 0: family != nil
        case 1: weight != nil
        case 2: italic != nil
        case 3: size != nil
        default: letterSpacing != nil
        }
    }
}

/// The runs of a styled text resolved to stretches of one style each.
package struct StyledSpans {
    /// A stretch of one resolved style: `style` is an index in ``styles``.
    package struct Span {
        package var start: Int
        package var end: Int
        package var style: Int
    }
    /// Consecutive, covering the text.
    package var spans: [Span]
    /// The distinct resolved styles the spans name.
    package var styles: [ResolvedRunStyle]

    /// Checks `runs` against `units` and resolves them over `baseSize` (the style's size).
    /// Complexity: O(r log r) for r runs.
    package init(runs: [StyleRun], units: [UInt16], baseSize: Double) throws(AutoHeightError) {
        let count = units.count
        for index in runs.indices { try Self.check(runs[index], index: index, units: units) }
        // The offsets where some run starts or ends, sorted, each once (on the stack where it fits).
        (spans, styles) = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * runs.count + 2) { storage in
            storage[0] = 0
            storage[1] = count
            for index in runs.indices {
                storage[2 + 2 * index] = runs[index].start
                storage[3 + 2 * index] = runs[index].end
            }
            var storage = storage
            storage.sort()
            var kept = 1
            for index in 1..<storage.count where storage[index] != storage[kept - 1] {
                storage[kept] = storage[index]
                kept += 1
            }
            return Self.resolve(runs, cuts: UnsafeBufferPointer(rebasing: storage[..<kept]), baseSize: baseSize)
        }
    }

    /// The spans and styles of `runs` over the intervals between `cuts`.
    private static func resolve(
        _ runs: [StyleRun], cuts: UnsafeBufferPointer<Int>, baseSize: Double
    ) -> (spans: [Span], styles: [ResolvedRunStyle]) {
        let intervals = cuts.count - 1
        // Per attribute (family, weight, slant, size, spacing), the last run naming it over each
        // interval: runs painted from the last backwards, each interval once (`next` skips the
        // painted ones, with path halving). Scratch memory on the stack where it fits.
        var styles: [ResolvedRunStyle] = []
        var spans: [Span] = []
        styles.reserveCapacity(min(intervals, 8))
        spans.reserveCapacity(intervals)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 6 * intervals + 1) { scratch in
            let owners = UnsafeMutableBufferPointer(rebasing: scratch[..<(5 * intervals)])
            let next = UnsafeMutableBufferPointer(rebasing: scratch[(5 * intervals)...])
            owners.initialize(repeating: -1)
            for attribute in 0..<5 {
                for index in next.indices { next[index] = Int32(index) }
                for runIndex in runs.indices.reversed() where runs[runIndex].names(attribute) {
                    let upper = position(of: runs[runIndex].end, in: cuts)
                    var index = Self.unpainted(from: position(of: runs[runIndex].start, in: cuts), next: next)
                    while index < upper {
                        owners[attribute * intervals + index] = Int32(runIndex)
                        next[index] = Int32(index + 1)
                        index = Self.unpainted(from: index + 1, next: next)
                    }
                }
            }
            for interval in 0..<intervals {
                func owner(_ attribute: Int) -> Int? {
                    let found = owners[attribute * intervals + interval]
                    return found < 0 ? nil : Int(found)
                }
                let style = ResolvedRunStyle(
                    family: owner(0).flatMap { runs[$0].family }, weight: owner(1).flatMap { runs[$0].weight } ?? 400,
                    italic: owner(2).flatMap { runs[$0].italic } ?? false,
                    size: owner(3).flatMap { runs[$0].size } ?? baseSize,
                    letterSpacing: owner(4).flatMap { runs[$0].letterSpacing } ?? 0)
                // Few styles per text: found by comparison (searched from the last, the likeliest).
                let index = styles.lastIndex(of: style) ?? styles.count
                if index == styles.count { styles.append(style) }
                if let last = spans.last, last.style == index {
                    spans[spans.count - 1].end = cuts[interval + 1]
                } else {
                    spans.append(Span(start: cuts[interval], end: cuts[interval + 1], style: index))
                }
            }
        }
        return (spans, styles)
    }

    /// The index of `offset` in the sorted `cuts` (it is one of them).
    private static func position(of offset: Int, in cuts: UnsafeBufferPointer<Int>) -> Int {
        var low = 0
        var high = cuts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cuts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first interval at or after `start` not painted yet.
    private static func unpainted(from start: Int, next: UnsafeMutableBufferPointer<Int32>) -> Int {
        var index = start
        while Int(next[index]) != index {
            next[index] = next[Int(next[index])]
            index = Int(next[index])
        }
        return index
    }

    private static func check(_ run: StyleRun, index: Int, units: [UInt16]) throws(AutoHeightError) {
        let count = units.count
        guard run.start >= 0 && run.end <= count && run.start <= run.end else {
            let reason =
                run.start > run.end
                ? "end \(run.end) before start \(run.start)"
                : "range \(run.start)..<\(run.end) outside the text's \(count) UTF-16 units"
            throw .invalidRun(index: index, reason: reason)
        }
        func splitsPair(_ offset: Int) -> Bool {
            offset > 0 && offset < count && UTF16.isTrailSurrogate(units[offset])
                && UTF16.isLeadSurrogate(units[offset - 1])
        }
        if let offset = splitsPair(run.start) ? run.start : splitsPair(run.end) ? run.end : nil {
            throw .invalidRun(index: index, reason: "offset \(offset) splits a surrogate pair")
        }
        if let family = run.family, family.isEmpty || family.utf8.contains(0) {
            throw .invalidRun(index: index, reason: "empty family name")
        }
        if let weight = run.weight, !(1...1000).contains(weight) {
            throw .invalidRun(index: index, reason: "weight \(weight) outside 1...1000")
        }
        if let size = run.size,
            !(size.isFinite && size >= AutoHeightError.minimumFontSize && size <= AutoHeightError.maximumFontSize)
        {
            throw .invalidRun(
                index: index,
                reason:
                    "size \(size) must be \(AutoHeightError.minimumFontSize)...\(AutoHeightError.maximumFontSize) px")
        }
        if let spacing = run.letterSpacing, !(spacing.isFinite && abs(spacing) <= AutoHeightError.maximumFontSize) {
            throw .invalidRun(index: index, reason: "letter spacing \(spacing) must be finite, at most 10000 px")
        }
    }

    /// Checks the boxes against the text's U+FFFC characters (`objects` of them: one box each, in
    /// order).
    static func checkBoxes(_ boxes: [InlineBox], objects: Int) throws(AutoHeightError) {
        func check(_ value: Double, _ name: String, _ index: Int) throws(AutoHeightError) {
            guard value.isFinite && value >= 0 && value <= AutoHeightError.maximumWidth else {
                throw .invalidBox(index: index, reason: "\(name) \(value) must be finite, 0...1e9 px")
            }
        }
        for (index, box) in boxes.enumerated() {
            try check(box.width, "width", index)
            try check(box.height, "height", index)
        }
        guard objects == boxes.count else {
            throw .invalidBox(
                index: -1, reason: "\(boxes.count) boxes for \(objects) U+FFFC characters in the text (one each)")
        }
    }
}
