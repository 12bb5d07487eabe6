import AutoHeight

/// Writes layouts as one SVG document, side by side. See `docs/render.md` for the structure.
struct SVGWriter {
    let style: TextStyle
    let options: SVGOptions
    /// The faces runs are drawn in (``LayoutDrawing/faces``); face 0 is the style's.
    let faces: [DrawnFace]

    init(style: TextStyle, options: SVGOptions, faces: [DrawnFace]? = nil) {
        self.style = style
        self.options = options
        self.faces = faces ?? [DrawnFace(fonts: style.fonts, fontSize: style.fontSize)]
    }

    static let margin = 16.0
    static let gap = 32.0
    static let labelHeight = 26.0
    /// Tints of `--show fonts`, by font index (cycled).
    static let fontTints = ["#202124", "#c5221f", "#1a73e8", "#188038", "#a142f4", "#e37400", "#007b83", "#b80672"]

    func picture(of layouts: [DrawnLayout]) -> LayoutPicture {
        var glyphs = GlyphDefinitions(faces: faces)
        var body = ""
        var origins: [(x: Double, y: Double)] = []
        var x = Self.margin
        var height = 0.0
        let top = Self.margin + (options.decorations ? Self.labelHeight + (options.showsLineLimits ? 15 : 0) : 0)
        for layout in layouts {
            var extent = horizontalExtent(layout)
            let insets = options.insets ?? .zero
            let before = insets.leading + insets.lineFragmentPadding
            if options.decorations {
                // About 6.5 px per character of the 12 px label: room for it before the next layout.
                let label = labelLines(layout).map { Double($0.count) * 6.5 }.max() ?? 0
                extent.upper = max(extent.upper, (label - before + extent.lower).rounded(.up))
            }
            let after = insets.trailing + insets.lineFragmentPadding
            let origin = (x: x + before - extent.lower, y: top + insets.top)
            origins.append(origin)
            body += group(layout, origin: origin, glyphs: &glyphs)
            x = origin.x + extent.upper + after + Self.gap
            height = max(height, origin.y + contentHeight(layout) + insets.bottom)
        }
        var legend = ""
        if options.overlays.contains(.fonts) {
            // Face 0's fonts first (as "font i"), then each run face's ("face f font i").
            let used = Set(
                layouts.flatMap { $0.lines.flatMap { $0.runs.map { [$0.face, $0.fontIndex] } } }
            ).sorted { $0.lexicographicallyPrecedes($1) }
            legend = "<g class=\"legend\" font-family=\"sans-serif\" font-size=\"11\">"
            for (row, pair) in used.enumerated() {
                let (face, index) = (pair[0], pair[1])
                let y = height + 18 + Double(row) * 15
                let font = faces[face].fonts.font(at: index)
                var name = font.map { "\($0.familyName) \($0.styleName)" } ?? "?"
                if face != 0 { name += " \(SVGText.number(faces[face].fontSize)) px" }
                let label = face == 0 ? "font \(index)" : "face \(face) font \(index)"
                legend +=
                    "<rect x=\"\(SVGText.number(Self.margin))\" y=\"\(SVGText.number(y - 9))\" width=\"10\" height=\"10\" fill=\"\(Self.tint(index))\"/>"
                    + "<text x=\"\(SVGText.number(Self.margin + 14))\" y=\"\(SVGText.number(y))\" fill=\"#333\">\(label): \(SVGText.escaped(name))</text>"
            }
            legend += "</g>"
            height += 18 + Double(used.count) * 15
        }
        let width = (x - Self.gap + Self.margin).rounded(.up)
        height = (height + Self.margin).rounded(.up)
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\" "
            + "viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\" data-font-size=\"\(SVGText.number(style.fontSize))\" "
            + "data-line-spacing=\"\(SVGText.number(style.lineSpacing))\">\n"
        svg += "<defs>\n" + glyphs.definitions.joined(separator: "\n") + "\n</defs>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        svg += body + legend + "</svg>\n"
        return LayoutPicture(svg: svg, width: width, height: height, layouts: layouts, origins: origins)
    }

    static func tint(_ fontIndex: Int) -> String { fontTints[fontIndex % fontTints.count] }

    /// Left and right ends of what a layout draws, in text coordinates (hanging whitespace may
    /// pass either edge of the wrap width).
    private func horizontalExtent(_ layout: DrawnLayout) -> (lower: Double, upper: Double) {
        var lower = 0.0
        var upper = layout.width
        for line in layout.lines {
            lower = min(lower, line.hangingX, line.runs.first?.x ?? 0)
            upper = max(upper, line.hangingX + line.hangingWidth, line.runs.last.map { $0.x + $0.width } ?? 0)
        }
        return (lower, upper.rounded(.up))
    }

    /// The label: width, lines and height; with the editor's limits, what it shows.
    private func labelLines(_ layout: DrawnLayout) -> [String] {
        let result = layout.measurement
        var lines = [
            "\(SVGText.number(layout.width)) px: \(result.lineCount) line\(result.lineCount == 1 ? "" : "s"), "
                + "\(SVGText.number(result.height)) px"
        ]
        if options.showsLineLimits {
            lines.append(
                "visible \(result.visibleLineCount), \(SVGText.number(result.visibleHeight)) px"
                    + (result.overflows ? ", scrolls" : ""))
        }
        return lines
    }

