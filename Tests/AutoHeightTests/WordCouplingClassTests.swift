import Testing

@testable import AutoHeight

/// Class-based contextual rules (format 2) whose positions of class 0 ("every glyph the class
/// definition does not list") can match the space: HarfBuzz's glyph collection leaves class 0
/// out, so the word-coupling analysis reads the rules itself (`LookupTypes.classZeroMayMatch`).
struct WordCouplingClassTests {
    /// Noto Sans Bengali's `pres` lookup 18 is a chaining context (format 2) with a rule on the
    /// vowel sign i whose lookahead is class 0 then the vowel sign ii or the au length mark, and
    /// the space is listed in none of its class definitions: the rule can look across a space,
    /// so Bengali words are not shaped independently (they were judged independent before).
    /// Noto Sans Telugu, Kannada and Gujarati have such rules too; their other scripts and the
    /// bundled fonts keep their answers.
    @Test func classZeroPositionsThatMatchTheSpaceCoupleWords() throws {
        let cases: [(file: String, letter: UInt32)] = [
            ("NotoSansBengali-Regular.ttf", 0x0995), ("NotoSansTelugu-Regular.ttf", 0x0C15),
            ("NotoSansKannada-Regular.ttf", 0x0C95), ("NotoSansGujarati-Regular.ttf", 0x0A95),
        ]
        for (file, letter) in cases {
            let path = try #require(Fixtures.systemFont(file), "\(file) missing: apt-get install fonts-noto-core")
            let font = try Font(path: path)
            let script = Script.of(letter)
            guard case .coupled = font.wordCoupling(script: script, language: nil) else {
                Issue.record("\(file): words of its own script should be coupled")
                continue
            }
            #expect(font.wordCoupling(script: Script.of(0x61), language: nil).isIndependent, "\(file): Latin")
        }
        // Fonts whose class-based rules never match the space keep their answers.
        #expect(Fixtures.notoSans.wordCoupling(script: Script.of(0x61), language: nil).isIndependent)
    }
}
