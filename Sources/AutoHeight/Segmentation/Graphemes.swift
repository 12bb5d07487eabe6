/// Grapheme-cluster boundaries (UAX #29 extended clusters, from ICU).
package enum Graphemes {
    /// Whether a BMP unit is a character that always forms a cluster of its own and never
    /// joins the next one: letters and symbols of Latin, Greek, Cyrillic (without combining
    /// marks), general punctuation, CJK ideographs, kana (without the combining sound marks),
    /// Hangul syllables and full-width forms. CR (which joins LF) is not.
    static func isStandalone(_ unit: UInt16) -> Bool {
        isStandalone(unit, in: standaloneBits)
    }

    /// ``isStandalone(_:)`` with the table (``standaloneBits``) already at hand, for loops.
    static func isStandalone(_ unit: UInt16, in table: UnsafeBufferPointer<UInt64>) -> Bool {
        table[Int(unit >> 6)] >> UInt64(unit & 63) & 1 == 1
    }

    /// The table of ``isStandalone(_:in:)``, for loops that read it once.
    static var standaloneTable: UnsafeBufferPointer<UInt64> { standaloneBits }

    /// Whether a grapheme cluster surely starts at `index` (> 0) of `units`: the unit there is a
    /// character that never joins what precedes it (``isStandalone(_:)``: no mark, joiner, jamo
    /// or emoji part), after a unit that joins nothing to what follows (below U+0600 there is no
    /// prepended concatenation mark or leading jamo, and a standalone character joins nothing).
    /// U+FFFC (an inline object: a box of a styled text) counts as standalone on either side: it
    /// is neither a mark nor a joiner nor prepended, and only a mark after it (not standalone)
    /// would join it. `table` is ``standaloneTable``, for callers that read it once.
    static func clusterSurelyStarts(
        at index: Int, in units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64> = standaloneBits
    ) -> Bool {
        let unit = units[index]
        let before = units[index - 1]
        return (isStandalone(unit, in: table) || unit == 0xFFFC)
            && (before < 0x600 || before == 0xFFFC || isStandalone(before, in: table))
    }

    /// Whether a grapheme cluster starts at `index` of `units` (0 through `units.count`): surely
    /// (``clusterSurelyStarts(at:in:table:)``), else as ICU's character iterator finds it, asked
    /// about that one offset (it backs up to a safe point, not to the start of `units`).
    static func clusterStarts(at index: Int, in units: UnsafeBufferPointer<UInt16>) throws(AutoHeightError) -> Bool {
        if index == 0 || index == units.count || clusterSurelyStarts(at: index, in: units) { return true }
        do {
            return try BreakIteratorPool.graphemes.withIterator {
                iterator throws(ICUFailure) in try iterator.isBoundary(index, in: units)
            }
        } catch {
            throw .icuFailure("grapheme boundaries: \(error)")
        }
    }

    /// Whether `unit` starts a cluster of its own whatever follows it (a Latin letter below
    /// U+0300 other than CR, or a standalone character), with the table at hand.
    private static func startsOwnCluster(_ unit: UInt16, in table: UnsafeBufferPointer<UInt64>) -> Bool {
        (unit < 0x300 && unit != 0x0D) || isStandalone(unit, in: table)
    }

    /// ``isStandalone(_:)`` as a bit per BMP unit (8 KiB, ``BMPBits``), built once from
    /// ``standaloneRanges``.
    // nonisolated(unsafe): the memory is written once, while the table is built, and only read
    // after.
    nonisolated(unsafe) private static let standaloneBits: UnsafeBufferPointer<UInt64> =
        BMPBits(ranges: standaloneRanges).words

    /// The standalone characters.
    private static let standaloneRanges: [ClosedRange<UInt16>] = [
        0x0020...0x007E, 0x00A0...0x02FF,  // Latin (no combining marks)
        0x0370...0x0377, 0x037A...0x037F, 0x0384...0x038A, 0x038C...0x038C, 0x038E...0x03FF,  // Greek
        0x0400...0x0482, 0x048A...0x052F,  // Cyrillic without its combining marks
        0x05D0...0x05EA, 0x05EF...0x05F4,  // Hebrew letters (points are marks)
        0x0621...0x064A, 0x0660...0x066F, 0x0671...0x06D3, 0x06D5...0x06D5,  // Arabic letters, digits
        0x0E01...0x0E30, 0x0E32...0x0E32, 0x0E3F...0x0E46, 0x0E4F...0x0E5B,  // Thai letters, leading vowels
        0x1E00...0x1FBC, 0x1FBE...0x1FBE, 0x1FC2...0x1FCC, 0x1FD0...0x1FDB, 0x1FE0...0x1FEC,
        0x1FF2...0x1FFC,  // Latin Extended Additional (Vietnamese), Greek Extended
        0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF,  // punctuation, super/subscripts, currency
        0x2100...0x2138, 0x213C...0x2187, 0x2190...0x2193, 0x2195...0x2199, 0x219C...0x21A8,
        0x21AB...0x21B8, 0x21BB...0x21FF, 0x2200...0x2307, 0x230C...0x2327, 0x2329...0x23CE,
        0x23D0...0x23E8, 0x23F4...0x23F7, 0x23FB...0x23FF,  // letterlike, arrows, math, technical
        0x2500...0x25A9, 0x25AC...0x25B5, 0x25B7...0x25BF, 0x25C1...0x25FA,  // box drawing, shapes
        0x3000...0x3029, 0x3030...0x303C, 0x303E...0x3098, 0x309B...0x4DBF, 0x4E00...0x9FFF,  // CJK, kana
        0xAC00...0xD7A3,  // Hangul syllables (jamo, which join them, are not listed)
        0xF900...0xFAFF, 0xFF01...0xFF9D, 0xFFA0...0xFFDC,  // compatibility ideographs, full-width forms
    ]

    /// The grapheme clusters of `units` (`String(decoding: units, as: UTF16.self).count`).
    ///
    /// Text made only of characters that start a cluster of their own (``isStandalone(_:)``,
    /// units below U+0300, CR LF counted once) is counted in one pass over the units; anything
    /// else by Swift's `String`. Complexity: O(n).
    static func count(of units: UnsafeBufferPointer<UInt16>) -> Int {
        let table = standaloneBits
        var clusters = 0
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
            if unit == 0x0D {
                index += index + 1 < count && units[index + 1] == 0x0A ? 2 : 1
            } else if startsOwnCluster(unit, in: table) {
                index += 1
            } else {
                return String(utf16Units: units).count
            }
            clusters += 1
        }
        return clusters
    }

    /// Marks in `flags` (one per UTF-16 unit of `units`) the units that start a grapheme
    /// cluster, by OR-ing `bit`.
    ///
    /// Text made only of units below U+0300 other than CR (Latin without combining marks...) has
    /// one cluster per unit and skips ICU; everything else asks ICU. Complexity: O(n).
    package static func markStarts(
        of units: UnsafeBufferPointer<UInt16>, in flags: inout [UInt8], offset: Int, bit: UInt8
    ) throws(AutoHeightError) {
        precondition(offset >= 0 && offset + units.count <= flags.count)
        try flags.withUnsafeMutableBufferPointer { (flags) throws(AutoHeightError) in
            try markStarts(of: units, in: flags, offset: offset, bit: bit, table: standaloneBits)
        }
    }

    /// ``markStarts(of:in:offset:bit:)`` on the flags' memory, with the standalone table at hand
    /// (no uniqueness check or lazy-global check per unit).
    private static func markStarts(
        of units: UnsafeBufferPointer<UInt16>, in flags: UnsafeMutableBufferPointer<UInt8>, offset: Int, bit: UInt8,
        table: UnsafeBufferPointer<UInt64>
    ) throws(AutoHeightError) {
        let count = units.count
        var index = 0
        while index < count {
            // Standalone characters (and supplementary ideographs) each start a cluster.
            let unit = units[index]
            if startsOwnCluster(unit, in: table) {
                flags[offset + index] |= bit
                index += 1
                continue
            }
            let (scalar, next) = units.scalar(at: index, limit: count)
            if next == index + 2 && scalar >= 0x20000 && scalar <= 0x3FFFF {
                flags[offset + index] |= bit
                index = next
                continue
            }
            // A stretch of characters that may join: ask ICU about it, with one standalone
            // character of context on each side (what a Prepend, a ZWJ sequence's pictograph or
            // a Hangul syllable next to jamo joins with). Outside such stretches no rule of
            // UAX #29 can join two characters, since standalone ones are never Extend, ZWJ,
            // SpacingMark, Prepend, regional indicators or jamo (checked against ICU by a test).
            var stretchStart = max(0, index - 1)
            if stretchStart > 0 && units[stretchStart] & 0xFC00 == 0xDC00 && units[stretchStart - 1] & 0xFC00 == 0xD800
            {
                stretchStart -= 1  // a whole supplementary character as context
            }
            var stretchEnd = index + 1
            while stretchEnd < count {
                if startsOwnCluster(units[stretchEnd], in: table) {
                    stretchEnd += 1  // one standalone character of context after
                    // Keep going while the stretch continues right after it.
                    if stretchEnd < count, !startsOwnCluster(units[stretchEnd], in: table) {
                        continue
                    }
                    break
                }
                stretchEnd += 1
            }
            try markStartsWithICU(
                of: UnsafeBufferPointer(rebasing: units[stretchStart..<stretchEnd]), in: flags,
                offset: offset + stretchStart, bit: bit)
            index = stretchEnd
        }
    }

    /// Grapheme starts of `units` from ICU's character iterator (the start of `units` counts as
    /// a boundary; the caller makes sure one is there).
    private static func markStartsWithICU(
        of units: UnsafeBufferPointer<UInt16>, in flags: UnsafeMutableBufferPointer<UInt8>, offset: Int, bit: UInt8
    ) throws(AutoHeightError) {
        for index in 0..<units.count { flags[offset + index] &= ~bit }
        flags[offset] |= bit
        do {
            try BreakIteratorPool.graphemes.withIterator {
                iterator throws(ICUFailure) in
                try iterator.withBoundaries(of: units) { boundaries in
                    for boundary in boundaries where Int(boundary) < units.count {
                        flags[offset + Int(boundary)] |= bit
                    }
                }
            }
        } catch {
            throw .icuFailure("grapheme boundaries: \(error)")
        }
    }
}
