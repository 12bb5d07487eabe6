import Foundation
import Testing

@testable import AutoHeight
@testable import AutoHeightRender

/// A styled text drawn as it is measured: the lines, heights and positions of
/// `TextStyle.prepare(_:)`, each run in its own face and size, letter spacing after every
/// cluster, and each box an outlined rectangle on its line's baseline.
@Suite struct StyledRenderTests {
    static func style(web: Bool = false, lineHeight: LineHeight = .metrics) -> TextStyle {
        var style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: "en", lineHeight: lineHeight)
        if web { style.profile = .web }
        return style
    }

    /// Bold, a bigger spaced run, italic, a box: one message of every kind of run.
    static let message = StyledText(
        "Ship it \u{FFFC} now, bold and big text here, then italic words to wrap.\nSecond \u{FFFC} paragraph",
        runs: [
            StyleRun(start: 10, end: 21, weight: 700),
            StyleRun(start: 22, end: 29, size: 24, letterSpacing: 2),
            StyleRun(start: 46, end: 57, italic: true),
        ],
        boxes: [InlineBox(width: 30, height: 18), InlineBox(width: 12.5, height: 40)])

    /// The `data-` attributes of each `<g class="line">` of an SVG, by name.
    static func lineAttributes(_ svg: String) -> [[String: String]] {
        svg.components(separatedBy: "<g class=\"line\" ").dropFirst().map { group in
            var attributes: [String: String] = [:]
            for pair in group.prefix(while: { $0 != ">" }).components(separatedBy: "\" ") {
                let parts = pair.components(separatedBy: "=\"")
                if parts.count == 2 { attributes[parts[0]] = parts[1].replacingOccurrences(of: "\"", with: "") }
            }
            return attributes
        }
    }

    @Test(arguments: ["editor-metrics", "web-fixed", "web-normal"])
    func linesHeightsAndPositionsAreThePreparedOnes(_ configuration: String) throws {
        let style =
            switch configuration {
            case "web-fixed": Self.style(web: true, lineHeight: .fixed(20))
            case "web-normal": Self.style(web: true, lineHeight: .normal)
            default: Self.style()
            }
        let drawing = try LayoutDrawing(styledText: Self.message, style: style)
        let prepared = try style.prepare(Self.message)
        for width in [120.0, 200, 360] {
            let expected = try prepared.lines(width: width)
            let layout = try drawing.layout(width: width)
            #expect(layout.lines.map(\.layout) == expected)
            #expect(layout.measurement == (try prepared.measure(width: width)))
            #expect(layout.lines.count > 2)
            // The SVG's line groups carry exactly those numbers.
            let groups = Self.lineAttributes(try drawing.svg(widths: [width]))
            #expect(groups.count == expected.count)
            for (group, line) in zip(groups, expected) {
                #expect(group["data-start"] == "\(line.range.lowerBound)")
                #expect(group["data-end"] == "\(line.range.upperBound)")
                #expect(group["data-y"] == SVGText.number(line.y))
                #expect(group["data-height"] == SVGText.number(line.height))
            }
            for line in layout.lines {
                // Glyph advances (each face at its size, spacing included) and box widths add up
                // to the measured width.
                let drawn = line.runs.reduce(0) { $0 + $1.width } - line.hangingWidth
                #expect(abs(drawn - line.layout.width) < 1e-9)
                // The baseline: the top plus the largest ascent-above on the line.
                #expect(line.baseline > line.layout.y && line.baseline <= line.layout.y + line.layout.height)
            }
            let ascents = try #require(try prepared.styledLineAscents(width: width))
            #expect(layout.lines.map(\.baseline) == zip(expected, ascents).map { $0.y + $1 })
        }
    }

    @Test func boldRunGlyphsComeFromTheBoldFace() throws {
        let text = StyledText("bold bold", runs: [StyleRun(start: 5, end: 9, weight: 700)])
        let drawing = try LayoutDrawing(styledText: text, style: Self.style())
        #expect(drawing.faces.count == 2)
        #expect(drawing.faces[0].fonts.primary.styleName == "Regular")
        #expect(drawing.faces[1].fonts.primary.familyName == "Noto Sans")
        #expect(drawing.faces[1].fonts.primary.styleName == "Bold")
        let line = try #require(try drawing.layout(width: 400).lines.first)
        #expect(line.runs.map(\.face) == [0, 1])
        #expect(line.runs.map(\.range) == [0..<5, 5..<9])
        #expect(line.runs[1].glyphs.allSatisfy { $0.face == 1 && $0.fontIndex == 0 })
        // The same letters: the same glyph ids in both faces, drawn from different outlines.
        let regular = line.runs[0].glyphs.prefix(4).map(\.glyphID)
        let bold = line.runs[1].glyphs.map(\.glyphID)
        #expect(regular == bold)
        let svg = try drawing.svg(widths: [400])
        #expect(svg.contains("<g class=\"run\" data-start=\"5\" data-end=\"9\" data-face=\"1\" data-font=\"0\""))
        for glyph in bold {
            let regularPath = try #require(Self.pathData(id: "f0g\(glyph)", in: svg))
            let boldPath = try #require(Self.pathData(id: "s1f0g\(glyph)", in: svg))
            #expect(regularPath != boldPath)
        }
        // The bold word is wider, as measured.
        #expect(line.runs[1].width > line.runs[0].width - line.runs[0].glyphs[4].advance)
    }

    static func pathData(id: String, in svg: String) -> String? {
        guard let start = svg.range(of: "<path id=\"\(id)\" d=\"") else { return nil }
        return String(svg[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test func aBiggerRunIsDrawnAtItsSizeAndSpacedAfterEveryCluster() throws {
        let style = Self.style()
        let plain = try LayoutDrawing(text: "abc abc", style: style).layout(width: 400).lines[0]
        let text = StyledText("abc abc", runs: [StyleRun(start: 4, end: 7, size: 32, letterSpacing: 3)])
        let drawing = try LayoutDrawing(styledText: text, style: style)
        #expect(drawing.faces.map(\.fontSize) == [16, 32])
        let line = try drawing.layout(width: 400).lines[0]
        let big = try #require(line.runs.last)
        #expect(big.face == 1 && big.range == 4..<7)
        // Twice the size: twice the advance, plus the spacing after each letter.
        for (glyph, small) in zip(big.glyphs, plain.runs[0].glyphs.suffix(3)) {
            #expect(glyph.glyphID == small.glyphID)
            #expect(abs(glyph.advance - (2 * small.advance + 3)) < 1e-9)
        }
        #expect(abs(line.layout.width - (line.runs.reduce(0) { $0 + $1.width })) < 1e-9)
        // The line's baseline sits the 32 px ascender below its top.
        let ascender = Fixtures.notoSans.metrics.ascender
        #expect(abs(line.baseline - ascender * 32) < 1e-9)
    }

    @Test func boxesAreOutlinedRectanglesStandingOnTheBaseline() throws {
        // Editor profile, natural heights: the 30 px box is the tallest thing on its line, so the
        // baseline is 30 px below the top and the box's top is the line's.
        let style = Self.style()
        let text = StyledText(
            "Ship it \u{FFFC}\u{FFFC} now", boxes: [InlineBox(width: 30, height: 18), InlineBox(width: 20, height: 30)])
        let drawing = try LayoutDrawing(styledText: text, style: style)
        let line = try #require(try drawing.layout(width: 400).lines.first)
        let before = try style.prepare("Ship it").lines(width: 400)[0].width + 16 * Fixtures.notoSans.spaceAdvance
        #expect(line.baseline == 30)
        #expect(line.boxes.count == 2)
        #expect(line.boxes.map(\.index) == [0, 1] && line.boxes.map(\.offset) == [8, 9])
        #expect(abs(line.boxes[0].x - before) < 1e-9 && line.boxes[0].y == 12)
        #expect(abs(line.boxes[1].x - (before + 30)) < 1e-9 && line.boxes[1].y == 0)
        let svg = try drawing.svg(widths: [400])
        #expect(
            svg.contains(
                "<rect class=\"inline-box\" x=\"\(SVGText.number(before))\" y=\"12\" width=\"30\" height=\"18\" "
                    + "data-index=\"0\" data-offset=\"8\" fill=\"none\" stroke=\"#1a73e8\" stroke-width=\"1\"/>"))
        #expect(
            svg.contains(
                "<rect class=\"inline-box\" x=\"\(SVGText.number(before + 30))\" y=\"0\" width=\"20\" height=\"30\" "
                    + "data-index=\"1\" data-offset=\"9\" fill=\"none\""))
        // No glyph is drawn for a box's U+FFFC.
        #expect(!line.runs.contains { $0.glyphs.contains { [8, 9].contains($0.cluster) } })
    }

    @Test func breakTicksAndClusterShadesIncludeTheBoxes() throws {
        // The web profile breaks on both sides of a box (Chromium).
        let style = Self.style(web: true, lineHeight: .fixed(20))
        let text = StyledText("ab\u{FFFC}cd ef", boxes: [InlineBox(width: 24, height: 12)])
        let drawing = try LayoutDrawing(styledText: text, style: style)
        let layout = try drawing.layout(width: 400)
        #expect(layout.breakOpportunities == [2, 3, 6])
        let line = try #require(layout.lines.first)
        let box = try #require(line.boxes.first)
        #expect(line.boundaryX(before: 3) == box.x + 24)
        #expect(line.boundaryX(before: 2) == box.x)
        let svg = try drawing.svg(widths: [400], options: SVGOptions(overlays: [.breaks, .clusters]))
        let after = SVGText.number(box.x + 24)
        #expect(svg.contains("<line class=\"break\" data-offset=\"3\" x1=\"\(after)\""))
        #expect(
            svg.contains(
                "<rect class=\"cluster\" x=\"\(SVGText.number(box.x))\" y=\"0\" width=\"24\" height=\"20\" data-start=\"2\""
            ))
    }

    @Test func inTheCSSModelTheBaselineIsTheStrutsOrTheBoxs() throws {
        // line-height 20px, Noto Sans 16 px: the strut is 16 px above the baseline, 4 below
        // (ascent 17 and descent 5 rounded, half-leading −1 floored above).
        let style = Self.style(web: true, lineHeight: .fixed(20))
        let text = StyledText("a \u{FFFC} b\nc", boxes: [InlineBox(width: 24, height: 30)])
        let drawing = try LayoutDrawing(styledText: text, style: style)
        let layout = try drawing.layout(width: 400)
        #expect(layout.lines.map(\.layout.height) == [34, 20])
        #expect(layout.lines.map(\.baseline) == [30, 34 + 16])
        let box = try #require(layout.lines[0].boxes.first)
        #expect(box.y == 0 && box.width == 24 && box.height == 30)
        #expect(layout.lines[1].boxes.isEmpty)
    }

    @Test func rightToLeftRunsAndBoxesAddUpToTheLine() throws {
        let text = StyledText(
            "مرحبا \u{FFFC} بالعالم hello world",
            runs: [StyleRun(start: 0, end: 5, weight: 700, letterSpacing: 3), StyleRun(start: 15, end: 20, size: 12)],
            boxes: [InlineBox(width: 24, height: 30)])
        var style = TextStyle(fonts: try FontStack.bundled(), fontSize: 16, language: "ar", lineHeight: .fixed(20))
        style.profile = .web
        let drawing = try LayoutDrawing(styledText: text, style: style)
        for width in [120.0, 300] {
            let layout = try drawing.layout(width: width)
            #expect(layout.lines.map(\.layout) == (try style.prepare(text).lines(width: width)))
            for line in layout.lines {
                #expect(line.isRightToLeft)
                let drawn = line.runs.reduce(0) { $0 + $1.width } - line.hangingWidth
                #expect(abs(drawn - line.layout.width) < 1e-9)
            }
            let box = try #require(layout.lines[0].boxes.first)
            // Inside the line's content, right of the bold word's left neighbour.
            #expect(box.x >= layout.lines[0].contentX && box.x + box.width <= width + 1e-9)
        }
    }

    @Test func aStyledTextWithoutRunsOrBoxesDrawsAsItsPlainText() throws {
        let style = Self.style()
        let text = "Plain words wrap\tthe same way in both."
        let plain = try LayoutDrawing(text: text, style: style).svg(widths: [120, 240])
        let styled = try LayoutDrawing(styledText: StyledText(text), style: style).svg(widths: [120, 240])
        #expect(plain == styled)
        #expect(!plain.contains("data-face") && !plain.contains("inline-box"))
    }

    @Test func badRunsAndBoxesAreTheLibrarysErrors() throws {
        let style = Self.style()
        #expect(throws: AutoHeightError.invalidRun(index: 0, reason: "range 0..<5 outside the text's 2 UTF-16 units")) {
            try LayoutDrawing(
                styledText: StyledText("ab", runs: [StyleRun(start: 0, end: 5, weight: 700)]), style: style)
        }
        let missingBox = AutoHeightError.invalidBox(
            index: -1, reason: "0 boxes for 1 U+FFFC characters in the text (one each)")
        #expect(throws: missingBox) {
            try LayoutDrawing(
                styledText: StyledText("a\u{FFFC}", runs: [StyleRun(start: 0, end: 1, size: 20)]), style: style)
        }
    }
}
