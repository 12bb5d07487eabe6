import Foundation
import Testing

@testable import AutoHeight

/// The CSS text properties of ``TextStyle`` (web profile, Noto Sans 16 px): one test per value,
/// each with a text whose lines differ from the default (`pre-wrap`, `break-word`, `normal`,
/// `auto`, tab-size 8, `metrics`). Every expected range was seen in Chromium 156 too
/// (`scripts/browser-oracle/measure.py --line-ranges --css …`); `BrowserCSSTests` checks the
/// counts of many more texts.
@Suite struct CSSPropertiesTests {
    func web(_ configure: (inout TextStyle) -> Void = { _ in }) -> TextStyle {
        var style = Fixtures.style()
        style.profile = .web
        configure(&style)
        return style
    }

    @Test func whiteSpaceNormalCollapsesSpacesTabsAndLineFeeds() throws {
        let text = "  one   two\n\nthree\tfour  "
        #expect(try ranges(text, width: 400, style: web()) == [[0, 11], [12, 12], [13, 25]])
        let normal = web { $0.whiteSpace = .normal }
        #expect(normal.paragraphBreaks == .none)
        #expect(try ranges(text, width: 400, style: normal) == [[0, 25]])
        // The visible width is that of "one two three four": the leading run has none.
        let collapsed = try web().measure("one two three four", width: 400).maxLineWidth
        #expect(try normal.measure(text, width: 400).maxLineWidth == collapsed)
        #expect(try ranges("one\n two\n\n three", width: 40, style: web()).count == 5)
        #expect(try ranges("one\n two\n\n three", width: 40, style: normal) == [[0, 5], [5, 11], [11, 16]])
        // A leading run is not there: a long first word is not pushed to a second line
        // (Chromium 156: 4 lines at 120 px; with a break after the leading space, 5).
        let leading = " <нераспознанная версия EABI>     Неявные члены:"
        #expect(try ranges(leading, width: 120, style: normal).count == 4)
        #expect(try ranges(leading, width: 120, style: normal)[0] == [0, 13])
        #expect(try lineCount("\n\n", width: 120, style: normal) == 1)
        #expect(try lineCount("", width: 120, style: normal) == 1)
        let spaced = "x" + String(repeating: " ", count: 60) + "y"
        #expect(try ranges(spaced, width: 120, style: web()) == [[0, 61], [61, 62]])
        #expect(try ranges(spaced, width: 120, style: normal) == [[0, 62]])
    }

    @Test func whiteSpaceBreakSpacesMakesSpacesTakeRoom() throws {
        let text = "aaaa bbbb cccc"
        #expect(try ranges(text, width: 40, style: web()) == [[0, 5], [5, 10], [10, 14]])
        let breakSpaces = web { $0.whiteSpace = .breakSpaces }
        #expect(try ranges(text, width: 40, style: breakSpaces) == [[0, 4], [4, 5], [5, 9], [9, 14]])
        #expect(try ranges("ab  cd", width: 20, style: breakSpaces) == [[0, 2], [2, 4], [4, 6]])
        // Spaces at the paragraph's end take room too.
        let trailing = "abc" + String(repeating: " ", count: 30)
        #expect(try ranges(trailing, width: 60, style: web()) == [[0, 33]])
        #expect(try ranges(trailing, width: 60, style: breakSpaces) == [[0, 11], [11, 25], [25, 33]])
    }

    /// `anywhere` differs from `break-word` only in min-content widths: at a fixed width the
    /// lines are the same (Chromium too, on every text of `BrowserCSSTests`).
    @Test func overflowWrapAnywhereBreaksLongWordsLikeBreakWord() throws {
        let text = "Donaudampfschifffahrtsgesellschaft ist lang"
        let anywhere = web { $0.overflowWrap = .anywhere }
        #expect(try ranges(text, width: 120, style: anywhere) == [[0, 12], [12, 28], [28, 43]])
        #expect(try ranges(text, width: 120, style: web()) == ranges(text, width: 120, style: anywhere))
    }

