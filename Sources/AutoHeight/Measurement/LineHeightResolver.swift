/// Turns a line's font mask into its height in px for a style's line-height model.
///
/// Bit `i` of a mask is font `i` of the stack: the explicit fonts first, then the fonts the
/// system fallback discovered (font `fonts.count + d` is discovered font `d`). Masks are 32 bits
/// wide, so fonts 31 and beyond share bit 31, which then stands for all of them: the tallest
/// ascender, deepest descender and largest gap among them (conservative: never too short).
package struct LineHeightResolver: Sendable {
    let model: LineHeight
    let fontSize: Double
    /// Per explicit font of the stack, in em.
    let tables: FontMetricTables
    /// The system fallback's discovered fonts, in em, as of this resolver's creation (every font
    /// a prepared paragraph refers to was discovered before its preparation ended).
    let discovered: SystemFallback.Metrics
    let uniformHeight: Double?
    /// A styled text's line-height classes: masks then name classes, not fonts.
    let styled: StyledLineMetrics?

    /// A resolver for the line-height `model` at `fontSize`; no allocation (the tables are shared).
    package init(model: LineHeight, tables: FontMetricTables, fontSize: Double, styled: StyledLineMetrics? = nil) {
        self.model = model
        self.fontSize = fontSize
        self.tables = tables
        self.styled = styled
        discovered = tables.systemFallback?.metrics ?? .empty
        if let styled {
            uniformHeight = styled.uniformHeight
            return
        }
        switch model {
        case .metrics:
            uniformHeight =
                tables.ascenders.count == 1 && discovered.ascenders.isEmpty
                ? (tables.ascenders[0] - tables.descenders[0] + tables.lineGaps[0]) * fontSize : nil
        case .normal:
            uniformHeight =
                tables.ascenders.count == 1 && discovered.ascenders.isEmpty
                ? Self.roundedExtent(tables.ascenders[0], tables.descenders[0], tables.lineGaps[0], fontSize).total
                : nil
        case .em: uniformHeight = fontSize
        case .fixed(let pixels): uniformHeight = pixels
        case .multiple(let factor): uniformHeight = factor * fontSize
        }
    }

    /// Chromium's `line-height: normal` box of one font (em metrics at `size` px): ascender,
    /// descender and line gap each rounded to whole px (Blink's `SkScalarRoundToScalar`), the
    /// gap split evenly above and below.
    static func roundedExtent(
        _ ascender: Double, _ descender: Double, _ gap: Double, _ size: Double
    ) -> (above: Double, below: Double, total: Double) {
        let up = (ascender * size).rounded()
        let down = (-descender * size).rounded()
        let leading = (gap * size).rounded()
        return (up + leading / 2, down + leading / 2, up + down + leading)
    }

    /// Height of a line whose content used the fonts in `mask` (0: an empty line, primary font).
    @inline(__always)
    func height(fontMask mask: UInt32) -> Double {
        if let uniformHeight { return uniformHeight }
        if let styled { return styled.height(mask: mask) }
        if case .normal = model { return normalHeight(fontMask: mask) }
        let ascenders = tables.ascenders
        let descenders = tables.descenders
        let lineGaps = tables.lineGaps
        if mask <= 1 { return (ascenders[0] - descenders[0] + lineGaps[0]) * fontSize }
        var ascender = -Double.infinity
        var descender = Double.infinity
        var gap = 0.0
        forEachFont(inMask: mask) { fontAscender, fontDescender, fontGap in
            ascender = max(ascender, fontAscender)
            descender = min(descender, fontDescender)
            gap = max(gap, fontGap)
        }
        if ascender == -Double.infinity { return (ascenders[0] - descenders[0] + lineGaps[0]) * fontSize }
        return (ascender - descender + gap) * fontSize
    }

    /// `line-height: normal` over the fonts in `mask`, the primary always among them (Chromium's
    /// line box holds the primary font's strut): the highest top over the deepest bottom.
    private func normalHeight(fontMask mask: UInt32) -> Double {
        var above = 0.0
        var below = 0.0
        func include(_ ascender: Double, _ descender: Double, _ gap: Double) {
            let extent = Self.roundedExtent(ascender, descender, gap, fontSize)
            above = max(above, extent.above)
            below = max(below, extent.below)
        }
        include(tables.ascenders[0], tables.descenders[0], tables.lineGaps[0])
        forEachFont(inMask: mask & ~1, include)
        return above + below
    }

    /// Calls `body` with the ascender, descender and line gap (em) of each font in `mask`: bit
    /// 31 stands for every font from 31 on (explicit and discovered), other bits for one font.
    private func forEachFont(inMask mask: UInt32, _ body: (Double, Double, Double) -> Void) {
        var bits = mask
        let explicitCount = tables.ascenders.count
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            let last = index == 31 ? explicitCount + discovered.ascenders.count : index + 1
            for font in index..<max(last, index + 1) {
                if font < explicitCount {
                    body(tables.ascenders[font], tables.descenders[font], tables.lineGaps[font])
                } else if font - explicitCount < discovered.ascenders.count {
                    let found = font - explicitCount
                    body(discovered.ascenders[found], discovered.descenders[found], discovered.lineGaps[found])
                }
            }
        }
    }

    /// Height of an empty line (the primary font's).
    package var emptyLineHeight: Double { height(fontMask: 0) }
}
