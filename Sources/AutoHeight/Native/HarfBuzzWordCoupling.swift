import CHarfBuzz

/// How a font's OpenType lookups involve the space glyph, as read from its shape plan (see
/// ``HarfBuzzFont/spaceCoupling(script:rightToLeft:language:)``).
enum SpaceCoupling: Sendable {
    /// No lookup involves the space: words shape independently.
    case independent
    /// Only rules that swap a lone space (glyph `space`) by its neighbours; `unstable` holds the
    /// glyphs some substitution of the plan may replace or join.
    case spaceRules(space: UInt32, rules: [SpaceRule], unstable: GlyphSet)
    /// Anything else.
    case coupled
}

/// A rule that puts another glyph in place of a lone space: the glyphs allowed before and after
/// it (nil: no condition).
struct SpaceRule: Sendable {
    var backtrack: GlyphSet?
    var lookahead: GlyphSet?
}

extension HarfBuzzFont {
    /// How the OpenType lookups HarfBuzz applies to text of `script` in `language` in the given
    /// direction (its shape plan with default features) tie words together through the space:
    /// - ``SpaceCoupling/independent`` when none involves the space glyph (as input, context or
    ///   output) or what single substitutions make of it, nor does a lookup across glyphs that a
    ///   contextual one applies, and the font has no legacy `kern` or AAT tables: text split
    ///   after spaces shapes to exactly the advances of the whole;
    /// - ``SpaceCoupling/spaceRules(space:rules:unstable:)`` when the only ones are rules that
    ///   swap a lone space according to its two neighbours (`LookupTypes.spaceRules`), and what
    ///   they put in its place takes part in no lookup across glyphs (text HarfBuzz keeps in
    ///   logical order);
    /// - ``SpaceCoupling/coupled`` otherwise.
    ///
    /// Complexity: a few passes over the plan's lookups; the caller memoizes the answer.
    func spaceCoupling(script: Script, rightToLeft: Bool, language: ShapingLanguage?) -> SpaceCoupling {
        guard let space = nominalGlyph(0x20) else { return .coupled }
        for tag in ["kern", "morx", "mort", "kerx"] where hasTable(tag) { return .coupled }
        var properties = hb_segment_properties_t()
        properties.direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        properties.script = script.harfBuzz
        properties.language = language.harfBuzz
        guard let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil) else { return .coupled }
        defer { hb_shape_plan_destroy(plan) }
        let substitutions = LookupTypes(face: face, tableTag: Self.tag("GSUB"))
        let positionings = LookupTypes(face: face, tableTag: Self.tag("GPOS"))
        let tables = [(Self.tag("GSUB"), substitutions), (Self.tag("GPOS"), positionings)]
        var planLookups: [[Int]] = []
        for (tag, _) in tables {
            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            hb_ot_shape_plan_collect_lookups(plan, tag, set)
            planLookups.append(Self.members(of: set))
        }
        // Single, multiple and alternate substitutions and single adjustments act on one glyph
        // whatever its neighbours: the glyph in them cannot couple two words.
        func actsAcrossGlyphs(_ table: Int, _ lookup: Int) -> Bool {
            guard let type = tables[table].1.type(of: lookup) else { return true }
            return table == 0 ? !(1...3).contains(type) : type != 1
        }
        let glyphs = hb_set_create()!
        var reachable: OpaquePointer? = nil
        defer {
            hb_set_destroy(glyphs)
            if let reachable { hb_set_destroy(reachable) }
        }
        /// Whether `lookup` involves a glyph of `involved` and could fire on text: HarfBuzz's
        /// collection of its glyphs holds one, or a class-based rule has a position of class 0
        /// that one of them falls in (the collection leaves those out).
        func involves(_ table: Int, _ lookup: Int, _ involved: OpaquePointer) -> Bool {
            hb_set_clear(glyphs)
            hb_ot_layout_lookup_collect_glyphs(
                face, tables[table].0, hb_codepoint_t(lookup), glyphs, glyphs, glyphs, glyphs)
            let types = tables[table].1
            guard
                Self.sharesGlyph(involved, glyphs)
                    || (types.hasClassContext(lookup)
                        && types.classZeroMayMatch(lookup, anyOf: Self.members(of: involved)))
            else { return false }
            // A coverage-based contextual rule fires only if each of its positions can hold a
            // glyph that text can actually produce (cmap, then this plan's substitutions).
            if reachable == nil { reachable = reachableGlyphs(plan: plan) }
            return tables[table].1.canFire(lookup: lookup, reachable: reachable!)
        }

