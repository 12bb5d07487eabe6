import Synchronization

/// What preparing any paragraph of a style needs: the ICU locale and HarfBuzz language. Immutable
/// and shared: a style keeps the one it resolved (see `TextStyle.preparationContext()`).
package final class PreparationContext: Sendable {
    /// Tells this context from every other one made in the process (never reused, unlike an
    /// address): a thread's scratch keeps answers about the context's fonts under it.
    let id: UInt64
    private static let lastID = Atomic<UInt64>(0)

    /// The stack's fonts, its system fallback and the language as shaping reads them (one object
    /// for every preparer).
    let shaping: ShapingSetup
    /// The stack's ``FontStack/cacheIdentity`` and the language's tag, which the fonts chosen
    /// for clusters depend on (``FontChoiceMemo``).
    let fontChoiceOwner: (stack: String, language: String)
    let language: LanguageInfo
    let trailingWhitespace: TrailingWhitespace
    let profile: LayoutProfile
    /// The browser the web profile follows (`.chromium` in the editor profile).
    let browser: BrowserEngine
    /// Whether tabs hang at a line end like spaces (``BrowserEngine/tabsHang``).
    var tabsHang: Bool { browser.tabsHang }
    let whiteSpace: WhiteSpace
    let cache: (store: SegmentCache, context: Int)?
    /// Paragraph length and combining-mark runs are checked against these.
    let limits: InputLimits

    init(
        fonts stack: FontStack, languageTag: String, trailingWhitespace: TrailingWhitespace,
        profile: LayoutProfile = .editor, browser: BrowserEngine = .chromium, advanceGrid: Double = 0,
        whiteSpace: WhiteSpace = .preWrap, segmentCache: SegmentCache?,
        limits: InputLimits = InputLimits()
    ) throws(AutoHeightError) {
        id = Self.lastID.wrappingAdd(1, ordering: .relaxed).newValue
        self.limits = limits
        fontChoiceOwner = (stack.cacheIdentity, languageTag)
        language = try LanguageInfo.forTag(languageTag)
        shaping = ShapingSetup(
            fonts: stack.fonts, systemFallback: stack.systemFallback, language: language.shapingLanguage,
            languageScripts: language.scripts, shapesEveryRunInLanguage: profile == .web, advanceGrid: advanceGrid)
        self.trailingWhitespace = trailingWhitespace
        self.profile = profile
        self.browser = profile == .web ? browser : .chromium
        self.whiteSpace = whiteSpace
        if let segmentCache,
            let context = segmentCache.context(
                fonts: stack, language: languageTag, profile: profile, browser: self.browser, advanceGrid: advanceGrid)
        {
            cache = (segmentCache, context)
        } else {
            cache = nil
        }
    }

    /// Runs `body` with a preparer holding pooled scratch storage (and its HarfBuzz buffer),
    /// which also shapes in `faces` (a styled text's runs in other faces).
    package func withPreparer<Result>(
        faces: [PreparationContext] = [], _ body: (ParagraphPreparer) throws(AutoHeightError) -> Result
    ) throws(AutoHeightError) -> Result {
        try PreparationScratch.withScratch { (scratch) throws(AutoHeightError) in
            defer {
                scratch.returnLineBreaker()
            }
            if scratch.runAnswersContext != id {
                scratch.runAnswers.removeAll(keepingCapacity: true)
                scratch.runAnswersContext = id
            }
            scratch.shaping.shapedRanges.startText()
            if shaping.mayUseSeveralFonts {
                scratch.shaping.fontChoices.use(stack: fontChoiceOwner.stack, language: fontChoiceOwner.language)
            }
            var preparer = ParagraphPreparer(context: self, scratch: scratch)
            if !faces.isEmpty { preparer.faces = faces.map { ParagraphPreparer.FaceShaping($0, scratch: scratch) } }
            return try body(preparer)
        }
    }
}
