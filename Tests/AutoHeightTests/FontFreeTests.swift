import Testing

@testable import AutoHeight

/// The pure stages tested without a font, HarfBuzz or ICU: paragraphs built by hand, so a
/// defect in the line walk, the line heights, the totals or the edit policy shows here directly.
@Suite struct FontFreeTests {
    /// A line as the walk reports it.
    struct Line: Equatable, CustomStringConvertible {
        var range: Range<Int>
        var width: Double
        var description: String { "\(range.lowerBound)..<\(range.upperBound) (\(width))" }
    }

    struct RecordingSink: LineSink {
        var lines: [Line] = []
        mutating func addLine(start: Int, end: Int, visibleWidth: Double, fontMask: UInt32) {
            lines.append(Line(range: start..<end, width: visibleWidth))
        }
    }

    /// A paragraph of `words` (a segment each, trailing spaces hanging) where every unit is
    /// `advance` em wide and starts a grapheme cluster unless `clusterSize` groups them.
    static func paragraph(_ words: [String], advance: Double = 0.5, clusterSize: Int = 1) -> PreparedParagraph {
        var segments: [Segment] = []
        var advances: [Double] = []
        var start = 0
        for word in words {
            let units = Array(word.utf16)
            let spaces = units.reversed().prefix { $0 == 0x20 }.count
            let end = start + units.count
            segments.append(
                Segment(
                    end: Int32(end), contentEnd: Int32(end - spaces),
                    contentWidth: Double(units.count - spaces) * advance,
                    trailingWidth: Double(spaces) * advance, fontMask: 1, hasTab: false))
            advances += repeatElement(advance, count: units.count)
            start = end
        }
        let flags = (0..<start).map { $0 % clusterSize == 0 ? UnitFlag.graphemeStart : 0 }
        return PreparedParagraph(length: start, segments: segments, advances: advances, flags: flags, missingGlyphs: 0)
    }

    static func walk(_ paragraph: PreparedParagraph, width: Double, fontSize: Double = 10) -> [Line] {
        var sink = RecordingSink()
        paragraph.walkLines(
            width: width, fontSize: fontSize, tabStop: TabStops(interval: 4, minimumAdvance: 0), into: &sink)
        return sink.lines
    }

