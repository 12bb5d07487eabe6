import AutoHeight

/// A debugging picture of wrapped text: where every line broke, which glyphs of which font
/// went where, and the boxes the height is made of. Built on `PreparedText/lines(width:fontSize:)`
/// with the glyphs of the shaping that measured them, so the picture shows exactly what was
/// measured.
///
/// ```swift
/// let drawing = try LayoutDrawing(text: "회의는 내일 오후 3시로 옮겼어요.", style: style)
/// let layout = try drawing.layout(width: 240)      // lines, glyph positions, in px
/// let svg = try drawing.svg(widths: [240, 320])     // a self-contained SVG, side by side
/// ```
///
/// The SVG needs no installed font (glyphs are outlines from the fonts used; colour emoji are
/// their embedded PNG bitmaps or `COLR` layers). Its structure is documented in
/// `docs/render.md`: one `<g class="line">` per line, with the line's UTF-16 range and box as
/// `data-` attributes.
///
/// A `StyledText` (``init(styledText:style:)``) is drawn as it is measured: its lines, their
/// heights and positions are `TextStyle/prepare(_:)`'s, each run's glyphs come from its own face
/// at its own size (``faces``), letter spacing follows every grapheme cluster, and each box is
/// an outlined rectangle standing on its line's baseline.
public struct LayoutDrawing: Sendable {
    /// The text drawn.
    public let text: String
    /// The text prepared in the style: measurements come from it.
    public let prepared: PreparedText
    /// The faces glyphs are drawn in: the style's fonts at its size first, then each styled
    /// run's face and size (``DrawnRun/face`` indexes it). One face for plain text.
    public let faces: [DrawnFace]
    private let paragraphs: [ShapedParagraph]
    private let isStyled: Bool

    /// Prepares `text` in `style` and shapes it for drawing.
    public init(text: String, style: TextStyle) throws(AutoHeightError) {
        try self.init(text: text, prepared: PreparedText(text, style: style))
    }

    /// Draws `prepared`, which must be the preparation of `text` (same UTF-16 length).
    public init(text: String, prepared: PreparedText) throws(AutoHeightError) {
        try self.init(text: text, prepared: prepared, styled: nil)
    }

    /// Prepares the styled `styledText` in `style` (`TextStyle/prepare(_:)`, so its runs and
    /// boxes are checked there) and shapes each of its runs in its face for drawing. A styled
    /// text without runs or boxes is drawn exactly as its plain text.
    ///
    /// - Throws: what `TextStyle/prepare(_:)` throws (`AutoHeightError.invalidRun`,
    ///   `AutoHeightError.invalidBox` …).
    public init(styledText: StyledText, style: TextStyle) throws(AutoHeightError) {
        let prepared = try style.prepare(styledText)
        let isPlain = styledText.runs.isEmpty && styledText.boxes.isEmpty
        try self.init(text: styledText.text, prepared: prepared, styled: isPlain ? nil : styledText)
    }

    private init(text: String, prepared: PreparedText, styled: StyledText?) throws(AutoHeightError) {
        let units = Array(text.utf16)
        precondition(units.count == prepared.utf16Count, "LayoutDrawing: the prepared text is not this text")
        self.text = text
        self.prepared = prepared
        let style = prepared.style
        let styling = try styled.map { (styled) throws(AutoHeightError) in
            try StyledShaping(styled, units: units, style: style)
        }
        var shaped: [ShapedParagraph] = []
        try style.preparationContext().withPreparer { (preparer) throws(AutoHeightError) in
            for (index, paragraph) in prepared.paragraphs.enumerated() {
                let start = prepared.paragraphStarts[index]
                shaped.append(
                    try ShapedParagraph(
                        Array(units[start..<(start + paragraph.length)]), preparer: preparer, stack: style.fonts))
            }
        }
        if let styling {
            for index in shaped.indices {
                try styling.apply(to: &shaped[index], start: prepared.paragraphStarts[index])
            }
        }
        self.paragraphs = shaped
        self.faces = styling?.faces ?? [DrawnFace(fonts: style.fonts, fontSize: style.fontSize)]
        self.isStyled = styling != nil
    }

    /// The style the text is drawn in.
    public var style: TextStyle { prepared.style }