    /// The height drawn below the text origin: the lines, and the editor's band when shown.
    private func contentHeight(_ layout: DrawnLayout) -> Double {
        var height = layout.lines.last.map { $0.layout.y + $0.layout.height } ?? 0
        if options.showsLineLimits {
            height = max(height, layout.heightOfFirstLines(max(layout.lineLimits.minimum, 1)))
            if let maximum = layout.lineLimits.maximum { height = max(height, layout.heightOfFirstLines(maximum)) }
        }
        return height
    }

    private func group(_ layout: DrawnLayout, origin: (x: Double, y: Double), glyphs: inout GlyphDefinitions) -> String
    {
        let result = layout.measurement
        var svg =
            "<g class=\"layout\" data-width=\"\(SVGText.number(layout.width))\" data-lines=\"\(result.lineCount)\" "
            + "data-height=\"\(SVGText.number(result.height))\" data-visible-lines=\"\(result.visibleLineCount)\" "
            + "data-visible-height=\"\(SVGText.number(result.visibleHeight))\" data-overflows=\"\(result.overflows)\" "
            + "data-missing-glyphs=\"\(result.missingGlyphCount)\" "
            + "transform=\"translate(\(SVGText.number(origin.x)) \(SVGText.number(origin.y)))\">\n"
        if options.decorations { svg += frame(layout) }
        for (index, line) in layout.lines.enumerated() {
            svg += lineGroup(line, index: index, layout: layout, glyphs: &glyphs)
        }
        return svg + "</g>\n"
    }

    /// The label, the wrap-width guides and, with editor options, the insets and limits band.
    private func frame(_ layout: DrawnLayout) -> String {
        let result = layout.measurement
        let insets = options.insets ?? .zero
        let top = -insets.top
        var svg = ""
        for (row, label) in labelLines(layout).enumerated() {
            svg +=
                "<text class=\"label\" x=\"\(SVGText.number(-insets.leading - insets.lineFragmentPadding))\" "
                + "y=\"\(SVGText.number(top - 9 - Double(labelLines(layout).count - 1 - row) * 15))\" "
                + "font-family=\"sans-serif\" font-size=\"12\" fill=\"#333\">\(SVGText.escaped(label))</text>\n"
        }
        let bottom = contentHeight(layout)
        if let insets = options.insets {
            let editorHeight = options.showsLineLimits ? result.visibleHeight : result.height
            svg += rect(
                "insets", x: -insets.leading - insets.lineFragmentPadding, y: -insets.top,
                width: layout.width + insets.horizontal, height: insets.top + editorHeight + insets.bottom,
                style: "fill=\"#f1f3f4\" stroke=\"#5f6368\" stroke-width=\"1\"")
        }
        if options.showsLineLimits {
            let minimum = layout.heightOfFirstLines(max(layout.lineLimits.minimum, 1))
            let maximum = layout.lineLimits.maximum.map { layout.heightOfFirstLines($0) } ?? bottom
            svg += rect(
                "limits-band", x: 0, y: minimum, width: layout.width, height: max(maximum - minimum, 0),
                style: "fill=\"#ceead6\" fill-opacity=\"0.6\"")
            svg += horizontal(
                "min-lines", y: minimum, width: layout.width, style: "stroke=\"#188038\" stroke-dasharray=\"2 2\"")
            if layout.lineLimits.maximum != nil {
                svg += horizontal("max-lines", y: maximum, width: layout.width, style: "stroke=\"#188038\"")
            }
        }
        for x in [0, layout.width] {
            svg +=
                "<line class=\"wrap-guide\" x1=\"\(SVGText.number(x))\" y1=\"\(SVGText.number(top))\" x2=\"\(SVGText.number(x))\" "
                + "y2=\"\(SVGText.number(bottom + insets.bottom))\" stroke=\"#9aa0a6\" stroke-dasharray=\"4 3\"/>\n"
        }
        return svg
    }

