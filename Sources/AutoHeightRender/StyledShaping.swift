import AutoHeight

/// What drawing a styled text needs beyond its base shaping, worked out as `StyledPreparation`
/// measured it: each run's face (through `RunFaces`, the faces the measurement used), the
/// stretches in another face shaped on their own in it, letter spacing after every grapheme
/// cluster (none after a box or a tab, none between the letters of joining scripts in the web
/// profile) and each U+FFFC's box.
struct StyledShaping {
    /// The text's runs resolved to stretches of one style each.
    let spans: StyledSpans
    /// Per resolved style: its index in ``faces``.
    let styleFaces: [Int]
    /// Per resolved style: the stack and style its stretches are shaped in, nil for the base
    /// stack (whose shaping of the whole paragraph the stretch keeps, scaled to its size).
    let shaping: [(stack: FontStack, style: TextStyle)?]
    /// Face 0 is the style's stack at its size; then one per other stack and size.
    let faces: [DrawnFace]
    let boxes: [InlineBox]
    /// The UTF-16 offset of each U+FFFC in the text, in order (box `i` is at `boxOffsets[i]`).
    let boxOffsets: [Int]
    let isWeb: Bool

    /// Resolves `styled`'s runs over `style` (already checked by its preparation).
    init(_ styled: StyledText, units: [UInt16], style: TextStyle) throws(AutoHeightError) {
        spans = try StyledSpans(runs: styled.runs, units: units, baseSize: style.fontSize)
        var faces = [DrawnFace(fonts: style.fonts, fontSize: style.fontSize)]
        var known = ["\(style.fonts.cacheIdentity)@\(style.fontSize)": 0]
        var styleFaces: [Int] = []
        var shaping: [(stack: FontStack, style: TextStyle)?] = []
        for runStyle in spans.styles {
            let runShaping = runStyle.usesBaseFonts ? nil : try RunFaces.shared.style(for: runStyle, base: style)
            let stack = runShaping?.stack ?? style.fonts
            let key = "\(stack.cacheIdentity)@\(runStyle.size)"
            if let face = known[key] {
                styleFaces.append(face)
            } else {
                known[key] = faces.count
                styleFaces.append(faces.count)
                faces.append(DrawnFace(fonts: stack, fontSize: runStyle.size))
            }
            shaping.append(runShaping)
        }
        self.styleFaces = styleFaces
        self.shaping = shaping
        self.faces = faces
        boxes = styled.boxes
        boxOffsets = units.indices.filter { units[$0] == 0xFFFC }
        isWeb = style.profile == .web
    }

    /// Gives `paragraph` (at `start` in the text, shaped in the base style) its runs' faces,
    /// letter spacing and boxes.
    func apply(to paragraph: inout ShapedParagraph, start: Int) throws(AutoHeightError) {
        let count = paragraph.units.count
        let end = start + count
        var spacing = [Double](filledWith: 0, count: count)
        var spaced = false
        for span in spans.spans where span.start < end && span.end > start {
            let lower = max(span.start, start) - start
            let upper = min(span.end, end) - start
            guard lower < upper else { continue }
            let runStyle = spans.styles[span.style]
            let face = styleFaces[span.style]
            if let runShaping = shaping[span.style] {
                // Shaped on its own in the run's face, as the measurement shaped it.
                let units = Array(paragraph.units[lower..<upper])
                let alone = try runShaping.style.preparationContext().withPreparer {
                    (preparer) throws(AutoHeightError) in
                    try ShapedParagraph(units, preparer: preparer, stack: runShaping.stack)
                }
                var replacement: [ShapedRun] = []
                for run in alone.shapedRuns {
                    let glyphs = run.glyphs.map { glyph in
                        var moved = glyph
                        moved.cluster += lower
                        return moved
                    }
                    let range = (run.range.lowerBound + lower)..<(run.range.upperBound + lower)
                    for var part in ShapedParagraph.split(
                        range, glyphs: glyphs, fontIndex: run.fontIndex, levels: paragraph.levels,
                        isRightToLeft: run.level & 1 == 1)
                    {
                        part.face = face
                        replacement.append(part)
                    }
                }
                paragraph.replaceRuns(in: lower..<upper) { _ in replacement }
            } else if face != 0 {
                // The base shaping at the run's size.
                paragraph.replaceRuns(in: lower..<upper) { inside in
                    inside.map { run in
                        var sized = run
                        sized.face = face
                        return sized
                    }
                }
            }
            guard runStyle.letterSpacing != 0 else { continue }
            for unit in lower..<upper where paragraph.flags[unit] & UnitFlag.graphemeStart != 0 {
                let code = paragraph.units[unit]
                if code == 0xFFFC || code == 0x09 || (isWeb && StyledPreparation.isCursive(code)) { continue }
                spacing[unit] = runStyle.letterSpacing
                spaced = true
            }
        }
        if spaced { paragraph.spacing = spacing }
        for (index, offset) in boxOffsets.enumerated() where start <= offset && offset < end {
            paragraph.placeBox(at: offset - start, ShapedParagraph.PlacedBox(index: index, box: boxes[index]))
        }
    }
}

extension ShapedParagraph {
    /// Replaces the parts of the shaped runs inside `range` by what `transform` makes of them
    /// (the runs clipped to the range), keeping the parts outside; runs stay in logical order.
    mutating func replaceRuns(in range: Range<Int>, _ transform: ([ShapedRun]) -> [ShapedRun]) {
        var outside: [ShapedRun] = []
        var inside: [ShapedRun] = []
        for run in shapedRuns {
            guard run.range.overlaps(range) else {
                outside.append(run)
                continue
            }
            for (lower, upper) in [(run.range.lowerBound, range.lowerBound), (range.upperBound, run.range.upperBound)]
            where lower < upper {
                outside.append(Self.clip(run, to: lower..<upper))
            }
            inside.append(Self.clip(run, to: run.range.clamped(to: range)))
        }
        shapedRuns = (outside + transform(inside)).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private static func clip(_ run: ShapedRun, to range: Range<Int>) -> ShapedRun {
        var part = run
        part.range = range
        part.glyphs = run.glyphs.filter { range.contains($0.cluster) }
        return part
    }

    /// Makes the U+FFFC at `offset` one ``ShapedGlyph/boxMarker`` glyph carrying `box`.
    mutating func placeBox(at offset: Int, _ box: PlacedBox) {
        boxes[offset] = box
        guard let index = shapedRuns.firstIndex(where: { $0.range.contains(offset) }) else { return }
        var glyphs = shapedRuns[index].glyphs
        let marker = ShapedGlyph(glyph: ShapedGlyph.boxMarker, cluster: offset, xAdvance: 0, xOffset: 0, yOffset: 0)
        if let first = glyphs.firstIndex(where: { $0.cluster == offset }) {
            glyphs.removeAll { $0.cluster == offset }
            glyphs.insert(marker, at: first)
        } else {
            // No glyph (a font without one): where the cluster order puts it.
            let isRightToLeft = shapedRuns[index].level & 1 == 1
            let position =
                glyphs.firstIndex { isRightToLeft ? $0.cluster < offset : $0.cluster > offset } ?? glyphs.count
            glyphs.insert(marker, at: position)
        }
        shapedRuns[index].glyphs = glyphs
    }
}
