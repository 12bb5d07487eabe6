/// A language tag resolved once per process: ICU locale id, HarfBuzz language, scripts.
struct LanguageInfo: Sendable {
    let icuLocale: String
    let shapingLanguage: ShapingLanguage?
    let scripts: [Script]
    /// The pooled line-break iterators for `icuLocale`, and whether it asks for keep-all.
    let lineBreaks: BreakIteratorPool.Slot
    let keepsAllWords: Bool
    /// Whether ICU finds this locale's breaks by phrase (`lw=phrase`): its dictionary then
    /// segments whole runs of CJK text across script changes, so no chunk's breaks can be
    /// stored apart from its neighbours (``SegmentCache/BreakContext``). Read once.
    let breaksByPhrase: Bool
    /// CSS `word-break: break-all` (`lw=breakall`): a break between any two letters.
    let breaksAllWords: Bool
    /// CSS `line-break: anywhere` (`lb=anywhere`): a break between any two grapheme clusters.
    let breaksAnywhere: Bool

    /// Tags resolved so far, searched in order: an app uses a handful, and comparing a tag with
    /// the same string it was stored from is a pointer check (no hashing per measure). Invalid
    /// tags are remembered as nil.
    private static let resolved = SmallMemo<String, LanguageInfo?>()

    /// The resolved tag. Throws ``AutoHeightError/invalidLanguageTag(_:)``.
    static func forTag(_ tag: String) throws(AutoHeightError) -> LanguageInfo {
        let info = resolved.value(for: tag) { () -> LanguageInfo? in
            guard let locale = icuLocaleIdentifier(forLanguageTag: tag) else { return nil }
            return LanguageInfo(
                icuLocale: locale,
                shapingLanguage: ShapingLanguage(tag: tag),
                scripts: icuScriptTags(forLocale: locale).map { Script(iso15924Tag: $0) },
                lineBreaks: BreakIteratorPool.shared.slot(kind: .lines, locale: locale),
                keepsAllWords: BreakOpportunities.keepsAllWords(locale: locale),
                breaksByPhrase: locale.contains("lw=phrase"), breaksAllWords: locale.contains("lw=breakall"),
                breaksAnywhere: locale.contains("lb=anywhere"))
        }
        guard let info else { throw .invalidLanguageTag(tag) }
        return info
    }
}
