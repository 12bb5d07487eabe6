import Testing

@testable import AutoHeight

/// The shaping font's cached cmap (``HarfBuzzCmapCache``) answers exactly as the cmap itself.
struct CmapCacheTests {
    /// Every character of the BMP and the SMP, forwards then backwards: characters 4,096 apart
    /// share an entry, so each pass finds entries the other filled for different characters, and
    /// characters a font lacks are cached as missing, not as glyph 0 or a neighbour's glyph.
    @Test func cachedGlyphsAreTheCmapsInAnyOrder() {
        for font in [Fixtures.nanumGothic, Fixtures.notoSans] {
            let shaper = font.shaper
            let scalars = (UInt32(0)..<0x2_0000).filter { !(0xD800...0xDFFF).contains($0) }
            var mismatches: [UInt32] = []
            var found = 0
            for pass in [scalars, scalars.reversed(), scalars] {
                for scalar in pass {
                    let cached = shaper.nominalGlyph(scalar)
                    if cached != shaper.uncachedNominalGlyph(scalar) { mismatches.append(scalar) }
                    if cached != nil { found += 1 }
                    if shaper.hasGlyph(scalar) != (cached != nil) { mismatches.append(scalar) }
                }
            }
            #expect(mismatches.count == 0, "first mismatches: \(Array(mismatches.prefix(5)))")
            #expect(found > 3 * 2_000, "the font maps thousands of characters")
            #expect(found < 3 * scalars.count, "and lacks others")
        }
        // Known answers: Nanum Gothic has Hangul and no Thai.
        #expect(Fixtures.nanumGothic.shaper.nominalGlyph(0xAC00) != nil)
        #expect(Fixtures.nanumGothic.shaper.nominalGlyph(0x0E01) == nil)
        #expect(Fixtures.nanumGothic.shaper.nominalGlyph(0x0E01 + 4_096) == nil)
    }

    /// The same characters from many threads at once (the table is shared): every answer is the
    /// cmap's.
    @Test func concurrentLookUpsAgree() async {
        let shaper = Fixtures.nanumGothic.shaper
        let scalars = Array(UInt32(0xAC00)..<0xAC00 + 12_000) + Array(UInt32(0x20)..<0x7F)
        let expected = scalars.map { shaper.uncachedNominalGlyph($0) }
        let results = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for index in (task % 2 == 0 ? Array(scalars.indices) : scalars.indices.reversed())
                    where shaper.nominalGlyph(scalars[index]) != expected[index] {
                        wrong += 1
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(results == 0)
    }
}
