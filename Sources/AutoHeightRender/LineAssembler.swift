import AutoHeight

/// Places the glyphs of one measured line: the line's part of each shaped run, its hanging
/// whitespace at the paragraph's level (UAX #9 rule L1), the runs in ICU's visual order
/// (rule L2), and pens advanced by the shaped advances, tabs to their stops, controls by
/// nothing, as the line walk counted them.
struct LineAssembler {
    let style: TextStyle
    let width: Double

    /// `layout`'s range is in the text; `paragraphStart` is where `paragraph` starts in it.
    func assemble(_ layout: LineLayout, paragraph: ShapedParagraph, paragraphStart: Int) -> DrawnLine {
        let start = layout.range.lowerBound - paragraphStart
        let end = layout.range.upperBound - paragraphStart
        // The walk's hanging-whitespace rule (``TrailingSpan``), so the drawing hangs what it hung.
        let span = TrailingSpan.at(
            trailingWhitespace: style.trailingWhitespace, whiteSpace: style.whiteSpace,
            tabsHang: style.webBrowser.tabsHang, endsParagraph: end == paragraph.units.count)
        let contentEnd = paragraph.units.withUnsafeBufferPointer { span.contentEnd(of: $0, from: start, to: end) }
        // The line's parts of the shaped runs, logical order; hanging whitespace at the paragraph level.
        var parts: [(shapedRun: ShapedRun, level: UInt8)] = []
        for shapedRun in paragraph.shapedRuns where shapedRun.range.overlaps(start..<end) {
            for (lower, upper, isHanging) in [(start, contentEnd, false), (contentEnd, end, true)] {
                let clipped = shapedRun.range.clamped(to: lower..<upper)
                guard !clipped.isEmpty else { continue }
                var part = shapedRun
                part.range = clipped
                part.glyphs = shapedRun.glyphs.filter { clipped.contains($0.cluster) }
                parts.append((part, isHanging ? paragraph.paragraphLevel : shapedRun.level))
            }
        }
        let order = BidiReordering.visualOrder(levels: parts.map(\.level))
        let scale = style.fontSize
        let tabAdvances = tabAdvances(parts.map(\.shapedRun), start: start, end: end, paragraph: paragraph)
        let isRightToLeft = paragraph.paragraphLevel & 1 == 1
        let contentX = isRightToLeft ? width - layout.width : 0
        var hangingWidth = 0.0
        // Widths first: the hanging whitespace of a right-to-left line sits left of its content.
        var runs: [DrawnRun] = []
        var pen = 0.0
        for index in order {
            let (shapedRun, level) = parts[index]
            guard let font = style.fonts.font(at: shapedRun.fontIndex) else { continue }
            let unitsPerPx = scale / Double(font.unitsPerEm)
            var run = DrawnRun(
                range: (paragraphStart + shapedRun.range.lowerBound)..<(paragraphStart + shapedRun.range.upperBound),
                fontIndex: shapedRun.fontIndex, isRightToLeft: level & 1 == 1, x: pen, width: 0, glyphs: [])
            for glyph in shapedRun.glyphs {
                let unit = paragraph.units[glyph.cluster]
                let isControl = unit < 0x20 || (unit >= 0x7F && unit <= 0x9F)
                var advance = Double(glyph.xAdvance) * unitsPerPx
                if unit == 0x09 {
                    advance = tabAdvances[glyph.cluster] ?? 0
                } else if isControl {
                    advance = 0
                }
                if !isControl {
                    run.glyphs.append(
                        DrawnGlyph(
                            fontIndex: shapedRun.fontIndex, glyphID: glyph.glyph,
                            cluster: paragraphStart + glyph.cluster,
                            x: pen + Double(glyph.xOffset) * unitsPerPx, y: -Double(glyph.yOffset) * unitsPerPx,
                            penX: pen, advance: advance))
                }
                pen += advance
                if shapedRun.range.lowerBound >= contentEnd { hangingWidth += advance }
            }
            run.width = pen - run.x
            runs.append(run)
        }
        // Shift to the line's place: left to right the content starts at 0 and the hanging
        // whitespace follows it; right to left the hanging whitespace comes first and the content
        // ends at the right edge.
        let shift = isRightToLeft ? contentX - hangingWidth : 0
        for index in runs.indices {
            runs[index].x += shift
            for glyph in runs[index].glyphs.indices {
                runs[index].glyphs[glyph].x += shift
                runs[index].glyphs[glyph].penX += shift
            }
        }
        let baseline = layout.y + baselineOffset(layout, fonts: Set(runs.map(\.fontIndex)))
        for index in runs.indices {
            for glyph in runs[index].glyphs.indices { runs[index].glyphs[glyph].y += baseline }
        }
        return DrawnLine(
            layout: layout, baseline: baseline, isRightToLeft: isRightToLeft, contentX: contentX,
            hangingX: isRightToLeft ? contentX - hangingWidth : layout.width, hangingWidth: hangingWidth, runs: runs)
    }

    /// Each tab's advance in px, keyed by its paragraph offset: to the next tab stop from the
    /// pen in logical order, as the line walk measured it (in mixed-direction text that is not
    /// where the tab is drawn, but the drawn widths add up to the measured ones).
    private func tabAdvances(_ shapedRuns: [ShapedRun], start: Int, end: Int, paragraph: ShapedParagraph) -> [Int:
        Double]
    {
        var tabs: [Int: Double] = [:]
        guard paragraph.units[start..<end].contains(0x09) else { return tabs }
        var advances = [Double](repeating: 0, count: end - start)
        for shapedRun in shapedRuns {
            guard let font = style.fonts.font(at: shapedRun.fontIndex) else { continue }
            for glyph in shapedRun.glyphs {
                advances[glyph.cluster - start] += Double(glyph.xAdvance) * style.fontSize / Double(font.unitsPerEm)
            }
        }
        let tabStops = style.tabStopEm  // the line walk's stops (in em), the profile's minimum included
        var pen = 0.0
        for offset in start..<end {
            let unit = paragraph.units[offset]
            if unit == 0x09 {
                let advance = (tabStops.next(after: pen / style.fontSize) - pen / style.fontSize) * style.fontSize
                tabs[offset] = advance
                pen += advance
            } else if !(unit < 0x20 || (unit >= 0x7F && unit <= 0x9F)) {
                pen += advances[offset - start]
            }
        }
        return tabs
    }

    /// Baseline below the line's top: half the leading above the tallest ascender among the
    /// fonts used on the line (the primary font's when it has none).
    private func baselineOffset(_ layout: LineLayout, fonts: Set<Int>) -> Double {
        var ascender = -Double.infinity
        var descender = Double.infinity
        for index in fonts.isEmpty ? [0] : Array(fonts) {
            guard let metrics = style.fonts.font(at: index)?.metrics else { continue }
            ascender = max(ascender, metrics.ascender)
            descender = min(descender, metrics.descender)
        }
        if ascender == -Double.infinity {
            ascender = style.fonts.primary.metrics.ascender
            descender = style.fonts.primary.metrics.descender
        }
        let ink = (ascender - descender) * style.fontSize
        return (layout.height - ink) / 2 + ascender * style.fontSize
    }
}
