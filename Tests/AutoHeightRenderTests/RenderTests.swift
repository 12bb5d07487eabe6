import Foundation
import Testing

@testable import AutoHeight
@testable import AutoHeightRender

/// `LayoutDrawing`: glyphs placed from the shaping that measured the text, in visual order, and
/// the SVG's documented structure (docs/render.md).
@Suite struct RenderTests {
    static func bundledStyle(language: String = "en", size: Double = 20, lineSpacing: Double = 6) throws -> TextStyle {
        let stack = try FontStack.bundled()
        let emoji = try FallbackFixtures.colorEmoji()
        return TextStyle(
            fonts: FontStack(stack.primary, fallbacks: Array(stack.fonts.dropFirst()) + [emoji]), fontSize: size,
            language: language, lineSpacing: lineSpacing)
    }

    /// The drawn width of a line's content: its runs, less the hanging whitespace.
    static func drawnContentWidth(_ line: DrawnLine) -> Double {
        line.runs.reduce(0) { $0 + $1.width } - line.hangingWidth
    }

    @Test func linesAreThePreparedLinesAndGlyphAdvancesAddUpToTheirWidths() throws {
        let text = "The quick brown fox jumps over the lazy dog.   Pack my box with five dozen liquor jugs.\nSecond"
        let drawing = try LayoutDrawing(text: text, style: Self.bundledStyle())
        let layout = try drawing.layout(width: 240)
        #expect(layout.lines.map(\.layout) == (try drawing.prepared.lines(width: 240)))
        #expect(layout.measurement == (try drawing.prepared.measure(width: 240)))
        #expect(layout.lines.count == 5)
        for line in layout.lines {
            #expect(abs(Self.drawnContentWidth(line) - line.layout.width) < 1e-9)
            #expect(!line.isRightToLeft && line.contentX == 0)
            #expect(line.hangingX == line.layout.width)
        }
        // "dog.   " ends the second line: three spaces hang past the edge.
        let second = layout.lines[1]
        #expect(text.utf16.count > second.layout.range.upperBound)
        #expect(second.hangingWidth > 0 && second.layout.width + second.hangingWidth > 0)
        #expect(abs(second.hangingWidth - 3 * 20 * drawing.style.fonts.primary.spaceAdvance) < 1e-9)
        // Glyphs run left to right with growing clusters; the baseline sits inside the box.
        for line in layout.lines {
            let clusters = line.runs.flatMap { $0.glyphs.map(\.cluster) }
            #expect(clusters == clusters.sorted())
            #expect(line.baseline > line.layout.y && line.baseline < line.layout.y + line.layout.height)
        }
    }

