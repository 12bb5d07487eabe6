import Testing

@testable import AutoHeight

/// The web profile: Chromium's `<textarea>` line breaking over ICU's (``WebBreakRules``), one
/// test per rule, each with a text where the editor profile (ICU's UAX #14) answers otherwise.
/// Offsets are UTF-16 break opportunities (after which a line may end).
@Suite struct WebProfileTests {
    func web(_ text: String, _ locale: String = "en") throws -> [Int] {
        try BreakOpportunities.find(in: text, locale: locale, profile: .web)
    }

    func editor(_ text: String, _ locale: String = "en") throws -> [Int] {
        try BreakOpportunities.find(in: text, locale: locale)
    }

    /// Rule breakAfterSpaces: after spaces a line may always break, also before `/ . , : ) ]`
    /// and after `(`, `[`, quotes, where UAX #14 LB13–LB15 forbid it.
    @Test func breakAfterSpaces() throws {
        #expect(try editor("a ) b") == [4, 5])
        #expect(try web("a ) b") == [2, 4, 5])
        #expect(try editor("( a") == [3])
        #expect(try web("( a") == [2, 3])
        #expect(try web("x « y »") == [2, 4, 6, 7])
        #expect(try web("a\tb") == [2, 3])
    }

    /// Rule asciiPairs: no break after `/` before a letter or digit (ICU breaks there).
    @Test func noBreakAfterSlash() throws {
        #expect(try editor("read/writes") == [5, 11])
        #expect(try web("read/writes") == [11])
        #expect(try web("https://example.org/a1/2") == [24])
    }

    /// Rule asciiPairs: a hyphen after a space breaks before a letter (ICU 72's word-initial
    /// hyphen rule forbids it).
    @Test func wordInitialHyphen() throws {
        #expect(try editor("und -konflikte") == [4, 14])
        #expect(try web("und -konflikte") == [4, 5, 14])
    }

    /// Rule hyphenBeforeDigit: `-` before a digit breaks after an ASCII letter or digit only.
    @Test func hyphenBeforeDigit() throws {
        #expect(try editor("1003.1-2001") == [11])
        #expect(try web("1003.1-2001") == [7, 11])
        #expect(try web("ABCD-1234") == [5, 9])
        #expect(try web("x -1") == [2, 4])
        #expect(try web("(-1") == [3])
        #expect(try web("é-1") == [3])
    }

    /// Rule asciiPairs: `=` and `>` break before `<`, `(`, `[`, `{`; nothing breaks after `$`,
    /// inside `\\`, `++` or `%d%%`, where ICU breaks.
    @Test func asciiPunctuationPairs() throws {
        #expect(try web("--format=<fmt>") == [1, 2, 9, 14])  // and after each hyphen
        #expect(try web("a=(b)") == [2, 5])
        #expect(try editor("a=(b)") == [5])
        #expect(try web("a>[b]") == [2, 5])
        #expect(try web("$x") == [2])
        #expect(try web("a\\\\b") == [4])
        #expect(try web("c++x") == [4])
        #expect(try web("%d%%") == [4])
        #expect(try web("what?yes") == [5, 8])
    }

    /// Rule icu: a boundary with a non-ASCII character on either side keeps ICU's answer (Hangul
    /// syllables break between each other; Thai by dictionary).
    @Test func nonASCIIBoundariesKeepICU() throws {
        #expect(try web("회의는 내일", "ko") == [1, 2, 4, 5, 6])
        #expect(try web("ภาษาไทย", "th") == editor("ภาษาไทย", "th"))
        #expect(try web("über/Straße") == [11])
    }

    /// Rule controlsGlue: no break beside VT, FF or another ASCII control (not tab), also where
    /// ICU breaks after a mandatory break; U+2028, U+2029 and NEL keep ICU's break after them.
    @Test func controlsGlue() throws {
        #expect(try editor("ab\u{0B}cd") == [3, 5])
        #expect(try web("ab\u{0B}cd") == [5])
        #expect(try web("аб\u{0C}вг", "ru") == [5])
        #expect(try web("ab\u{01}cd") == [5])
        #expect(try web("ab\u{2028}cd") == [3, 5])
        #expect(try web("ab\u{85}cd") == [3, 5])
    }

    /// Tabs: in the web profile a tab is at least half a space wide, else it moves to the next
    /// stop (Chromium). `      -e ENAME` ends 1.86 px before a stop (33.28 px apart at 16 px), so
    /// the tab jumps a whole stop further and `trình` no longer fits 200 px.
    @Test func tabAtLeastHalfASpace() throws {
        var style = Fixtures.style(size: 16)
        let text = "      -e ENAME\tchọn trình"
        #expect(try style.measure(text, width: 200).lineCount == 1)
        style.profile = .web
        #expect(try style.measure(text, width: 200).lineCount == 2)
        #expect(try style.measure("x\tx", width: 200).maxLineWidth == style.measure("\tx", width: 200).maxLineWidth)
    }

    /// U+2028, U+2029, VT, FF and NEL end a line in the editor profile, not in a textarea.
    @Test func separatorsDoNotEndLines() throws {
        var style = Fixtures.style()
        for separator in ["\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}"] {
            style.profile = .editor
            #expect(try style.measure("a\(separator)b", width: 200).lineCount == 2)
            style.profile = .web
            #expect(try style.measure("a\(separator)b", width: 200).lineCount == 1)
        }
        #expect(try style.measure("a\nb\r\nc\rd", width: 200).lineCount == 4)
    }

    /// The profile changes line counts through the whole pipeline: at 60 px, `read/writes` is one
    /// over-long word in a textarea (split by overflow-wrap) but two words for the editor.
    @Test func profileReachesMeasure() throws {
        var style = Fixtures.style(size: 16)
        let editorRanges = try style.prepare("x read/writes").ranges(width: 60)
        style.profile = .web
        let webRanges = try style.prepare("x read/writes").ranges(width: 60)
        #expect(editorRanges != webRanges)
        #expect(webRanges.first == [0, 2])
    }

    /// A segment cache keeps each profile's breaks apart: measuring in one profile, then the
    /// other, with one cache gives what each gives without it.
    @Test func cacheKeepsProfilesApart() throws {
        let text = "und -konflikte read/writes 1003.1-2001 --format=<fmt> ( a ) und -konflikte read/writes"
        var plain = Fixtures.style(size: 16)
        var cached = plain
        cached.segmentCache = SegmentCache()
        for profile in [LayoutProfile.editor, .web, .editor, .web] {
            plain.profile = profile
            cached.profile = profile
            for width in [40.0, 80, 120] {
                #expect(try cached.prepare(text).ranges(width: width) == plain.prepare(text).ranges(width: width))
            }
        }
    }
}