    /// Rule: the walk fills a line greedily with whole segments; a line exactly as wide as the
    /// box fits.
    @Test func greedyFillAndExactFit() {
        let paragraph = Self.paragraph(["aaaa ", "bbbb ", "cc"])  // 5 px per unit at 10 px
        #expect(
            Self.walk(paragraph, width: 45) == [
                Line(range: 0..<10, width: 45), Line(range: 10..<12, width: 10),
            ])
        #expect(Self.walk(paragraph, width: 44.99).map(\.range) == [0..<5, 5..<12])
    }

    /// Rule: trailing whitespace hangs past the edge: it never forces a wrap and is not in the
    /// line's width.
    @Test func trailingWhitespaceHangs() {
        let paragraph = Self.paragraph(["aaaa     ", "bb"])
        #expect(Self.walk(paragraph, width: 20) == [Line(range: 0..<9, width: 20), Line(range: 9..<11, width: 10)])
    }

    /// Rule: a segment wider than the line breaks at grapheme boundaries, at least one cluster
    /// per line, never inside a cluster.
    @Test func overLongWordBreaksAtGraphemeBoundaries() {
        let paragraph = Self.paragraph(["abcdef"], clusterSize: 2)  // clusters of 10 px
        #expect(Self.walk(paragraph, width: 25) == [Line(range: 0..<4, width: 20), Line(range: 4..<6, width: 10)])
        // Narrower than one cluster: still one cluster per line.
        #expect(Self.walk(paragraph, width: 5).map(\.range) == [0..<2, 2..<4, 4..<6])
    }

    /// Rule: an empty paragraph is one empty line.
    @Test func emptyParagraphIsOneLine() {
        #expect(Self.walk(.empty, width: 100) == [Line(range: 0..<0, width: 0)])
    }

    /// Rule: the number of lines never falls as the width shrinks.
    @Test func lineCountNeverFallsAsWidthShrinks() {
        let paragraph = Self.paragraph(["aa ", "bbb ", "c ", "dddddd ", "ee"], clusterSize: 1)
        var previous = 0
        for width in stride(from: 120.0, through: 3, by: -1) {
            let count = Self.walk(paragraph, width: width).count
            #expect(count >= previous, "\(width) px")
            previous = count
        }
    }

    /// Rule: a line's height is the tallest ascender, deepest descender and largest gap among
    /// the fonts it uses; an empty line is the primary font's.
    @Test func lineHeightsFromTheFontsUsed() {
        let tables = FontMetricTables(ascenders: [1, 1.25], descenders: [-0.25, -0.5], lineGaps: [0, 0.125])
        let metrics = LineHeightResolver(model: .metrics, tables: tables, fontSize: 8)
        #expect(metrics.height(fontMask: 0b01) == 10)
        #expect(metrics.height(fontMask: 0b10) == 15)
        #expect(metrics.height(fontMask: 0b11) == 15)
        #expect(metrics.emptyLineHeight == 10)
        // Chromium's `normal`: each extent rounded, the primary's strut always on the line
        // (second font at 8 px: 10 up, 4 down, a 1 px gap split in two).
        let normal = LineHeightResolver(model: .normal, tables: tables, fontSize: 8)
        #expect(normal.height(fontMask: 0) == 10)
        #expect(normal.height(fontMask: 0b01) == 10)
        #expect(normal.height(fontMask: 0b10) == 15)
        #expect(normal.height(fontMask: 0b11) == 15)
        #expect(LineHeightResolver(model: .em, tables: tables, fontSize: 8).height(fontMask: 0b11) == 8)
        #expect(LineHeightResolver(model: .fixed(12), tables: tables, fontSize: 8).height(fontMask: 1) == 12)
        #expect(LineHeightResolver(model: .multiple(1.5), tables: tables, fontSize: 8).height(fontMask: 1) == 12)
    }

    /// Rule: totals add paragraphs in order; lines past the maximum are not visible (the
    /// paragraph that reaches it counts only its first lines); spacing goes between lines;
    /// lines below the minimum are empty lines.
    @Test func totalsClampToTheLineLimits() {
        var totals = MeasureTotals(maximum: 3)
        let first = ParagraphMeasure(lineCount: 2, height: 20, maxLineWidth: 50)
        #expect(totals.linesShownOf(first) == nil)
        totals.add(first, firstLinesHeight: 0)
        let second = ParagraphMeasure(lineCount: 3, height: 30, maxLineWidth: 70)
        #expect(totals.linesShownOf(second) == 1)
        totals.add(second, firstLinesHeight: 10)
        let measured = totals.measurement(
            width: 100, lineLimits: LineLimits(minimum: 1, maximum: 3), lineSpacing: 2, emptyLineHeight: 10,
            missingGlyphCount: 0)
        #expect(measured.lineCount == 5)
        #expect(measured.height == 50 + 4 * 2)
        #expect(measured.visibleLineCount == 3)
        #expect(measured.visibleHeight == 30 + 2 * 2)
        #expect(measured.maxLineWidth == 70)
        #expect(measured.overflows)

        var short = MeasureTotals(maximum: Int.max)
        short.add(ParagraphMeasure(lineCount: 1, height: 10, maxLineWidth: 5), firstLinesHeight: 0)
        let padded = short.measurement(
            width: 100, lineLimits: LineLimits(minimum: 3), lineSpacing: 2, emptyLineHeight: 12, missingGlyphCount: 0)
        #expect(padded.visibleLineCount == 3)
        #expect(padded.visibleHeight == 10 + 2 * 12 + 2 * 2)
        #expect(!padded.overflows)
    }

    /// A text store of `paragraphs` (texts with their breaks), without preparation.
    static func store(_ paragraphs: [String]) -> TextStore {
        TextStore(paragraphs.map { StoredParagraph(units: Array($0.utf16), prepared: .empty) })
    }

    /// Rule: UTF-16 positions are valid inside the text and on scalar boundaries only.
    @Test func textPositionsRejectSurrogateHalves() {
        let store = Self.store(["a😀b\n", "😀"])  // a, a surrogate pair, b, LF; a pair
        #expect(store.isScalarBoundary(1))
        #expect(!store.isScalarBoundary(2))
        #expect(store.isScalarBoundary(5))
        #expect(!store.isScalarBoundary(6))
        #expect(store.isScalarBoundary(7))
        #expect(!store.isScalarBoundary(8))
        #expect(!store.isScalarBoundary(-1))
    }

    /// Rule: the store's counts and paragraph locations equal those of its text, through edits
    /// that grow leaves past their maximum and shrink them below their minimum.
    @Test func textStoreCountsAndLocationsFollowEdits() {
        var paragraphs = (0..<300).map { "p\($0) e\u{301}🇰🇷\r\n" } + ["end"]
        var store = Self.store(paragraphs)
        func check(_ context: String) {
            let text = paragraphs.joined()
            #expect(store.utf16Count == text.utf16.count, "\(context)")
            #expect(store.characterCount == text.count, "\(context)")
            #expect(store.paragraphCount == paragraphs.count, "\(context)")
            #expect(TextSnapshot(store).string == text, "\(context)")
            var start = 0
            for (index, paragraph) in paragraphs.enumerated() {
                let length = paragraph.utf16.count
                for offset in [start, start + length / 2] where offset < start + length || index == paragraphs.count - 1
                {
                    let location = store.location(containing: offset)
                    #expect(location.index == index && location.start == start, "\(context): offset \(offset)")
                }
                #expect(store.paragraph(index).units == Array(paragraph.utf16), "\(context): paragraph \(index)")
                start += length
            }
        }
        check("built")
        #expect(store.leaves.count > 1)
        // Grow one leaf past its maximum: it splits.
        let added = (0..<200).map { "new \($0)\n" }
        let removed = store.replaceParagraphs(
            10...10, with: added.map { StoredParagraph(units: Array($0.utf16), prepared: .empty) })
        #expect(removed.map { String(decoding: $0.units, as: UTF16.self) } == [paragraphs[10]])
        paragraphs.replaceSubrange(10...10, with: added)
        check("grown")
        #expect(store.leaves.allSatisfy { $0.paragraphs.count <= TextStore.maximumLeafSize })
        // Remove almost everything across leaves: short leaves take in their neighbours.
        store.replaceParagraphs(
            1...(paragraphs.count - 3), with: [StoredParagraph(units: Array("x\n".utf16), prepared: .empty)])
        paragraphs.replaceSubrange(1...(paragraphs.count - 3), with: ["x\n"])
        check("shrunk")
        #expect(store.leaves.count == 1)
    }

    /// Rule: two snapshots of one store compare by content, whether or not they share leaves.
    @Test func textSnapshotsCompareByContent() {
        var store = Self.store((0..<200).map { "line \($0)\n" } + [""])
        let before = TextSnapshot(store)
        store.replaceParagraphs(150...150, with: [StoredParagraph(units: Array("line 150\n".utf16), prepared: .empty)])
        #expect(TextSnapshot(store).hasSameText(as: before))
        store.replaceParagraphs(150...150, with: [StoredParagraph(units: Array("line 15x\n".utf16), prepared: .empty)])
        #expect(!TextSnapshot(store).hasSameText(as: before))
        #expect(!TextSnapshot(store).hasSameText(as: TextSnapshot(before.string)))
        #expect(TextSnapshot(store).hasSameText(as: TextSnapshot(TextSnapshot(store).string)))
    }

    /// Rule: a prepared paragraph has one advance and flag per unit, and segments that tile it.
    @Test func structuralInvariants() {
        #expect(Self.paragraph(["aa ", "b"]).invariantViolations == [])
        var broken = Self.paragraph(["aa ", "b"])
        broken.segments[1].end = 3
        broken.advances.removeLast()
        #expect(
            broken.invariantViolations == [
                "3 advances for 4 units", "segment 1 ends at 3, not after 3",
                "segment 1 has its content end 4 outside 3...3", "segments end at 3, not at 4",
            ])
    }
}

