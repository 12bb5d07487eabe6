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