    private func lineGroup(_ line: DrawnLine, index: Int, layout: DrawnLayout, glyphs: inout GlyphDefinitions) -> String
    {
        let box = line.layout
        var svg =
            "<g class=\"line\" data-index=\"\(index)\" data-start=\"\(box.range.lowerBound)\" data-end=\"\(box.range.upperBound)\" "
            + "data-x=\"\(SVGText.number(line.contentX))\" data-y=\"\(SVGText.number(box.y))\" "
            + "data-width=\"\(SVGText.number(box.width))\" data-height=\"\(SVGText.number(box.height))\" "
            + "data-baseline=\"\(SVGText.number(line.baseline))\" data-hanging-width=\"\(SVGText.number(line.hangingWidth))\" "
            + "data-direction=\"\(line.isRightToLeft ? "rtl" : "ltr")\">\n"
        if options.decorations {
            svg += rect(
                "line-box", x: 0, y: box.y, width: layout.width, height: box.height,
                style: "fill=\"#e8f0fe\" fill-opacity=\"0.6\" stroke=\"#8ab4f8\" stroke-width=\"0.5\"")
            if line.hangingWidth > 0 {
                svg += rect(
                    "hanging-whitespace", x: line.hangingX, y: box.y, width: line.hangingWidth, height: box.height,
                    style: "fill=\"#fbbc04\" fill-opacity=\"0.45\"")
            }
        }
        if options.overlays.contains(.clusters) { svg += clusters(line, layout: layout) }
        if options.decorations {
            svg += horizontal(
                "baseline", y: line.baseline, width: layout.width, style: "stroke=\"#ea4335\" stroke-width=\"0.5\"")
        }
        for run in line.runs {
            let fill = options.overlays.contains(.fonts) ? Self.tint(run.fontIndex) : "#202124"
            // A run face's runs name it (face 0's, a plain text's, do not).
            let face = run.face == 0 ? "" : "data-face=\"\(run.face)\" "
            svg +=
                "<g class=\"run\" data-start=\"\(run.range.lowerBound)\" data-end=\"\(run.range.upperBound)\" "
                + "\(face)data-font=\"\(run.fontIndex)\" data-direction=\"\(run.isRightToLeft ? "rtl" : "ltr")\" fill=\"\(fill)\">"
            for glyph in run.glyphs {
                guard let id = glyphs.id(face: glyph.face, fontIndex: glyph.fontIndex, glyph: glyph.glyphID) else {
                    continue
                }
                svg +=
                    "<use href=\"#\(id)\" x=\"\(SVGText.number(glyph.x))\" y=\"\(SVGText.number(glyph.y))\" data-cluster=\"\(glyph.cluster)\"/>"
            }
            svg += "</g>\n"
        }
        for box in line.boxes {
            svg += rect(
                "inline-box", x: box.x, y: box.y, width: box.width, height: box.height,
                style:
                    "data-index=\"\(box.index)\" data-offset=\"\(box.offset)\" fill=\"none\" stroke=\"#1a73e8\" stroke-width=\"1\""
            )
        }
        if options.overlays.contains(.breaks) {
            for offset in layout.breakOpportunities
            where box.range.lowerBound < offset && offset <= box.range.upperBound {
                guard let x = line.boundaryX(before: offset) else { continue }
                svg +=
                    "<line class=\"break\" data-offset=\"\(offset)\" x1=\"\(SVGText.number(x))\" y1=\"\(SVGText.number(box.y + box.height - 5))\" "
                    + "x2=\"\(SVGText.number(x))\" y2=\"\(SVGText.number(box.y + box.height))\" stroke=\"#e37400\" stroke-width=\"1.5\"/>"
            }
        }
        return svg + "</g>\n"
    }

    /// Each grapheme cluster's extent on the line, shaded alternately.
    private func clusters(_ line: DrawnLine, layout: DrawnLayout) -> String {
        let starts = layout.clusterStarts
        var extents: [Int: (lower: Double, upper: Double)] = [:]
        // A box is its U+FFFC's cluster.
        let boxes = line.boxes.map { box in
            DrawnGlyph(fontIndex: 0, glyphID: 0, cluster: box.offset, x: box.x, y: 0, penX: box.x, advance: box.width)
        }
        for glyphs in line.runs.map(\.glyphs) + [boxes] {
            for glyph in glyphs {
                // The grapheme cluster holding the glyph's cluster: the last start at or before it.
                var low = 0
                var high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle] <= glyph.cluster { low = middle + 1 } else { high = middle }
                }
                let start = low > 0 ? starts[low - 1] : glyph.cluster
                let edges = (glyph.penX, glyph.penX + glyph.advance)
                if let known = extents[start] {
                    extents[start] = (min(known.lower, edges.0), max(known.upper, edges.1))
                } else {
                    extents[start] = edges
                }
            }
        }
        var svg = "<g class=\"clusters\">"
        for (position, start) in extents.keys.sorted().enumerated() {
            let extent = extents[start]!
            svg += rect(
                "cluster", x: extent.lower, y: line.layout.y, width: extent.upper - extent.lower,
                height: line.layout.height,
                style:
                    "data-start=\"\(start)\" fill=\"\(position % 2 == 0 ? "#fde293" : "#a8dab5")\" fill-opacity=\"0.6\"",
                newline: false)
        }
        return svg + "</g>\n"
    }

    private func rect(
        _ name: String, x: Double, y: Double, width: Double, height: Double, style: String, newline: Bool = true
    ) -> String {
        "<rect class=\"\(name)\" x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" width=\"\(SVGText.number(width))\" "
            + "height=\"\(SVGText.number(height))\" \(style)/>" + (newline ? "\n" : "")
    }

    private func horizontal(_ name: String, y: Double, width: Double, style: String) -> String {
        "<line class=\"\(name)\" x1=\"0\" y1=\"\(SVGText.number(y))\" x2=\"\(SVGText.number(width))\" y2=\"\(SVGText.number(y))\" \(style)/>\n"
    }
}
