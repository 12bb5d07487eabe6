import Testing

@testable import AutoHeight

/// HarfBuzz inserts a dotted circle before a broken syllable (a vowel sign or mark with no base
/// of its script), but numbers syllables modulo 15 and skips a broken syllable numbered as the
/// last broken one: whether it gets its circle depends on the text before it in the same
/// buffer. Text holding an inserted circle is therefore never shaped in pieces (segment-cache
/// chunks, editor windows): ``UnitFlag/dottedCircle``.
@Suite struct DottedCircleTests {
    /// Khmer with two broken syllables (NIKAHIT at the start, AA after U+FFFD at the end) and
    /// `braces` closing braces between them, under the bundled fonts (none has Khmer). FuzzMeasure
    /// found it with ten: the cached measure was 10 px wider than the uncached one.
    static func text(braces: Int) -> String {
        "\u{17C6}\u{17A1}\u{1784}\u{1780}\u{1789}\u{FFFD}" + String(repeating: "}", count: braces)
            + "\u{01}\u{07}\u{00}@\u{01}\u{00}\u{FFFD}\u{01}\u{01}\u{00}\u{FFFD} <\u{FFFD}\u{17B6}"
    }

    static func style(cache: SegmentCache? = nil) throws -> TextStyle {
        var style = TextStyle(fonts: try FontStack.bundled(), fontSize: 17, language: "en")
        style.segmentCache = cache
        return style
    }

    /// Rule (HarfBuzz 6.0, the reason for the rule below): the last cluster's dotted circle
    /// comes and goes with the number of syllables before it, nine braces or ten.
    @Test func harfBuzzNumbersBrokenSyllablesModulo15() throws {
        let nine = try Self.style().prepare(Self.text(braces: 9)).paragraphs[0]
        let ten = try Self.style().prepare(Self.text(braces: 10)).paragraphs[0]
        #expect(nine.advances[nine.length - 2] == 2.194)  // U+FFFD 1 em, circle 0.594, .notdef 0.6
        #expect(ten.advances[ten.length - 2] == 1.6)  // no circle
        #expect(nine.flags[nine.length - 2] & UnitFlag.dottedCircle != 0)
        #expect(ten.flags[0] & UnitFlag.dottedCircle != 0)  // the first broken syllable has one
        #expect(ten.holdsDottedCircle)
    }

    /// Rule: with a segment cache, cold and warm, text holding a broken syllable comes out as
    /// without one (its run is shaped whole), for both brace counts.
    @Test func segmentCacheShapesBrokenSyllablesWithTheirRun() throws {
        for braces in [9, 10] {
            let text = Self.text(braces: braces)
            let plain = try Self.style().prepare(text)
            let cached = try Self.style(cache: SegmentCache())
            for pass in ["cold", "warm"] {
                let prepared = try cached.prepare(text)
                #expect(prepared.paragraphs == plain.paragraphs, "\(braces) braces, \(pass)")
                #expect(
                    try cached.measure(text, width: 100) == Self.style().measure(text, width: 100),
                    "\(braces) braces, \(pass)")
            }
        }
    }

    /// Rule: a long paragraph holding an inserted dotted circle is kept whole in the editor (no
    /// windows), and edits in it stay exact; one without any takes windows.
    @Test func editorKeepsParagraphsWithBrokenSyllablesWhole() throws {
        let style = EditableTextTests.style
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 100)
        let broken = words + "\u{093F} " + words  // a Devanagari vowel sign after a space
        for (text, takesWindows) in [(words + words, true), (broken, false)] {
            var editor = try EditableText(text, style: style)
            var expected = Array(text.utf16)
            for step in 0..<6 {
                let at = expected.count / 4 + 7 * step
                let insertion = step % 2 == 0 ? "x" : "y "
                try editor.replace(utf16Range: at..<at, with: insertion)
                expected.replaceSubrange(at..<at, with: Array(insertion.utf16))
                let full = try style.prepare(String(decoding: expected, as: UTF16.self))
                #expect(editor.prepared.paragraphs == full.paragraphs, "step \(step)")
                #expect(try editor.measure(width: 300) == full.measure(width: 300), "step \(step)")
            }
            #expect((editor.windowEditCount > 0) == takesWindows)
        }
    }
}