    @Test func underPangosRuleOnlyTheLastSpaceHangs() throws {
        var style = try Self.bundledStyle(size: 16, lineSpacing: 0)
        style.trailingWhitespace = .pango
        let text = "hello   world   "
        let drawing = try LayoutDrawing(text: text, style: style)
        let layout = try drawing.layout(width: 60)
        #expect(layout.lines.map(\.layout.range) == [0..<8, 8..<16])
        let space = 16 * style.fonts.primary.spaceAdvance
        // Before the soft break one space hangs; at the paragraph's end all three count.
        #expect(abs(layout.lines[0].hangingWidth - space) < 1e-9)
        #expect(layout.lines[1].hangingWidth == 0)
        for line in layout.lines { #expect(abs(Self.drawnContentWidth(line) - line.layout.width) < 1e-9) }
    }

    @Test func rightToLeftParagraphsAreSetRightInVisualOrder() throws {
        // Hebrew paragraph with a Latin word: visual order left to right is עולם, abc, שלום.
        let text = "שלום abc עולם"
        let drawing = try LayoutDrawing(text: text, style: Self.bundledStyle(language: "he"))
        let layout = try drawing.layout(width: 400)
        let line = try #require(layout.lines.first)
        #expect(layout.lines.count == 1)
        #expect(line.isRightToLeft)
        #expect(abs(line.contentX + line.layout.width - 400) < 1e-9)
        let words = line.runs.map { run in
            String(decoding: Array(text.utf16)[run.range], as: UTF16.self)
        }
        // The space after שלום is in its font (a space takes the font of the cluster before it).
        #expect(words == ["עולם", " ", "abc", "שלום "])
        #expect(line.runs.map(\.isRightToLeft) == [true, true, false, true])
        // Right to left, the first letter of each Hebrew word is drawn rightmost.
        let last = line.runs[3]
        #expect(last.glyphs.first?.cluster == 4 && last.glyphs.last?.cluster == 0)
        #expect(line.runs[2].glyphs.map(\.cluster) == [5, 6, 7])
        for (left, right) in zip(line.runs, line.runs.dropFirst()) {
            #expect(abs(left.x + left.width - right.x) < 1e-9)
        }
    }

    @Test func hangingWhitespaceOfARightToLeftLineHangsPastTheLeftEdge() throws {
        let text = "مرحبا بالعالم هذا نص عربي طويل يلتف على عدة أسطر"
        let drawing = try LayoutDrawing(text: text, style: Self.bundledStyle(language: "ar"))
        let layout = try drawing.layout(width: 160)
        #expect(layout.lines.count == 3)
        for line in layout.lines.dropLast() {
            #expect(line.isRightToLeft)
            #expect(line.hangingWidth > 0)
            #expect(abs(line.hangingX + line.hangingWidth - line.contentX) < 1e-9)
            #expect(abs(Self.drawnContentWidth(line) - line.layout.width) < 1e-9)
            // The logically first glyph is the rightmost one.
            let glyphs = line.runs.flatMap(\.glyphs)
            let first = try #require(glyphs.min { $0.cluster < $1.cluster })
            #expect(glyphs.allSatisfy { $0.penX <= first.penX })
        }
    }

    @Test func fallbackFontsAndEmojiBitmapsAreDrawn() throws {
        let text = "Hi 회의 👩‍👩‍👧"
        let drawing = try LayoutDrawing(text: text, style: Self.bundledStyle())
        let layout = try drawing.layout(width: 400)
        let fonts = layout.lines[0].runs.map { drawing.style.fonts.font(at: $0.fontIndex)!.familyName }
        #expect(fonts == ["Noto Sans", "NanumGothic", "Noto Color Emoji"])
        // The family emoji is one glyph (the ZWJ sequence ligature), drawn as a PNG bitmap.
        let emoji = try #require(layout.lines[0].runs.last)
        #expect(emoji.glyphs.count == 1 && emoji.glyphs[0].cluster == 6)
        let svg = try drawing.svg(widths: [400])
        #expect(svg.contains("<image id=\"f\(emoji.fontIndex)g\(emoji.glyphs[0].glyphID)\""))
        #expect(svg.contains("href=\"data:image/png;base64,iVBORw0KGgo"))
    }

    @Test func svgHasOneGroupPerLineWithItsRangeAndBox() throws {
        let text = "hello world foo bar baz\n\nthird"
        let drawing = try LayoutDrawing(text: text, style: Self.bundledStyle(size: 16, lineSpacing: 0))
        let picture = try drawing.picture(
            widths: [100, 300], options: SVGOptions(overlays: [.breaks, .clusters, .fonts]))
        let svg = picture.svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(picture.width))\""))
        #expect(picture.layouts.map(\.measurement.lineCount) == [4, 3])
        let groups = svg.components(separatedBy: "<g class=\"line\" ").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(groups.count == 7)
        let expected = try picture.layouts.flatMap { layout in
            try drawing.prepared.lines(width: layout.width).enumerated().map { index, line in
                "data-index=\"\(index)\" data-start=\"\(line.range.lowerBound)\" data-end=\"\(line.range.upperBound)\" "
                    + "data-x=\"0\" data-y=\"\(SVGText.number(line.y))\" data-width=\"\(SVGText.number(line.width))\" "
                    + "data-height=\"\(SVGText.number(line.height))\""
            }
        }
        for (group, prefix) in zip(groups, expected) { #expect(group.hasPrefix(prefix)) }
        #expect(groups[0].hasPrefix("data-index=\"0\" data-start=\"0\" data-end=\"12\" "))
        #expect(groups[2].hasPrefix("data-index=\"2\" data-start=\"24\" data-end=\"24\" "))
        #expect(svg.contains(">100 px: 4 lines, 87.17 px</text>"))
        #expect(svg.contains(">300 px: 3 lines, 65.38 px</text>"))
        #expect(svg.contains("<line class=\"break\" data-offset=\"6\""))
        #expect(svg.contains("<g class=\"clusters\"><rect class=\"cluster\""))
        #expect(svg.contains("font 0: Noto Sans Regular</text>"))
        #expect(svg.contains("class=\"wrap-guide\" x1=\"100\""))
    }

    @Test func editorOptionsDrawInsetsAndTheLimitsBand() throws {
        let drawing = try LayoutDrawing(
            text: "one two three four five six", style: Self.bundledStyle(size: 16, lineSpacing: 0))
        let options = SVGOptions(
            lineLimits: LineLimits(minimum: 2, maximum: 3), showsLineLimits: true,
            insets: EditorInsets(top: 8, leading: 0, bottom: 8, trailing: 0, lineFragmentPadding: 5))
        let picture = try drawing.picture(widths: [60], options: options)
        let layout = picture.layouts[0]
        #expect(layout.measurement.lineCount == 5 && layout.measurement.visibleLineCount == 3)
        #expect(picture.svg.contains(">visible 3, 65.38 px, scrolls</text>"))
        #expect(picture.svg.contains("<rect class=\"insets\" x=\"-5\" y=\"-8\" width=\"70\" height=\"81.38\""))
        #expect(picture.svg.contains("<line class=\"min-lines\" x1=\"0\" y1=\"43.58\""))
        #expect(picture.svg.contains("<line class=\"max-lines\" x1=\"0\" y1=\"65.38\""))
        #expect(abs(layout.heightOfFirstLines(7) - 7 * 21.792) < 1e-9)
    }

    @Test func glyphAdvancesAddUpToMeasuredWidthsForEveryScriptOfTheCorpus() throws {
        // Every 4th text of every corpus file (Fixtures/pango-fallback-agreement.jsonl), with
        // system fallback: every line's glyphs, as drawn, are exactly as wide as measured.
        let records = try Fixtures.pangoRecords("pango-fallback-agreement.jsonl")
        var files = Set<String>()
        var failures: [String] = []
        for record in records {
            files.insert(record.file)
            let drawing = try LayoutDrawing(text: record.text, style: FallbackFixtures.style(language: record.language))
            let layout = try drawing.layout(width: 240)
            if layout.lines.count != layout.measurement.lineCount { failures.append("\(record.id): line count") }
            for (index, line) in layout.lines.enumerated()
            where abs(Self.drawnContentWidth(line) - line.layout.width) > 1e-6 {
                failures.append(
                    "\(record.id) line \(index): drawn \(Self.drawnContentWidth(line)), measured \(line.layout.width)")
            }
        }
        #expect(files.count == 15)
        #expect(failures.isEmpty, "\(failures.count) lines differ:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func svgNumbersAndBase64() {
        #expect(SVGText.number(12.5) == "12.5")
        #expect(SVGText.number(-3) == "-3")
        #expect(SVGText.number(0.07) == "0.07")
        #expect(SVGText.number(-0.004) == "0")
        #expect(SVGText.number(21.792) == "21.79")
        #expect(SVGText.base64(Array("Man".utf8)) == "TWFu")
        #expect(SVGText.base64(Array("Ma".utf8)) == "TWE=")
        #expect(SVGText.base64(Array("M".utf8)) == "TQ==")
        #expect(SVGText.base64([]) == "")
        #expect(SVGText.escaped("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
    }
}
