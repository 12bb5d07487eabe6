import AutoHeight

/// Places the glyphs of one measured line: the line's part of each shaped run, its hanging
/// whitespace at the paragraph's level (UAX #9 rule L1), the runs in ICU's visual order
/// (rule L2), and pens advanced by the shaped advances, tabs to their stops, controls by
/// nothing, as the line walk counted them. In a styled text each run is set in its face at its
/// size, letter spacing follows each grapheme cluster and a box advances by its width.
struct LineAssembler {
    let style: TextStyle
    let width: Double
    /// The faces runs are drawn in (``LayoutDrawing/faces``).
    let faces: [DrawnFace]

    /// `layout`'s range is in the text; `paragraphStart` is where `paragraph` starts in it.
    /// `ascent`: in a styled text, how far the line reaches above its baseline
    /// (`PreparedText/styledLineAscents(width:)`); `isStyled` without it: uniform line heights.
    func assemble(
        _ layout: LineLayout, paragraph: ShapedParagraph, paragraphStart: Int, ascent: Double? = nil,
        isStyled: Bool = false
    ) -> DrawnLine {
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
        let tabAdvances = tabAdvances(parts.map(\.shapedRun), start: start, end: end, paragraph: paragraph)
        let isRightToLeft = paragraph.paragraphLevel & 1 == 1
        let contentX = isRightToLeft ? width - layout.width : 0
        var hangingWidth = 0.0
        // Widths first: the hanging whitespace of a right-to-left line sits left of its content.
        var runs: [DrawnRun] = []
        var boxes: [DrawnBox] = []
        var pen = 0.0
        for index in order {
            let (shapedRun, level) = parts[index]
            let face = faces[shapedRun.face]
            guard let font = face.fonts.font(at: shapedRun.fontIndex) else { continue }
            let unitsPerPx = face.fontSize / Double(font.unitsPerEm)
            var run = DrawnRun(
                range: (paragraphStart + shapedRun.range.lowerBound)..<(paragraphStart + shapedRun.range.upperBound),
                face: shapedRun.face, fontIndex: shapedRun.fontIndex, isRightToLeft: level & 1 == 1, x: pen, width: 0,
                glyphs: [])
            let spacings = paragraph.spacing.isEmpty ? [] : Self.spacings(of: shapedRun, in: paragraph)
            for (position, glyph) in shapedRun.glyphs.enumerated() {
                if glyph.glyph == ShapedGlyph.boxMarker, let placed = paragraph.boxes[glyph.cluster] {
                    boxes.append(
                        DrawnBox(
                            index: placed.index, offset: paragraphStart + glyph.cluster, x: pen, y: 0,
                            width: placed.box.width, height: placed.box.height))
                    pen += placed.box.width
                    continue
                }
                let unit = paragraph.units[glyph.cluster]
                let isControl = unit < 0x20 || (unit >= 0x7F && unit <= 0x9F)
                var advance = Double(glyph.xAdvance) * unitsPerPx
                if unit == 0x09 {
                    advance = tabAdvances[glyph.cluster] ?? 0
                } else if isControl {
                    advance = 0
                }
                if !spacings.isEmpty { advance += spacings[position] }
                if !isControl {
                    run.glyphs.append(
                        DrawnGlyph(
                            face: shapedRun.face, fontIndex: shapedRun.fontIndex, glyphID: glyph.glyph,
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
        let baseline: Double
        if let ascent {
            baseline = layout.y + ascent
        } else if isStyled {
            baseline = layout.y + uniformBaselineOffset(layout, runs: runs)
        } else {
            baseline = layout.y + baselineOffset(layout, fonts: Set(runs.map(\.fontIndex)))
        }
        for index in runs.indices {
            for glyph in runs[index].glyphs.indices { runs[index].glyphs[glyph].y += baseline }
        }
        for index in boxes.indices {
            boxes[index].x += shift
            boxes[index].y = baseline - boxes[index].height
        }
        return DrawnLine(
            layout: layout, baseline: baseline, isRightToLeft: isRightToLeft, contentX: contentX,
            hangingX: isRightToLeft ? contentX - hangingWidth : layout.width, hangingWidth: hangingWidth, runs: runs,
            boxes: boxes)
    }

    /// The letter spacing after each glyph of `shapedRun` (a line's part of a run): each
    /// cluster's spacing (the spacing of the units it covers, up to the next cluster) after its
    /// last glyph.
    private static func spacings(of shapedRun: ShapedRun, in paragraph: ShapedParagraph) -> [Double] {
        let glyphs = shapedRun.glyphs
        let clusters = Set(glyphs.map(\.cluster)).sorted()
        var result = [Double](filledWith: 0, count: glyphs.count)
        for (position, glyph) in glyphs.enumerated()
        where position + 1 == glyphs.count || glyphs[position + 1].cluster != glyph.cluster {
            let next = clusters.first { $0 > glyph.cluster } ?? shapedRun.range.upperBound
            result[position] = paragraph.spacing[glyph.cluster..<max(next, glyph.cluster)].reduce(0, +)
        }
        return result
    }

    /// Each tab's advance in px, keyed by its paragraph offset: to the next tab stop from the
    /// pen in logical order, as the line walk measured it (in mixed-direction text that is not
    /// where the tab is drawn, but the drawn widths add up to the measured ones).
    private func tabAdvances(_ shapedRuns: [ShapedRun], start: Int, end: Int, paragraph: ShapedParagraph) -> [Int:
        Double]
    {
        var tabs: [Int: Double] = [:]
        guard paragraph.units[start..<end].contains(0x09) else { return tabs }
        var advances = [Double](filledWith: 0, count: end - start)
        for shapedRun in shapedRuns {
            let face = faces[shapedRun.face]
            guard let font = face.fonts.font(at: shapedRun.fontIndex) else { continue }
            for glyph in shapedRun.glyphs {
                if glyph.glyph == ShapedGlyph.boxMarker, let placed = paragraph.boxes[glyph.cluster] {
                    advances[glyph.cluster - start] += placed.box.width
                    continue
                }
                advances[glyph.cluster - start] += Double(glyph.xAdvance) * face.fontSize / Double(font.unitsPerEm)
            }
        }
        if !paragraph.spacing.isEmpty {
            for offset in start..<end { advances[offset - start] += paragraph.spacing[offset] }
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

    /// A styled text's baseline below the line's top with uniform line heights: half the leading
    /// above the tallest ascender among the faces and fonts on the line, each at its size.
    private func uniformBaselineOffset(_ layout: LineLayout, runs: [DrawnRun]) -> Double {
        var ascender = -Double.infinity
        var descender = Double.infinity
        for run in runs {
            let face = faces[run.face]
            guard let metrics = face.fonts.font(at: run.fontIndex)?.metrics else { continue }
            ascender = max(ascender, metrics.ascender * face.fontSize)
            descender = min(descender, metrics.descender * face.fontSize)
        }
        if ascender == -Double.infinity {
            ascender = style.fonts.primary.metrics.ascender * style.fontSize
            descender = style.fonts.primary.metrics.descender * style.fontSize
        }
        return (layout.height - (ascender - descender)) / 2 + ascender
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
