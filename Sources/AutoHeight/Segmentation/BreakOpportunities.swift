/// Soft line-break opportunities from ICU's line-break iterator (UAX #14 with CLDR tailoring and
/// dictionaries for Thai, Lao, Khmer and Myanmar), for one paragraph.
enum BreakOpportunities {
    /// The offsets (relative to the paragraph, ascending, ending with `units.count`) after which a
    /// line may break, for the ICU locale `locale` (e.g. `"ko@lw=keepall"`).
    ///
    /// Complexity: O(n); the iterator comes from a pool, so no rule data is loaded per call.
    static func find(
        in units: UnsafeBufferPointer<UInt16>, locale: String, into boundaries: inout [Int32]
    ) throws(AutoHeightError) {
        try find(
            in: units, slot: BreakIteratorPool.shared.slot(kind: .lines, locale: locale),
            keepsAllWords: keepsAllWords(locale: locale), into: &boundaries)
    }

    /// The same with the iterator slot and the keep-all flag resolved beforehand (once per
    /// language, see `LanguageInfo`).
    static func find(
        in units: UnsafeBufferPointer<UInt16>, slot: BreakIteratorPool.Slot, keepsAllWords: Bool,
        into boundaries: inout [Int32]
    ) throws(AutoHeightError) {
        do {
            try slot.withIterator { iterator throws(ICUFailure) in
                try iterator.boundaries(of: units, into: &boundaries)
            }
        } catch {
            throw .icuFailure("line breaks for locale \"\(slot.locale)\": \(error)")
        }
        if keepsAllWords { keepWordsWhole(in: units, boundaries: &boundaries) }
    }

    /// The same with an iterator the caller holds (from the language's slot) for several
    /// paragraphs; `boundaries` is emptied first, its storage reused.
    static func find(
        in units: UnsafeBufferPointer<UInt16>, iterator: ICUBreakIterator, locale: String, keepsAllWords: Bool,
        into boundaries: inout [Int32]
    ) throws(AutoHeightError) {
        boundaries.removeAll(keepingCapacity: true)
        do {
            try iterator.boundaries(of: units, into: &boundaries)
        } catch {
            throw .icuFailure("line breaks for locale \"\(locale)\": \(error)")
        }
        if keepsAllWords { keepWordsWhole(in: units, boundaries: &boundaries) }
    }

    /// Whether an ICU locale id asks for keep-all (`@lw=keepall`).
    static func keepsAllWords(locale: String) -> Bool { locale.contains("lw=keepall") }

    /// CSS `word-break: keep-all` over ICU's opportunities (ICU 72 reads `lw=phrase` but not
    /// `lw=keepall`): a break between two typographic letter units (UAX #14 classes AL, NU, AI,
    /// ID, CJ, Hangul H2 H3 JL JV JT, emoji EB EM; see ``UnicodeProperties/isKeepAllLetter(_:)``) is removed, so
    /// Korean words, and CJK runs, break only where spaces or punctuation allow. Breaks ICU
    /// found for other reasons (after spaces, around punctuation, Thai dictionary breaks between
    /// letters of class SA) stay.
    ///
    /// Complexity: O(breaks), two property look-ups per break.
    static func keepWordsWhole(in units: UnsafeBufferPointer<UInt16>, boundaries: inout [Int32]) {
        let count = units.count
        var kept = 0
        for boundary in boundaries {
            let offset = Int(boundary)
            if offset > 0 && offset < count && isLetterUnit(scalarBefore: offset, in: units)
                && isLetterUnit(scalarAt: offset, in: units)
            {
                continue
            }
            boundaries[kept] = boundary
            kept += 1
        }
        boundaries.removeSubrange(kept...)
    }

    private static func isLetterUnit(scalarBefore offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Bool {
        UnicodeProperties.isKeepAllLetter(units.scalar(endingAt: offset))
    }

    private static func isLetterUnit(scalarAt offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Bool {
        UnicodeProperties.isKeepAllLetter(units.scalar(at: offset, limit: units.count).value)
    }

    /// The same for a Swift string, for tests and tools: break offsets in UTF-16 units, tailored
    /// by `profile`'s rules.
    static func find(
        in text: String, locale: String = "", profile: LayoutProfile = .editor, browser: BrowserEngine = .chromium
    ) throws(AutoHeightError) -> [Int] {
        let units = Array(text.utf16)
        var boundaries: [Int32] = []
        try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
            try find(in: buffer, locale: locale, into: &boundaries)
            if profile == .web {
                var storage: [Int32] = []
                WebBreakRules.tailor(buffer, engine: browser, boundaries: &boundaries, storage: &storage)
            }
        }
        return boundaries.map(Int.init)
    }
}
