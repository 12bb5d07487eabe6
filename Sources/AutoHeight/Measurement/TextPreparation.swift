extension TextStyle {
    /// The one way a whole text is prepared (``PreparedText`` and ``EditableText`` keep what it
    /// hands out; the one-shot measure recycles it): the style is checked, the text transcoded to
    /// UTF-16 and its length checked against the limits, then its paragraphs are prepared in
    /// order, each handed to `body` with its span, the text's units and the preparer (which
    /// `body` may use again). Returns the text's length in UTF-16 units. `skipping`: stretches
    /// of the text (sorted, disjoint) that the caller shapes itself, so that without a segment
    /// cache they are not shaped here (a styled text's runs in other faces).
    ///
    /// - Throws: ``AutoHeightError`` for an invalid style or language tag, a text or paragraph
    ///   over the limits, or what `body` throws.
    func prepareParagraphs(
        of text: String, keepingFontIndices: Bool = false, skipping: [Range<Int>] = [],
        _ body: (
            _ span: Paragraphs.Span, _ paragraph: PreparedParagraph, _ units: UnsafeBufferPointer<UInt16>,
            _ preparer: ParagraphPreparer
        ) throws(AutoHeightError) -> Void
    ) throws(AutoHeightError) -> Int {
        try prepareParagraphs(
            fill: { units, breakOffsets in transcodeUTF16Units(of: text, into: &units, breakOffsets: &breakOffsets) },
            keepingFontIndices: keepingFontIndices, skipping: skipping, body)
    }

    /// ``prepareParagraphs(of:_:)`` of the units `fill` writes into the preparer's scratch storage
    /// (returning their count and what it noticed, and noting the explicit breaks): the units
    /// handed to `body` are valid during the call only.
    func prepareParagraphs(
        fill: (inout [UInt16], inout [Int32]) throws(AutoHeightError) -> (
            count: Int, mayNeedBidi: Bool, hasControl: Bool
        ),
        keepingFontIndices: Bool = false, skipping: [Range<Int>] = [],
        _ body: (
            _ span: Paragraphs.Span, _ paragraph: PreparedParagraph, _ units: UnsafeBufferPointer<UInt16>,
            _ preparer: ParagraphPreparer
        ) throws(AutoHeightError) -> Void
    ) throws(AutoHeightError) -> Int {
        try validate()
        let context = try preparationContext()
        // Only what the body needs is taken from the style (capturing the style copies it).
        let limits = limits
        let breaks = paragraphBreaks
        return try context.withPreparer { (preparer) throws(AutoHeightError) in
            // The scratch's storage is taken out while in use (a nested use allocates its own).
            let scratch = preparer.scratch
            scratch.keepsFontIndices = keepingFontIndices
            defer { scratch.keepsFontIndices = false }
            var units = scratch.units
            scratch.units = []
            defer { scratch.units = units }
            let (count, mayNeedBidi, hasControl) = try fill(&units, &scratch.breakOffsets)
            guard count < Int(Int32.max) else { throw .textTooLong(utf16Count: count) }
            try limits.check(textLength: count)
            var spans = scratch.spans
            scratch.spans = []
            defer { scratch.spans = spans }
            spans.removeAll(keepingCapacity: true)
            try units.withUnsafeBufferPointer { (storage) throws(AutoHeightError) in
                let all = UnsafeBufferPointer(rebasing: storage[..<count])
                scratch.breakOffsets.withUnsafeBufferPointer {
                    Paragraphs.split(all, breaks: breaks, at: $0, into: &spans)
                }
                var skipped = 0
                for span in spans {
                    // The stretches not to shape (``ParagraphPreparer/prepare``), in the paragraph.
                    var inside: [Range<Int>] = []
                    while skipped < skipping.count && skipping[skipped].lowerBound < span.range.upperBound {
                        let range = skipping[skipped].clamped(to: span.range)
                        if !range.isEmpty {
                            inside.append(
                                (range.lowerBound - span.range.lowerBound)..<(range.upperBound - span.range.lowerBound))
                        }
                        if skipping[skipped].upperBound > span.range.upperBound { break }
                        skipped += 1
                    }
                    let paragraph = try preparer.prepare(
                        UnsafeBufferPointer(rebasing: all[span.range]), mayNeedBidi: mayNeedBidi,
                        mayHaveControls: hasControl, skipping: inside)
                    try body(span, paragraph, all, preparer)
                }
            }
            return count
        }
    }
}
