/// Turns a line's font mask into its height in px for a style's line-height model.
struct LineHeightResolver: Sendable {
    let model: LineHeight
    let fontSize: Double
    /// Per font of the stack, in em.
    let ascenders: [Double]
    let descenders: [Double]
    let lineGaps: [Double]
    let uniformHeight: Double?

    /// Per-font metric tables of a stack, built once per prepared text.
    struct Tables: Sendable {
        let ascenders: [Double]
        let descenders: [Double]
        let lineGaps: [Double]

        init(fonts: FontStack) {
            ascenders = fonts.fonts.map(\.metrics.ascender)
            descenders = fonts.fonts.map(\.metrics.descender)
            lineGaps = fonts.fonts.map(\.metrics.lineGap)
        }
    }

    /// A resolver for `style` at `fontSize`; no allocation (the tables are shared).
    init(style: TextStyle, tables: Tables, fontSize: Double) {
        model = style.lineHeight
        self.fontSize = fontSize
        ascenders = tables.ascenders
        descenders = tables.descenders
        lineGaps = tables.lineGaps
        switch style.lineHeight {
        case .metrics:
            uniformHeight = style.fonts.fonts.count == 1 ? style.fonts.primary.metrics.lineHeight * fontSize : nil
        case .em: uniformHeight = fontSize
        case .fixed(let pixels): uniformHeight = pixels
        case .multiple(let factor): uniformHeight = factor * fontSize
        }
    }

    /// Height of a line whose content used the fonts in `mask` (0: an empty line, primary font).
    @inline(__always)
    func height(fontMask mask: UInt32) -> Double {
        if let uniformHeight { return uniformHeight }
        if mask <= 1 { return (ascenders[0] - descenders[0] + lineGaps[0]) * fontSize }
        var ascender = -Double.infinity
        var descender = Double.infinity
        var gap = 0.0
        var bits = mask
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            ascender = max(ascender, ascenders[index])
            descender = min(descender, descenders[index])
            gap = max(gap, lineGaps[index])
        }
        return (ascender - descender + gap) * fontSize
    }

    /// Height of an empty line (the primary font's).
    var emptyLineHeight: Double { height(fontMask: 0) }
}
