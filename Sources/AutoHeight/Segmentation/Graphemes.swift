import CAutoHeightICU

/// Grapheme-cluster boundaries (UAX #29 extended clusters, from ICU).
enum Graphemes {
    /// Marks in `flags` (one per UTF-16 unit of `units`) the units that start a grapheme
    /// cluster, by OR-ing `bit`.
    ///
    /// Text made only of units below U+0300 other than CR (Latin without combining marks...) has
    /// one cluster per unit and skips ICU; everything else asks ICU. Complexity: O(n).
    static func markStarts(
        of units: UnsafeBufferPointer<UInt16>, in flags: inout [UInt8], offset: Int, bit: UInt8
    ) throws(AutoHeightError) {
        if units.isEmpty { return }
        var simple = true
        for unit in units where unit >= 0x300 || unit == 0x0D {  // CR LF is one cluster
            simple = false
            break
        }
        if simple {
            for index in 0..<units.count { flags[offset + index] |= bit }
            return
        }
        var boundaries: [Int32] = []
        do {
            try BreakIteratorPool.shared.withIterator(kind: AH_BREAK_CHARACTER, locale: "") {
                iterator throws(ICUFailure) in
                try iterator.boundaries(of: units, into: &boundaries)
            }
        } catch {
            throw .icuFailure("grapheme boundaries: \(error)")
        }
        flags[offset] |= bit
        for boundary in boundaries where Int(boundary) < units.count {
            flags[offset + Int(boundary)] |= bit
        }
    }
}
