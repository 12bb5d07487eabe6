import Testing

@testable import AutoHeight

/// Each rule of the measurement semantics, with exact line counts and break offsets.
@Suite struct SemanticsTests {
    @Test func emptyTextIsOneLine() throws {
        let result = try Fixtures.style().measure("", width: 100)
        #expect(result.lineCount == 1)
        #expect(abs(result.height - Fixtures.notoLineHeight16) < 1e-9)
        #expect(result.maxLineWidth == 0)
        #expect(try ranges("", width: 100) == [[0, 0]])
    }

    @Test func trailingNewlineAddsTheCaretLine() throws {
        #expect(try ranges("abc\n", width: 100) == [[0, 3], [4, 4]])
        #expect(try ranges("\n", width: 100) == [[0, 0], [1, 1]])
        #expect(try lineCount("two\n\n", width: 100) == 3)
        #expect(try lineCount("a\n\nb", width: 100) == 3)
    }

    @Test func everyExplicitBreakKind() throws {
        #expect(try ranges("a\r\nb", width: 100) == [[0, 1], [3, 4]], "CR LF is one break")
        #expect(try ranges("a\rb", width: 100) == [[0, 1], [2, 3]])
        #expect(try ranges("a\u{2028}b", width: 100) == [[0, 1], [2, 3]])
        #expect(try ranges("a\u{2029}b", width: 100) == [[0, 1], [2, 3]])
        #expect(try ranges("a\u{2029}", width: 100) == [[0, 1], [2, 2]])
        #expect(try ranges("a\r\n", width: 100) == [[0, 1], [3, 3]])
        #expect(try lineCount("a\r\r\nb", width: 100) == 3, "CR then CR LF: two breaks")
        #expect(try ranges("a\u{0B}b", width: 100) == [[0, 1], [2, 3]], "VT")
        #expect(try ranges("a\u{0C}b", width: 100) == [[0, 1], [2, 3]], "FF")
        #expect(try ranges("a\u{85}b", width: 100) == [[0, 1], [2, 3]], "NEL")
        // Their neighbours are no breaks.
        #expect(try lineCount("a\u{0E}b\u{84}c\u{86}d\u{2027}e\u{202A}f", width: 1000) == 1)
    }

    @Test func softWrapsAtICUBreakOpportunities() throws {
        // Pango 1.50 breaks this identically (oracle, Noto Sans 16 px, W = 100).
        #expect(try ranges("hello world foo bar baz", width: 100) == [[0, 12], [12, 23]])
        let result = try Fixtures.style().measure("hello world foo bar baz", width: 100)
        #expect(abs(result.maxLineWidth - 84.944) < 1e-9)
    }

    @Test func trailingWhitespaceHangsAndNeverForcesAWrap() throws {
        // W = width("bbbb") = 39.36 px: the spaces after "aaaa" hang instead of taking a line.
        let style = Fixtures.style()
        let width = try style.measure("bbbb", width: 1000).maxLineWidth
        #expect(abs(width - 39.36) < 1e-9)
        #expect(try ranges("aaaa   bbbb", width: width) == [[0, 7], [7, 11]])
        #expect(try ranges("aaaa      ", width: try style.measure("aaaa", width: 1000).maxLineWidth) == [[0, 10]])
        // Paragraph-final spaces hang too: one line at 120 px, measured without them.
        #expect(try ranges("trailing spaces      ", width: 120) == [[0, 21]])
        let hanging = try style.measure("trailing spaces      ", width: 120)
        #expect(abs(hanging.maxLineWidth - 108.16) < 1e-9)
        #expect(abs(hanging.maxLineWidth - (try style.measure("trailing spaces", width: 120).maxLineWidth)) < 1e-9)
    }

    @Test func pangoWhitespaceRuleCountsAllButTheLastSpace() throws {
        var style = Fixtures.style()
        style.trailingWhitespace = .pango
        // Pango 1.50 at 39.36 px: "aaaa ", "  ", "bbbb" (3 lines); we break the space run one
        // space earlier (a space does not hang inside an over-long segment), same count.
        #expect(try ranges("aaaa   bbbb", width: 39.36, style: style) == [[0, 4], [4, 7], [7, 11]])
        // Pango 1.50 at 120 px: "trailing ", "spaces      " (paragraph-final spaces count).
        #expect(try ranges("trailing spaces      ", width: 120, style: style) == [[0, 9], [9, 21]])
    }

