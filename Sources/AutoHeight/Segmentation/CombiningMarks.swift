/// Runs of combining marks (non-starters: canonical combining class ≠ 0) in UTF-16 text.
enum CombiningMarks {
    /// The first run of more than `limit` non-starters in a row: the UTF-16 offset of its first
    /// mark and its whole length; nil when there is none.
    ///
    /// Complexity: O(n); units below U+0300 and standalone characters (``Graphemes/isStandalone(_:)``:
    /// never marks) take a comparison or a table look-up, others a property look-up.
    static func firstRun(longerThan limit: Int, in units: UnsafeBufferPointer<UInt16>) -> (offset: Int, count: Int)? {
        Graphemes.withStandaloneTable { firstRun(longerThan: limit, in: units, standalone: $0) }
    }

    private static func firstRun(
        longerThan limit: Int, in units: UnsafeBufferPointer<UInt16>, standalone: UnsafeBufferPointer<UInt64>
    ) -> (offset: Int, count: Int)? {
        var runStart = 0
        var runLength = 0
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
            if unit < 0x300 || Graphemes.isStandalone(unit, in: standalone) {
                if runLength > limit { return (runStart, runLength) }
                runLength = 0
                index += 1
                continue
            }
            var value = UInt32(unit)
            var width = 1
            if UTF16.isLeadSurrogate(unit), index + 1 < count, UTF16.isTrailSurrogate(units[index + 1]) {
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
                width = 2
            }
            if let scalar = Unicode.Scalar(value), scalar.properties.canonicalCombiningClass.rawValue != 0 {
                if runLength == 0 { runStart = index }
                runLength += 1
            } else {
                if runLength > limit { return (runStart, runLength) }
                runLength = 0
            }
            index += width
        }
        return runLength > limit ? (runStart, runLength) : nil
    }
}
