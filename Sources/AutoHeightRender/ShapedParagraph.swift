import AutoHeight

/// One glyph as HarfBuzz shaped it, in font units.
struct ShapedGlyph: Equatable, Sendable {
    var glyph: UInt32
    /// The UTF-16 offset (in the shaped paragraph) of the first unit of the glyph's cluster.
    var cluster: Int
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32

    /// The glyph id standing for an inline box (its U+FFFC's glyphs are replaced by one of these).
    static let boxMarker = UInt32.max
}

/// A stretch of one paragraph set in one font at one bidi level, with its glyphs.
struct ShapedRun: Sendable {
    /// Paragraph-relative UTF-16 range.
    var range: Range<Int>
    /// Index of the font in the face's stack (explicit fonts first, then discovered ones).
    var fontIndex: Int
    /// The face (``LayoutDrawing/faces``): 0 is the style's stack at its size.
    var face = 0
    var level: UInt8
    /// In HarfBuzz's output order (left to right); clusters are paragraph-relative.
    var glyphs: [ShapedGlyph]
}

/// One paragraph shaped again for drawing, with the decisions that measured it: the same runs,
/// the same font per grapheme cluster (`ParagraphShaper`, whose fallback choices are
/// repeated), and each run or fallback stretch shaped with the same buffer set-up and shape
/// plan, so the glyphs' advances add up to the measured widths.
struct ShapedParagraph: Sendable {
    var units: [UInt16]
    var shapedRuns: [ShapedRun]
    /// One per unit; empty when the paragraph is plainly left-to-right.
    var levels: [UInt8]
    var paragraphLevel: UInt8
    /// `UnitFlag` bits per unit (grapheme starts, tabs, missing glyphs).
    var flags: [UInt8]
    /// A styled text's letter spacing in px after each unit (on grapheme starts, as measured);
    /// empty when there is none.
    var spacing: [Double] = []
    /// A styled text's inline boxes by paragraph offset of their U+FFFC (whose glyphs are one
    /// ``ShapedGlyph/boxMarker`` each).
    var boxes: [Int: PlacedBox] = [:]

    /// An inline box and its index in the styled text's boxes.
    struct PlacedBox: Sendable {
        var index: Int
        var box: InlineBox
    }

    /// Shapes `units` (one paragraph, no explicit break inside) with `preparer`'s shaper.
    init(_ units: [UInt16], preparer: ParagraphPreparer, stack: FontStack) throws(AutoHeightError) {
        self.units = units
        let shaper = preparer.shaper
        let count = units.count
        var flags = [UInt8](filledWith: 0, count: count)
        var advances = [Double](filledWith: 0, count: count)
        var fontIndices = shaper.mayUseSeveralFonts ? [UInt8](filledWith: 0, count: count) : []
        var shapedRuns: [ShapedRun] = []
        let bidi =
            units.contains(where: CharacterClasses.mayNeedBidi)
            ? try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in try ParagraphBidi(buffer) }
            : .leftToRight
        try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
            guard count > 0 else { return }
            let runs = try TextRuns.itemize(buffer)
            try Graphemes.markStarts(of: buffer, in: &flags, offset: 0, bit: UnitFlag.graphemeStart)
            _ = try shaper.shape(buffer, runs: runs, advances: &advances, fontIndices: &fontIndices, flags: &flags)
            for run in runs {
                let language = shaper.language(for: run.script)
                var primaryGlyphs: [ShapedGlyph]? = nil
                var start = run.range.lowerBound
                while start < run.range.upperBound {
                    let fontIndex = fontIndices.isEmpty ? 0 : Int(fontIndices[start])
                    var end = start + 1
                    while end < run.range.upperBound && (fontIndices.isEmpty ? 0 : Int(fontIndices[end])) == fontIndex {
                        end += 1
                    }
                    let glyphs: [ShapedGlyph]
                    if fontIndex == 0 {
                        // The run as the primary font shaped it whole; this stretch's glyphs.
                        if primaryGlyphs == nil {
                            primaryGlyphs = try Self.glyphs(
                                buffer, range: run.range, font: shaper.fonts[0], run: run, language: language,
                                shaper: shaper)
                        }
                        glyphs = primaryGlyphs!.filter { start <= $0.cluster && $0.cluster < end }
                    } else if let font = stack.font(at: fontIndex) {
                        // Reshaped alone with its fallback font, as the measuring shaper did.
                        glyphs = try Self.glyphs(
                            buffer, range: start..<end, font: font, run: run, language: language, shaper: shaper)
                    } else {
                        glyphs = []
                    }
                    shapedRuns += Self.split(
                        start..<end, glyphs: glyphs, fontIndex: fontIndex, levels: bidi.levels,
                        isRightToLeft: run.isRightToLeft)
                    start = end
                }
            }
        }
        self.shapedRuns = shapedRuns
        self.levels = bidi.levels
        self.paragraphLevel = bidi.paragraphLevel
        self.flags = flags
    }

    /// Shapes `range` of `units` (the whole paragraph as context) with `font`, exactly as the
    /// measuring shaper does (same buffer set-up), and copies the glyphs
    /// out in HarfBuzz's order (left to right; a right-to-left run comes out reversed).
    private static func glyphs(
        _ units: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: Font, run: TextRun, language: ShapingLanguage?,
        shaper: ParagraphShaper
    ) throws(AutoHeightError) -> [ShapedGlyph] {
        let shaped = try font.shape(
            units, range: range, script: run.script, isRightToLeft: run.isRightToLeft, language: language,
            buffer: shaper.buffer)
        return (0..<shaped.count).map { index in
            let offset = shaped.offset(at: index)
            return ShapedGlyph(
                glyph: shaped.glyph(at: index), cluster: shaped.cluster(at: index),
                xAdvance: shaped.xAdvance(at: index),
                xOffset: offset.x, yOffset: offset.y)
        }
    }

    /// Cuts a stretch into runs of one bidi level each.
    static func split(
        _ range: Range<Int>, glyphs: [ShapedGlyph], fontIndex: Int, levels: [UInt8], isRightToLeft: Bool
    ) -> [ShapedRun] {
        guard !levels.isEmpty else {
            return [ShapedRun(range: range, fontIndex: fontIndex, level: 0, glyphs: glyphs)]
        }
        var shapedRuns: [ShapedRun] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound && levels[end] == levels[start] { end += 1 }
            let part = start..<end
            shapedRuns.append(
                ShapedRun(
                    range: part, fontIndex: fontIndex, level: levels[start],
                    glyphs: glyphs.filter { part.contains($0.cluster) }))
            start = end
        }
        return shapedRuns
    }

    /// The font of the unit at `offset`'s shaped run.
    func fontIndex(at offset: Int) -> Int? {
        shapedRuns.first { $0.range.contains(offset) }?.fontIndex
    }
}
