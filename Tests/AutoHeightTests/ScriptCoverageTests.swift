import Testing

@testable import AutoHeight

/// What the foreign-run path of font fallback (``ParagraphShaper``) rests on: a font whose cmap
/// maps no character of a script draws no letter of it, because HarfBuzz can only reach a glyph
/// through the cmap, directly or through a canonical decomposition, and decompositions keep the
/// script.
@Suite struct ScriptCoverageTests {
    /// Rule: a canonical decomposition starts with a character of the decomposed character's
    /// script, or (Greek spacing accents such as U+1FC1) with a Common one; no Common or
    /// Inherited character decomposes into a letter of a script. So a letter whose decomposition
    /// keeps its script never decomposes, nor composes, into characters of other scripts, and
    /// the foreign-run path counts only such letters (``ParagraphShaper/isForeignLetter(_:of:)``).
    /// Checked for every scalar with HarfBuzz's own Unicode data.
    @Test func canonicalDecompositionsKeepTheScript() {
        var decomposable = 0
        var toCommon: [UInt32] = []
        var crossing: [String] = []
        for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
            guard let (first, _) = UnicodeProperties.canonicalDecomposition(of: value) else { continue }
            decomposable += 1
            let own = Script.of(value)
            let head = Script.of(first)
            if own == head || (own.isNeutral && head.isNeutral) { continue }
            if head.isNeutral {
                toCommon.append(value)
                #expect(!ParagraphShaper.isForeignLetter(value, of: own), "U+\(String(value, radix: 16))")
                continue
            }
            crossing.append("U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(decomposable > 2_000)  // Unicode has about 2,060 canonical decompositions
        #expect(crossing.isEmpty, "decompositions into another script: \(crossing.prefix(20))")
        #expect(toCommon.contains(0x1FC1))  // GREEK DIALYTIKA AND PERISPOMENI: U+00A8 U+0342
        #expect(ParagraphShaper.isForeignLetter(0x0627, of: Script.of(0x0627)))  // Arabic alef
        #expect(ParagraphShaper.isForeignLetter(0x0958, of: Script.of(0x0958)))  // Devanagari qa: ka + nukta
        #expect(!ParagraphShaper.isForeignLetter(0x0627, of: .latin))
        #expect(!ParagraphShaper.isForeignLetter(0x200C, of: Script.of(0x0627)))  // ZWNJ: ignorable
    }

    /// Rule: a font maps a script's characters or it does not; the answer is memoized per font.
    @Test func fontsKnowWhichScriptsTheyMap() {
        let notoSans = Fixtures.notoSans
        #expect(notoSans.mapsAnyCharacter(of: .latin))
        #expect(notoSans.mapsAnyCharacter(of: Script.of(0x0410)))  // Cyrillic
        #expect(!notoSans.mapsAnyCharacter(of: Script.of(0x0627)))  // Arabic
        #expect(!notoSans.mapsAnyCharacter(of: Script.of(0x0E01)))  // Thai
        #expect(!notoSans.mapsAnyCharacter(of: .han))
        let nanum = Fixtures.nanumGothic
        #expect(nanum.mapsAnyCharacter(of: .hangul))
        #expect(!nanum.mapsAnyCharacter(of: Script.of(0x05D0)))  // Hebrew
        // Asked twice: the memo's answer.
        #expect(!notoSans.mapsAnyCharacter(of: Script.of(0x0627)))
    }
}
