import CHarfBuzz
import Glibc
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

    /// Whether none of the OpenType lookups HarfBuzz applies to left-to-right text of `script`
    /// in `language` (its shape plan with default features) involves the space glyph, as input,
    /// context or output, and the font has no legacy `kern` or AAT tables: then shaping such text
    /// split after spaces gives exactly the advances of shaping it whole.
    ///
    /// Complexity: one pass over the plan's lookups; the caller memoizes the answer.
    func spaceTakesNoPartInLayout(script: hb_script_t, language: hb_language_t?) -> Bool {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return false }
        for tag in ["kern", "morx", "mort", "kerx"] {
            let blob = hb_face_reference_table(face, Self.tag(tag))
            defer { hb_blob_destroy(blob) }
            if hb_blob_get_length(blob) > 0 { return false }
        }
        var properties = hb_segment_properties_t()
        properties.direction = HB_DIRECTION_LTR
        properties.script = script
        properties.language = language
        guard let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil) else { return false }
        defer { hb_shape_plan_destroy(plan) }
        let lookups = hb_set_create()
        let glyphs = hb_set_create()
        defer {
            hb_set_destroy(lookups)
            hb_set_destroy(glyphs)
        }
        for table in ["GSUB", "GPOS"] {
            let tableTag = Self.tag(table)
            hb_set_clear(lookups)
            hb_ot_shape_plan_collect_lookups(plan, tableTag, lookups)
            let types = LookupTypes(face: face, tableTag: tableTag)
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start of iteration
            while hb_set_next(lookups, &lookup) != 0 {
                // Single, multiple and alternate substitutions and single adjustments act on one
                // glyph whatever its neighbours: a space in them cannot couple two words.
                if let type = types.type(of: Int(lookup)),
                    table == "GSUB" ? (1...3).contains(type) : type == 1
                {
                    continue
                }
                hb_set_clear(glyphs)
                hb_ot_layout_lookup_collect_glyphs(face, tableTag, lookup, glyphs, glyphs, glyphs, glyphs)
                if hb_set_has(glyphs, space) != 0 {
                    if getenv("AUTOHEIGHT_DEBUG_LOOKUPS") != nil { print("space in \(table) lookup \(lookup) type \(types.type(of: Int(lookup)) ?? -1)") }
                    return false
                }
            }
        }
        return true
    }

    static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) }
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

/// The lookup types of a GSUB or GPOS table (read from the table's bytes; HarfBuzz has no
/// public call for it), with extension lookups resolved to the type they wrap.
struct LookupTypes {
    private var types: [Int] = []

    init(face: OpaquePointer, tableTag: hb_tag_t) {
        let blob = hb_face_reference_table(face, tableTag)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 10 else { return }
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }
        func u32(_ offset: Int) -> Int? {
            guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
            return high << 16 | low
        }
        let extensionType = tableTag == HarfBuzzFont.tag("GSUB") ? 7 : 9
        guard let listOffset = u16(8), let count = u16(listOffset) else { return }
        for index in 0..<count {
            guard let lookupOffset = u16(listOffset + 2 + 2 * index).map({ listOffset + $0 }),
                var type = u16(lookupOffset)
            else {
                types.append(0)
                continue
            }
            if type == extensionType, let subtableCount = u16(lookupOffset + 4), subtableCount > 0,
                let subtable = u16(lookupOffset + 6).map({ lookupOffset + $0 }), let wrapped = u16(subtable + 2)
            {
                type = wrapped
                _ = u32(subtable + 4)
            }
            types.append(type)
        }
    }

    /// The type of lookup `index`, or nil when the table could not be read.
    func type(of index: Int) -> Int? {
        index < types.count && types[index] != 0 ? types[index] : nil
    }
}
