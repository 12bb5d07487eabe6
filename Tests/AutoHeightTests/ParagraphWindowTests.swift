import Testing

@testable import AutoHeight

/// An edit inside a long paragraph re-prepares only a window around it
/// (`ParagraphPreparer.reprepare`): the result equals preparing and measuring the new text
/// whole, exactly, or the window is not taken.
@Suite struct ParagraphWindowTests {
    typealias Generator = EditableTextTests.Generator

    static let words = LongParagraphs.words
    static let insertions = LongParagraphs.insertions

    /// ``LongParagraphs/paragraph(_:generator:latinOnly:)`` (right-to-left text, where no window
    /// is taken, is in `windowIsTakenOnlyWhereItIsSafe()` and `EditableTextTests`).
    static func paragraph(_ count: Int, generator: inout Generator, latinOnly: Bool) -> String {
        LongParagraphs.paragraph(count, generator: &generator, latinOnly: latinOnly)
    }

    /// Runs `steps` random edits on each text in `style` with every edit offered to the window,
    /// comparing with a full preparation after each; returns the edits the window took.
    static func checkScripts(
        _ texts: [String], style: TextStyle, steps: Int, seed: UInt64, nearMiddle: Bool = false, width: Double = 150,
        pieceLength: Int = 48, insertions: [String] = Self.insertions
    ) throws -> Int {
        var generator = Generator(state: seed)
        var windows = 0
        for (textIndex, original) in texts.enumerated() {
            var editor = try EditableText(original, style: style)
            editor.windowMinimumLength = 0
            editor.pieceLength = pieceLength
            var expected = Array(original.utf16)
            _ = try editor.measure(width: width)
            for step in 0..<steps {
                var lower =
                    nearMiddle ? expected.count / 2 + generator.below(9) - 4 : generator.below(expected.count + 1)
                lower = min(max(lower, 0), expected.count)
                var upper = min(expected.count, lower + generator.below(generator.below(5) == 0 ? 30 : 3))
                if lower > 0 && lower < expected.count && expected[lower] & 0xFC00 == 0xDC00 { lower -= 1 }
                if upper > 0 && upper < expected.count && expected[upper] & 0xFC00 == 0xDC00 { upper += 1 }
                upper = max(upper, lower)
                let insertion = insertions[generator.below(insertions.count)]
                try editor.replace(utf16Range: lower..<upper, with: insertion)
                expected.replaceSubrange(lower..<upper, with: Array(insertion.utf16))
                let text = String(decoding: expected, as: UTF16.self)
                let full = try style.prepare(text)
                let context =
                    "text \(textIndex) step \(step): replace \(lower)..<\(upper) with \(insertion.debugDescription)"
                #expect(editor.text == text, "\(context)")
                #expect(editor.prepared.paragraphs == full.paragraphs, "\(context)")
                #expect(editor.prepared.paragraphStarts == full.paragraphStarts, "\(context)")
                #expect(editor.prepared.missingGlyphCount == full.missingGlyphCount, "\(context)")
                // One width throughout, so that the kept lines are walked again only from the edit on;
                // a maximum that falls inside the paragraph reads their heights.
                #expect(try editor.measure(width: width) == full.measure(width: width), "\(context)")
                let capped = LineLimits(minimum: 1, maximum: 3)
                #expect(
                    try editor.measure(width: width, lineLimits: capped)
                        == full.measure(width: width, lineLimits: capped), "\(context)")
                #expect(try editor.lines(width: width) == full.lines(width: width), "\(context)")
            }
            windows += editor.windowEditCount
        }
        return windows
    }

    /// Rule: random edits (inserts, deletions, replacements; words, spaces, marks, brackets,
    /// emoji, CJK, Arabic, breaks) in long mixed paragraphs give exactly the full preparation.
    @Test func randomEditsInMixedParagraphsMatchTheFullPath() throws {
        var generator = Generator(state: 10)
        let texts = (0..<6).map { _ in Self.paragraph(120, generator: &generator, latinOnly: false) }
        let windows = try Self.checkScripts(
            texts, style: EditableTextTests.style, steps: 40, seed: 11)
        #expect(windows > 100)  // most edits take the window, so it is what is being checked
    }

    /// Rule: the same around one spot (edits that widen, cross and undo each other's windows).
    @Test func repeatedEditsAroundOneSpotMatchTheFullPath() throws {
        var generator = Generator(state: 20)
        let texts = (0..<4).map { _ in Self.paragraph(200, generator: &generator, latinOnly: true) }
        var windows = try Self.checkScripts(
            texts, style: EditableTextTests.style, steps: 50, seed: 21, nearMiddle: true)
        // Narrow: words break inside, and lines start inside segments.
        windows += try Self.checkScripts(
            texts, style: EditableTextTests.style, steps: 20, seed: 22, nearMiddle: true, width: 30)
        #expect(windows > 80)
    }

    /// The default style varied one way each, the other styles edit tests run in: the web
    /// profile (first), Pango's trailing whitespace, `white-space: normal` (unless `normal` is
    /// false: a line feed ends no paragraph there) and a segment cache.
    static func variantStyles(normal: Bool = true) -> [TextStyle] {
        var web = EditableTextTests.style
        web.profile = .web
        var pango = EditableTextTests.style
        pango.trailingWhitespace = .pango
        var whiteSpaceNormal = EditableTextTests.style
        whiteSpaceNormal.whiteSpace = .normal
        var cached = EditableTextTests.style
        cached.segmentCache = SegmentCache()
        return normal ? [web, pango, whiteSpaceNormal, cached] : [web, pango, cached]
    }

    /// Rule: the same in the web profile, with Pango's trailing whitespace (also with
    /// `white-space: normal`), with keep-all, and with a segment cache.
    @Test func otherProfilesAndTheCacheMatchTheFullPath() throws {
        var generator = Generator(state: 30)
        let texts = (0..<3).map { _ in Self.paragraph(100, generator: &generator, latinOnly: false) }
        var web = EditableTextTests.style
        web.profile = .web
        var pango = EditableTextTests.style
        pango.trailingWhitespace = .pango
        var keepAll = EditableTextTests.style
        keepAll.language = "ko-u-lw-keepall"
        var cached = EditableTextTests.style
        cached.segmentCache = SegmentCache()
        var pangoNormal = pango
        pangoNormal.whiteSpace = .normal
        for (index, style) in [web, pango, keepAll, cached, pangoNormal].enumerated() {
            let windows = try Self.checkScripts(
                texts, style: style, steps: 25, seed: 31 + UInt64(index), width: index == 0 ? 41 : 150)
            #expect(windows > 20, "style \(index)")
        }
    }

    /// Rule: the window is taken in a long left-to-right paragraph, and not where the edit brings
    /// a bidi unit or a break, or a bracket into a paragraph of several scripts; the results are
    /// exact either way.
    @Test func windowIsTakenOnlyWhereItIsSafe() throws {
        let latin = String(repeating: "lorem ipsum dolor sit amet ", count: 200)
        let middle = latin.utf16.count / 2
        var editor = try EditableText(latin, style: EditableTextTests.style)
        try editor.replace(utf16Range: middle..<middle, with: "x")
        #expect(editor.windowEditCount == 1)
        try editor.replace(utf16Range: middle..<(middle + 1), with: "")
        #expect(editor.windowEditCount == 2)
        try editor.replace(utf16Range: middle..<middle, with: "(")  // one script: brackets pair freely
        #expect(editor.windowEditCount == 3)
        try editor.replace(utf16Range: middle..<(middle + 1), with: "")
        #expect(editor.windowEditCount == 4)
        try editor.replace(utf16Range: middle..<middle, with: "a\nb")
        #expect(editor.windowEditCount == 4)
        try editor.replace(utf16Range: 6..<6, with: "مرحبا ")  // brings right-to-left text: whole
        #expect(editor.windowEditCount == 4)
        // Latin between Latin words after it: a window (BidiCut; more in BidiWindowTests).
        try editor.replace(utf16Range: middle..<middle, with: "y")
        #expect(editor.windowEditCount == 5)
        try editor.replace(utf16Range: middle..<middle, with: "(")  // right-to-left text: whole
        #expect(editor.windowEditCount == 5)
        let full = try EditableTextTests.style.prepare(editor.text)
        #expect(editor.prepared.paragraphs == full.paragraphs)
        #expect(try editor.measure(width: 200) == full.measure(width: 200))

        var rightToLeft = try EditableText("שלום " + latin, style: EditableTextTests.style)
        try rightToLeft.replace(utf16Range: middle..<middle, with: "x")
        #expect(rightToLeft.windowEditCount == 1)
        // Hebrew between Latin words, the paragraph holding no bracket: resolved in context.
        try rightToLeft.replace(utf16Range: middle..<middle, with: "ש")
        #expect(rightToLeft.windowEditCount == 2)
        #expect(try rightToLeft.prepared.paragraphs == EditableTextTests.style.prepare(rightToLeft.text).paragraphs)
        // A short paragraph is prepared whole.
        var short = try EditableText("lorem ipsum dolor", style: EditableTextTests.style)
        try short.replace(utf16Range: 6..<6, with: "x")
        #expect(short.windowEditCount == 0)
    }
}