    /// The text wrapped at `width` px: the measurement (exactly `PreparedText/measure(width:lineLimits:fontSize:)`'s)
    /// and every line of `PreparedText/lines(width:fontSize:)` with its glyphs placed.
    public func layout(width: Double, lineLimits: LineLimits = LineLimits()) throws(AutoHeightError) -> DrawnLayout {
        let measurement = try prepared.measure(width: width, lineLimits: lineLimits)
        let layouts = try prepared.lines(width: width)
        // A styled line's baseline: its top plus the largest ascent-above on it.
        let ascents = isStyled ? try prepared.styledLineAscents(width: width) : nil
        let assembler = LineAssembler(style: style, width: width, faces: faces)
        var lines: [DrawnLine] = []
        lines.reserveCapacity(layouts.count)
        var paragraph = 0
        for (index, layout) in layouts.enumerated() {
            while paragraph + 1 < paragraphs.count && prepared.paragraphStarts[paragraph + 1] <= layout.range.lowerBound
            {
                paragraph += 1
            }
            lines.append(
                assembler.assemble(
                    layout, paragraph: paragraphs[paragraph], paragraphStart: prepared.paragraphStarts[paragraph],
                    ascent: ascents?[index], isStyled: isStyled))
        }
        var breaks: [Int] = []
        var clusters: [Int] = []
        for (index, shaped) in paragraphs.enumerated() {
            let start = prepared.paragraphStarts[index]
            for segment in prepared.paragraphs[index].segments where Int(segment.end) < shaped.units.count {
                breaks.append(start + Int(segment.end))
            }
            for (offset, flag) in shaped.flags.enumerated() where flag & UnitFlag.graphemeStart != 0 {
                clusters.append(start + offset)
            }
        }
        let heights = LineHeightResolver(
            model: style.lineHeight, tables: style.fonts.metricTables, fontSize: style.fontSize)
        return DrawnLayout(
            width: width, measurement: measurement, lines: lines, lineLimits: lineLimits,
            emptyLineHeight: heights.emptyLineHeight, lineSpacing: style.lineSpacing, breakOpportunities: breaks,
            clusterStarts: clusters)
    }

    /// The layouts at `widths`, side by side in one SVG document (see ``SVGOptions``).
    public func svg(widths: [Double], options: SVGOptions = SVGOptions()) throws(AutoHeightError) -> String {
        try picture(widths: widths, options: options).svg
    }

    /// The same SVG with the geometry a reader needs: the document size and where each
    /// layout's text origin is.
    public func picture(widths: [Double], options: SVGOptions = SVGOptions()) throws(AutoHeightError) -> LayoutPicture {
        var layouts: [DrawnLayout] = []
        for width in widths { layouts.append(try layout(width: width, lineLimits: options.lineLimits)) }
        return SVGWriter(style: style, options: options, faces: faces).picture(of: layouts)
    }
}

/// What an SVG of a ``LayoutDrawing`` shows besides the glyphs.
public struct SVGOptions: Sendable, Equatable {
    /// Optional overlays.
    public enum Overlay: String, Sendable, CaseIterable {
        /// A tick at every line-break opportunity.
        case breaks
        /// A tint per font of the stack (fallback made visible) and a legend.
        case fonts
        /// Every grapheme cluster's extent, shaded alternately.
        case clusters
    }

    /// The overlays to draw.
    public var overlays: Set<Overlay>
    /// The editor's line limits: the band between the minimum and maximum lines is drawn, and
    /// the label tells the visible lines and height.
    public var lineLimits: LineLimits
    /// Whether to draw the limits band (set by the editor options).
    public var showsLineLimits: Bool
    /// The editor's insets: drawn as a frame around the text when given.
    public var insets: EditorInsets?
    /// Line boxes, baselines, the wrap-width guide, hanging whitespace and the label. False: the
    /// glyphs alone (what the browser test looks at).
    public var decorations: Bool

    /// Options; by default decorations on, no overlays, no limits band, no insets frame.
    public init(
        overlays: Set<Overlay> = [], lineLimits: LineLimits = LineLimits(), showsLineLimits: Bool = false,
        insets: EditorInsets? = nil, decorations: Bool = true
    ) {
        self.overlays = overlays
        self.lineLimits = lineLimits
        self.showsLineLimits = showsLineLimits
        self.insets = insets
        self.decorations = decorations
    }
}

/// An SVG document of one or more layouts, with its geometry.
public struct LayoutPicture: Sendable {
    /// The SVG document.
    public var svg: String
    /// The document's size in px.
    public var width: Double
    /// The document's height in px.
    public var height: Double
    /// The layouts drawn, left to right.
    public var layouts: [DrawnLayout]
    /// Where each layout's text origin (its first line's top-left corner at x 0 of the wrap
    /// width) sits in the document, in px.
    public var origins: [(x: Double, y: Double)]
}
