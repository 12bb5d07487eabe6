/// What one text's shaping already produced, so that a stretch of text shaped again in the same
/// text (a word, a run of kana, a comma between two fallback words) reuses it instead of calling
/// HarfBuzz: per unit, the advance in em and the missing-glyph and dotted-circle flags, and
/// whether any glyph was missing.
///
/// Exactness: HarfBuzz's output for a range depends on the range's characters, the font, the
/// script, direction and language; the context characters around the range matter only to
/// Arabic joining (HarfBuzz reads the context in its joining pass, and for a dotted circle at the
/// buffer's start only under the beginning-of-text flag, which is never set here). So ranges are
/// remembered and reused only in runs of scripts that join no letters (``Script/joinsLetters``),
/// keyed by their characters, font, script and direction (the language follows from the script
/// within one preparation). A range is remembered and reused only where it starts from zero
/// advances and none of ``shapingFlags``, so that writing the stored values gives exactly what
/// shaping would have added.
///
/// Emptied for every text (``startText()``): one text's repetitions are what it is for, and each
/// text is still measured from scratch. Bounded: at most ``unitCapacity`` units and
/// ``entryCapacity`` ranges per text, each of at most ``longestRange`` units; other ranges are
/// shaped as before.
final class ShapedRangeMemo {
    /// A range's key: its font, script and direction, and the hash of its characters (found with
    /// them in the memo's storage on a hit).
    struct Key {
        let font: ObjectIdentifier
        let script: UInt32
        let rightToLeft: Bool
        let hash: UInt32

        /// The key of `range`, or nil when the range does not start clean (a non-zero advance or
        /// one of ``shapingFlags``), so may be neither reused nor remembered.
        init?(
            _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, font: Font, script: Script, rightToLeft: Bool,
            advances: [Double], flags: [UInt8]
        ) {
            guard range.count <= ShapedRangeMemo.longestRange, !range.isEmpty,
                range.upperBound <= min(units.count, advances.count, flags.count)
            else {
                return nil
            }
            self.font = ObjectIdentifier(font)
            self.script = script.tag
            self.rightToLeft = rightToLeft
            var hash = UInt64(UInt(bitPattern: self.font)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(script.tag)
            var dirty = false
            advances.withUnsafeBufferPointer { advances in
                flags.withUnsafeBufferPointer { flags in
                    for index in range {
                        hash = (hash ^ UInt64(units[index])) &* 0x0000_0100_0000_01B3
                        dirty = dirty || advances[index] != 0 || flags[index] & ShapedRangeMemo.shapingFlags != 0
                    }
                }
            }
            if dirty { return nil }
            self.hash = UInt32(truncatingIfNeeded: hash ^ hash >> 32) ^ (rightToLeft ? 1 : 0)
        }
    }

    private struct Entry {
        /// The generation it was stored in (entries of older ones are empty slots).
        var generation: UInt32 = 0
        var hash: UInt32 = 0
        var font: ObjectIdentifier? = nil
        var script: UInt32 = 0
        var rightToLeft = false
        var missing = false
        var start: Int32 = 0
        var length: Int32 = 0
    }

    /// The flags a shaping sets, which a reused range gets back.
    static let shapingFlags = UnitFlag.missingGlyph | UnitFlag.dottedCircle
    /// The longest range remembered, in UTF-16 units: what repeats within a text is short (a
    /// word, a particle between kanji, punctuation between fallback words), and hashing and
    /// keeping long runs that never come back would cost more than the repeats save.
    static let longestRange = 24
    /// The most UTF-16 units remembered per text.
    static let unitCapacity = 1 << 15
    /// The most ranges remembered per text (the table has twice as many slots).
    static let entryCapacity = 1024

    @exclusivity(unchecked) private var entries = [Entry](repeating: Entry(), count: 2 * entryCapacity)
    @exclusivity(unchecked) private var units: [UInt16] = []
    @exclusivity(unchecked) private var advances: [Double] = []
    @exclusivity(unchecked) private var flags: [UInt8] = []
    @exclusivity(unchecked) private var generation: UInt32 = 1
    @exclusivity(unchecked) private var count = 0
    /// Ranges reused since the memo was made (for tests).
    @exclusivity(unchecked) private(set) var hits = 0

    /// Forgets every range (a new text starts).
    func startText() {
        guard count > 0 else { return }
        generation &+= 1
        if generation == 0 {
            for index in entries.indices { entries[index].generation = 0 }
            generation = 1
        }
        count = 0
        units.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true)
        flags.removeAll(keepingCapacity: true)
    }

    /// Writes the remembered shaping of `range` (whose `key` was made where it is now) into
    /// `advances` and `flags` and returns whether a glyph was missing, or returns nil when the
    /// range is not remembered.
    func reuse(
        _ key: Key, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, advances: inout [Double],
        flags: inout [UInt8]
    ) -> Bool? {
        guard count > 0 else { return nil }
        let mask = entries.count - 1
        var slot = Int(key.hash) & mask
        while entries[slot].generation == generation {
            let entry = entries[slot]
            if entry.hash == key.hash && Int(entry.length) == range.count && entry.font == key.font
                && entry.script == key.script && entry.rightToLeft == key.rightToLeft
                && holds(text, range, at: Int(entry.start))
            {
                let start = Int(entry.start)
                self.advances.withUnsafeBufferPointer { stored in
                    advances.withUnsafeMutableBufferPointer { advances in
                        for offset in 0..<range.count { advances[range.lowerBound + offset] = stored[start + offset] }
                    }
                }
                self.flags.withUnsafeBufferPointer { stored in
                    flags.withUnsafeMutableBufferPointer { flags in
                        for offset in 0..<range.count { flags[range.lowerBound + offset] |= stored[start + offset] }
                    }
                }
                hits += 1
                return entry.missing
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether the stored units from `start` are those of `range` of `text`.
    private func holds(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, at start: Int) -> Bool {
        units.withUnsafeBufferPointer { stored in
            unitsEqual(stored.baseAddress! + start, text.baseAddress! + range.lowerBound, count: range.count)
        }
    }

    /// Remembers the shaping of `range` (whose `key` was made before it was shaped) as `advances`
    /// and `flags` now hold it, unless the memo is full.
    func remember(
        _ key: Key, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, missing: Bool, advances: [Double],
        flags: [UInt8]
    ) {
        guard count < Self.entryCapacity, units.count + range.count <= Self.unitCapacity else { return }
        let mask = entries.count - 1
        var slot = Int(key.hash) & mask
        while entries[slot].generation == generation { slot = (slot + 1) & mask }
        entries[slot] = Entry(
            generation: generation, hash: key.hash, font: key.font, script: key.script, rightToLeft: key.rightToLeft,
            missing: missing, start: Int32(units.count), length: Int32(range.count))
        units.append(contentsOf: text[range])
        self.advances.append(contentsOf: advances[range])
        let first = self.flags.count
        self.flags.append(contentsOf: flags[range])
        self.flags.withUnsafeMutableBufferPointer { stored in
            for index in first..<stored.count { stored[index] &= Self.shapingFlags }
        }
        count += 1
    }
}