    @Test func wordBreakBreakAll() throws {
        let text = "Filters supported (yes), 100%"
        #expect(try ranges(text, width: 60, style: web()) == [[0, 8], [8, 15], [15, 18], [18, 25], [25, 29]])
        let breakAll = web { $0.lineBreakRules.wordBreak = .breakAll }
        #expect(breakAll.language == "en-u-lw-breakall")
        #expect(try ranges(text, width: 60, style: breakAll) == [[0, 9], [9, 15], [15, 21], [21, 27], [27, 29]])
        var editor = breakAll
        editor.profile = .editor
        #expect(try ranges(text, width: 60, style: editor) == [[0, 9], [9, 15], [15, 21], [21, 27], [27, 29]])
    }

    @Test func lineBreakAnywhere() throws {
        let text = "Filters supported (yes), 100%"
        let anywhere = web { $0.lineBreakRules.strictness = .anywhere }
        #expect(anywhere.language == "en-u-lb-anywhere")
        #expect(try ranges(text, width: 60, style: anywhere) == [[0, 9], [9, 15], [15, 23], [23, 29]])
        // Spaces still hang, one segment each.
        let spaced = "x" + String(repeating: " ", count: 60) + "y"
        #expect(try ranges(spaced, width: 120, style: anywhere) == [[0, 61], [61, 62]])
    }

    @Test func lineBreakStrictnessKeepsItsCJKMeaning() throws {
        // Unchanged by the web profile: small kana may start a line only with normal or loose.
        let kana = "ちょっと"
        #expect(try BreakOpportunities.find(in: kana, locale: "ja@lb=strict", profile: .web) == [3, 4])
        #expect(try BreakOpportunities.find(in: kana, locale: "ja@lb=normal", profile: .web) == [1, 2, 3, 4])
        #expect(try BreakOpportunities.find(in: "々々", locale: "ja@lb=loose", profile: .web) == [1, 2])
        #expect(try BreakOpportunities.find(in: "々々", locale: "ja@lb=normal", profile: .web) == [2])
    }

    @Test func tabSize() throws {
        let space = Fixtures.notoSans.spaceAdvance * 16
        func width(_ text: String, _ size: TabSize?) throws -> Double {
            try web { $0.tabSize = size }.measure(text, width: 500).maxLineWidth
        }
        let x = try web().measure("x", width: 500).maxLineWidth
        #expect(try width("\tx", nil) == 8 * space + x)
        #expect(try width("\tx", .spaces(2)) == 2 * space + x)
        #expect(try width("\tx", .spaces(0)) == x)
        #expect(try width("\tx", .pixels(30)) == 30 + x)
        #expect(try width("xx\tx", .pixels(30)) == 30 + x)  // Chromium: 38.46875 px
        // Less than half a space to the stop: on to the next one (web profile).
        let almost = 30 - space / 4
        #expect(try width("\tx", .pixels(almost)) == almost + x)
        #expect(TabSize(parsing: "4") == .spaces(4))
        #expect(TabSize(parsing: "40px") == .pixels(40))
        #expect(TabSize(parsing: "-1") == nil)
        #expect(throws: AutoHeightError.invalidTabSize("2000.0")) { try web { $0.tabSize = .spaces(2000) }.validate() }
    }

    @Test func lineHeightNormalRoundsEachMetric() throws {
        // Noto Sans: ascender 1069, descender −293, gap 0 per 1000: 17.104 → 17, 4.688 → 5.
        let normal = web { $0.lineHeight = .normal }
        #expect(try normal.measure("a\nb\nc", width: 100).height == 66)
        #expect(try web().measure("a\nb\nc", width: 100).height != 66)
        // Nanum Gothic: 920 and −230 per 1000: 14.72 → 15, 3.68 → 4.
        var nanum = TextStyle(font: Fixtures.nanumGothic, fontSize: 16, language: "ko", lineHeight: .normal)
        nanum.profile = .web
        #expect(try nanum.measure("가\n나", width: 100).height == 38)
        #expect(LineHeight(parsing: "normal") == .normal)
    }