        // What the space can become through single substitutions alone.
        let spaceForms = hb_set_create()!
        defer { hb_set_destroy(spaceForms) }
        hb_set_add(spaceForms, space)
        let singles = hb_set_create()!
        defer { hb_set_destroy(singles) }
        for lookup in planLookups[0] where !actsAcrossGlyphs(0, lookup) { hb_set_add(singles, hb_codepoint_t(lookup)) }
        hb_ot_layout_lookups_substitute_closure(face, singles, spaceForms)

        // Lookups that contextual rules of the plan apply inside their matches: one that acts
        // across glyphs may match past the rule's context (a nested ligature `f space i` from a
        // rule on `f` alone), and HarfBuzz's glyph collection does not follow their inputs.
        var nestedAcross: [[Int]] = []
        for table in tables.indices {
            var pending = planLookups[table]
            var visited = Set(pending)
            var found: [Int] = []
            while let lookup = pending.popLast() {
                guard let inner = tables[table].1.nestedLookups(of: lookup) else { return .coupled }
                for index in inner where visited.insert(index).inserted {
                    pending.append(index)
                    if actsAcrossGlyphs(table, index) { found.append(index) }
                }
            }
            nestedAcross.append(found)
        }
        for table in tables.indices {
            for lookup in nestedAcross[table] where involves(table, lookup, spaceForms) {
                return .coupled
            }
        }

        var rules: [SpaceRule] = []
        var ruleLookups: Set<Int> = []
        for table in tables.indices {
            for lookup in planLookups[table] where actsAcrossGlyphs(table, lookup) {
                guard involves(table, lookup, spaceForms) else { continue }
                guard table == 0, let found = substitutions.spaceRules(of: lookup, space: Int(space)) else {
                    return .coupled
                }
                rules += found.map {
                    .init(backtrack: $0.backtrack.map(GlyphSet.init), lookahead: $0.lookahead.map(GlyphSet.init))
                }
                ruleLookups.insert(lookup)
            }
        }
        if rules.isEmpty { return .independent }
        // The rules' backtrack is the text before the space only when HarfBuzz keeps the text in
        // logical order (it reverses runs set against their script's own direction).
        let native = hb_script_get_horizontal_direction(script.harfBuzz)
        let logicalOrder = rightToLeft ? native == HB_DIRECTION_RTL : native != HB_DIRECTION_RTL
        guard logicalOrder, rules.count <= 7 else { return .coupled }  // a key holds 1 + 7 bits

        // What the rules put in place of the space (then single substitutions) must take part in
        // no lookup across glyphs either.
        let replacements = hb_set_create()!
        defer { hb_set_destroy(replacements) }
        for lookup in ruleLookups {
            hb_ot_layout_lookup_collect_glyphs(face, tables[0].0, hb_codepoint_t(lookup), nil, nil, nil, replacements)
        }
        hb_ot_layout_lookups_substitute_closure(face, singles, replacements)
        hb_set_del(replacements, space)
        for table in tables.indices {
            for lookup in planLookups[table] + nestedAcross[table]
            where actsAcrossGlyphs(table, lookup) && !ruleLookups.contains(lookup) {
                if involves(table, lookup, replacements) { return .coupled }
            }
        }

        // Glyphs some substitution may replace or join: the inputs of the plan's substitutions
        // and of every lookup they apply inside their matches.
        var pending = planLookups[0]
        var visited = Set(pending)
        while let lookup = pending.popLast() {
            guard let nested = substitutions.nestedLookups(of: lookup) else { return .coupled }
            for inner in nested where visited.insert(inner).inserted { pending.append(inner) }
        }
        let unstable = hb_set_create()!
        defer { hb_set_destroy(unstable) }
        for lookup in visited {
            hb_ot_layout_lookup_collect_glyphs(face, tables[0].0, hb_codepoint_t(lookup), nil, unstable, nil, nil)
        }
        return .spaceRules(space: space, rules: rules, unstable: GlyphSet(harfBuzzSet: unstable))
    }

    /// Every glyph text can produce with this plan: the glyphs of the cmap, closed under the
    /// plan's GSUB lookups (HarfBuzz's substitution closure). Asks the base font: a walk over the
    /// whole cmap would only flush the cache.
    func reachableGlyphs(plan: OpaquePointer) -> OpaquePointer {
        let unicodes = hb_set_create()
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face, unicodes)
        let reachable = hb_set_create()!
        var codepoint = hb_codepoint_t.max
        var glyph: hb_codepoint_t = 0
        while hb_set_next(unicodes, &codepoint) != 0 {
            if hb_font_get_nominal_glyph(baseFont, codepoint, &glyph) != 0 { hb_set_add(reachable, glyph) }
        }
        let substitutions = hb_set_create()
        defer { hb_set_destroy(substitutions) }
        hb_ot_shape_plan_collect_lookups(plan, Self.tag("GSUB"), substitutions)
        hb_ot_layout_lookups_substitute_closure(face, substitutions, reachable)
        return reachable
    }
}
