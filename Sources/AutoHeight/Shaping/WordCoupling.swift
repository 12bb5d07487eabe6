import CHarfBuzz

/// How a font's OpenType lookups tie space-separated words together, which decides whether
/// ``SegmentCache`` may shape a run's words ("word ", the chunks) one at a time.
///
/// ```swift
/// switch font.wordCoupling(script: HB_SCRIPT_HANGUL, rightToLeft: false, language: nil) {
/// case .independent: break  // shape each chunk alone
/// case .spaceContext(let rules): break  // key each chunk on its next character's class too
/// case .coupled: break  // shape the run whole
/// }
/// ```
enum WordCoupling: Sendable {
    /// No lookup of the plan involves the space: a chunk shaped alone has exactly the advances
    /// it has inside the run.
    case independent
    /// The space takes part only in rules that swap it for another glyph according to the glyph
    /// before it (inside its chunk) and the glyph after it (the next chunk's first): the chunk's
    /// advances are exact once that next glyph's class is part of the key.
    case spaceContext(SpaceContextRules)
    /// Anything else: shape the run whole.
    case coupled

    var isIndependent: Bool {
        if case .independent = self { return true }
        return false
    }

    /// Whether runs may be cut into chunks (independent words, or space rules).
    var allowsChunks: Bool {
        if case .coupled = self { return false }
        return true
    }
}

/// The rules of ``WordCoupling/spaceContext(_:)``, read from a font: for each, the glyphs that
/// may precede and follow the space for it to apply, and the glyphs some lookup of the plan can
/// change (whose class at the time the rules run is not known from the character alone).
struct SpaceContextRules: Sendable {
    struct Rule: Sendable {
        /// Glyphs allowed before the space (nil: no condition).
        var backtrack: GlyphSet?
        /// Glyphs allowed after the space (nil: no condition).
        var lookahead: GlyphSet?
    }

    let space: UInt32
    let rules: [Rule]
    /// Glyphs a substitution of the plan may replace or join to others.
    let unstable: GlyphSet

    /// The part of a chunk's key that stands for the character after it: 0 when the chunk's
    /// advances cannot depend on it, `1 + bits` (bit `i`: the next glyph satisfies rule `i`'s
    /// lookahead) when they may, nil when the next character's glyph cannot be known from the
    /// character alone (then the chunk must not end here).
    ///
    /// - Parameters:
    ///   - before: the character before the chunk's trailing spaces (nil: none in the run).
    ///   - trailingSpaces: how many U+0020 end the chunk (≥ 1).
    ///   - next: the character after the chunk, the first of the next chunk.
    ///
    /// Complexity: O(rules), a few cmap look-ups.
    func lookaheadClass(before: UInt32?, trailingSpaces: Int, next: UInt32, font: HarfBuzzFont) -> Int? {
        // The glyph before the last space, whose lookahead is `next`.
        let backtrackGlyph: UInt32? = trailingSpaces > 1 ? space : before.flatMap { font.nominalGlyph($0) }
        let backtrackKnown = backtrackGlyph.map { !unstable.contains($0) } ?? true
        var dependsOnNext = false
        for rule in rules where rule.lookahead != nil {
            guard let backtrack = rule.backtrack else {
                dependsOnNext = true
                break
            }
            guard let glyph = backtrackGlyph else { continue }  // nothing before: it cannot apply
            if !backtrackKnown || backtrack.contains(glyph) {
                dependsOnNext = true
                break
            }
        }
        if !dependsOnNext { return 0 }
        // A default-ignorable next character would be skipped by the rules' matching.
        guard !CharacterClasses.isIgnorableForCoverage(next), let glyph = font.nominalGlyph(next),
            !unstable.contains(glyph)
        else { return nil }
        var bits = 0
        for (index, rule) in rules.enumerated() where rule.lookahead?.contains(glyph) == true {
            bits |= 1 << index
        }
        return 1 + bits
    }
}

/// A set of glyph IDs as bits: built once, then only read (safe to share between threads, unlike
/// a HarfBuzz set, whose look-ups update a cache inside it).
struct GlyphSet: Sendable {
    private let words: [UInt64]

    init(_ glyphs: some Sequence<Int>) {
        var words: [UInt64] = []
        for glyph in glyphs where glyph >= 0 {
            let word = glyph >> 6
            if word >= words.count { words += [UInt64](repeating: 0, count: word + 1 - words.count) }
            words[word] |= 1 << UInt64(glyph & 63)
        }
        self.words = words
    }

    /// The glyphs of a HarfBuzz set.
    init(harfBuzzSet set: OpaquePointer) { self.init(HarfBuzzFont.members(of: set)) }

    func contains(_ glyph: UInt32) -> Bool {
        let word = Int(glyph >> 6)
        return word < words.count && words[word] >> UInt64(glyph & 63) & 1 == 1
    }
}
