import Testing

@testable import AutoHeight

/// The fast paths give what the general paths give: itemization of an ASCII paragraph (one run,
/// Latin or Common), the itemizer's skip over units that change no run, and the UTF-16
/// transcoding eight bytes at a time.
@Suite struct ASCIIFastPathTests {
    /// Random text over `alphabet`, `count` scalars long.
    static func randomText(_ alphabet: [Unicode.Scalar], count: Int, using random: inout EditableTextTests.Generator)
        -> String
    {
        var text = String.UnicodeScalarView()
        for _ in 0..<count { text.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
        return String(text)
    }

    static let asciiAlphabet: [Unicode.Scalar] = (0..<128).map { Unicode.Scalar(UInt8($0)) }

    func itemized(_ text: String, fast: Bool) throws -> [TextRun] {
        let units = Array(text.utf16)
        var runs: [TextRun] = []
        var brackets = TextRuns.OpenBrackets()
        try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
            if fast {
                try TextRuns.itemize(buffer, bidi: BidiResolver(), into: &runs, brackets: &brackets)
            } else {
                try TextRuns.itemizeScalars(
                    buffer, bidi: BidiResolver(), context: nil, into: &runs, brackets: &brackets)
            }
        }
        return runs
    }

    /// Rule: an ASCII paragraph is one run, Latin when it holds a letter and Common otherwise,
    /// exactly what the scalar walk finds (brackets, digits and punctuation included).
    @Test func asciiParagraphIsOneRunAsTheScalarWalkFinds() throws {
        #expect(
            try itemized("(a) [b] {c}", fast: true) == [TextRun(range: 0..<11, script: .latin, isRightToLeft: false)])
        #expect(try itemized("12 + (3)", fast: true) == [TextRun(range: 0..<8, script: .common, isRightToLeft: false)])
        #expect(
            try itemized("12 + (3) z", fast: true) == [TextRun(range: 0..<10, script: .latin, isRightToLeft: false)])
        for unit in 0..<128 {
            let text = String(Unicode.Scalar(UInt8(unit)))
            #expect(try itemized(text, fast: true) == itemized(text, fast: false), "U+\(unit)")
        }
        var random = EditableTextTests.Generator(state: 13)
        let brackety: [Unicode.Scalar] = Array("()[]{} a1.".unicodeScalars)
        for round in 0..<400 {
            let alphabet = round % 2 == 0 ? Self.asciiAlphabet : brackety
            let text = Self.randomText(alphabet, count: 1 + Int(random.next() % 40), using: &random)
            #expect(try itemized(text, fast: true) == itemized(text, fast: false), "\(text.debugDescription)")
        }
    }

    /// Rule: the scalar walk skips units of the run's script or Common that are no bracket and no
    /// surrogate (with bidi levels, at the run's level); it finds exactly the runs of the walk
    /// over every unit, without levels and with them (left-to-right and right-to-left contexts,
    /// Hebrew, Arabic and bidi controls among the units).
    @Test func skippedUnitsChangeNoRun() throws {
        let alphabet: [Unicode.Scalar] = Array(
            "aZ1 ,.()[]{}«»\"'жЯλ漢字のをカ한ー・（）「」\u{3000}\u{301}\u{200D}\u{1F600}\u{20000}".unicodeScalars)
        let rightToLeft: [Unicode.Scalar] =
            alphabet + Array("אבג שלום مرحبا ١٢\u{200F}\u{200E}\u{202B}\u{202C}".unicodeScalars)
        func walked(_ text: String, levels: Bool, paragraphLevel: UInt8 = 0, skipping: Bool = true) throws
            -> [TextRun]
        {
            let units = Array(text.utf16)
            var runs: [TextRun] = []
            var brackets = TextRuns.OpenBrackets()
            try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
                try TextRuns.itemizeScalars(
                    buffer, bidi: levels ? BidiResolver() : nil,
                    context: levels ? BidiContext(paragraphLevel: paragraphLevel, before: 0x61, after: nil) : nil,
                    into: &runs, brackets: &brackets, skipsUnchanged: skipping)
            }
            return runs
        }
        #expect(
            try walked("漢字のabc", levels: false) == [
                TextRun(range: 0..<2, script: .han, isRightToLeft: false),
                TextRun(range: 2..<3, script: .hiragana, isRightToLeft: false),
                TextRun(range: 3..<6, script: .latin, isRightToLeft: false),
            ])
        var random = EditableTextTests.Generator(state: 29)
        for _ in 0..<600 {
            let text = Self.randomText(alphabet, count: 1 + Int(random.next() % 30), using: &random)
            let reference = try walked(text, levels: false, skipping: false)
            #expect(try walked(text, levels: false) == reference, "\(text.debugDescription)")
            #expect(try walked(text, levels: true) == reference, "\(text.debugDescription)")
        }
        var bidiRuns = 0
        for round in 0..<600 {
            let text = Self.randomText(rightToLeft, count: 1 + Int(random.next() % 30), using: &random)
            let level: UInt8 = round % 2 == 0 ? 0 : 1
            let reference = try walked(text, levels: true, paragraphLevel: level, skipping: false)
            #expect(try walked(text, levels: true, paragraphLevel: level) == reference, "\(text.debugDescription)")
            bidiRuns += reference.filter(\.isRightToLeft).count
        }
        #expect(bidiRuns > 300)
    }

    /// Rule: one non-ASCII unit anywhere sends the paragraph down the scalar walk.
    @Test func oneNonASCIIUnitTakesTheScalarWalk() throws {
        let units = Array("abc def".utf16)
        units.withUnsafeBufferPointer { #expect(TextRuns.asciiScript($0) == .latin) }
        let mixed = Array("abc \u{5D0}".utf16)
        mixed.withUnsafeBufferPointer { #expect(TextRuns.asciiScript($0) == nil) }
        #expect(
            try itemized("abc \u{5D0}\u{5D1}", fast: true) == [
                TextRun(range: 0..<4, script: .latin, isRightToLeft: false),
                TextRun(range: 4..<6, script: Script.of(0x5D0), isRightToLeft: true),
            ])
    }

    /// The transcoding and its three findings, one unit at a time (the reference).
    static func reference(_ text: String) -> (units: [UInt16], breaks: Bool, bidi: Bool, control: Bool) {
        let units = Array(text.utf16)
        let breaks = units.contains { Paragraphs.isBreak($0) }
        let bidi = units.contains { CharacterClasses.mayNeedBidi($0) }
        // VT and FF are breaks and controls both (WebKit draws FF and the C1 controls, NEL too).
        let control = units.contains { unit in
            (unit < 0x20 && unit != 0x0A && unit != 0x0D) || unit == 0x7F || (unit >= 0x80 && unit <= 0x9F)
        }
        return (units, breaks, bidi, control)
    }

    /// Rule: the eight-byte ASCII path and the paths for runs of two-byte characters (leads C3–DF)
    /// and of three-byte characters (leads E1 and E3–EE, and E0 from U+0900) transcode as the
    /// byte-by-byte one does and still find every break, control, DEL and character that may need
    /// bidi, wherever it falls in an eight-byte word or a run (one to three of them, or other
    /// characters, among printable ASCII; characters at each lead's and each path's edges, alone
    /// and in runs of them only); untrimmed storage holds the same units first.
    @Test func fastTranscodingMatchesTheReference() {
        var random = EditableTextTests.Generator(state: 7)
        let printable: [Unicode.Scalar] = (0x20..<0x7F).map { Unicode.Scalar(UInt8($0)) }
        let rare: [Unicode.Scalar] = [
            "\n", "\r", "\t", "\u{7F}", "\u{0B}", "\u{1F}", "\u{00}", "é", "\u{5D0}", "中", "😀", "\u{85}", "\u{9F}",
            "\u{800}", "\u{8FF}", "\u{FFF}", "\u{1000}", "\u{1FFF}", "\u{2000}", "\u{200F}", "\u{2028}", "\u{2029}",
            "\u{202A}", "\u{2069}", "\u{2FFF}", "\u{3000}", "한", "\u{D7FF}", "\u{E000}", "\u{EFFF}", "\u{F000}",
            "\u{FB1D}", "\u{FEFF}", "\u{FFFD}",
            // The edges of the two-byte and three-byte runs transcoded without checks.
            "\u{BF}", "\u{C0}", "\u{57F}", "\u{580}", "\u{58F}", "\u{590}", "\u{7FF}", "\u{8FE}", "\u{900}",
            "\u{E01}", "Я", "ก", "क", "\u{E0000}",
        ]
        for round in 0..<900 {
            // Every third round of the last 300 is made of those characters alone, so that they
            // follow each other in runs.
            var text =
                round >= 600 && round % 3 == 0
                ? Self.randomText(rare, count: Int(random.next() % 30), using: &random)
                : Self.randomText(printable, count: Int(random.next() % 40), using: &random)
            for _ in 0..<(round % 3 == 0 ? 0 : 1 + Int(random.next() % (round % 2 == 0 ? 3 : 12))) {
                let insert = rare[Int(random.next() % UInt64(rare.count))]
                let offset = text.unicodeScalars.count == 0 ? 0 : Int(random.next() % UInt64(text.unicodeScalars.count))
                var scalars = Array(text.unicodeScalars)
                scalars.insert(insert, at: offset)
                text = String(String.UnicodeScalarView(scalars))
            }
            var storage: [UInt16] = [1, 2, 3]
            var breakOffsets: [Int32] = [9]
            let found = transcodeUTF16Units(of: text, into: &storage, breakOffsets: &breakOffsets)
            let expected = Self.reference(text)
            #expect(Array(storage[..<found.count]) == expected.units, "\(text.debugDescription)")
            let breaks = expected.units.indices.filter { Paragraphs.isBreak(expected.units[$0]) }
            #expect(breakOffsets == breaks.map { Int32($0) }, "\(text.debugDescription)")
            #expect(!breakOffsets.isEmpty == expected.breaks, "\(text.debugDescription)")
            #expect(found.mayNeedBidi == expected.bidi, "\(text.debugDescription)")
            #expect(found.hasControl == expected.control, "\(text.debugDescription)")
            // Trimmed, as `scanUTF16Units(of:)` gives them.
            let scanned = scanUTF16Units(of: text)
            #expect(scanned.units == expected.units && scanned.breakOffsets == breakOffsets)
            #expect(scanned.mayNeedBidi == expected.bidi && scanned.hasControl == expected.control)
            // Untrimmed: the text's units come first, after storage that was longer.
            var long = [UInt16](repeating: 7, count: text.utf8.count + 5)
            let untrimmed = transcodeUTF16Units(of: text, into: &long, breakOffsets: &breakOffsets)
            #expect(untrimmed.count == expected.units.count)
            #expect(Array(long[..<untrimmed.count]) == expected.units, "\(text.debugDescription)")
            #expect(long.count == text.utf8.count + 5)
            #expect(untrimmed.mayNeedBidi == expected.bidi && untrimmed.hasControl == expected.control)
        }
    }

    /// Rule: paragraphs cut at the break offsets the transcoding found are those a pass over
    /// every unit finds, for each kind of paragraph breaks (CR LF one break, a lone CR or LF,
    /// VT, FF, NEL, U+2028 and U+2029, at the edges and side by side).
    @Test func splitAtFoundBreaksMatchesTheScan() {
        var random = EditableTextTests.Generator(state: 11)
        let alphabet: [Unicode.Scalar] = [
            "a", "b", " ", "é", "中", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "😀",
        ]
        var checked = 0
        for round in 0..<800 {
            var text = Self.randomText(alphabet, count: Int(random.next() % 24), using: &random)
            if round % 4 == 0 { text += "\r\n" }
            if round % 5 == 0 { text = "\r\n" + text }
            if round % 7 == 0 { text = text.replacing("a", with: "\r\n") }
            let scanned = scanUTF16Units(of: text)
            let units = scanned.units
            let offsets = scanned.breakOffsets
            for breaks in [Paragraphs.Breaks.all, .lineFeeds, .none] {
                var scanned: [Paragraphs.Span] = []
                var cut: [Paragraphs.Span] = []
                units.withUnsafeBufferPointer { all in
                    Paragraphs.split(all, breaks: breaks, into: &scanned)
                    offsets.withUnsafeBufferPointer { Paragraphs.split(all, breaks: breaks, at: $0, into: &cut) }
                }
                #expect(cut == scanned, "\(text.debugDescription) \(breaks)")
                checked += scanned.count
            }
        }
        #expect(checked > 3_000)
    }

    /// Rule: `String(utf16Units:)` is `String(decoding:as: UTF16.self)`, lone surrogates (leading,
    /// trailing, at the end, reversed pairs) becoming U+FFFD.
    @Test func stringFromUTF16UnitsDecodesAsTheStandardLibrary() {
        let samples: [[UInt16]] = [
            [], Array("plain ascii".utf16), Array("한국어 עברית 😀 👨‍👩‍👧 e\u{301}".utf16), [0xD800], [0xDC00, 0x41],
            [0x41, 0xD83D], [0xDE00, 0xD83D], [0xD83D, 0xDE00, 0xD83D, 0x20], [0xFFFF, 0x7FF, 0x800, 0x80],
        ]
        for units in samples {
            let decoded = String(utf16Units: units)
            #expect(decoded == String(decoding: units, as: UTF16.self), "\(units)")
            #expect(Array(decoded.unicodeScalars) == Array(String(decoding: units, as: UTF16.self).unicodeScalars))
        }
        #expect(String(utf16Units: [0x41, 0xD800, 0x42]) == "A\u{FFFD}B")
    }
}
