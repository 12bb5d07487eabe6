/// The characters of a grapheme cluster that need a glyph, gathered one by one: their count, and
/// the first ``capacity`` of them packed in two integers (21 bits each), which with a script and
/// a colour flag make a ``FontChoiceMemo`` key.
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

    /// The key of a short cluster (``isShort``) of `script`: script, colour and the packed
    /// scalars in 128 bits.
    func key(script: Script, colorOnly: Bool) -> FontChoiceMemo.ShortKey {
        FontChoiceMemo.ShortKey(
            high: UInt64(script.tag) << 32 | (colorOnly ? 1 << 31 : 0) | UInt64(count) << 21 | high, low: low)
    }
}
