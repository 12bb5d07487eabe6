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

    /// The glyph the cmap maps `scalar` to, or nil when the font lacks it.
    func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    /// How the OpenType lookups HarfBuzz applies to text of `script` in `language` in the given
    /// direction (its shape plan with default features) tie words together through the space:
    /// - ``WordCoupling/independent`` when none involves the space glyph (as input, context or
    ///   output) or what single substitutions make of it, and the font has no legacy `kern` or
    ///   AAT tables: text split after spaces shapes to exactly the advances of the whole;
    /// - ``WordCoupling/spaceContext(_:)`` when the only ones are rules that swap a lone space
    ///   according to its two neighbours (`LookupTypes.spaceRules`), and what they put in its
    ///   place takes part in no lookup across glyphs (text HarfBuzz keeps in logical order);
    /// - ``WordCoupling/coupled`` otherwise.
    ///
    /// Complexity: a few passes over the plan's lookups; the caller memoizes the answer.
    func wordCoupling(script: hb_script_t, rightToLeft: Bool, language: hb_language_t?) -> WordCoupling {
        guard let space = nominalGlyph(0x20) else { return .coupled }
        for tag in ["kern", "morx", "mort", "kerx"] {
            let blob = hb_face_reference_table(face, Self.tag(tag))
            defer { hb_blob_destroy(blob) }
            if hb_blob_get_length(blob) > 0 { return .coupled }
        }
        var properties = hb_segment_properties_t()
        properties.direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        properties.script = script
        properties.language = language
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
        /// Whether `lookup` involves a glyph of `involved` and could fire on text.
        func involves(_ table: Int, _ lookup: Int, _ involved: (OpaquePointer) -> Bool) -> Bool {
            hb_set_clear(glyphs)
            hb_ot_layout_lookup_collect_glyphs(
                face, tables[table].0, hb_codepoint_t(lookup), glyphs, glyphs, glyphs, glyphs)
            guard involved(glyphs) else { return false }
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

        var rules: [SpaceContextRules.Rule] = []
        var ruleLookups: Set<Int> = []
        for table in tables.indices {
            for lookup in planLookups[table] where actsAcrossGlyphs(table, lookup) {
                guard involves(table, lookup, { Self.sharesGlyph(spaceForms, $0) }) else { continue }
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
        let native = hb_script_get_horizontal_direction(script)
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
            for lookup in planLookups[table] where actsAcrossGlyphs(table, lookup) && !ruleLookups.contains(lookup) {
                if involves(table, lookup, { Self.sharesGlyph(replacements, $0) }) { return .coupled }
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
        return .spaceContext(
            SpaceContextRules(space: space, rules: rules, unstable: GlyphSet(harfBuzzSet: unstable), font: self))
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
}

/// A reusable HarfBuzz buffer. Sole owner of its `hb_buffer_t`; used by one thread at a time
/// (``HarfBuzzBufferPool`` hands it out).
final class HarfBuzzBuffer: @unchecked Sendable {
    let buffer: OpaquePointer
    /// Operations granted to the plan executions since the buffer's allowance was last
    /// restored (see ``mustRestoreAllowance(units:)``).
    private var grantedOperations = 0

    init() { buffer = hb_buffer_create() }
    deinit { hb_buffer_destroy(buffer) }

    /// Accounts for one shaping of `units` code units; true when this shaping must go through
    /// `hb_shape` rather than a kept plan.
    ///
    /// `hb_shape` gives a buffer a fresh operation allowance (64 per character, at least 16,384)
    /// for every call and restores the default (2²⁹ − 1) afterwards; executing a kept shape plan
    /// directly does neither, so the default is drawn down across calls. Charging each execution
    /// what `hb_shape` would grant, and going through `hb_shape` (which restores the default)
    /// once the charges reach half of it, keeps every call's limit at least as high as
    /// `hb_shape`'s.
    func mustRestoreAllowance(units: Int) -> Bool {
        grantedOperations += max(64 * units, 16_384)
        guard grantedOperations >= 1 << 28 else { return false }
        grantedOperations = 0
        return true
    }
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
    private var lookups: [(type: Int, flag: Int, subtables: [Int])] = []
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
                lookups.append((0, 0, []))
                continue
            }
            let flag = u16(lookupOffset + 2) ?? 0xFFFF
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
            lookups.append((type, flag, subtables))
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

    /// Lookup `index` read as rules that put another glyph in place of a lone space according to
    /// its neighbours, or nil when it is anything else. Each subtable must be a chaining context
    /// (format 3) whose one input position covers only `space`, with at most one backtrack and
    /// one lookahead position, applying single substitutions at the space; the lookup must skip
    /// no glyph (lookup flag 0), so its neighbours are the adjacent glyphs.
    func spaceRules(of index: Int, space: Int) -> [(backtrack: [Int]?, lookahead: [Int]?)]? {
        guard isSubstitution, index < lookups.count, lookups[index].type == 6, lookups[index].flag == 0 else {
            return nil
        }
        var rules: [(backtrack: [Int]?, lookahead: [Int]?)] = []
        for subtable in lookups[index].subtables {
            guard u16(subtable) == 3, let backtrackCount = u16(subtable + 2), backtrackCount <= 1 else { return nil }
            var cursor = subtable + 4
            var backtrack: [Int]? = nil
            if backtrackCount == 1 {
                guard let offset = u16(cursor), let glyphs = coverageGlyphs(subtable + offset) else { return nil }
                backtrack = glyphs
                cursor += 2
            }
            guard u16(cursor) == 1, let inputOffset = u16(cursor + 2),
                let input = coverageGlyphs(subtable + inputOffset), input.allSatisfy({ $0 == space })
            else { return nil }
            cursor += 4
            guard let lookaheadCount = u16(cursor), lookaheadCount <= 1 else { return nil }
            var lookahead: [Int]? = nil
            if lookaheadCount == 1 {
                guard let offset = u16(cursor + 2), let glyphs = coverageGlyphs(subtable + offset) else { return nil }
                lookahead = glyphs
            }
            cursor += 2 + 2 * lookaheadCount
            guard let recordCount = u16(cursor) else { return nil }
            for record in 0..<recordCount {
                guard u16(cursor + 2 + 4 * record) == 0, let nested = u16(cursor + 4 + 4 * record),
                    type(of: nested) == 1
                else { return nil }
            }
            rules.append((backtrack, lookahead))
        }
        return rules
    }

    /// The lookups that contextual lookup `index` applies inside its matches (empty for other
    /// kinds), or nil when a subtable cannot be read.
    func nestedLookups(of index: Int) -> [Int]? {
        guard let type = type(of: index) else { return nil }
        let chaining = type == (isSubstitution ? 6 : 8)
        guard chaining || type == (isSubstitution ? 5 : 7) else { return [] }
        var nested: [Int] = []
        // Sequence lookup records: (sequence index, lookup index) pairs.
        func readRecords(count: Int?, at start: Int) -> Bool {
            guard let count else { return false }
            for record in 0..<count {
                guard let lookup = u16(start + 4 * record + 2) else { return false }
                nested.append(lookup)
            }
            return true
        }
        // A rule of a rule set (formats 1 and 2); the records follow the glyph or class arrays.
        func readRule(at rule: Int) -> Bool {
            if !chaining {
                guard let glyphCount = u16(rule) else { return false }
                return readRecords(count: u16(rule + 2), at: rule + 4 + 2 * max(glyphCount - 1, 0))
            }
            guard let backtrack = u16(rule) else { return false }
            var cursor = rule + 2 + 2 * backtrack
            guard let input = u16(cursor) else { return false }
            cursor += 2 + 2 * max(input - 1, 0)
            guard let lookahead = u16(cursor) else { return false }
            cursor += 2 + 2 * lookahead
            return readRecords(count: u16(cursor), at: cursor + 2)
        }
        // The rule sets of formats 1 and 2: a count, then offsets (0: no set) to sets of rules.
        func readRuleSets(countAt: Int, base: Int) -> Bool {
            guard let count = u16(countAt) else { return false }
            for setIndex in 0..<count {
                guard let offset = u16(countAt + 2 + 2 * setIndex) else { return false }
                if offset == 0 { continue }
                let set = base + offset
                guard let ruleCount = u16(set) else { return false }
                for ruleIndex in 0..<ruleCount {
                    guard let ruleOffset = u16(set + 2 + 2 * ruleIndex), readRule(at: set + ruleOffset) else {
                        return false
                    }
                }
            }
            return true
        }
        for subtable in lookups[index].subtables {
            let readable: Bool
            switch (chaining, u16(subtable)) {
            case (false, 1): readable = readRuleSets(countAt: subtable + 4, base: subtable)
            case (false, 2): readable = readRuleSets(countAt: subtable + 6, base: subtable)
            case (false, 3):
                guard let glyphCount = u16(subtable + 2) else { return nil }
                readable = readRecords(count: u16(subtable + 4), at: subtable + 6 + 2 * glyphCount)
            case (true, 1): readable = readRuleSets(countAt: subtable + 4, base: subtable)
            case (true, 2): readable = readRuleSets(countAt: subtable + 10, base: subtable)
            case (true, 3):
                var cursor = subtable + 2
                var counted = true
                for _ in 0..<3 {
                    guard let count = u16(cursor) else {
                        counted = false
                        break
                    }
                    cursor += 2 + 2 * count
                }
                readable = counted && readRecords(count: u16(cursor), at: cursor + 2)
            default: readable = false
            }
            if !readable { return nil }
        }
        return nested
    }

    /// The glyphs the Coverage table at `offset` lists, or nil when it cannot be read.
    private func coverageGlyphs(_ offset: Int) -> [Int]? {
        guard let format = u16(offset), let count = u16(offset + 2) else { return nil }
        var glyphs: [Int] = []
        switch format {
        case 1:
            for index in 0..<count {
                guard let glyph = u16(offset + 4 + 2 * index) else { return nil }
                glyphs.append(glyph)
            }
        case 2:
            for index in 0..<count {
                guard let start = u16(offset + 4 + 6 * index), let end = u16(offset + 6 + 6 * index), start <= end
                else { return nil }
                glyphs.append(contentsOf: start...end)
            }
        default: return nil
        }
        return glyphs
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
