import CHarfBuzz

extension HarfBuzzFont {
    /// Whether the face has colour glyphs HarfBuzz knows of: bitmap strikes (`CBDT`, `sbix`),
    /// colour layers (`COLR`) or `SVG ` glyphs, as emoji fonts do.
    var hasColorGlyphs: Bool {
        hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
    }
}
