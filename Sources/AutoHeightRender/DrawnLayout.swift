import AutoHeight

/// One glyph placed on a line, in px. x grows to the right, y downwards; both from the text
/// origin (the top-left corner of the wrap area).
public struct DrawnGlyph: Sendable, Equatable {
    /// The face the glyph is drawn in: an index in ``LayoutDrawing/faces`` (0: the style's fonts
    /// at its size).
    public var face: Int = 0
    /// The font in the face's stack (`FontStack/font(at:)`).
    public var fontIndex: Int
    /// The glyph's id in that font.
    public var glyphID: UInt32
    /// UTF-16 offset in the text of the first unit of the glyph's cluster.
    public var cluster: Int
    /// Where the glyph's origin sits: pen position plus the shaper's offset.
    public var x: Double
    /// The glyph origin's vertical offset from the line's baseline (the shaper's offset; down is positive).
    public var y: Double
    /// The pen position before the glyph (x only) and the advance after it.
    public var penX: Double
    /// How far the pen moves after the glyph.
    public var advance: Double
}

/// A stretch of a line in one font and direction, in visual order within the line.
public struct DrawnRun: Sendable, Equatable {
    /// UTF-16 offsets in the text.
    public var range: Range<Int>
    /// The face of the run: an index in ``LayoutDrawing/faces`` (0: the style's fonts at its size).
    public var face: Int = 0
    /// The font of the run in the face's stack (`FontStack/font(at:)`).
    public var fontIndex: Int
    /// Whether the run is set right to left.
    public var isRightToLeft: Bool
    /// Left edge and width in px.
    public var x: Double
    /// The run's width in px.
    public var width: Double
    /// Left to right.
    public var glyphs: [DrawnGlyph]
}

/// An inline box of a styled text (a chip, an image: one U+FFFC) placed on a line, in px from
/// the text origin: it stands on the line's baseline, all of its height above it.
public struct DrawnBox: Sendable, Equatable {
    /// Which box it is: its index in `StyledText/boxes`.
    public var index: Int
    /// The UTF-16 offset of its U+FFFC in the text.
    public var offset: Int
    /// The box's left edge (the pen position at its U+FFFC).
    public var x: Double
    /// The box's top edge: the baseline less its height.
    public var y: Double
    /// The box's width in px, as measured.
    public var width: Double
    /// The box's height in px.
    public var height: Double
}

/// The fonts and size a ``DrawnRun`` is set in: the style's own, or a styled run's face (its
/// family, weight and slant first, the style's fonts after it) at the run's size.
public struct DrawnFace: Sendable {
    /// The font stack; a run's `fontIndex` is an index in it.
    public var fonts: FontStack
    /// The size in px the glyphs are drawn at.
    public var fontSize: Double
}

/// One line as drawn: the measured `LineLayout` and where its glyphs go.
public struct DrawnLine: Sendable, Equatable {
    /// The measured line (UTF-16 range, visible width, height, top).
    public var layout: LineLayout
    /// The baseline in px from the text's top.
    public var baseline: Double
    /// The paragraph runs right to left: its lines are set against the right edge and their
    /// hanging whitespace hangs past the left one.
    public var isRightToLeft: Bool
    /// The left edge of the visible content (0, or `width − layout.width` right to left).
    public var contentX: Double
    /// The hanging trailing whitespace: left edge and width in px (width 0 when none).
    public var hangingX: Double
    /// The hanging whitespace's width in px (0 when none).
    public var hangingWidth: Double
    /// Left to right (ICU's visual order of the line's bidi runs).
    public var runs: [DrawnRun]
    /// The inline boxes on the line (a styled text's U+FFFC characters), left to right.
    public var boxes: [DrawnBox] = []

    /// The x of the boundary before UTF-16 offset `offset` of the text, when a glyph of the line
    /// ends there (the right edge of the cluster before it left to right, its left edge right to
    /// left).
    public func boundaryX(before offset: Int) -> Double? {
        var best: (cluster: Int, x: Double)? = nil
        for run in runs {
            // A box stands for its U+FFFC's glyph.
            let boxes = boxes.filter { run.range.contains($0.offset) }.map { box in
                DrawnGlyph(
                    face: run.face, fontIndex: run.fontIndex, glyphID: 0, cluster: box.offset, x: box.x, y: 0,
                    penX: box.x, advance: box.width)
            }
            for glyph in run.glyphs + boxes where glyph.cluster < offset {
                let edge = run.isRightToLeft ? glyph.penX : glyph.penX + glyph.advance
                if let current = best, current.cluster > glyph.cluster { continue }
                if let current = best, current.cluster == glyph.cluster {
                    best = (glyph.cluster, run.isRightToLeft ? min(current.x, edge) : max(current.x, edge))
                } else {
                    best = (glyph.cluster, edge)
                }
            }
        }
        return best?.x
    }
}

/// Text laid out at one width: the measurement and every line with its glyphs.
public struct DrawnLayout: Sendable {
    /// The wrap width in px.
    public var width: Double
    /// Exactly what `PreparedText/measure(width:lineLimits:fontSize:)` reports.
    public var measurement: TextMeasurement
    /// Every line, top to bottom.
    public var lines: [DrawnLine]
    /// The line limits the measurement used.
    public var lineLimits: LineLimits
    /// Height of an empty line (the primary font's), for lines below the minimum.
    public var emptyLineHeight: Double
    /// The space between lines in px (the style's line spacing).
    public var lineSpacing: Double
    /// UTF-16 offsets where a line may break (paragraph ends excluded).
    public var breakOpportunities: [Int]
    /// UTF-16 offsets where grapheme clusters start.
    public var clusterStarts: [Int]

    /// The height of the first `count` lines, with empty lines of the primary font past the
    /// content (where the minimum of the line limits falls).
    public func heightOfFirstLines(_ count: Int) -> Double {
        guard count > 0 else { return 0 }
        if count <= lines.count {
            let line = lines[count - 1].layout
            return line.y + line.height
        }
        let contentBottom = lines.last.map { $0.layout.y + $0.layout.height } ?? 0
        let extra = count - lines.count
        return contentBottom + Double(extra) * emptyLineHeight + Double(lines.isEmpty ? extra - 1 : extra) * lineSpacing
    }
}
