import Testing

@testable import AutoHeight

/// A contextual rule may apply a lookup inside its match that reaches past the rule's context;
/// HarfBuzz's glyph collection does not follow such nested lookups' inputs, so the font
/// analyses (`WordCoupling` for the segment cache and word cuts, isolated letters for ideograph
/// cuts) follow them themselves.
@Suite struct NestedLookupTests {
    /// Rule: a font whose `calt` applies, from a rule on `f` alone, a ligature `f space i` (a
    /// synthetic fixture, `scripts/make-nested-lookup-test-font.py`) ties words together, so
    /// the segment cache shapes its runs whole and gives exactly the uncached preparation.
    @Test func nestedLigatureAcrossASpaceCouplesWords() throws {
        let font = try Font(path: Fixtures.url("nested-space-ligature.ttf").path)
        var coupled = false
        if case .coupled = font.wordCoupling(script: .latin, language: nil) { coupled = true }
        #expect(coupled)
        let style = TextStyle(font: font, fontSize: 1000)
        let whole = try style.prepare("af ib").paragraphs[0].advances
        #expect(whole == [0.5, 0.6, 0, 0, 0.5])  // em; the ligature crosses the space
        var cached = style
        cached.segmentCache = SegmentCache()
        for text in ["af ib", "ab fa ib af ib", "af ib"] {
            #expect(try cached.prepare(text).paragraphs == style.prepare(text).paragraphs, "\(text)")
        }
    }
}
