import Testing

@testable import AutoHeight

/// A range shaped again within one text comes from the text's ``ShapedRangeMemo`` and equals
/// what HarfBuzz gives it alone; runs of joining scripts never do (their context matters).
@Suite struct ShapedRangeMemoTests {
    struct Shaped: Equatable {
        var advances: [Double]
        var flags: [UInt8]
        var missing: [Bool]
    }

    /// Shapes each of `runs` of `text` in `font` with one preparer (one text: later runs may come
    /// from the memo), or each in a preparer of its own (`fresh`: nothing to reuse). Returns the
    /// results and the memo's hits.
    static func shape(
        _ text: String, runs: [TextRun], font: Font, style: TextStyle, fresh: Bool
    ) throws -> (Shaped, hits: Int) {
        let units = Array(text.utf16)
        var advances = [Double](repeating: 0, count: units.count)
        var flags = [UInt8](repeating: 0, count: units.count)
        var missing: [Bool] = []
        var hits = 0
        let context = try style.preparationContext()
        for batch in fresh ? runs.map { [$0] } : [runs] {
            try context.withPreparer { (preparer) throws(AutoHeightError) in
                let memo = preparer.shaper.workspace.shapedRanges
                let before = memo.hits
                try units.withUnsafeBufferPointer { (units) throws(AutoHeightError) in
                    for run in batch {
                        missing.append(
                            try preparer.shaper.shapeRange(
                                run.range, of: run, font: font, units: units, advances: &advances, flags: &flags))
                    }
                }
                hits += memo.hits - before
            }
        }
        let shaped = Shaped(advances: advances, flags: flags, missing: missing)
        return (shaped, hits)
    }

    static func runs(of text: String) throws -> [TextRun] {
        try Array(text.utf16).withUnsafeBufferPointer { (units) throws(AutoHeightError) in try TextRuns.itemize(units) }
    }

    /// Rule: a Hangul word, a Greek one, a Devanagari conjunct in a font without Devanagari
    /// (missing glyphs) and a broken vowel sign in one with it (an inserted dotted circle),
    /// repeated in one text, are shaped once; the repeats equal their own shaping, flags and
    /// missing glyphs included.
    @Test func repeatsWithinATextComeFromTheMemo() throws {
        let style = Fixtures.style()
        let devanagariFont = try Font(path: BundledFonts.path(of: "NotoSansDevanagari-Regular.ttf"))
        let cases: [(half: String, font: Font, hits: Int, flag: UInt8)] = [
            ("서울 Seoul ", Fixtures.nanumGothic, 2, 0),
            ("abc αβγ ", Fixtures.nanumGothic, 2, 0),
            ("क्षत्रिय ok ", Fixtures.notoSans, 2, UnitFlag.missingGlyph),
            ("क ि ok ", devanagariFont, 2, UnitFlag.dottedCircle),
        ]
        for (half, font, expectedHits, flag) in cases {
            let text = half + half
            let runs = try Self.runs(of: text)
            let (once, hits) = try Self.shape(text, runs: runs, font: font, style: style, fresh: false)
            let (alone, none) = try Self.shape(text, runs: runs, font: font, style: style, fresh: true)
            #expect(none == 0)
            #expect(hits == expectedHits, "\(text)")
            #expect(once == alone, "\(text)")
            let second = half.utf16.count
            #expect(once.flags[second...].contains { $0 & flag == flag }, "\(text)")
        }
    }

    /// Rule: HarfBuzz's result for a range of a script that joins no letters ignores the text
    /// around it (what makes reuse exact), and for Arabic it does not: runs of joining scripts
    /// are never reused.
    @Test func onlyJoiningScriptsDependOnContext() throws {
        let arabicFont = try Font(path: BundledFonts.path(of: "NotoSansArabic-Regular.ttf"))
        let devanagariFont = try Font(path: BundledFonts.path(of: "NotoSansDevanagari-Regular.ttf"))
        let thaiFont = try Font(path: BundledFonts.path(of: "NotoSansThai-Regular.ttf"))
        let hebrewFont = try Font(path: BundledFonts.path(of: "NotoSansHebrew-Regular.ttf"))
        // (before, word, after, font): the word shaped with each context.
        let words: [(word: String, font: Font, contexts: [(String, String)])] = [
            ("ب", arabicFont, [("", ""), ("ب", "ب"), (" ", " ")]),
            ("क्षि", devanagariFont, [("", ""), ("क", "्"), ("ि", "ा")]),
            ("ที่", thaiFont, [("", ""), ("ก", "ี"), ("่", "ำ")]),
            ("שָׁ", hebrewFont, [("", ""), ("ש", "ׁ")]),
            ("fi", Fixtures.notoSans, [("", ""), ("f", "i")]),
        ]
        let style = Fixtures.style()
        for (word, font, contexts) in words {
            var results: [[Double]] = []
            for (before, after) in contexts {
                let text = before + word + after
                let units = Array(text.utf16)
                let start = before.utf16.count
                let range = start..<(start + word.utf16.count)
                let script = Script.of(word.unicodeScalars.first!.value)
                let run = TextRun(range: range, script: script, isRightToLeft: script.isRightToLeft)
                let advances = try style.preparationContext().withPreparer {
                    (preparer) throws(AutoHeightError) -> [Double] in
                    try units.withUnsafeBufferPointer { (units) throws(AutoHeightError) -> [Double] in
                        var advances = [Double](repeating: 0, count: units.count)
                        var flags = [UInt8](repeating: 0, count: units.count)
                        try preparer.shaper.shapeRange(
                            range, of: run, font: font, units: units, advances: &advances, flags: &flags)
                        return Array(advances[range])
                    }
                }
                results.append(advances)
            }
            let script = Script.of(word.unicodeScalars.first!.value)
            if script.joinsLetters {
                #expect(Set(results).count > 1, "\(word): context changes Arabic joining")
            } else {
                #expect(Set(results).count == 1, "\(word): \(results)")
            }
        }

        // Arabic repeated in one text: only the Latin runs ("ok" and the space after it, a run of
        // its own before right-to-left text) are reused, never the Arabic word.
        let arabic = "سلام ok سلام ok "
        let (_, hits) = try Self.shape(
            arabic, runs: try Self.runs(of: arabic), font: arabicFont, style: style, fresh: false)
        let arabicRuns = try Self.runs(of: arabic)
        #expect(arabicRuns.filter { $0.script == .arabic }.count == 2)
        #expect(hits == 2, "\(arabicRuns.map { ($0.range, $0.script.tag) })")
    }
}
