extension TextStyle {
    /// The one way a whole text is prepared (``PreparedText`` and ``EditableText`` keep what it
    /// hands out; the one-shot measure recycles it): the style is checked, the text transcoded to
    /// UTF-16 and its length checked against the limits, then its paragraphs are prepared in
    /// order, each handed to `body` with its span, the text's units and the preparer (which
    /// `body` may use again). Returns the text's length in UTF-16 units. `stretches`: stretches
    /// of the text (sorted, disjoint: a styled text's boxes and runs in other faces) that are
    /// runs of their own, shaped here in face `faces[face - 1]` (0: the style's own); boxes not
    /// shaped here without a segment cache.
    ///
    /// - Throws: ``AutoHeightError`` for an invalid style or language tag, a text or paragraph
    ///   over the limits, or what `body` throws.
    func prepareParagraphs(
        of text: String,
        _ body: (
            _ span: Paragraphs.Span, _ paragraph: consuming PreparedParagraph, _ units: UnsafeBufferPointer<UInt16>,
            _ preparer: ParagraphPreparer
        ) throws(AutoHeightError) -> Void
    ) throws(AutoHeightError) -> Int {
        try prepareParagraphs(
            fill: { units, breakOffsets in transcodeUTF16Units(of: text, into: &units, breakOffsets: &breakOffsets) },
            body)
    }

    /// ``prepareParagraphs(of:_:)`` of the units `fill` writes into the preparer's scratch storage
    /// (returning their count and what it noticed, and noting the explicit breaks): the units
    /// handed to `body` are valid during the call only.
    func prepareParagraphs(
        fill: (inout [UInt16], inout [Int32]) throws(AutoHeightError) -> (
            count: Int, mayNeedBidi: Bool, hasControl: Bool
        ),
        stretches: [ParagraphPreparer.Stretch] = [], faces: [PreparationContext] = [],
        restyle: ParagraphPreparer.Restyle = { _, _, _, _, _, _ in },
        _ body: (
            _ span: Paragraphs.Span, _ paragraph: consuming PreparedParagraph, _ units: UnsafeBufferPointer<UInt16>,
            _ preparer: ParagraphPreparer
        ) throws(AutoHeightError) -> Void
    ) throws(AutoHeightError) -> Int {
        try validate()
        let context = try preparationContext()
        // Only what the body needs is taken from the style (capturing the style copies it).
        let limits = limits
        let breaks = paragraphBreaks
        return try context.withPreparer(faces: faces) { (preparer) throws(AutoHeightError) in
            // The scratch's storage is taken out while in use (a nested use allocates its own).
            let scratch = preparer.scratch
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
                var next = 0
                // The stretches not to shape (``ParagraphPreparer/prepare``) in each paragraph
                // (plain text has none: its paragraphs leave the scratch's alone).
                var inside: [ParagraphPreparer.Stretch] = []
                if !stretches.isEmpty { swap(&inside, &scratch.stretches) }
                defer { if !stretches.isEmpty { swap(&inside, &scratch.stretches) } }
                for span in spans {
                    if !inside.isEmpty { inside.removeAll(keepingCapacity: true) }
                    while next < stretches.count && stretches[next].range.lowerBound < span.range.upperBound {
                        let range = stretches[next].range.clamped(to: span.range)
                        if !range.isEmpty {
                            let start = span.range.lowerBound
                            inside.append(
                                ParagraphPreparer.Stretch(
                                    range: (range.lowerBound - start)..<(range.upperBound - start),
                                    face: stretches[next].face, isBox: stretches[next].isBox))
                        }
                        if stretches[next].range.upperBound > span.range.upperBound { break }
                        next += 1
                    }
                    let paragraph = try preparer.prepare(
                        UnsafeBufferPointer(rebasing: all[span.range]), mayNeedBidi: mayNeedBidi,
                        mayHaveControls: hasControl, stretches: inside, offset: span.range.lowerBound, restyle: restyle)
                    try body(span, paragraph, all, preparer)
                }
            }
            return count
        }
    }
}
