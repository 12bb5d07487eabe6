/// Runs of combining marks (non-starters: canonical combining class ≠ 0) in UTF-16 text.
enum CombiningMarks {
    /// The first run of more than `limit` non-starters in a row: the UTF-16 offset of its first
    /// mark and its whole length; nil when there is none.
    ///
    /// Complexity: O(n): a run of more than `limit` marks lies in a stretch of more than `limit`
    /// units that are neither below U+0300 nor standalone (``Graphemes/isStandalone(_:)``: never
    /// marks), which one table look-up per unit finds; only such stretches get a property
    /// look-up per character.
    static func firstRun(longerThan limit: Int, in units: UnsafeBufferPointer<UInt16>) -> (offset: Int, count: Int)? {
        // A paragraph of at most `limit` units holds no longer run.
        guard units.count > limit else { return nil }
        // Then one comparison per unit: without more than `limit` units from U+0300 on in a row,
        // there is no such stretch (most text, with spaces or Latin between its words).
        var current = 0
        var longEnough = false
        for unit in units {
            if unit < 0x300 {
                current = 0
            } else {
                current += 1
                if current > limit {
                    longEnough = true
                    break
                }
            }
        }
        guard longEnough else { return nil }
        let standalone = Graphemes.standaloneTable
        var stretchStart = 0
        var index = 0
        let count = units.count
        while index <= count {
            if index == count || units[index] < 0x300 || Graphemes.isStandalone(units[index], in: standalone) {
                if index - stretchStart > limit,
                    let run = marksRun(
                        longerThan: limit, in: UnsafeBufferPointer(rebasing: units[stretchStart..<index]))
                {
                    return (stretchStart + run.offset, run.count)
                }
                stretchStart = index + 1
            }
            index += 1
        }
        return nil
    }

    /// The first run of more than `limit` non-starters in `units`, by their properties.
    private static func marksRun(
        longerThan limit: Int, in units: UnsafeBufferPointer<UInt16>
    ) -> (offset: Int, count: Int)? {
        var runStart = 0
        var runLength = 0
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
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
