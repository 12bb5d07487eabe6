/// The characters of a grapheme cluster that need a glyph, gathered one by one: their count, and
/// the first ``capacity`` of them packed in two integers (21 bits each), which with a script and
/// a colour flag make a ``ShortClusterChoices`` key.
struct NeededScalars: Equatable {
    /// The most scalars packed.
    static let capacity = 4

    private(set) var count = 0
    /// Scalars 0 to 2 (bits 0–20, 21–41, 42–62).
    private(set) var low: UInt64 = 0
    /// Scalar 3.
    private(set) var high: UInt64 = 0

    /// Whether every scalar is packed (at most ``capacity``).
    var isShort: Bool { count <= Self.capacity }

    mutating func append(_ scalar: UInt32) {
        let bits = UInt64(scalar & 0x1F_FFFF)
        if count < 3 {
            low |= bits << UInt64(21 * count)
        } else if count == 3 {
            high = bits
        }
        count += 1
    }
}

/// Font choices of clusters needing at most ``NeededScalars/capacity`` characters (nearly all),
/// keyed by script, colour and the packed scalars in 128 bits: an open-addressed table (linear
/// probing, at most half full, doubled as it fills) that hashes with two multiplications and
/// compares two integers, key and value side by side. Emptied whole when it would hold more
/// than `capacity` keys.
struct ShortClusterChoices {
    private struct Slot {
        /// 0: empty.
        var high: UInt64 = 0
        var low: UInt64 = 0
        var value: ParagraphShaper.FontChoice? = nil
    }

    private var slots: [Slot]
    private var mask: Int
    /// 64 − log₂(slot count): a key's first slot is its hash's top bits.
    private var shift: UInt64
    private let capacity: Int
    private(set) var count = 0

    /// An empty table for up to `capacity` keys (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = Array(repeating: Slot(), count: 16)
        mask = 15
        shift = 60
    }

    /// The key's high half: never 0 (a script's tag is four letters), which marks an empty slot.
    private static func high(script: Script, colorOnly: Bool, needed: NeededScalars) -> UInt64 {
        UInt64(script.tag) << 32 | (colorOnly ? 1 << 31 : 0) | UInt64(needed.count) << 21 | needed.high
    }

    /// The first slot to probe for a key: the top bits of its halves mixed by multiplication.
    private func slot(high: UInt64, low: UInt64) -> Int {
        Int(truncatingIfNeeded: ((high &* 0x9E37_79B9_7F4A_7C15 ^ low) &* 0xBF58_476D_1CE4_E5B9) >> shift)
    }

    /// The value kept for a cluster of `script` needing `needed` (`.some(nil)`: nil was kept), or
    /// nil when there is none. `needed` must be short (``NeededScalars/isShort``).
    func value(script: Script, colorOnly: Bool, needed: NeededScalars) -> ParagraphShaper.FontChoice?? {
        let high = Self.high(script: script, colorOnly: colorOnly, needed: needed)
        let low = needed.low
        return slots.withUnsafeBufferPointer { slots in
            var index = slot(high: high, low: low)
            while true {
                let found = slots[index].high
                if found == high && slots[index].low == low { return .some(slots[index].value) }
                if found == 0 { return nil }
                index = (index + 1) & mask
            }
        }
    }

    /// Keeps `value` for a cluster of `script` needing `needed` (short), replacing what was kept
    /// for it; empties the table first when the key is new and the table holds `capacity` keys.
    mutating func insert(
        _ value: ParagraphShaper.FontChoice?, script: Script, colorOnly: Bool, needed: NeededScalars
    ) {
        precondition(needed.isShort, "only short clusters are packed whole")
        store(value, high: Self.high(script: script, colorOnly: colorOnly, needed: needed), low: needed.low)
    }

    private mutating func store(_ value: ParagraphShaper.FontChoice?, high: UInt64, low: UInt64) {
        var index = slot(high: high, low: low)
        while slots[index].high != 0 && !(slots[index].high == high && slots[index].low == low) {
            index = (index + 1) & mask
        }
        if slots[index].high == 0 {
            if count >= capacity {
                removeAll()
                store(value, high: high, low: low)
                return
            }
            if 2 * (count + 1) > slots.count {
                grow()
                store(value, high: high, low: low)
                return
            }
            count += 1
            slots[index].high = high
            slots[index].low = low
        }
        slots[index].value = value
    }

    /// Doubles the slots (keys are placed again).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        shift -= 1
        count = 0
        for slot in old where slot.high != 0 { store(slot.value, high: slot.high, low: slot.low) }
    }

    /// Forgets every key (the slots stay).
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in slots.indices { slots[index] = Slot() }
        count = 0
    }
}
