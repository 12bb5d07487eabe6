/// What preparing any paragraph of a style needs: the ICU locale and HarfBuzz language.
struct PreparationContext {
    let fonts: [Font]
    let systemFallback: SystemFallback?
    let language: LanguageInfo
    let trailingWhitespace: TrailingWhitespace
    let cache: (store: SegmentCache, context: Int)?

    init(style: TextStyle) throws(AutoHeightError) {
        fonts = style.fonts.fonts
        systemFallback = style.fonts.systemFallback
        language = try LanguageInfo.forTag(style.language)
        trailingWhitespace = style.trailingWhitespace
        if let store = style.segmentCache, let context = store.context(fonts: style.fonts, language: style.language) {
            cache = (store, context)
        } else {
            cache = nil
        }
    }

    /// Runs `body` with a preparer holding a pooled HarfBuzz buffer and pooled scratch storage.
    func withPreparer<Result>(
        _ body: (ParagraphPreparer) throws(AutoHeightError) -> Result
    ) throws(AutoHeightError) -> Result {
        try HarfBuzzBufferPool.withBuffer { (buffer) throws(AutoHeightError) in
            try PreparationScratch.withScratch { (scratch) throws(AutoHeightError) in
                defer { scratch.returnLineBreaker() }
                scratch.runAnswers.removeAll(keepingCapacity: true)
                return try body(
                    ParagraphPreparer(
                        fonts: fonts, language: language, trailingWhitespace: trailingWhitespace, buffer: buffer,
                        systemFallback: systemFallback, cache: cache, scratch: scratch))
            }
        }
    }
}
