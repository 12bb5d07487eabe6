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
        var reachable: OpaquePointer? = nil
        defer {
            hb_set_destroy(lookups)
            hb_set_destroy(glyphs)
            if let reachable { hb_set_destroy(reachable) }
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
                guard hb_set_has(glyphs, space) != 0 else { continue }
                // A coverage-based contextual rule fires only if each of its positions can hold a
                // glyph that text can actually produce (cmap, then this plan's substitutions).
                if reachable == nil { reachable = reachableGlyphs(plan: plan) }
                if !types.canFire(lookup: Int(lookup), reachable: reachable!) { continue }
                return false
            }
        }
        return true
    }

    /// Every glyph text can produce with this plan: the glyphs of the cmap, closed under the
    /// plan's GSUB lookups (HarfBuzz's substitution closure).
    private func reachableGlyphs(plan: OpaquePointer) -> OpaquePointer {
        let unicodes = hb_set_create()
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face, unicodes)
        let reachable = hb_set_create()!
        var codepoint = hb_codepoint_t.max
        var glyph: hb_codepoint_t = 0
        while hb_set_next(unicodes, &codepoint) != 0 {
            if hb_font_get_nominal_glyph(font, codepoint, &glyph) != 0 { hb_set_add(reachable, glyph) }
        }
        let substitutions = hb_set_create()
        defer { hb_set_destroy(substitutions) }
        hb_ot_shape_plan_collect_lookups(plan, Self.tag("GSUB"), substitutions)
        hb_ot_layout_lookups_substitute_closure(face, substitutions, reachable)
        return reachable
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

/// The lookups of a GSUB or GPOS table, read from the table's bytes (HarfBuzz has no public call
/// for lookup types or subtable coverages): each lookup's type, with extension lookups resolved
/// to the type they wrap, and its subtables' offsets. Owns a reference to the table's blob.
final class LookupTypes {
    private var lookups: [(type: Int, subtables: [Int])] = []
    private let isSubstitution: Bool
    private var blob: OpaquePointer? = nil
    private var bytes = UnsafeRawBufferPointer(start: nil, count: 0)

    init(face: OpaquePointer, tableTag: hb_tag_t) {
        isSubstitution = tableTag == HarfBuzzFont.tag("GSUB")
        let table = hb_face_reference_table(face, tableTag)
        defer { hb_blob_destroy(table) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(table, &length), length >= 10 else { return }
        blob = hb_blob_reference(table)
        bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
        let extensionType = isSubstitution ? 7 : 9
        guard let listOffset = u16(8), let count = u16(listOffset) else { return }
        for index in 0..<count {
            guard let lookupOffset = u16(listOffset + 2 + 2 * index).map({ listOffset + $0 }),
                var type = u16(lookupOffset), let subtableCount = u16(lookupOffset + 4)
            else {
                lookups.append((0, []))
                continue
            }
            // Extension lookups wrap each subtable: {format, wrapped type, 32-bit offset}.
            let isExtension = type == extensionType
            var subtables: [Int] = []
            for subtable in 0..<subtableCount {
                guard var offset = u16(lookupOffset + 6 + 2 * subtable).map({ lookupOffset + $0 }) else { continue }
                if isExtension {
                    guard let wrapped = u16(offset + 2), let target = u32(offset + 4) else { continue }
                    type = wrapped
                    offset += target
                }
                subtables.append(offset)
            }
            if type == extensionType { type = 0 }
            lookups.append((type, subtables))
        }
    }

    deinit { if let blob { hb_blob_destroy(blob) } }

    private func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func u32(_ offset: Int) -> Int? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// The type of lookup `index`, or nil when the table could not be read.
    func type(of index: Int) -> Int? {
        index < lookups.count && lookups[index].type != 0 ? lookups[index].type : nil
    }

    /// Whether lookup `index` could ever apply to text whose glyphs are in `reachable`. Exact for
    /// coverage-based contextual subtables (context and chaining context format 3, reverse
    /// chaining), which fire only when every position's coverage holds a reachable glyph;
    /// `true` (could fire) for every other kind.
    func canFire(lookup index: Int, reachable: OpaquePointer) -> Bool {
        guard let type = type(of: index) else { return true }
        let context = isSubstitution ? 5 : 7
        let chaining = isSubstitution ? 6 : 8
        for subtable in lookups[index].subtables {
            guard let format = u16(subtable) else { return true }
            var coverages: [Int] = []
            if type == context && format == 3, let count = u16(subtable + 2) {
                coverages = (0..<count).compactMap { u16(subtable + 6 + 2 * $0) }
            } else if type == chaining && format == 3 {
                // backtrack, input and lookahead: each a count followed by coverage offsets
                var cursor = subtable + 2
                for _ in 0..<3 {
                    guard let count = u16(cursor) else { return true }
                    coverages += (0..<count).compactMap { u16(cursor + 2 + 2 * $0) }
                    cursor += 2 + 2 * count
                }
            } else if isSubstitution && type == 8 && format == 1, let coverage = u16(subtable + 2),
                let backtrack = u16(subtable + 4)
            {
                coverages = [coverage] + (0..<backtrack).compactMap { u16(subtable + 6 + 2 * $0) }
                let lookaheadAt = subtable + 6 + 2 * backtrack
                if let lookahead = u16(lookaheadAt) {
                    coverages += (0..<lookahead).compactMap { u16(lookaheadAt + 2 + 2 * $0) }
                }
            } else {
                return true
            }
            if coverages.allSatisfy({ coverageIntersects(subtable + $0, reachable) }) { return true }
        }
        return false
    }

    /// Whether the Coverage table at `offset` lists a glyph of `glyphs`.
    private func coverageIntersects(_ offset: Int, _ glyphs: OpaquePointer) -> Bool {
        guard let format = u16(offset), let count = u16(offset + 2) else { return true }
        if format == 1 {
            for index in 0..<count {
                if let glyph = u16(offset + 4 + 2 * index), hb_set_has(glyphs, hb_codepoint_t(glyph)) != 0 {
                    return true
                }
            }
            return false
        }
        if format == 2 {
            for index in 0..<count {
                guard let start = u16(offset + 4 + 6 * index), let end = u16(offset + 6 + 6 * index) else {
                    return true
                }
                var next = hb_codepoint_t(start) &- 1
                if start == 0 { next = hb_codepoint_t.max }
                if hb_set_next(glyphs, &next) != 0 && next <= end { return true }
            }
            return false
        }
        return true
    }
}
