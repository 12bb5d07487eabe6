import CHarfBuzz

extension HarfBuzzFont {
    /// The characters of `candidates` whose glyphs no lookup of the shape plan for left-to-right
    /// `script` text in `language` (default features) can tie to a neighbouring glyph, so that
    /// text cut between two of them shapes to exactly the advances of the whole (see
    /// `IdeographCut`). A character is kept when the font maps it to a glyph and neither that
    /// glyph nor anything the plan's single, multiple and alternate substitutions can make of
    /// it (their closure):
    /// - takes part, as input, context or output, in a lookup that acts across glyphs and could
    ///   fire on text (ligatures, contextual and chaining rules, pair and cursive positioning),
    ///   or in one a contextual rule applies inside its match (which may reach past it);
    ///   mark attachments count only their marks, since a mark's base is searched backwards and
    ///   stops at the first glyph that is not a mark;
    /// - is of GDEF class ligature, mark or component, which lookups may skip while matching.
    ///
    /// Nothing is kept when the font has legacy `kern` or AAT tables, or when a lookup across
    /// glyphs could skip base glyphs (lookup flag `IgnoreBaseGlyphs`) or has class-based context
    /// rules (a position of class 0 matches glyphs the class definition does not list, which
    /// HarfBuzz's glyph collection does not report), or cannot be read.
    ///
    /// Complexity: a pass over the plan's lookups, then substitution closures of halves of the
    /// candidates' glyphs (one closure when none is tied); the caller memoizes the answer.
    func isolatedCharacters(script: Script, language: ShapingLanguage?, candidates: [UInt32]) -> [UInt32] {
        for tag in ["kern", "morx", "mort", "kerx"] where hasTable(tag) { return [] }
        var properties = hb_segment_properties_t()
        properties.direction = HB_DIRECTION_LTR
        properties.script = script.harfBuzz
        properties.language = language.harfBuzz
        guard let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil) else { return [] }
        defer { hb_shape_plan_destroy(plan) }
        let reachable = reachableGlyphs(plan: plan)
        let tied = hb_set_create()!  // glyphs a lookup across glyphs involves
        let singles = hb_set_create()!  // the plan's single, multiple and alternate substitutions
        let scratch = hb_set_create()!
        defer {
            for set in [reachable, tied, singles, scratch] { hb_set_destroy(set) }
        }
        for tag in [Self.tag("GSUB"), Self.tag("GPOS")] {
            let isSubstitution = tag == Self.tag("GSUB")
            let types = LookupTypes(face: face, tableTag: tag)
            hb_set_clear(scratch)
            hb_ot_shape_plan_collect_lookups(plan, tag, scratch)
            // The plan's lookups, then those contextual ones apply inside their matches (which
            // may match beyond the context: HarfBuzz's glyph collection does not follow them).
            var pending: [(lookup: Int, nested: Bool)] = Self.members(of: scratch).map { ($0, false) }
            var visited = Set(pending.map(\.lookup))
            while let (lookup, nested) = pending.popLast() {
                guard let type = types.type(of: lookup) else { return [] }
                if isSubstitution && (1...3).contains(type) {
                    // One glyph at a time; nested ones act inside a match already counted.
                    if !nested { hb_set_add(singles, hb_codepoint_t(lookup)) }
                    continue
                }
                if !isSubstitution && type == 1 { continue }  // single adjustment: one glyph
                guard types.canFire(lookup: lookup, reachable: reachable) else { continue }
                if !isSubstitution && (4...6).contains(type) {
                    guard let marks = types.attachedMarks(of: lookup) else { return [] }
                    for mark in marks { hb_set_add(tied, hb_codepoint_t(mark)) }
                    continue
                }
                if types.flag(of: lookup) & 0x0002 != 0 || types.hasClassContext(lookup) { return [] }
                let glyphs = hb_set_create()!
                defer { hb_set_destroy(glyphs) }
                hb_ot_layout_lookup_collect_glyphs(face, tag, hb_codepoint_t(lookup), glyphs, glyphs, glyphs, glyphs)
                hb_set_union(tied, glyphs)
                guard let inner = types.nestedLookups(of: lookup) else { return [] }
                for index in inner where visited.insert(index).inserted { pending.append((index, true)) }
            }
        }
        for glyphClass in [
            HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE, HB_OT_LAYOUT_GLYPH_CLASS_MARK, HB_OT_LAYOUT_GLYPH_CLASS_COMPONENT,
        ] {
            hb_set_clear(scratch)
            hb_ot_layout_get_glyphs_in_class(face, glyphClass, scratch)
            hb_set_union(tied, scratch)
        }

        var mapped: [(character: UInt32, glyph: UInt32)] = []
        for character in candidates {
            if let glyph = uncachedNominalGlyph(character) { mapped.append((character, glyph)) }
        }
        var kept: [UInt32] = []
        // Halves whose closure meets `tied` are split until the glyphs that do are alone.
        var pending = [0..<mapped.count]
        while let range = pending.popLast() {
            if range.isEmpty { continue }
            hb_set_clear(scratch)
            for index in range { hb_set_add(scratch, mapped[index].glyph) }
            hb_ot_layout_lookups_substitute_closure(face, singles, scratch)
            if !Self.sharesGlyph(scratch, tied) {
                kept += mapped[range].map(\.character)
            } else if range.count > 1 {
                let middle = range.lowerBound + range.count / 2
                pending += [range.lowerBound..<middle, middle..<range.upperBound]
            }
        }
        return kept.sorted()
    }
}
