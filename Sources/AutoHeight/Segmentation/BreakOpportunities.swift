import CAutoHeightICU

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
        do {
            try BreakIteratorPool.shared.withIterator(kind: AH_BREAK_LINE, locale: locale) {
                iterator throws(ICUFailure) in
                try iterator.boundaries(of: units, into: &boundaries)
            }
        } catch {
            throw .icuFailure("line breaks for locale \"\(locale)\": \(error)")
        }
    }

    /// The same for a Swift string, for tests and tools: break offsets in UTF-16 units.
    static func find(in text: String, locale: String = "") throws(AutoHeightError) -> [Int] {
        let units = Array(text.utf16)
        var boundaries: [Int32] = []
        try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
            try find(in: buffer, locale: locale, into: &boundaries)
        }
        return boundaries.map(Int.init)
    }
}
