/// What preparing any paragraph of a style needs: the ICU locale and HarfBuzz language. Immutable
/// and shared: a style keeps the one it resolved (see `TextStyle.preparationContext()`).
final class PreparationContext: Sendable {
    let fonts: [Font]
    let systemFallback: SystemFallback?
    /// The stack's ``FontStack/cacheIdentity`` and the language's tag, which the fonts chosen
    /// for clusters depend on (``FontChoiceMemo``).
    let fontChoiceOwner: (stack: String, language: String)
    let language: LanguageInfo
    let trailingWhitespace: TrailingWhitespace
    let profile: LayoutProfile
    let whiteSpace: WhiteSpace
    let cache: (store: SegmentCache, context: Int)?
    /// Paragraph length and combining-mark runs are checked against these.
    let limits: InputLimits

    init(
        fonts stack: FontStack, languageTag: String, trailingWhitespace: TrailingWhitespace,
        profile: LayoutProfile = .editor, whiteSpace: WhiteSpace = .preWrap, segmentCache: SegmentCache?,
        limits: InputLimits = InputLimits()
    ) throws(AutoHeightError) {
        self.limits = limits
        fonts = stack.fonts
        systemFallback = stack.systemFallback
        fontChoiceOwner = (stack.cacheIdentity, languageTag)
        language = try LanguageInfo.forTag(languageTag)
        self.trailingWhitespace = trailingWhitespace
        self.profile = profile
        self.whiteSpace = whiteSpace
        if let segmentCache,
            let context = segmentCache.context(fonts: stack, language: languageTag, profile: profile)
        {
            cache = (segmentCache, context)
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
                if systemFallback != nil || fonts.count > 1 {
                    scratch.fontChoices.use(stack: fontChoiceOwner.stack, language: fontChoiceOwner.language)
                }
                return try body(
                    ParagraphPreparer(
                        fonts: fonts, language: language, trailingWhitespace: trailingWhitespace, profile: profile,
                        whiteSpace: whiteSpace, buffer: buffer, systemFallback: systemFallback, cache: cache,
                        scratch: scratch, limits: limits))
            }
        }
    }
}
