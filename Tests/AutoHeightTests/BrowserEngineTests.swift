import Testing

@testable import AutoHeight

/// `--browser firefox|webkit`: where Firefox's and WebKit's `<textarea>` lay text out otherwise
/// than Chromium's (``WebBreakRules``, ``BrowserEngine``), one test per behaviour, each with a
/// text where the engines answer differently. Every answer here was seen in Firefox ESR 153 or
/// WebKitGTK 2.50 (`scripts/browser-break-pairs.py --engine`, `scripts/browser-oracle/`).
@Suite struct BrowserEngineTests {
    func breaks(_ text: String, _ browser: BrowserEngine) throws -> [Int] {
        try BreakOpportunities.find(in: text, locale: "en", profile: .web, browser: browser)
    }

    func style(_ browser: BrowserEngine, size: Double = 16) -> TextStyle {
        var style = Fixtures.style(size: size)
        style.profile = .web
        style.browser = browser
        return style
    }

    /// Firefox breaks after `/` before a letter (`read/|writes`, `https://|www…`); Chromium and
    /// WebKit keep the run whole.
    @Test func firefoxBreaksAfterSlash() throws {
        #expect(try breaks("read/writes", .chromium) == [11])
        #expect(try breaks("read/writes", .webkit) == [11])
        #expect(try breaks("read/writes", .firefox) == [5, 11])
        #expect(try breaks("https://www.x", .firefox) == [8, 13])
    }

    /// Firefox keeps an opening bracket after `=`, `>` or `"` (`--format=<fmt>`), where Chromium
    /// and WebKit may break before it.
    @Test func firefoxKeepsOpeningBracketAfterEquals() throws {
        #expect(try breaks("format=<fmt>", .chromium) == [7, 12])
        #expect(try breaks("format=<fmt>", .webkit) == [7, 12])
        #expect(try breaks("format=<fmt>", .firefox) == [12])
    }

    /// Firefox never breaks between a hyphen and a digit in a textarea (`2025-08-01`, `UTF-8`):
    /// Gecko has the break only as a last resort, and `overflow-wrap: break-word` always fits
    /// more. Chromium and WebKit break after the hyphen.
    @Test func firefoxKeepsHyphenatedNumbersWhole() throws {
        #expect(try breaks("2025-08-01", .chromium) == [5, 8, 10])
        #expect(try breaks("2025-08-01", .webkit) == [5, 8, 10])
        #expect(try breaks("2025-08-01", .firefox) == [10])
        #expect(try breaks("well-known", .firefox) == [5, 10])
        // At a width where `x ab-` fits, Firefox puts the word on the next line and splits it
        // at the last grapheme that fits: `x ` | `ab-1` | `2 y`.
        #expect(try style(.firefox).prepare("x ab-12 y").ranges(width: 37.1) == [[0, 2], [2, 6], [6, 9]])
        #expect(try style(.chromium).prepare("x ab-12 y").ranges(width: 37.1) == [[0, 5], [5, 9]])
    }

    /// WebKit also breaks after a hyphen before closing punctuation, `/`, `:` and `;`.
    @Test func webkitBreaksAfterHyphenBeforeClosingPunctuation() throws {
        #expect(try breaks("a-)", .chromium) == [3])
        #expect(try breaks("a-)", .webkit) == [2, 3])
        #expect(try breaks("x-/d", .webkit) == [2, 4])
        #expect(try breaks("x-/d", .chromium) == [4])
    }

    /// VT and FF: Chromium glues them to both neighbours; Firefox breaks after them; WebKit
    /// breaks after them only before a non-ASCII character (ICU's answer there).
    @Test func breaksAfterVerticalTabAndFormFeed() throws {
        for control in ["\u{0B}", "\u{0C}"] {
            #expect(try breaks("a\(control)b", .chromium) == [3])
            #expect(try breaks("a\(control)b", .firefox) == [2, 3])
            #expect(try breaks("a\(control)b", .webkit) == [3])
            #expect(try breaks("а\(control)б", .chromium) == [3])
            #expect(try breaks("а\(control)б", .webkit) == [2, 3])
        }
        #expect(try breaks("a\u{01}b", .firefox) == [3])
        #expect(try breaks("а\u{01}б", .webkit) == [3])
    }

