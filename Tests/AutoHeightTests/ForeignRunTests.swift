import Testing

@testable import AutoHeight

/// Runs of a script the primary font maps no character of skip the primary's HarfBuzz pass over
/// their letters (``ParagraphShaper/shapeForeignRun(_:checkingEmoji:units:advances:fontIndices:flags:anyMissing:)``)
/// and come out exactly as when shaped whole in the primary first.
@Suite struct ForeignRunTests {
    /// Per-unit results of shaping one paragraph's runs.
    struct Shaped: Equatable {
        var advances: [Double]
        var fontIndices: [UInt8]
        var flags: [UInt8]
        var missing: Int
    }

    /// Shapes every run of `text` with `style`'s stack: through the foreign-run path when
    /// `foreign`, else each run whole in the primary, then per-cluster font choice. Also returns
    /// how many runs the foreign path took.
    func shape(_ text: String, style: TextStyle, foreign: Bool) throws -> (Shaped, taken: Int) {
        let units = Array(text.utf16)
        return try style.preparationContext().withPreparer { (preparer) throws(AutoHeightError) in
            try units.withUnsafeBufferPointer { (units) throws(AutoHeightError) in
                let shaper = preparer.shaper
                let runs = try TextRuns.itemize(units)
                var flags = [UInt8](repeating: 0, count: units.count)
                try Graphemes.markStarts(of: units, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
                var advances = [Double](repeating: 0, count: units.count)
                var fontIndices = [UInt8](repeating: 0, count: units.count)
                var anyMissing = false
                var taken = 0
                for run in runs {
                    let emoji = ParagraphShaper.mayHoldEmoji(units, run.range)
                    if foreign,
                        try shaper.shapeForeignRun(
                            run, checkingEmoji: emoji, units: units, advances: &advances, fontIndices: &fontIndices,
                            flags: &flags, anyMissing: &anyMissing)
                    {
                        taken += 1
                        continue
                    }
                    let missing = try shaper.shapeRange(
                        run.range, of: run, font: shaper.fonts[0], units: units, advances: &advances, flags: &flags)
                    anyMissing = anyMissing || missing
                    if missing || emoji {
                        try shaper.assignFonts(
                            in: run, checkingEmoji: emoji, units: units, advances: &advances,
                            fontIndices: &fontIndices, flags: &flags, anyMissing: &anyMissing)
                    }
                }
                let missing = UnitFlag.missingClusters(in: flags[...])
                return (Shaped(advances: advances, fontIndices: fontIndices, flags: flags, missing: missing), taken)
            }
        }
    }

    static let texts = [
        "مرحبا. يبدأ الاجتماع في الساعة 3:30، هل يمكنك الحضور؟ OK 👍🏽 شكرا!",
        "שלום (עולם) — 12.5% הנחה!! ✓ ok",
        "สวัสดีครับ ผมชื่อ John, ยินดีที่ได้รู้จัก 😀 ค่ะ.",
        "नमस्ते, क्या आप ३ बजे आ सकते हैं? क्षत्रिय — ठीक है। ok",
        "ἀρχὴ ῁ Latin text with Greek ᾗ and a spacing accent ῭.",
        "\u{200F}مرحبا\u{200F}  \t  عالم",
    ]

    /// Rule: a foreign run comes out as the primary's whole-run pass makes it (advances, fonts,
    /// missing marks), and the path is taken for the Arabic, Hebrew, Thai and Devanagari runs.
    @Test func foreignRunsMatchTheWholeRunPass() throws {
        let style = FallbackFixtures.style()
        var taken = 0
        for text in Self.texts {
            let (fast, runs) = try shape(text, style: style, foreign: true)
            let (whole, none) = try shape(text, style: style, foreign: false)
            #expect(none == 0)
            #expect(fast == whole, "\(text)")
            taken += runs
        }
        #expect(taken >= 5)
    }

    /// Rule: random mixes of foreign letters (with marks, viramas, nuktas, Thai SARA AM, Arabic
    /// tatweel), Greek accents, Latin, digits, punctuation, spaces, joiners, emoji and marks
    /// after spaces (broken clusters) come out as the whole-run pass makes them, under a Latin
    /// primary (Noto Sans) and a CJK one (Noto Sans CJK when installed).
    @Test func randomMixesMatchTheWholeRunPass() throws {
        let pieces: [String] = [
            "ابتثجحخدذرسشصضطظعغفقكلمنهوي ًٌٍَُِّْٰـ،؟٣ ", "אבגדהוזחטיכלמנסעפצקרשת ְִֵֶַָֹּ־ ",
            "กขคงจฉชซญฎดตถทนบปผพฟภมยรลวศษสหอฮะัาำิีึืุูเแโใไ่้๊๋็ๆฯ ",
            "कखगघचछजझटठडढणतथदधनपफबभमयरलवशषसहािीुूेैोौंःँ़्ऽ।॥ ", "ἀρχὴ῁῭ΐ abc XYZ 0123 .,;:!?()[]-—'\"…%/ ",
            "\t\u{200C}\u{200D}\u{FE0F}😀👍🏽\u{0301}\u{00A0}",
        ]
        let alphabet: [Unicode.Scalar] = pieces.flatMap { Array($0.unicodeScalars) }
        var styles = [FallbackFixtures.style()]
        if let cjk = Fixtures.systemFont("NotoSansCJK-Regular.ttc") {
            styles.append(
                TextStyle(
                    fonts: FontStack(try Font(path: cjk, faceIndex: 1), systemFallback: FallbackFixtures.reference),
                    fontSize: 16, language: "ko"))
        }
        var random = EditableTextTests.Generator(state: 2_026)
        var taken = 0
        for style in styles {
            for _ in 0..<150 {
                let text = ASCIIFastPathTests.randomText(
                    alphabet, count: 1 + Int(random.next() % 30), using: &random)
                let (fast, runs) = try shape(text, style: style, foreign: true)
                let (whole, _) = try shape(text, style: style, foreign: false)
                #expect(fast == whole, "\(text.debugDescription)")
                taken += runs
            }
        }
        #expect(taken > 100)
    }

    /// Rule: a run whose letters no font has is shaped in the primary after all (its `.notdef`
    /// advances come from there), and the foreign path leaves nothing behind.
    @Test func lettersNoFontHasFallBackToTheWholeRunPass() throws {
        let style = TextStyle(
            fonts: FontStack(Fixtures.notoSans, systemFallback: SystemFallback(acceptingOnly: ["/nonexistent/*"])),
            fontSize: 16, language: "en")
        let text = "مرحبا بك. ok"
        let (fast, runs) = try shape(text, style: style, foreign: true)
        let (whole, _) = try shape(text, style: style, foreign: false)
        #expect(runs == 0)
        #expect(fast == whole)
        #expect(fast.missing == 7)  // every Arabic letter, in the primary's .notdef
    }

    /// Rule: only letters of the run's script that keep it when decomposed, and that are not
    /// default-ignorable, make a cluster foreign.
    @Test func foreignLetters() {
        let arabic = Script.of(0x0627)
        #expect(ParagraphShaper.isForeignLetter(0x0628, of: arabic))
        #expect(!ParagraphShaper.isForeignLetter(0x060C, of: arabic))  // Arabic comma: Common
        #expect(!ParagraphShaper.isForeignLetter(0x17B4, of: Script.of(0x17B4)))  // Khmer, default-ignorable
        #expect(!ParagraphShaper.isForeignLetter(0x1FED, of: Script.of(0x1FED)))  // Greek accent -> U+00A8
    }

    /// Rule: the BMP tables behind ``ParagraphShaper/isForeignLetter(_:of:)`` and
    /// ``CharacterClasses/takesNeighbouringFont(_:)`` answer as their definitions do, for every
    /// code point of the plane (letters of each script tried against their own script and
    /// against Latin and Arabic).
    @Test func characterTablesEqualTheirDefinitions() {
        var foreign = 0
        var neighbouring = 0
        for value in UInt32(0)..<0x10000 where !(0xD800...0xDFFF).contains(value) {
            let own = Script.of(value)
            for script in [own, Script.latin, Script.arabic] {
                let expected = ParagraphShaper.isForeignLetterByProperties(value, of: script)
                #expect(ParagraphShaper.isForeignLetter(value, of: script) == expected, "U+\(value)")
                if expected { foreign += 1 }
            }
            let takes = CharacterClasses.takesNeighbouringFontByCategory(value)
            #expect(CharacterClasses.takesNeighbouringFont(value) == takes, "U+\(value)")
            if takes { neighbouring += 1 }
        }
        #expect(foreign > 40_000)  // most of the plane's letters, Han included
        #expect(neighbouring > 60 && neighbouring < 400)
    }
}
