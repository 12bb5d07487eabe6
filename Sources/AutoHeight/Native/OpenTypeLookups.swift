import CHarfBuzz

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

    /// The lookup flag of lookup `index` (0xFFFF when it could not be read: every bit set).
    func flag(of index: Int) -> Int { index < lookups.count ? lookups[index].flag : 0xFFFF }

    /// Whether a subtable of lookup `index` is a class-based context or chaining context
    /// (format 2): a rule position of class 0 matches every glyph its class definition does not
    /// list, which HarfBuzz's glyph collection leaves out. True when the lookup cannot be read.
    func hasClassContext(_ index: Int) -> Bool {
        guard let type = type(of: index) else { return true }
        let contexts = isSubstitution ? [5, 6] : [7, 8]
        guard contexts.contains(type) else { return false }
        return lookups[index].subtables.contains { u16($0) != 1 && u16($0) != 3 }
    }

    /// Whether a rule of a class-based (format 2) context or chaining context subtable of lookup
    /// `index` has a position of class 0 under a class definition that does not list one of
    /// `glyphs`: that position matches such a glyph ("every glyph not listed"), which HarfBuzz's
    /// glyph collection does not report. The first input position is the subtable's coverage
    /// (which the collection reports) and is not looked at. True when a subtable cannot be read.
    func classZeroMayMatch(_ index: Int, anyOf glyphs: [Int]) -> Bool {
        guard let type = type(of: index) else { return true }
        let chaining = type == (isSubstitution ? 6 : 8)
        guard chaining || type == (isSubstitution ? 5 : 7) else { return false }
        for subtable in lookups[index].subtables where u16(subtable) == 2 {
            // Class definitions: context (classDef), chaining (backtrack, input, lookahead).
            let definitionCount = chaining ? 3 : 1
            var unlisted: [Bool] = []
            for position in 0..<definitionCount {
                guard let offset = u16(subtable + 4 + 2 * position) else { return true }
                var anyUnlisted = false
                for glyph in glyphs {
                    guard let glyphClass = offset == 0 ? 0 : self.glyphClass(of: glyph, in: subtable + offset) else {
                        return true
                    }
                    if glyphClass == 0 { anyUnlisted = true }
                }
                unlisted.append(anyUnlisted)
            }
            guard let rules = rules(setCountAt: subtable + 4 + 2 * definitionCount, base: subtable) else { return true }
            for rule in rules {
                guard let matches = ruleHasClassZero(at: rule, chaining: chaining, unlisted: unlisted) else {
                    return true
                }
                if matches { return true }
            }
        }
        return false
    }

    /// The rules of a format 1 or 2 context subtable: its rule-set count at `setCountAt`, then
    /// offsets from `base` (0: no set) to sets, each a count and offsets to its rules. Nil when
    /// the sets cannot be read.
    private func rules(setCountAt: Int, base: Int) -> [Int]? {
        guard let count = u16(setCountAt) else { return nil }
        var rules: [Int] = []
        for setIndex in 0..<count {
            guard let offset = u16(setCountAt + 2 + 2 * setIndex) else { return nil }
            if offset == 0 { continue }
            let set = base + offset
            guard let ruleCount = u16(set) else { return nil }
            for ruleIndex in 0..<ruleCount {
                guard let ruleOffset = u16(set + 2 + 2 * ruleIndex) else { return nil }
                rules.append(set + ruleOffset)
            }
        }
        return rules
    }

    /// Whether the class rule at `rule` has class 0 in a position whose class definition leaves
    /// one of the glyphs unlisted (`unlisted`: per definition, as in ``classZeroMayMatch``); nil
    /// when it cannot be read.
    private func ruleHasClassZero(at rule: Int, chaining: Bool, unlisted: [Bool]) -> Bool? {
        // Runs of classes: (count, definition) in order; the input run omits its first position.
        var cursor = rule
        let runs = chaining ? [(true, 0), (false, 1), (true, 2)] : [(false, 0)]
        for (counted, definition) in runs {
            guard var count = u16(cursor) else { return nil }
            if !counted {
                count = max(count - 1, 0)
                if !chaining { cursor += 2 }  // context rules: glyphCount, then the record count
            }
            cursor += 2
            for position in 0..<count {
                guard let glyphClass = u16(cursor + 2 * position) else { return nil }
                if glyphClass == 0 && unlisted[definition] { return true }
            }
            cursor += 2 * count
        }
        return false
    }

    /// The class the ClassDef table at `offset` gives `glyph` (0 when it lists it nowhere), or nil
    /// when the table cannot be read.
    private func glyphClass(of glyph: Int, in offset: Int) -> Int? {
        switch u16(offset) {
        case 1:
            guard let start = u16(offset + 2), let count = u16(offset + 4) else { return nil }
            guard glyph >= start, glyph < start + count else { return 0 }
            return u16(offset + 6 + 2 * (glyph - start))
        case 2:
            guard let count = u16(offset + 2) else { return nil }
            for range in 0..<count {
                guard let start = u16(offset + 4 + 6 * range), let end = u16(offset + 6 + 6 * range) else { return nil }
                if glyph >= start && glyph <= end { return u16(offset + 8 + 6 * range) }
            }
            return 0
        default: return nil
        }
    }

    /// The glyphs lookup `index` (mark-to-base, mark-to-ligature or mark-to-mark attachment,
    /// GPOS types 4–6) moves: its subtables' mark coverages; nil when it is another kind or
    /// cannot be read.
    func attachedMarks(of index: Int) -> [Int]? {
        guard !isSubstitution, let type = type(of: index), (4...6).contains(type) else { return nil }
        var marks: [Int] = []
        for subtable in lookups[index].subtables {
            guard u16(subtable) == 1, let offset = u16(subtable + 2), let glyphs = coverageGlyphs(subtable + offset)
            else { return nil }
            marks += glyphs
        }
        return marks
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
        // The rule sets of formats 1 and 2.
        func readRuleSets(countAt: Int, base: Int) -> Bool {
            guard let rules = rules(setCountAt: countAt, base: base) else { return false }
            return rules.allSatisfy(readRule(at:))
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