    /// Controls: Chromium draws C0 controls (but FF) as `.notdef`, WebKit also FF, DEL and the
    /// C1 controls, Firefox none.
    @Test func controlCharacterWidths() throws {
        let notdef = 9.6  // Noto Sans's .notdef at 16 px
        func extra(_ control: String, _ browser: BrowserEngine) throws -> Double {
            let style = style(browser)
            let with = try style.measure("a\(control)b", width: 500).maxLineWidth
            return with - (try style.measure("ab", width: 500).maxLineWidth)
        }
        #expect(abs(try extra("\u{04}", .chromium) - notdef) < 0.01)
        #expect(abs(try extra("\u{04}", .webkit) - notdef) < 0.01)
        #expect(try extra("\u{04}", .firefox) == 0)
        for control in ["\u{0C}", "\u{7F}", "\u{85}", "\u{90}"] {
            #expect(try extra(control, .chromium) == 0)
            #expect(abs(try extra(control, .webkit) - notdef) < 0.01)
            #expect(try extra(control, .firefox) == 0)
        }
    }

    /// Firefox keeps each glyph advance in app units, 1/60 px: ten `m` in Noto Sans at 16 px are
    /// 149.667 px (hmtx: 149.6), so a 149.6 px box holds them in Chromium but not in Firefox.
    @Test func firefoxRoundsAdvancesToAppUnits() throws {
        let text = String(repeating: "m", count: 10)
        #expect(abs(try style(.chromium).measure(text, width: 500).maxLineWidth - 149.6) < 1e-9)
        #expect(abs(try style(.firefox).measure(text, width: 500).maxLineWidth - 8980.0 / 60) < 1e-9)
        #expect(try style(.chromium).measure(text, width: 149.6).lineCount == 1)
        #expect(try style(.firefox).measure(text, width: 149.6).lineCount == 2)
        #expect(try style(.firefox).measure(text, width: 8980.0 / 60).lineCount == 1)
    }

    /// Firefox's tabs take room: a tab that does not fit moves to the next line (here split off
    /// its word, the only break being `overflow-wrap`'s), where Chromium's hangs past the edge.
    @Test func firefoxTabsTakeRoom() throws {
        #expect(try style(.chromium).prepare("aaaa\tbbbb").ranges(width: 60) == [[0, 5], [5, 9]])
        #expect(try style(.webkit).prepare("aaaa\tbbbb").ranges(width: 60) == [[0, 5], [5, 9]])
        #expect(try style(.firefox).prepare("aaaa\tbbbb").ranges(width: 60) == [[0, 4], [4, 5], [5, 9]])
        #expect(try style(.firefox).prepare("aaaa\tbbbb").ranges(width: 67) == [[0, 5], [5, 9]])
        // A space after the tab still hangs.
        #expect(try style(.firefox).prepare("x ab\t cd").ranges(width: 35) == [[0, 2], [2, 6], [6, 8]])
    }

    /// A tab stop nearer than half a `ch` (the width of `0`) is skipped in Firefox, as CSS Text 3
    /// says; Chromium and WebKit skip one nearer than half a space.
    @Test func firefoxSkipsTabStopNearerThanHalfACh() throws {
        let chromium = style(.chromium).tabStopEm
        let firefox = style(.firefox).tabStopEm
        // Noto Sans at 16 px: a space is 0.26 em (4.1667 px in app units), `0` 0.572 em (9.15 px).
        #expect(abs(firefox.interval * 16 - 33.3333) < 0.001)
        #expect(abs(firefox.minimumAdvance * 16 - 4.575) < 0.001)
        #expect(abs(chromium.minimumAdvance * 16 - 2.08) < 0.001)
        let pen = 28.933 / 16  // `iiiiiii`: 4.4 px before the stop
        #expect(abs(chromium.next(after: pen) * 16 - 33.28) < 0.001)
        #expect(abs(firefox.next(after: pen) * 16 - 66.6667) < 0.001)
    }

    /// The editor profile follows no browser, and one segment cache keeps each browser's breaks
    /// and advances apart.
    @Test func cacheKeepsBrowsersApart() throws {
        let text = "read/writes 2025-08-01 format=<fmt> a-) x\tyz mmmmmmmmmm read/writes 2025-08-01"
        var plain = style(.chromium)
        var cached = plain
        cached.segmentCache = SegmentCache()
        var answers: [BrowserEngine: [[Int]]] = [:]
        for browser in [BrowserEngine.chromium, .firefox, .webkit, .firefox, .chromium] {
            plain.browser = browser
            cached.browser = browser
            for width in [40.0, 80, 149.6] {
                #expect(try cached.prepare(text).ranges(width: width) == plain.prepare(text).ranges(width: width))
            }
            answers[browser] = try plain.prepare(text).ranges(width: 80)
        }
        #expect(answers[.firefox] != answers[.chromium])
        var editor = Fixtures.style(size: 16)
        let editorRanges = try editor.prepare(text).ranges(width: 80)
        editor.browser = .firefox
        #expect(try editor.prepare(text).ranges(width: 80) == editorRanges)
    }
}
