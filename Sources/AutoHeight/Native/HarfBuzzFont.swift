import CHarfBuzz
import Synchronization

/// A HarfBuzz blob, face and font over a font file's bytes, at units-per-em scale.
///
/// Sole owner of its `hb_blob_t`, `hb_face_t` and `hb_font_t`. The font uses HarfBuzz's own
/// OpenType functions (no hinting, no rounding): advances come out in font units, so one shaping
/// serves every pixel size. HarfBuzz fonts are immutable after set-up and safe to shape with from
/// several threads at once.
final class HarfBuzzFont: @unchecked Sendable {
    let blob: OpaquePointer
    let face: OpaquePointer
    let font: OpaquePointer
    /// Keeps the bytes the blob points into alive for as long as the blob.
    private let storage: FontBytes

    init(bytes storage: FontBytes, index: Int) {
        self.storage = storage
        let base = storage.bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
        blob = hb_blob_create(base, UInt32(storage.count), HB_MEMORY_MODE_READONLY, nil, nil)
        face = hb_face_create(blob, UInt32(index))
        font = hb_font_create(face)
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
    }

    deinit {
        hb_font_destroy(font)
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

    /// Whether the face has any glyph table HarfBuzz can read (a font with no cmap or glyphs is
    /// not usable).
    var glyphCount: Int { Int(hb_face_get_glyph_count(face)) }
}

/// A reusable HarfBuzz buffer. Sole owner of its `hb_buffer_t`; used by one thread at a time
/// (``HarfBuzzBufferPool`` hands it out).
final class HarfBuzzBuffer: @unchecked Sendable {
    let buffer: OpaquePointer

    init() { buffer = hb_buffer_create() }
    deinit { hb_buffer_destroy(buffer) }
}

/// Buffers kept for reuse: a buffer's glyph arrays grow once and are reused by later texts,
/// instead of being allocated and freed for every text.
enum HarfBuzzBufferPool {
    private static let idle = Mutex<[HarfBuzzBuffer]>([])

    /// Runs `body` with a buffer of its own, then returns the buffer to the pool.
    static func withBuffer<Result, Failure: Error>(
        _ body: (HarfBuzzBuffer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let buffer = idle.withLock { $0.popLast() } ?? HarfBuzzBuffer()
        defer {
            hb_buffer_clear_contents(buffer.buffer)
            idle.withLock { pool in if pool.count < 16 { pool.append(buffer) } }
        }
        return try body(buffer)
    }
}
