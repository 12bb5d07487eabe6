import CHarfBuzz

/// A reusable HarfBuzz buffer. Sole owner of its `hb_buffer_t`; used by one thread at a time
/// (each pooled ``PreparationScratch`` holds one).
package final class HarfBuzzBuffer: @unchecked Sendable {
    let buffer: OpaquePointer

    /// Shapes `range` of `units` (the rest of `units` is context HarfBuzz may look at) in one
    /// direction, script and language with a font, and returns the glyphs,
    /// valid until the buffer is used again.
    ///
    /// - Throws: ``AutoHeightError/harfBuzzFailure(_:)`` when HarfBuzz could not allocate what
    ///   the text needs (`hb_buffer_add_utf16` and shaping leave the buffer empty or partial
    ///   then, and report it only through `hb_buffer_allocation_successful`).
    func shape(
        _ units: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: Script, isRightToLeft: Bool,
        language: ShapingLanguage?, font: HarfBuzzFont
    ) throws(AutoHeightError) -> ShapedGlyphs {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        guard hb_buffer_allocation_successful(buffer) != 0, !NativeFailureInjection.failsHarfBuzzAllocation else {
            throw .harfBuzzFailure("out of memory adding \(range.count) UTF-16 units to a buffer")
        }
        hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script.harfBuzz)
        hb_buffer_set_language(buffer, language.harfBuzz)
        hb_shape(font.font, buffer, nil, 0)
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            throw .harfBuzzFailure("out of memory shaping \(range.count) UTF-16 units")
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return ShapedGlyphs(infos: nil, positions: nil, count: 0) }
        return ShapedGlyphs(infos: infos, positions: positions, count: Int(count))
    }
    init() { buffer = hb_buffer_create() }
    deinit { hb_buffer_destroy(buffer) }

}

/// The glyphs of one shaping, in HarfBuzz's order (left to right on the line), read in place
/// from the buffer that shaped them.
package struct ShapedGlyphs {
    fileprivate let infos: UnsafeMutablePointer<hb_glyph_info_t>?
    fileprivate let positions: UnsafeMutablePointer<hb_glyph_position_t>?
    package let count: Int

    /// The UTF-16 offset of the cluster glyph `index` belongs to (its first unit).
    package func cluster(at index: Int) -> Int { Int(infos![index].cluster) }

    /// The glyph ID of glyph `index` (0: `.notdef`, the font has no glyph).
    package func glyph(at index: Int) -> UInt32 { infos![index].codepoint }

    /// The horizontal advance of glyph `index` in font units.
    package func xAdvance(at index: Int) -> Int32 { positions![index].x_advance }

    /// The offset of glyph `index` from its pen position in font units (y up), as drawing needs.
    package func offset(at index: Int) -> (x: Int32, y: Int32) {
        (positions![index].x_offset, positions![index].y_offset)
    }
}
