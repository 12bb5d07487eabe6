import CHarfBuzz

/// A HarfBuzz blob, face and font over a font file's bytes, at units-per-em scale.
///
/// Sole owner of its `hb_blob_t`, `hb_face_t` and both `hb_font_t`s. The base font uses
/// HarfBuzz's own OpenType functions (no hinting, no rounding): advances come out in font units,
/// so one shaping serves every pixel size. The font shaped with is a sub-font of it that answers
/// cmap look-ups from a cache (``HarfBuzzCmapCache``) and leaves everything else to the base.
/// HarfBuzz fonts are immutable after set-up and safe to shape with from several threads at once.
package final class HarfBuzzFont: @unchecked Sendable {
    let blob: OpaquePointer
    let face: OpaquePointer
    /// The font to shape and look up glyphs with (cached cmap).
    let font: OpaquePointer
    /// The OpenType font under `font`, for outlines, ink boxes and images (HarfBuzz passes those
    /// through a sub-font with a scaling adaptor; the base answers them directly).
    let baseFont: OpaquePointer
    /// Keeps the bytes the blob points into alive for as long as the blob.
    private let storage: FontBytes

    init(bytes storage: FontBytes, index: Int) {
        self.storage = storage
        let base = storage.bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
        blob = hb_blob_create(base, UInt32(storage.count), HB_MEMORY_MODE_READONLY, nil, nil)
        face = hb_face_create(blob, UInt32(index))
        baseFont = hb_font_create(face)
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(baseFont, upem, upem)
        hb_font_make_immutable(baseFont)
        // Without memory for the cache's sub-font (HarfBuzz hands back its empty font), shape with
        // the base font itself: slower, never different.
        let cached = HarfBuzzCmapCache.font(over: baseFont)
        if cached == hb_font_get_empty() {
            font = hb_font_reference(baseFont)
        } else {
            font = cached
        }
    }

    deinit {
        hb_font_destroy(font)
        hb_font_destroy(baseFont)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    var unitsPerEm: Int { Int(hb_face_get_upem(face)) }

    /// Ascender, descender (negative below the baseline) and line gap in font units, as HarfBuzz
    /// reports them (hhea, or OS/2 typo metrics when USE_TYPO_METRICS is set).
    var horizontalExtents: (ascender: Int, descender: Int, lineGap: Int) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        return (Int(extents.ascender), Int(extents.descender), Int(extents.line_gap))
    }

    /// The ideographic face bottom and hanging baselines in font units (BASE table, else as
    /// HarfBuzz synthesizes them), as Pango aligns runs of different fonts on a line by them.
    var runAlignmentBaselines: (ideographicFaceBottom: Int, hanging: Int) {
        var bottom: hb_position_t = 0
        var hanging: hb_position_t = 0
        hb_ot_layout_get_baseline_with_fallback(
            baseFont, HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT, HB_DIRECTION_LTR, 0x4446_4C54,
            0, &bottom)
        hb_ot_layout_get_baseline_with_fallback(
            baseFont, HB_OT_LAYOUT_BASELINE_TAG_HANGING, HB_DIRECTION_LTR, 0x4446_4C54, 0, &hanging)
        return (Int(bottom), Int(hanging))
    }

    /// Advance of glyph 0 (`.notdef`) in font units.
    var notdefAdvance: Int { Int(hb_font_get_glyph_h_advance(font, 0)) }

    /// Whether the font maps `scalar` to a glyph (its cmap covers it).
    func hasGlyph(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    /// Advance of the glyph for `scalar` in font units, or nil when the font lacks it.
    func advance(of scalar: UInt32) -> Int? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 else { return nil }
        return Int(hb_font_get_glyph_h_advance(font, glyph))
    }

    /// The glyph the cmap maps `scalar` to, or nil when the font lacks it.
    func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    /// The glyph the cmap maps `scalar` to, asked of the base font past the cache (nil: none).
    func uncachedNominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(baseFont, scalar, &glyph) != 0 ? glyph : nil
    }

    /// The members of a HarfBuzz set, in increasing order.
    static func members(of set: OpaquePointer) -> [Int] {
        var members: [Int] = []
        var value = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start of iteration
        while hb_set_next(set, &value) != 0 { members.append(Int(value)) }
        return members
    }

    /// Whether some member of `small` is in `other` (iterates `small`).
    static func sharesGlyph(_ small: OpaquePointer, _ other: OpaquePointer) -> Bool {
        var value = hb_codepoint_t.max
        while hb_set_next(small, &value) != 0 {
            if hb_set_has(other, value) != 0 { return true }
        }
        return false
    }

    static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) }
    }

    /// Whether the face has any glyph table HarfBuzz can read (a font with no cmap or glyphs is
    /// not usable).
    var glyphCount: Int { Int(hb_face_get_glyph_count(face)) }

    /// Whether the face has colour glyphs HarfBuzz knows of: bitmap strikes (`CBDT`, `sbix`),
    /// colour layers (`COLR`) or `SVG ` glyphs, as emoji fonts do.
    var hasColorGlyphs: Bool {
        hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
    }

    /// Whether the face has a table `tag` with content.
    func hasTable(_ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }
}
