import Foundation
import Testing

@testable import AutoHeight

/// `PreparedText.ellipsis(width:maximumLines:)`: where a clamped text is cut for a "…".
@Suite struct EllipsisTests {
    let style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: "en")

    func width(_ text: String, _ style: TextStyle? = nil) throws -> Double {
        try (style ?? self.style).measure(text, width: 1e6).maxLineWidth
    }

    @Test func aTextThatFitsIsNotCut() throws {
        let prepared = try style.prepare("one two")
        #expect(try prepared.ellipsis(width: 300, maximumLines: 1) == nil)
        #expect(try prepared.ellipsis(width: 30, maximumLines: 3) == nil)
        #expect(throws: AutoHeightError.invalidLineLimits(minimum: 1, maximum: 0)) {
            try prepared.ellipsis(width: 30, maximumLines: 0)
        }
    }

    @Test func theEllipsisFollowsTheLastFittingGrapheme() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let prepared = try style.prepare(text)
        let ellipsis = try width("\u{2026}")
        for lineWidth in stride(from: 60.0, through: 200, by: 7) {
            let lines = try prepared.lines(width: lineWidth)
            guard lines.count > 2, let cut = try prepared.ellipsis(width: lineWidth, maximumLines: 2) else {
                continue
            }
            let line = lines[1]
            #expect(line.range.contains(cut.utf16Offset) || cut.utf16Offset == line.range.upperBound)
            #expect(abs(cut.width - ellipsis) < 1e-9)
            // The visible prefix is as wide as x (x is the in-line position, so kerning with the
            // letter after the cut may differ from the prefix shaped alone: within 1 px), and it
            // and the "…" fit.
            let prefix = String(
                text.utf16.dropFirst(line.range.lowerBound).prefix(cut.utf16Offset - line.range.lowerBound))!
            #expect(abs(try width(prefix) - cut.x) < 1, "\(lineWidth): \(prefix) \(cut)")
            #expect(cut.x + cut.width <= lineWidth + 1e-9)
            // No longer prefix fits: one more character (not a space) would overflow.
            let next = cut.utf16Offset
            if next < line.range.upperBound, text.utf16[text.utf16.index(text.utf16.startIndex, offsetBy: next)] != 0x20
            {
                let longer = String(
                    text.utf16.dropFirst(line.range.lowerBound).prefix(next + 1 - line.range.lowerBound))!
                #expect(try width(longer) + ellipsis > lineWidth)
            }
        }
        // At 120 px: "brown fox " is line 2; the whole of "brown fox" and the "…" fit.
        let cut = try #require(try prepared.ellipsis(width: 120, maximumLines: 2))
        #expect(cut.utf16Offset == 19)
        #expect(abs(cut.x - (try width("brown fox"))) < 1e-9)
    }

    @Test func aLongWordIsCutAtAGraphemeBoundary() throws {
        let text = String(repeating: "e\u{301}", count: 40)  // é as e + combining acute
        let cut = try #require(try style.prepare(text).ellipsis(width: 100, maximumLines: 1))
        #expect(cut.utf16Offset % 2 == 0)
        #expect(cut.utf16Offset > 0)
        #expect(cut.x + cut.width <= 100)
        #expect(cut.x + cut.width + (try width("e\u{301}")) > 100)
    }

    @Test func theEllipsisTakesTheFontOfTheTextBeforeIt() throws {
        let styled = StyledText(
            "plain **bold text that goes on and on**", runs: [StyleRun(start: 6, end: 39, weight: 700, size: 24)])
        let cut = try #require(try style.prepare(styled).ellipsis(width: 200, maximumLines: 1))
        let bold = try style.measure(
            StyledText("\u{2026}", runs: [StyleRun(start: 0, end: 1, weight: 700, size: 24)]), width: 1e6)
        #expect(cut.utf16Offset > 6)
        #expect(abs(cut.width - bold.maxLineWidth) < 1e-9)
        #expect(cut.width > (try width("\u{2026}")))
        #expect(cut.x + cut.width <= 200)
    }
}
