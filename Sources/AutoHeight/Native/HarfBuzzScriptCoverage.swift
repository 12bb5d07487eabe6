import CHarfBuzz

extension HarfBuzzFont {
    /// Whether the font's cmap maps some character of `script` (Common, Inherited and Unknown
    /// are never asked). When HarfBuzz runs out of memory collecting the cmap, the answer is
    /// true: a caller that skips work for scripts a font lacks then does that work.
    ///
    /// Complexity: O(cmap), one script look-up per mapped character; callers memoize it.
    func mapsAnyCharacter(of script: Script) -> Bool {
        let unicodes = hb_set_create()
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face, unicodes)
        guard hb_set_allocation_successful(unicodes) != 0 else { return true }
        var codepoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(unicodes, &codepoint) != 0 {
            if Script.of(codepoint) == script { return true }
        }
        return false
    }
}

extension UnicodeProperties {
    /// The canonical decomposition of `scalar` into two as HarfBuzz's normalizer reads it (the
    /// second is 0 for a singleton), or nil when it has none.
    static func canonicalDecomposition(of scalar: UInt32) -> (first: UInt32, second: UInt32)? {
        var first: hb_codepoint_t = 0
        var second: hb_codepoint_t = 0
        guard hb_unicode_decompose(hb_unicode_funcs_get_default(), scalar, &first, &second) != 0 else { return nil }
        return (first, second)
    }
}
