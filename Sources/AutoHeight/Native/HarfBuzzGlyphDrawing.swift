import CHarfBuzz

/// One step of a glyph outline, in font units, y up (as the font stores it).
package enum OutlineCommand: Equatable, Sendable {
    case move(x: Float, y: Float)
    case line(x: Float, y: Float)
    case quadratic(controlX: Float, controlY: Float, x: Float, y: Float)
    case cubic(control1X: Float, control1Y: Float, control2X: Float, control2Y: Float, x: Float, y: Float)
    case close
}

/// A glyph's ink box in font units, y up: `left`, `top` (above the baseline) and its size.
package struct GlyphBox: Equatable, Sendable {
    package var left: Double
    package var top: Double
    package var width: Double
    package var height: Double
}

/// One layer of a `COLR` (version 0) colour glyph: an outline glyph and its colour, or nil for
/// the text's colour (palette index 0xFFFF).
package struct ColorLayer: Equatable, Sendable {
    package var glyph: UInt32
    /// Red, green, blue, alpha.
    package var rgba: (UInt8, UInt8, UInt8, UInt8)?

    package static func == (left: ColorLayer, right: ColorLayer) -> Bool {
        left.glyph == right.glyph
            && left.rgba.map { [$0.0, $0.1, $0.2, $0.3] } == right.rgba.map { [$0.0, $0.1, $0.2, $0.3] }
    }
}

/// The draw callbacks HarfBuzz calls while walking an outline, made once and never changed.
/// Sole owner of its `hb_draw_funcs_t` (kept for the life of the process).
private final class OutlineDrawFunctions: @unchecked Sendable {
    let funcs: OpaquePointer

    static let shared = OutlineDrawFunctions()

    private init() {
        funcs = hb_draw_funcs_create()
        hb_draw_funcs_set_move_to_func(
            funcs, { _, data, _, x, y, _ in OutlineRecorder.from(data).commands.append(.move(x: x, y: y)) }, nil, nil)
        hb_draw_funcs_set_line_to_func(
            funcs, { _, data, _, x, y, _ in OutlineRecorder.from(data).commands.append(.line(x: x, y: y)) }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            funcs,
            { _, data, _, cx, cy, x, y, _ in
                OutlineRecorder.from(data).commands.append(.quadratic(controlX: cx, controlY: cy, x: x, y: y))
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            funcs,
            { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                OutlineRecorder.from(data).commands.append(
                    .cubic(control1X: c1x, control1Y: c1y, control2X: c2x, control2Y: c2y, x: x, y: y))
            }, nil, nil)
        hb_draw_funcs_set_close_path_func(
            funcs, { _, data, _, _ in OutlineRecorder.from(data).commands.append(.close) }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
    }

    deinit { hb_draw_funcs_destroy(funcs) }
}

/// Collects the commands of one outline (the `draw_data` of one `hb_font_get_glyph_shape`).
private final class OutlineRecorder {
    var commands: [OutlineCommand] = []

    static func from(_ data: UnsafeMutableRawPointer?) -> OutlineRecorder {
        Unmanaged<OutlineRecorder>.fromOpaque(data!).takeUnretainedValue()
    }
}

extension HarfBuzzFont {
    /// The outline of `glyph` in font units (empty for a glyph without one: a space, a bitmap).
    package func outline(of glyph: UInt32) -> [OutlineCommand] {
        let recorder = OutlineRecorder()
        withExtendedLifetime(recorder) {
            hb_font_get_glyph_shape(
                baseFont, glyph, OutlineDrawFunctions.shared.funcs, Unmanaged.passUnretained(recorder).toOpaque())
        }
        return recorder.commands
    }

    /// The ink box of `glyph` in font units (bitmap glyphs scaled from their strike), or nil.
    package func box(of glyph: UInt32) -> GlyphBox? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(baseFont, glyph, &extents) != 0 else { return nil }
        return GlyphBox(
            left: Double(extents.x_bearing), top: Double(extents.y_bearing), width: Double(extents.width),
            height: Double(-extents.height))
    }

    /// The PNG image of a bitmap colour glyph (`CBDT`, `sbix`), or nil when it has none.
    package func pngImage(of glyph: UInt32) -> [UInt8]? {
        guard let blob = hb_ot_color_glyph_reference_png(baseFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// The `COLR` layers of `glyph` with the colours of palette 0; empty when it has none.
    package func colorLayers(of glyph: UInt32) -> [ColorLayer] {
        var count: UInt32 = 0
        let total = hb_ot_color_glyph_get_layers(face, glyph, 0, &count, nil)
        guard total > 0 else { return [] }
        var layers = [hb_ot_color_layer_t](repeating: hb_ot_color_layer_t(), count: Int(total))
        count = total
        hb_ot_color_glyph_get_layers(face, glyph, 0, &count, &layers)
        var paletteCount: UInt32 = 0
        let colorTotal = hb_ot_color_palette_get_colors(face, 0, 0, &paletteCount, nil)
        var colors = [hb_color_t](repeating: 0, count: Int(colorTotal))
        paletteCount = colorTotal
        if colorTotal > 0 { hb_ot_color_palette_get_colors(face, 0, 0, &paletteCount, &colors) }
        return layers.prefix(Int(count)).map { layer in
            let index = Int(layer.color_index)
            guard index != 0xFFFF, index < Int(paletteCount) else { return ColorLayer(glyph: layer.glyph, rgba: nil) }
            // hb_color_t is BGRA, blue in the high byte.
            let color = colors[index]
            return ColorLayer(
                glyph: layer.glyph,
                rgba: (UInt8(color >> 8 & 0xFF), UInt8(color >> 16 & 0xFF), UInt8(color >> 24), UInt8(color & 0xFF)))
        }
    }
}