    @Test func longWordMovesToANewLineThenBreaksAtGraphemes() throws {
        // Pango 1.50 (no hyphens): "Supercalifrag" "ilisticexpialid" "ocious".
        #expect(try ranges("Supercalifragilisticexpialidocious", width: 100) == [[0, 13], [13, 28], [28, 34]])
        // The long word first leaves the line "a ".
        #expect(
            try ranges("a Supercalifragilisticexpialidocious", width: 100) == [[0, 2], [2, 15], [15, 30], [30, 36]])
    }

    @Test func neverBreaksInsideAGraphemeCluster() throws {
        // e + 3 combining marks, 5 times: every line must end on a cluster boundary (multiple of 4).
        let cluster = "e\u{0301}\u{0302}\u{0323}"
        let text = String(repeating: cluster, count: 5)
        for width in [1.0, 9, 12, 20, 30] {
            for range in try ranges(text, width: width) {
                #expect(range[0] % 4 == 0 && range[1] % 4 == 0, "width \(width): \(range)")
            }
        }
        // A flag (two regional indicators, 4 UTF-16 units) and a ZWJ family stay whole.
        let emoji = "🇰🇷👨‍👩‍👧🇰🇷"
        #expect(try ranges(emoji, width: 1) == [[0, 4], [4, 12], [12, 16]])
    }

    @Test func aSingleGraphemeWiderThanTheLineTakesOneLine() throws {
        #expect(try ranges("W", width: 1) == [[0, 1]])
        #expect(try ranges("WWW", width: 1) == [[0, 1], [1, 2], [2, 3]])
    }

    @Test func tabsAdvanceToTheNextStopOfEightSpaces() throws {
        let style = Fixtures.style()
        let space =
            try style.measure("a b", width: 1000).maxLineWidth - (try style.measure("ab", width: 1000).maxLineWidth)
        let stop = 8 * space
        // "a\tb": the tab goes to the first stop, then b. Pango reports 43.121 px for this.
        let a = try style.measure("a", width: 1000).maxLineWidth
        let b = try style.measure("b", width: 1000).maxLineWidth
        let tabbed = try style.measure("a\tb", width: 1000).maxLineWidth
        #expect(abs(tabbed - (stop + b)) < 1e-9)
        #expect(abs(tabbed - 43.121) < 0.01)
        #expect(a < stop)
        // Two tabs: second stop.
        #expect(abs(try style.measure("a\t\tb", width: 1000).maxLineWidth - (2 * stop + b)) < 1e-9)
        // A configurable width: 4 spaces.
        var four = style
        four.tabWidth = 4
        #expect(abs(try four.measure("a\tb", width: 1000).maxLineWidth - (4 * space + b)) < 1e-9)
        // A trailing tab hangs.
        #expect(try lineCount("ab\t", width: a + b + 0.01) == 1)
    }

    @Test func heightIsLinesTimesLineHeightPlusSpacingBetween() throws {
        let text = "abc\ndef\nghi"  // 3 lines
        let metrics = try Fixtures.style(lineSpacing: 5).measure(text, width: 100)
        #expect(metrics.lineCount == 3)
        #expect(abs(metrics.height - (3 * Fixtures.notoLineHeight16 + 2 * 5)) < 1e-9)
        let em = try Fixtures.style(lineSpacing: 5, lineHeight: .em).measure(text, width: 100)
        #expect(abs(em.height - (3 * 16 + 2 * 5)) < 1e-9)
        let fixed = try Fixtures.style(lineHeight: .fixed(20)).measure(text, width: 100)
        #expect(abs(fixed.height - 60) < 1e-9)
        let multiple = try Fixtures.style(lineSpacing: 2, lineHeight: .multiple(1.5)).measure(text, width: 100)
        #expect(abs(multiple.height - (3 * 24 + 2 * 2)) < 1e-9)
        // One line: no spacing at all.
        #expect(
            abs(try Fixtures.style(lineSpacing: 5).measure("x", width: 100).height - Fixtures.notoLineHeight16) < 1e-9)
    }

    @Test func metricsLineHeightIsAscenderMinusDescenderPlusGap() throws {
        let metrics = Fixtures.notoSans.metrics
        #expect(abs(metrics.ascender - 1.069) < 1e-12)
        #expect(abs(metrics.descender + 0.293) < 1e-12)
        #expect(metrics.lineGap == 0)
        #expect(abs(metrics.lineHeight * 16 - Fixtures.notoLineHeight16) < 1e-9)
    }

    @Test func lineLimitsClampWithoutAJumpAtTheCap() throws {
        let style = Fixtures.style(lineSpacing: 2, lineHeight: .em)
        let five = "1\n2\n3\n4\n5"
        let capped = try style.measure(five, width: 100, lineLimits: LineLimits(minimum: 1, maximum: 3))
        #expect(capped.lineCount == 5)
        #expect(capped.visibleLineCount == 3)
        #expect(capped.overflows)
        #expect(capped.visibleHeight == 3 * 16 + 2 * 2, "spacing only between visible lines, none after the last")
        #expect(capped.height == 5 * 16 + 4 * 2)
        let atCap = try style.measure("1\n2\n3", width: 100, lineLimits: LineLimits(maximum: 3))
        #expect(atCap.visibleHeight == capped.visibleHeight, "no jump when the cap is reached")
        #expect(!atCap.overflows)
        let grown = try style.measure("1", width: 100, lineLimits: LineLimits(minimum: 3, maximum: 5))
        #expect(grown.lineCount == 1)
        #expect(grown.visibleLineCount == 3)
        #expect(grown.visibleHeight == 3 * 16 + 2 * 2)
        #expect(!grown.overflows)
    }

    @Test func fallbackFontsCoverWhatThePrimaryLacks() throws {
        let korean = "한국어"
        let alone = try TextStyle(font: Fixtures.notoSans, fontSize: 16).measure(korean, width: 1000)
        #expect(alone.missingGlyphCount == 3)
        let stack = TextStyle(fonts: FontStack(Fixtures.notoSans, fallbacks: [Fixtures.nanumGothic]), fontSize: 16)
        let covered = try stack.measure(korean, width: 1000)
        #expect(covered.missingGlyphCount == 0)
        // Line height: the fonts used on the line (Nanum Gothic's metrics for a Hangul-only line).
        let nanum = Fixtures.nanumGothic.metrics.lineHeight * 16
        #expect(abs(covered.height - nanum) < 1e-9)
        #expect(abs(nanum - Fixtures.notoLineHeight16) > 0.5, "the two fonts' line heights differ")
        let lines = try stack.prepare("abc\n한국어").lines(width: 1000)
        #expect(abs(lines[0].height - Fixtures.notoLineHeight16) < 1e-9)
        #expect(abs(lines[1].height - nanum) < 1e-9)
    }

    @Test func controlCharactersHaveNoWidthAndAreNotMissing() throws {
        let result = try Fixtures.style().measure("a\u{0007}b\u{001B}", width: 1000)
        #expect(result.missingGlyphCount == 0)
        #expect(abs(result.maxLineWidth - (try Fixtures.style().measure("ab", width: 1000).maxLineWidth)) < 1e-9)
    }

    @Test func fontSizeScalesWidthsWithoutReshaping() throws {
        let prepared = try Fixtures.style(size: 16).prepare("hello world foo bar baz")
        let at16 = try prepared.measure(width: 100)
        let at32 = try prepared.measure(width: 200, fontSize: 32)
        #expect(at16.lineCount == at32.lineCount)
        #expect(abs(at32.maxLineWidth - 2 * at16.maxLineWidth) < 1e-9)
        #expect(abs(at32.height - 2 * at16.height) < 1e-9)
    }

    @Test func rightToLeftAndMixedScriptsShape() throws {
        let arabic = try Font(path: BundledFonts.path(of: "NotoSansArabic-Regular.ttf"))
        let style = TextStyle(fonts: FontStack(arabic, fallbacks: [Fixtures.notoSans]), fontSize: 16, language: "ar")
        let result = try style.measure("مرحبا بالعالم 2024 AutoHeight", width: 1000)
        #expect(result.missingGlyphCount == 0)
        #expect(result.lineCount == 1)
        // Joining forms: the word is narrower shaped than its isolated letters side by side.
        let word = try style.measure("مرحبا", width: 1000).maxLineWidth
        let letters = try ["م", "ر", "ح", "ب", "ا"].map { try style.measure($0, width: 1000).maxLineWidth }.reduce(0, +)
        #expect(abs(word - letters) > 0.5)
    }
}