extension FontFreeTests {
    /// Rule: a sum of em advances that rounds just past the box still fits (0.1 + 0.2 em is
    /// 0.30000000000000004 em: 30.000000000000004 px at 100 px in a 30 px box).
    @Test func roundingNeverWrapsAnExactFit() {
        var paragraph = Self.paragraph(["ab"], advance: 0.1)
        paragraph.advances = [0.1, 0.2]
        paragraph.segments[0].contentWidth = 0.1 + 0.2
        #expect(Self.walk(paragraph, width: 30, fontSize: 100) == [Line(range: 0..<2, width: (0.1 + 0.2) * 100)])
        #expect(Self.walk(paragraph, width: 29.99, fontSize: 100).map(\.range) == [0..<1, 1..<2])
    }

    /// Rule: whitespace inside an over-long segment hangs: the break comes after it, and it is
    /// not in the line's width.
    @Test func innerWhitespaceHangsWhenASegmentBreaks() {
        var paragraph = Self.paragraph(["aa   :"])  // one segment: 6 units of 5 px at 10 px
        for index in 2..<5 { paragraph.flags[index] |= UnitFlag.innerWhitespace }
        #expect(Self.walk(paragraph, width: 12) == [Line(range: 0..<5, width: 10), Line(range: 5..<6, width: 5)])
    }
}