    /// Heights Chromium 156 gave one line with `line-height: normal` (scrollHeight of the
    /// textarea, scripts/browser-oracle/measure.py --line-height normal). The fixture font is
    /// Noto Sans's ASCII subset with USE_TYPO_METRICS set and typo metrics 1100 / −400 / 150
    /// (hhea keeps 1069 / −293 / 0): Chromium uses the typo metrics, as HarfBuzz does.
    @Test(arguments: [(13.0, 18.0, 21.0), (16, 22, 26), (17.5, 24, 29), (20, 27, 33)])
    func lineHeightNormalAtSizesAsChromium(size: Double, noto: Double, typo: Double) throws {
        let typoFont = try Font(path: Fixtures.url("typo-metrics-font.ttf").path)
        for (font, expected) in [(Fixtures.notoSans, noto), (typoFont, typo)] {
            var style = TextStyle(font: font, fontSize: size, lineHeight: .normal)
            style.profile = .web
            #expect(try style.measure("ab cd\nef", width: 300).height == 2 * expected)
        }
    }
}

/// Two Chromium behaviours found on texts beyond the corpus (docs/browser-agreement.md).
@Suite struct WebProfileFindingsTests {
    /// `word-break: keep-all` in Chromium keeps letters and numbers together by general
    /// category, so `<` (UAX #14 class AL, a math symbol) lets a Korean word break after it;
    /// the editor profile keeps `<명령어>` whole (UAX #14 letter classes).
    @Test func keepAllLetsSymbolsBreakInTheWebProfile() throws {
        var style = TextStyle(font: Fixtures.nanumGothic, fontSize: 16, language: "ko-u-lw-keepall")
        let text = "옵션 <명령어>"
        let editor = try style.prepare(text).ranges(width: 60)
        style.profile = .web
        let web = try style.prepare(text).ranges(width: 60)
        #expect(editor == [[0, 3], [3, 7], [7, 8]])  // <명령어 is one word, broken where it overflows
        #expect(web == [[0, 4], [4, 8]])
    }

    /// Chromium draws C0 controls other than tab, LF, FF and CR as `.notdef` (9.59375 px in Noto
    /// Sans at 16 px, 600 units); the editor profile gives them no width.
    @Test func controlCharactersTakeNotdefWidthInTheWebProfile() throws {
        var style = Fixtures.style()
        let plain = try style.measure("ab", width: 500).maxLineWidth
        #expect(try style.measure("a\u{4}b", width: 500).maxLineWidth == plain)
        style.profile = .web
        #expect(abs(try style.measure("a\u{4}b", width: 500).maxLineWidth - plain - 9.6) < 1e-9)
        #expect(abs(try style.measure("a\u{B}b", width: 500).maxLineWidth - plain - 9.6) < 1e-9)
        for zeroWidth in ["a\u{0}b", "a\u{C}b", "a\u{7F}b", "a\u{85}b"] {
            #expect(try style.measure(zeroWidth, width: 500).maxLineWidth == plain, "\(zeroWidth.debugDescription)")
        }
    }

    /// A segment of whitespace alone (UAX #14 breaks between a space and a tab; `line-break:
    /// anywhere` before every space) hangs like trailing whitespace in every profile: the tab
    /// stays on the first line, as in Chromium (`[[0, 32], [32, 34]]`).
    @Test func aWhitespaceOnlySegmentHangsInEveryProfile() throws {
        let text = "x" + String(repeating: " ", count: 30) + "\tyy"
        var style = Fixtures.style()
        #expect(try ranges(text, width: 120, style: style) == [[0, 32], [32, 34]])
        style.profile = .web
        #expect(try ranges(text, width: 120, style: style) == [[0, 32], [32, 34]])
    }
}
