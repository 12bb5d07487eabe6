import Foundation
import Testing

@testable import AutoHeight

/// Hostile and unlucky inputs (issue 10): each case ends in an exact answer or a typed error with
/// a clear message, never a crash, a hang or a silently wrong number. The validation pattern's
/// cases are in ``ValidationPatternTests``, the CLI's in ``HostileCLITests``.
@Suite struct HostileInputTests {
    /// Item 5: the 33rd font of a stack was dropped silently (its glyphs counted as missing).
    @Test func fontsPastTheLimitAreAnErrorNotDropped() throws {
        let hebrew = try Font(path: BundledFonts.path(of: "NotoSansHebrew-Regular.ttf"))
        let fillers = Array(repeating: Fixtures.notoSans, count: 31)
        let full = FontStack(Fixtures.notoSans, fallbacks: fillers)
        #expect(full.fonts.count == FontStack.maximumFontCount)
        #expect(try TextStyle(fonts: full).measure("a", width: 100).lineCount == 1)

        let stack = FontStack(Fixtures.notoSans, fallbacks: fillers + [hebrew])
        #expect(stack.fonts.count == 33, "every font kept")
        #expect(stack.fonts.last === hebrew)
        #expect(throws: AutoHeightError.tooManyFonts(count: 33, limit: 32)) {
            try TextStyle(fonts: stack).measure("שלום", width: 100)
        }
        #expect(
            AutoHeightError.tooManyFonts(count: 33, limit: 32).description
                == "too many fonts: 33 in one stack (limit 32)")
    }

    /// Item 6: a tab width of 1 000 000 said "must be ≥ 1 space".
    @Test func tabWidthNamesItsRange() throws {
        var style = Fixtures.style()
        style.tabWidth = 1_000_000
        #expect(throws: AutoHeightError.invalidTabWidth(1_000_000)) { try style.measure("a\tb", width: 100) }
        #expect(
            AutoHeightError.invalidTabWidth(1_000_000).description
                == "invalid tab width 1000000: must be 1...1000 spaces")
    }

    /// Item 1, fontconfig: its calls that allocate (`FcPatternCreate`, `FcPatternAdd*`,
    /// `FcConfigSubstitute`, `FcFontSort`, `FcFontMatch`) went unchecked, so a failure gave a
    /// shorter fallback list and Korean counted as missing glyphs with a normal-looking result.
    /// The failure (injected) is a typed error on the fallback and the by-name paths, and
    /// nothing is cached from the failed query.
    @Test func fontconfigFailureIsAnErrorNotMissingGlyphs() throws {
        let fallback = SystemFallback(acceptingOnly: ["/usr/share/fonts/opentype/noto/*"])
        let style = FallbackFixtures.style(fallback: fallback)
        let failure = AutoHeightError.fontconfigFailure("cannot create a pattern (out of memory)")
        NativeFailureInjection.withFontconfigAllocationFailing {
            #expect(throws: failure) { try style.measure("안녕하세요", width: 1000) }
            #expect(throws: failure) { try Font(family: "Noto Sans") }
        }
        #expect(failure.description == "fontconfig failed: cannot create a pattern (out of memory)")
        let korean = try style.measure("안녕하세요", width: 1000)
        #expect(korean.missingGlyphCount == 0, "the failed query left no empty list behind")
        #expect(fallback.discoveredFonts.map(\.familyName) == ["Noto Sans CJK KR"])
        #expect(try Font(family: "Noto Sans").familyName == "Noto Sans")
    }

    /// Item 3: `a` + 200,000 U+0301 did not finish in 120 s (shaping is quadratic in a run of
    /// marks). A run longer than `maximumCombiningMarks` (default 1024) is refused after a linear
    /// scan; 1024 marks, and the corpora's 60-mark "zalgo" text, still measure.
    @Test func longRunsOfCombiningMarksAreRefused() throws {
        let style = Fixtures.style()
        let hostile = "a" + String(repeating: "\u{301}", count: 200_000)
        #expect(throws: AutoHeightError.combiningMarksExceedLimit(utf16Offset: 1, count: 200_000, limit: 1024)) {
            try style.measure(hostile, width: 100)
        }
        #expect(try style.measure("a" + String(repeating: "\u{301}", count: 1024), width: 100).lineCount == 1)
        var strict = style
        strict.limits.maximumCombiningMarks = 30  // UAX #15's stream-safe bound
        #expect(throws: AutoHeightError.combiningMarksExceedLimit(utf16Offset: 2, count: 31, limit: 30)) {
            try strict.prepare("ok\nxy" + "\u{301}\u{302}" + String(repeating: "\u{301}", count: 29) + " z")
        }
        #expect(try strict.measure("a" + String(repeating: "\u{301}", count: 30), width: 100).lineCount == 1)
        // Marks of several scripts count alike (ccc ≠ 0), in the supplementary planes too; a
        // starter ends the run.
        #expect(throws: AutoHeightError.combiningMarksExceedLimit(utf16Offset: 1, count: 31, limit: 30)) {
            try strict.measure("x" + String(repeating: "\u{5B8}\u{93C}\u{1D165}", count: 10) + "\u{301}", width: 100)
        }
        #expect(
            try strict.measure(String(repeating: "e\u{301}\u{5B8}\u{93C}", count: 50), width: 100_000).lineCount == 1)
        #expect(
            AutoHeightError.combiningMarksExceedLimit(utf16Offset: 1, count: 31, limit: 30).description
                == "31 combining marks in a row at UTF-16 offset 1 of a paragraph, over the limit of 30 (InputLimits.maximumCombiningMarks)"
        )
    }

    /// Item 2: paragraph and text sizes are bounded by configurable limits with one-line errors.
    @Test func textAndParagraphLimitsAreTypedErrors() throws {
        var style = Fixtures.style()
        style.limits.maximumParagraphLength = 10
        #expect(throws: AutoHeightError.paragraphExceedsLimit(utf16Count: 11, limit: 10)) {
            try style.measure("short\nhello world\nx", width: 100)
        }
        #expect(try style.measure("short\nhello worl\nx", width: 1000).lineCount == 3)
        style.limits.maximumTextLength = 12
        #expect(throws: AutoHeightError.textExceedsLimit(utf16Count: 13, limit: 12)) {
            try style.prepare("hello\nworld!!")
        }
        var editable = try EditableText("hello\nworld", style: style)
        #expect(throws: AutoHeightError.textExceedsLimit(utf16Count: 14, limit: 12)) {
            try editable.replace(utf16Range: 11..<11, with: "!!!")
        }
        style.limits.maximumCombiningMarks = 0
        #expect(throws: AutoHeightError.invalidInputLimits("text 12, paragraph 10, combining marks 0")) {
            try style.measure("a", width: 100)
        }
        #expect(
            AutoHeightError.paragraphExceedsLimit(utf16Count: 11, limit: 10).description
                == "paragraph too long: 11 UTF-16 units, over the limit of 10 (InputLimits.maximumParagraphLength)")
    }

    /// Fuzzing finding (FuzzFont): a mutated font whose space advance is 0 loaded, and every
    /// line with a tab measured NaN px wide (tab stops are multiples of the space advance). Such
    /// a font's space now counts a quarter em, as a font without a space does.
    @Test func fontWithAZeroWidthSpaceKeepsTabsFinite() throws {
        let bytes = try Array(Data(contentsOf: Fixtures.url("fuzz-font-zero-space.ttf")))
        let font = try Font(data: bytes, name: "fuzz-font-zero-space.ttf")
        #expect(font.spaceAdvance > 0)
        let prepared = try TextStyle(font: font, fontSize: 16).prepare("\tfin\n2nd\tline")
        for width in [1.0, 80, 400] {
            let lines = try prepared.lines(width: width)
            #expect(lines.allSatisfy { $0.width.isFinite }, "\(lines)")
            #expect(try prepared.measure(width: width).maxLineWidth.isFinite)
        }
    }

    /// Fuzzing finding (FuzzFont): a mutated font with ascender − descender + line gap = 0
    /// loaded, and every line measured 0 px tall (an editor of no height, exit 0). It is now an
    /// unusable font, named with its metrics.
    @Test func fontWithoutLineHeightIsUnusable() throws {
        let bytes = try Array(Data(contentsOf: Fixtures.url("fuzz-font-no-line-height.ttf")))
        do {
            _ = try Font(data: bytes, name: "fuzz-font-no-line-height.ttf")
            Issue.record("a font without line height loaded")
        } catch .unusableFont(let path, let reason) {
            #expect(path == "fuzz-font-no-line-height.ttf")
            #expect(reason.hasPrefix("no line height (ascender "), "\(reason)")
            #expect(reason.hasSuffix(" ≤ 0 font units)"), "\(reason)")
        } catch {
            Issue.record("wrong error \(error)")
        }
    }
}
