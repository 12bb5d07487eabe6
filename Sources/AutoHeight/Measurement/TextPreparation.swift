extension TextStyle {
    /// The one way a whole text is prepared (``PreparedText`` and ``EditableText`` keep what it
    /// hands out): the style is checked, the text transcoded to UTF-16 and its length checked
    /// against the limits, then its paragraphs are prepared in order, each handed to `body` with
    /// its span, the text's units and the preparer (which `body` may use again). Returns the
    /// text's length in UTF-16 units.
    ///
    /// - Throws: ``AutoHeightError`` for an invalid style or language tag, a text or paragraph
    ///   over the limits, or what `body` throws.
    func prepareParagraphs(
        of text: String,
        _ body: (
            _ span: Paragraphs.Span, _ paragraph: PreparedParagraph, _ units: UnsafeBufferPointer<UInt16>,
            _ preparer: ParagraphPreparer
        ) throws(AutoHeightError) -> Void
    ) throws(AutoHeightError) -> Int {
        try validate()
        let context = try preparationContext()
        let scanned = scanUTF16Units(of: text)
        let units = scanned.units
        guard units.count < Int(Int32.max) else { throw .textTooLong(utf16Count: units.count) }
        try limits.check(textLength: units.count)
        let breaks = paragraphBreaks
        try units.withUnsafeBufferPointer { (all) throws(AutoHeightError) in
            var spans: [Paragraphs.Span] = []
            scanned.breakOffsets.withUnsafeBufferPointer { Paragraphs.split(all, breaks: breaks, at: $0, into: &spans) }
            try context.withPreparer { (preparer) throws(AutoHeightError) in
                for span in spans {
                    let paragraph = try preparer.prepare(
                        UnsafeBufferPointer(rebasing: all[span.range]), mayNeedBidi: scanned.mayNeedBidi,
                        mayHaveControls: scanned.hasControl)
                    try body(span, paragraph, all, preparer)
                }
            }
        }
        return units.count
    }
}
