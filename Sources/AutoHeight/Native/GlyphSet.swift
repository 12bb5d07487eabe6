/// A set of glyph IDs as bits: built once, then only read (safe to share between threads, unlike
/// a HarfBuzz set, whose look-ups update a cache inside it).
struct GlyphSet: Sendable {
    private let words: [UInt64]

    init(_ glyphs: some Sequence<Int>) {
        var words: [UInt64] = []
        for glyph in glyphs where glyph >= 0 {
            let word = glyph >> 6
            if word >= words.count { words += [UInt64](repeating: 0, count: word + 1 - words.count) }
            words[word] |= 1 << UInt64(glyph & 63)
        }
        self.words = words
    }

    /// The glyphs of a HarfBuzz set.
    init(harfBuzzSet set: OpaquePointer) { self.init(HarfBuzzFont.members(of: set)) }

    func contains(_ glyph: UInt32) -> Bool {
        let word = Int(glyph >> 6)
        return word < words.count && words[word] >> UInt64(glyph & 63) & 1 == 1
    }

}
