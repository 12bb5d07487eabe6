import Foundation
import Testing

@testable import AutoHeight

/// The incremental path equals the full path, exactly.
@Suite struct EditableTextTests {
    static let style = TextStyle(fonts: try! FontStack.bundled(), fontSize: 16)

    typealias Generator = AutoHeightTestSupport.Generator

    /// Snippets edits insert: words, breaks of every kind, CR and LF halves, emoji, combining marks.
    static let insertions = [
        "a", " ", "word ", "\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "한국어 ", "🇰🇷", "👨‍👩‍👧", "e\u{0301}", "\t",
        "مرحبا ", "line one\nline two\n", "",
    ]

    /// Rule: after any edit script, the incremental result equals a full measure of the new text
    /// (prepared paragraphs, line ranges and measurements all identical).
    @Test func randomEditScriptsMatchTheFullPath() throws {
        let records = try Fixtures.pangoRecords("pango-agreement.jsonl")
        let texts = stride(from: 0, to: records.count, by: 40).map { records[$0].text } + ["", "\n", "a\r", "\r\n\r\n"]
        var generator = Generator(state: 2026)
        for (textIndex, original) in texts.enumerated() {
            var editor = try EditableText(original, style: Self.style)
            var expected = Array(original.utf16)
            for step in 0..<25 {
                // Pick a range on scalar boundaries.
                var lower = generator.below(expected.count + 1)
                var upper = min(expected.count, lower + generator.below(generator.below(4) == 0 ? 40 : 3))
                if lower > 0 && lower < expected.count && expected[lower] & 0xFC00 == 0xDC00 { lower -= 1 }
                if upper > 0 && upper < expected.count && expected[upper] & 0xFC00 == 0xDC00 { upper += 1 }
                upper = max(upper, lower)
                let insertion = Self.insertions[generator.below(Self.insertions.count)]
                try editor.replace(utf16Range: lower..<upper, with: insertion)
                expected.replaceSubrange(lower..<upper, with: Array(insertion.utf16))
                let text = String(decoding: expected, as: UTF16.self)
                let full = try Self.style.prepare(text)
                let context =
                    "text \(textIndex) step \(step): replace \(lower)..<\(upper) with \(insertion.debugDescription)"
                #expect(editor.text == text, "\(context)")
                #expect(editor.prepared.paragraphs == full.paragraphs, "\(context)")
                #expect(editor.prepared.paragraphStarts == full.paragraphStarts, "\(context)")
                #expect(editor.utf16Count == full.utf16Count)
                for width in [90.0, 333] {
                    #expect(try editor.measure(width: width) == full.measure(width: width), "\(context) @\(width)")
                    #expect(try editor.lines(width: width) == full.lines(width: width), "\(context) @\(width)")
                }
            }
        }
    }

    /// Rule: at a fixed width, the memoized per-paragraph results after each edit equal a full
    /// measure, including with line limits whose cap falls inside a paragraph.
    @Test func memoizedMeasureAcrossEditsMatchesTheFullPath() throws {
        let records = try Fixtures.pangoRecords("pango-agreement.jsonl")
        let texts = stride(from: 7, to: records.count, by: 60).map { records[$0].text }
        var generator = Generator(state: 7)
        for original in texts {
            var editor = try EditableText(original, style: Self.style)
            var expected = Array(original.utf16)
            let limits = LineLimits(minimum: 2, maximum: 5)
            _ = try editor.measure(width: 180, lineLimits: limits)
            for _ in 0..<30 {
                var lower = generator.below(expected.count + 1)
                if lower > 0 && lower < expected.count && expected[lower] & 0xFC00 == 0xDC00 { lower -= 1 }
                let upper = min(expected.count, lower + generator.below(2))
                let fixedUpper =
                    upper > 0 && upper < expected.count && expected[upper] & 0xFC00 == 0xDC00 ? upper + 1 : upper
                let insertion = Self.insertions[generator.below(Self.insertions.count)]
                try editor.replace(utf16Range: lower..<fixedUpper, with: insertion)
                expected.replaceSubrange(lower..<fixedUpper, with: Array(insertion.utf16))
                let full = try Self.style.prepare(String(decoding: expected, as: UTF16.self))
                #expect(
                    try editor.measure(width: 180, lineLimits: limits) == full.measure(width: 180, lineLimits: limits))
                #expect(try editor.measure(width: 180) == full.measure(width: 180))
            }
        }
    }

    @Test func crAndLFTypedSeparatelyBecomeOneBreak() throws {
        var editor = try EditableText("ab", style: Self.style)
        try editor.replace(utf16Range: 1..<1, with: "\r")
        #expect(try editor.measure(width: 100).lineCount == 2)
        try editor.replace(utf16Range: 2..<2, with: "\n")
        #expect(editor.text == "a\r\nb")
        #expect(try editor.measure(width: 100).lineCount == 2, "CR LF is one break")
        #expect(editor.paragraphCount == 2)
        try editor.replace(utf16Range: 1..<2, with: "")
        #expect(editor.text == "a\nb")
        #expect(try editor.lines(width: 100).map(\.range) == [0..<1, 2..<3])
    }

    @Test func invalidRangesAreRejectedAndChangeNothing() throws {
        var editor = try EditableText("a🇰🇷b", style: Self.style)
        #expect(throws: AutoHeightError.invalidRange(lower: 2, upper: 2, utf16Count: 6)) {
            try editor.replace(utf16Range: 2..<2, with: "x")  // inside a surrogate pair
        }
        #expect(throws: AutoHeightError.invalidRange(lower: 2, upper: 9, utf16Count: 6)) {
            try editor.replace(utf16Range: 2..<9, with: "x")
        }
        #expect(editor.text == "a🇰🇷b")
    }

    @Test func stringIndexRanges() throws {
        let text = "héllo wörld"
        var editor = try EditableText(text, style: Self.style)
        let range = text.range(of: "wörld")!
        try editor.replace(range, in: text, with: "there")
        #expect(editor.text == "héllo there")
    }
}
