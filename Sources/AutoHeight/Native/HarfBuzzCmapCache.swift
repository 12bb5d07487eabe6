import CHarfBuzz
import Synchronization

/// A cache of a font's cmap (character → glyph) in front of HarfBuzz's own look-up.
///
/// HarfBuzz 6 (Debian 12's) searches the cmap on every call, a binary search over the groups of a
/// format-12 subtable: with Noto Sans CJK that was 9 % of a cold measure of the oracle's
/// corpus200 (perf, HarfBuzz built with symbols), more than any other single function. Text
/// repeats its characters, so a small direct-mapped table answers most calls.
///
/// The shaping font is a HarfBuzz sub-font of the OpenType font whose own functions are the
/// nominal-glyph ones below and a direct pass-through of advances; every other call (variation
/// selectors, outlines, extents) goes to the parent through HarfBuzz's own pass-through. Each entry is one 64-bit word, read and written with relaxed
/// atomics, so the font stays shareable between threads: the character + 1 in the high half (0:
/// empty) and the glyph in the low half, or ``none`` when the cmap has no glyph for it. A hit
/// returns what the parent returned when the entry was filled, and the cmap never changes, so
/// shaping gives exactly the glyphs it gives without the cache.
///
/// Ownership: the table is the sub-font's `font_data`; HarfBuzz frees it (``destroyTable``) when
/// the sub-font, which ``HarfBuzzFont`` alone owns, is destroyed. The function table is built once
/// and immutable.
enum HarfBuzzCmapCache {
    /// Entries per font (32 KiB): indexed by the character's low bits.
    static let entryCount = 4096
    private static let noGlyph: UInt64 = 0xFFFF_FFFF

    typealias Table = UnsafeMutablePointer<Atomic<UInt64>>

    /// A sub-font of `parent` (which must be immutable already) that answers cmap look-ups from a
    /// new table. The caller owns the returned font.
    static func font(over parent: OpaquePointer) -> OpaquePointer {
        let font = hb_font_create_sub_font(parent)!
        let table = Table.allocate(capacity: entryCount)
        for index in 0..<entryCount { (table + index).initialize(to: Atomic(0)) }
        hb_font_set_funcs(font, functions.pointer, UnsafeMutableRawPointer(table), destroyTable)
        hb_font_make_immutable(font)
        return font
    }

    /// The glyph for `unicode`: from the table, or from `font`'s parent (then stored).
    @inline(__always)
    private static func glyph(of unicode: hb_codepoint_t, table: Table, font: OpaquePointer?) -> hb_codepoint_t? {
        let slot = table + Int(unicode & hb_codepoint_t(entryCount - 1))
        let key = UInt64(unicode &+ 1) << 32
        let entry = slot.pointee.load(ordering: .relaxed)
        if entry & 0xFFFF_FFFF_0000_0000 == key {
            let glyph = entry & 0xFFFF_FFFF
            return glyph == noGlyph ? nil : hb_codepoint_t(glyph)
        }
        var glyph: hb_codepoint_t = 0
        let found = hb_font_get_nominal_glyph(hb_font_get_parent(font), unicode, &glyph) != 0
        // Glyph ids are 16-bit: no real glyph collides with the "none" marker.
        slot.pointee.store(key | (found ? UInt64(glyph) : noGlyph), ordering: .relaxed)
        return found ? glyph : nil
    }

    private static let nominalGlyph: hb_font_get_nominal_glyph_func_t = { font, data, unicode, glyph, _ in
        let table = data!.assumingMemoryBound(to: Atomic<UInt64>.self)
        guard let found = HarfBuzzCmapCache.glyph(of: unicode, table: table, font: font) else { return 0 }
        glyph?.pointee = found
        return 1
    }

    /// HarfBuzz's batch call: glyphs until the first character the font lacks; returns how many.
    private static let nominalGlyphs: hb_font_get_nominal_glyphs_func_t = {
        font, data, count, firstUnicode, unicodeStride, firstGlyph, glyphStride, _ in
        let table = data!.assumingMemoryBound(to: Atomic<UInt64>.self)
        var unicodes = UnsafeRawPointer(firstUnicode!)
        var glyphs = UnsafeMutableRawPointer(firstGlyph!)
        for index in 0..<count {
            let unicode = unicodes.loadUnaligned(as: hb_codepoint_t.self)
            guard let found = HarfBuzzCmapCache.glyph(of: unicode, table: table, font: font) else { return index }
            glyphs.storeBytes(of: found, as: hb_codepoint_t.self)
            unicodes += Int(unicodeStride)
            glyphs += Int(glyphStride)
        }
        return count
    }

    /// Advances straight from the parent: the sub-font has the parent's scale, so HarfBuzz's own
    /// pass-through would only rescale each advance by 1.
    private static let horizontalAdvances: hb_font_get_glyph_h_advances_func_t = {
        font, _, count, firstGlyph, glyphStride, firstAdvance, advanceStride, _ in
        hb_font_get_glyph_h_advances(
            hb_font_get_parent(font), count, firstGlyph, glyphStride, firstAdvance, advanceStride)
    }

    private static let destroyTable: hb_destroy_func_t = { data in
        let table = data!.assumingMemoryBound(to: Atomic<UInt64>.self)
        table.deinitialize(count: HarfBuzzCmapCache.entryCount)
        table.deallocate()
    }

    /// The immutable function table every cached font shares, made on first use and never freed.
    private static let functions = FunctionTable()

    private final class FunctionTable: @unchecked Sendable {
        let pointer: OpaquePointer

        init() {
            pointer = hb_font_funcs_create()!
            hb_font_funcs_set_nominal_glyph_func(pointer, HarfBuzzCmapCache.nominalGlyph, nil, nil)
            hb_font_funcs_set_nominal_glyphs_func(pointer, HarfBuzzCmapCache.nominalGlyphs, nil, nil)
            hb_font_funcs_set_glyph_h_advances_func(pointer, HarfBuzzCmapCache.horizontalAdvances, nil, nil)
            hb_font_funcs_make_immutable(pointer)
        }
    }
}