extension ParagraphWindowTests {
    /// A long paragraph kept in pieces of about 64 units, as the edit path keeps a 10 MB one.
    static func piecedEditor(words count: Int, seed: UInt64, style: TextStyle) throws -> (EditableText, [UInt16]) {
        var generator = Generator(state: seed)
        let text = Self.paragraph(count, generator: &generator, latinOnly: true)
        let editor = try EditableText(text, style: style, windowMinimumLength: 0, pieceLength: 64)
        return (editor, Array(text.utf16))
    }

    /// Rule: a long paragraph is kept in pieces and measured with the open line carried from one
    /// piece into the next: at every width its lines are the whole paragraph's, to the last bit.
    @Test func piecesAreMeasuredAsTheWholeParagraph() throws {
        let style = EditableTextTests.style
        let (editor, units) = try Self.piecedEditor(words: 500, seed: 50, style: style)
        let paragraph = editor.store.paragraph(0)
        #expect(paragraph.pieces.count > 20)
        #expect(paragraph.pieces.dropLast().allSatisfy { $0.prepared.length >= 64 })
        let full = try style.prepare(String(decoding: units, as: UTF16.self))
        #expect(editor.prepared.paragraphs == full.paragraphs)
        for width in [12.0, 57, 100, 333, 2000] {
            #expect(try editor.measure(width: width) == full.measure(width: width), "width \(width)")
            let capped = LineLimits(minimum: 1, maximum: 7)
            #expect(
                try editor.measure(width: width, lineLimits: capped) == full.measure(width: width, lineLimits: capped),
                "width \(width)")
            #expect(try editor.lines(width: width) == full.lines(width: width), "width \(width)")
        }
    }

    /// Rule: edits on, just before and just after piece boundaries (inserting, deleting the
    /// space or the letters a cut stands on, joining two pieces' words) give exactly the full
    /// preparation and measure, and take the window.
    @Test func editsAtPieceBoundariesMatchTheFullPath() throws {
        let style = EditableTextTests.style
        var (editor, expected) = try Self.piecedEditor(words: 400, seed: 60, style: style)
        let edits: [(Int, String)] = [(0, "x"), (1, ""), (0, " "), (2, "ab "), (1, "é"), (0, "")]
        try Self.checkEditsAtPieceBoundaries(
            &editor, expected: &expected, style: style, edits: edits, steps: 60, seed: 61)
        #expect(editor.windowEditCount == 60)
        #expect(editor.store.paragraph(0).pieces.count > 20)
    }

    /// Makes `steps` edits drawn from `edits` (units replaced, insertion) on, just before and just
    /// after the piece boundaries of `editor`'s first paragraph (with `longest`, of the paragraph
    /// with the most pieces), and compares each with the new text (`expected`, kept in step)
    /// prepared and measured whole at `width`: paragraphs, missing glyphs, characters,
    /// measurement and lines. `label` starts each message.
    static func checkEditsAtPieceBoundaries(
        _ editor: inout EditableText, expected: inout [UInt16], style: TextStyle, edits: [(Int, String)],
        steps: Int, seed: UInt64, width: Double = 90, label: String = "", longest: Bool = false
    ) throws {
        _ = try editor.measure(width: width)
        var generator = Generator(state: seed)
        for step in 0..<steps {
            var (paragraph, start) = (editor.store.paragraph(0), 0)
            if longest {
                var offset = 0
                editor.store.forEachParagraph { _, candidate in
                    if candidate.pieces.count > paragraph.pieces.count { (paragraph, start) = (candidate, offset) }
                    offset += candidate.utf16Count
                    return true
                }
            }
            let boundary = start + paragraph.pieceStarts[1 + generator.below(paragraph.pieces.count - 1)]
            let (length, insertion) = edits[generator.below(edits.count)]
            let lower = min(max(boundary + generator.below(5) - 3, 0), expected.count)
            let upper = min(lower + length, expected.count)
            try editor.replace(utf16Range: lower..<upper, with: insertion)
            expected.replaceSubrange(lower..<upper, with: Array(insertion.utf16))
            let full = try style.prepare(String(decoding: expected, as: UTF16.self))
            let context = "\(label)step \(step): replace \(lower)..<\(upper) with \(insertion.debugDescription)"
            #expect(editor.prepared.paragraphs == full.paragraphs, "\(context)")
            #expect(editor.prepared.missingGlyphCount == full.missingGlyphCount, "\(context)")
            #expect(editor.characterCount == String(decoding: expected, as: UTF16.self).count, "\(context)")
            #expect(try editor.measure(width: width) == full.measure(width: width), "\(context)")
            #expect(try editor.lines(width: width) == full.lines(width: width), "\(context)")
        }
    }
}