/// The two wrap defects of issue 14, in every profile.
@Suite struct ExactFitAndInnerWhitespaceTests {
    /// Rule: a line exactly as wide as the box fits. `ihr persönliches` in Noto Sans at 16 px is
    /// 7,500 font units = exactly 120 px; its em advances sum to 120.00000000000001 px.
    @Test func exactFitStaysOnTheLine() throws {
        #expect(try ranges("ihr persönliches", width: 120) == [[0, 16]])
        let result = try Fixtures.style().measure("ihr persönliches", width: 120)
        #expect(result.lineCount == 1)
        #expect(abs(result.maxLineWidth - 120) < 1e-9)
        #expect(try ranges("ihr persönliches", width: 119.99) == [[0, 4], [4, 16]])
    }

    /// Rule: whitespace never starts a line, also inside a segment that must break inside (no
    /// break opportunity before `:` after spaces): the spaces hang after `aaaa`.
    @Test func spacesBeforeANonStarterHang() throws {
        let text = "aaaa" + String(repeating: " ", count: 25) + ": x"
        #expect(try ranges(text, width: 120) == [[0, 29], [29, 32]])
        let lines = try Fixtures.style().prepare(text).lines(width: 120)
        #expect(abs(lines[0].width - (try Fixtures.style().measure("aaaa", width: 120).maxLineWidth)) < 1e-9)
    }
}
