/// How tall each line of a styled text is, from the runs and boxes on it.
///
/// A styled text's segment masks name line-height classes (a font at a size, or a box height),
/// at most 32: bit 31 stands for every class from 31 on, with the largest extents among them
/// (never too short). Each class is an extent above and below the baseline in px:
/// - ``Mode/tallest`` (``LineHeight/metrics``, Pango's natural heights): each font's ascender,
///   descender and gap at its size; a line is the tallest ascender plus the deepest descender
///   plus the largest gap of what it holds. No strut: a line of small text is short.
/// - ``Mode/css`` (the web profile, and `normal` in the editor profile): CSS inline layout as
///   Blink does it. Each font's ascent and descent are rounded to whole px; with a fixed
///   line height `L` each inline box is `L` tall with the half-leading `⌊(L − A − D) / 2⌋` above
///   (the odd pixel below), with `normal` it is the rounded ascent, descent and gap; the root
///   inline box (the style's primary font: the strut) is on every line.
/// - ``Mode/uniform``: `em`, fixed and multiple heights in the editor profile: every line alike.
///
/// A box stands on the baseline: its height above, nothing below.
///
/// In ``Mode/tallest`` Pango also aligns the runs of a line on the baseline its first run's script
/// uses (1.50's `apply_baseline_shift`): the ideographic face bottom for Han, Kana and Hangul, the
/// hanging baseline for Devanagari and its kin, the alphabetic one (no shift) otherwise. A run
/// whose font puts that baseline elsewhere than the first run's font moves up by the difference
/// (Noto Sans CJK Bold's face bottom is 11 units lower than Regular's: a line mixing them is
/// 0.176 px taller at 16 px). Each class keeps its font's two baselines in px for that.
package final class StyledLineMetrics: Sendable {
    enum Mode: Sendable, Equatable {
        case tallest
        case css
        case uniform(Double)
    }

    /// One line-height class: its extents above and below the baseline and its gap in px, and its
    /// font's ideographic face bottom and hanging baselines in px (``Mode/tallest``).
    struct Class {
        var above: Double
        var below: Double
        var gap: Double
        var ideographic: Double
        var hanging: Double

        /// The baseline of a line-start kind (1: ideographic, else hanging) in px.
        func baseline(_ kind: UInt8) -> Double { kind == 1 ? ideographic : hanging }
    }

    let mode: Mode
    /// By class number (at most 32).
    let classes: [Class]
    /// The strut's extents (``Mode/css``).
    let strut: (above: Double, below: Double)
    /// Whether some classes put a baseline elsewhere: lines then need their first unit's class
    /// and script (``PreparedParagraph/lineStarts``).
    let shiftsBaselines: Bool

    init(mode: Mode, classes: [Class], strut: (above: Double, below: Double)) {
        self.mode = mode
        self.classes = classes
        self.strut = strut
        shiftsBaselines =
            mode == .tallest
            && classes.contains {
                $0.ideographic != classes[0].ideographic || $0.hanging != classes[0].hanging
            }
    }

    /// A line start's class and script kind in one byte (``PreparedParagraph/lineStarts``).
    static func lineStart(class index: UInt8, kind: UInt8) -> UInt8 { index | kind << 5 }

    /// ``height(mask:)`` of a line whose first unit is `start` (``lineStart(class:kind:)``): each
    /// class moved up by the first class's baseline minus its own.
    func height(mask: UInt32, start: UInt8) -> Double {
        let kind = start >> 5
        guard kind != 0, mode == .tallest else { return height(mask: mask) }
        return tallest(mask: mask, baseline: kind, reference: Int(start & 31))
    }

    var uniformHeight: Double? {
        if case .uniform(let height) = mode { return height }
        return nil
    }

    /// The height of a line holding the classes in `mask` (0: class 0, the style's primary font).
    func height(mask: UInt32) -> Double {
        switch mode {
        case .uniform(let height):
            return height
        case .css:
            var top = strut.above
            var bottom = strut.below
            var bits = mask
            while bits != 0 {
                let index = bits.trailingZeroBitCount
                bits &= bits - 1
                top = max(top, classes[index].above)
                bottom = max(bottom, classes[index].below)
            }
            return top + bottom
        case .tallest:
            return tallest(mask: mask, baseline: 0, reference: 0)
        }
    }

    /// How far a line holding the classes in `mask` reaches above its baseline: the largest
    /// ascent-above among them (with the strut in ``Mode/css``), which puts the baseline that far
    /// below the line's top. Nil for ``Mode/uniform`` (no extents are kept).
    func above(mask: UInt32) -> Double? {
        var top: Double
        var bits = mask
        switch mode {
        case .uniform: return nil
        case .css: top = strut.above
        case .tallest:
            top = -Double.infinity
            if bits == 0 { bits = 1 }
        }
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            top = max(top, classes[index].above)
        }
        return top
    }

    /// ``Mode/tallest``: the tallest top plus the deepest bottom plus the largest gap of the
    /// classes in `mask`, each moved up by the `reference` class's baseline of `kind` (a
    /// line-start kind) minus its own (none for kind 0).
    private func tallest(mask: UInt32, baseline kind: UInt8, reference: Int) -> Double {
        var bits = mask == 0 ? 1 : mask
        var top = -Double.infinity
        var bottom = -Double.infinity
        var gap = 0.0
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            let found = classes[index]
            let shift = kind == 0 ? 0 : classes[reference].baseline(kind) - found.baseline(kind)
            top = max(top, found.above + shift)
            bottom = max(bottom, found.below - shift)
            gap = max(gap, found.gap)
        }
        return top + bottom + gap
    }

    /// Gathers the classes while a styled text is prepared.
    struct Builder {
        enum Key: Equatable {
            /// The stack by identity (every stack lives while the text is prepared).
            case font(stack: ObjectIdentifier, font: Int, size: Double)
            case box(height: Double, textClass: UInt8)
        }

        let mode: Mode
        /// The style's line height and size, for CSS's per-box line heights.
        let lineHeight: LineHeight
        let fontSize: Double
        private(set) var classes: [Class] = []
        /// Each class's key, by class (only the first 32: class 31 stands for the rest); a
        /// handful per text, found by comparison.
        private var keys: [Key] = []
        let strut: (above: Double, below: Double)
        /// Whether a class past the 31st was added (class 31's extents then grew after it was
        /// first used).
        private(set) var overflowed = false
        /// The number of classes so far (at most 32).
        var classCount: Int { classes.count }

        init(style: TextStyle) {
            lineHeight = style.lineHeight
            fontSize = style.fontSize
            // A handful of classes per text.
            classes.reserveCapacity(8)
            keys.reserveCapacity(8)
            switch (style.lineHeight, style.profile) {
            case (.metrics, _): mode = .tallest
            case (.normal, _), (_, .web): mode = .css
            case (.em, .editor): mode = .uniform(style.fontSize)
            case (.fixed(let pixels), .editor): mode = .uniform(pixels)
            case (.multiple(let factor), .editor): mode = .uniform(factor * style.fontSize)
            }
            let primaryBaselines = (
                style.fonts.primary.runAlignmentBaselines.ideographicFaceBottom * style.fontSize,
                style.fonts.primary.runAlignmentBaselines.hanging * style.fontSize
            )
            let primary = style.fonts.primary.metrics
            let base = Self.extent(
                mode: mode, lineHeight: style.lineHeight, baseSize: style.fontSize, size: style.fontSize,
                ascender: primary.ascender, descender: primary.descender, gap: primary.lineGap)
            strut = (base.above, base.below)
            // Class 0: the primary font at the style's size.
            _ = add(.font(stack: style.fonts.identity, font: 0, size: style.fontSize), base, primaryBaselines)
        }

        /// The class of font `index` of `stack` at `size` px. With a fixed CSS line height only a
        /// run's first font counts (each inline box is exactly its line height).
        mutating func font(_ index: Int, of stack: FontStack, size: Double) -> UInt8 {
            let font = mode == .css && !isNormal ? 0 : index
            let key = Key.font(stack: stack.identity, font: font, size: size)
            if let known = keys.firstIndex(of: key) { return UInt8(known) }
            let face = stack.font(at: font) ?? stack.primary
            let metrics = face.metrics
            return add(
                key,
                Self.extent(
                    mode: mode, lineHeight: lineHeight, baseSize: fontSize, size: size, ascender: metrics.ascender,
                    descender: metrics.descender, gap: metrics.lineGap),
                (face.runAlignmentBaselines.ideographicFaceBottom * size, face.runAlignmentBaselines.hanging * size))
        }

        /// The class of a box `height` px tall in text of class `textClass` (Pango moves a box with
        /// the run it is in: by that run's font's baselines).
        mutating func box(height: Double, in textClass: UInt8) -> UInt8 {
            let snapped = mode == .css ? (height * 64).rounded() / 64 : height
            let key = Key.box(height: snapped, textClass: mode == .tallest ? textClass : 0)
            if let known = keys.firstIndex(of: key) { return UInt8(known) }
            let text = Int(textClass)
            return add(key, (snapped, 0, 0), (classes[text].ideographic, classes[text].hanging))
        }

        private var isNormal: Bool { if case .normal = lineHeight { true } else { false } }

        private mutating func add(
            _ key: Key, _ extent: (above: Double, below: Double, gap: Double),
            _ baselines: (ideographicFaceBottom: Double, hanging: Double)
        ) -> UInt8 {
            let index = min(classes.count, 31)
            if index < classes.count {  // past 31 classes: class 31 stands for the rest
                overflowed = true
                classes[31].above = max(classes[31].above, extent.above)
                classes[31].below = max(classes[31].below, extent.below)
                classes[31].gap = max(classes[31].gap, extent.gap)
            } else {
                classes.append(
                    Class(
                        above: extent.above, below: extent.below, gap: extent.gap,
                        ideographic: baselines.ideographicFaceBottom, hanging: baselines.hanging))
                keys.append(key)
            }
            return UInt8(index)
        }

        /// One font's extents at `size` px (metrics in em).
        private static func extent(
            mode: Mode, lineHeight: LineHeight, baseSize: Double, size: Double, ascender: Double, descender: Double,
            gap: Double
        ) -> (above: Double, below: Double, gap: Double) {
            switch mode {
            case .uniform: return (0, 0, 0)
            case .tallest: return (ascender * size, -descender * size, gap * size)
            case .css:
                let lineBox: Double
                switch lineHeight {
                case .normal, .metrics:
                    let rounded = LineHeightResolver.roundedExtent(ascender, descender, gap, size)
                    return (rounded.above, rounded.below, 0)
                case .em: lineBox = baseSize
                case .fixed(let pixels): lineBox = pixels
                case .multiple(let factor): lineBox = factor * size  // a number is inherited as a factor
                }
                // Blink: ascent and descent rounded to px, the line height in LayoutUnits (1/64 px),
                // the half-leading floored to px above, the rest below.
                let top = (ascender * size).rounded()
                let bottom = (-descender * size).rounded()
                let box = (lineBox * 64).rounded() / 64
                let above = top + ((box - top - bottom) / 2).rounded(.down)
                return (above, box - above, 0)
            }
        }

        func build() -> StyledLineMetrics {
            StyledLineMetrics(mode: mode, classes: classes, strut: strut)
        }
    }
}
