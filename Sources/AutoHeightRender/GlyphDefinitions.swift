import AutoHeight

/// The `<defs>` of an SVG: each glyph used, once, at the drawing's font size, with its origin
/// at (0, 0); lines place them with `<use>`. Outline glyphs are paths (filled with the colour of
/// the element that uses them), bitmap colour glyphs (`CBDT`, `sbix`) their PNG image, `COLR`
/// glyphs their coloured layers.
struct GlyphDefinitions {
    /// The faces glyphs are drawn in (``LayoutDrawing/faces``): face 0 is the style's.
    let faces: [DrawnFace]
    private(set) var definitions: [String] = []
    private var known: Set<String> = []

    init(faces: [DrawnFace]) { self.faces = faces }

    /// How a glyph was drawn (for the `data-kind` of its use).
    enum Kind: String {
        case outline, bitmap, layers, empty
    }

    /// The id of the definition of `glyph` of font `fontIndex` of face `face`, made on first use,
    /// or nil when the glyph draws nothing (a space): `f1g42` in face 0, `s2f0g42` in face 2.
    mutating func id(face: Int = 0, fontIndex: Int, glyph: UInt32) -> String? {
        let id = face == 0 ? "f\(fontIndex)g\(glyph)" : "s\(face)f\(fontIndex)g\(glyph)"
        if known.contains(id) { return id }
        known.insert(id)
        guard let font = faces[face].fonts.font(at: fontIndex) else { return nil }
        let scale = faces[face].fontSize / Double(font.unitsPerEm)
        if font.isColor, let png = font.shaper.pngImage(of: glyph), let box = font.shaper.box(of: glyph),
            box.width > 0, box.height > 0
        {
            definitions.append(
                "<image id=\"\(id)\" x=\"\(SVGText.number(box.left * scale))\" y=\"\(SVGText.number(-box.top * scale))\" "
                    + "width=\"\(SVGText.number(box.width * scale))\" height=\"\(SVGText.number(box.height * scale))\" "
                    + "preserveAspectRatio=\"none\" href=\"data:image/png;base64,\(SVGText.base64(png))\"/>")
            return id
        }
        if font.isColor {
            let layers = font.shaper.colorLayers(of: glyph)
            if !layers.isEmpty {
                var group = "<g id=\"\(id)\">"
                for layer in layers {
                    let path = Self.pathData(font.shaper.outline(of: layer.glyph), scale: scale)
                    guard !path.isEmpty else { continue }
                    if let (red, green, blue, alpha) = layer.rgba {
                        group +=
                            "<path d=\"\(path)\" fill=\"rgb(\(red),\(green),\(blue))\" fill-opacity=\"\(SVGText.number(Double(alpha) / 255))\"/>"
                    } else {
                        group += "<path d=\"\(path)\"/>"
                    }
                }
                definitions.append(group + "</g>")
                return id
            }
        }
        let path = Self.pathData(font.shaper.outline(of: glyph), scale: scale)
        guard !path.isEmpty else { return nil }
        definitions.append("<path id=\"\(id)\" d=\"\(path)\"/>")
        return id
    }

    /// SVG path data for an outline in font units (y up), scaled to px (y down).
    static func pathData(_ commands: [OutlineCommand], scale: Double) -> String {
        func point(_ x: Float, _ y: Float) -> String {
            "\(SVGText.number(Double(x) * scale)) \(SVGText.number(-Double(y) * scale))"
        }
        var data = ""
        for command in commands {
            switch command {
            case .move(let x, let y): data += "M\(point(x, y))"
            case .line(let x, let y): data += "L\(point(x, y))"
            case .quadratic(let cx, let cy, let x, let y): data += "Q\(point(cx, cy)) \(point(x, y))"
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                data += "C\(point(c1x, c1y)) \(point(c2x, c2y)) \(point(x, y))"
            case .close: data += "Z"
            }
        }
        return data
    }
}
