/// How a font's OpenType lookups tie space-separated words together, which decides whether
/// ``SegmentCache`` may shape a run's words ("word ", the chunks) one at a time.
///
/// ```swift
/// switch font.wordCoupling(script: .hangul, rightToLeft: false, language: nil) {
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

    /// The coupling a font's analysis found (tabulating space rules for `font`).
    init(_ analysis: SpaceCoupling, font: HarfBuzzFont) {
        switch analysis {
        case .independent: self = .independent
        case .coupled: self = .coupled
        case .spaceRules(let space, let rules, let unstable):
            self = .spaceContext(SpaceContextRules(space: space, rules: rules, unstable: unstable, font: font))
        }
    }

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
/// Answers for BMP characters are tabulated once (64 KiB and 8 KiB), so chunking text costs a
/// table look-up per cut. Immutable, so safe to share between threads.
///
/// The two tables are raw memory this object owns (freed in `deinit`): read through a pointer, a
/// look-up retains nothing, where reading an array property retained its buffer on every cut.
final class SpaceContextRules: @unchecked Sendable {
    typealias Rule = SpaceRule

    let space: UInt32
    let rules: [Rule]
    /// Glyphs a substitution of the plan may replace or join to others.
    let unstable: GlyphSet
    /// Bit per BMP character: a rule with a lookahead might fire after it (``mayLetFire(_:)``);
    /// 1,024 words, written only in `init`.
    private let beforeTriggers: UnsafeMutablePointer<UInt64>
    /// Per BMP character: its class as the next character (``classAsNext(_:glyph:rules:unstable:)``,
    /// ≥ 1), or 0 when it is unknown; 65,536 bytes, written only in `init`.
    private let nextClasses: UnsafeMutablePointer<UInt8>
    /// Whether a rule with a lookahead fires whatever precedes the space.
    private let fireWithoutBacktrack: Bool

    init(space: UInt32, rules: [Rule], unstable: GlyphSet, font: HarfBuzzFont) {
        self.space = space
        self.rules = rules
        self.unstable = unstable
        fireWithoutBacktrack = rules.contains { $0.lookahead != nil && $0.backtrack == nil }
        let triggers = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
        triggers.initialize(repeating: 0, count: 1024)
        let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
        classes.initialize(repeating: 0, count: 0x10000)
        for unit in 0..<0x10000 {
            let glyph = font.nominalGlyph(UInt32(unit))
            if Self.mayLetFire(glyph, rules: rules, unstable: unstable) {
                triggers[unit >> 6] |= 1 << UInt64(unit & 63)
            }
            if let nextClass = Self.classAsNext(UInt32(unit), glyph: glyph, rules: rules, unstable: unstable) {
                classes[unit] = UInt8(nextClass)  // ≥ 1
            }
        }
        beforeTriggers = triggers
        nextClasses = classes
    }

    deinit {
        beforeTriggers.deallocate()
        nextClasses.deallocate()
    }

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
    /// Complexity: O(1) for BMP characters; O(rules) and a cmap look-up otherwise.
    func lookaheadClass(before: UInt32?, trailingSpaces: Int, next: UInt16, font: HarfBuzzFont) -> Int? {
        // The glyph before the last space, whose lookahead is `next`, may let a rule fire?
        let mayFire: Bool
        if fireWithoutBacktrack {
            mayFire = true
        } else if trailingSpaces > 1 {
            mayFire = Self.mayLetFire(space, rules: rules, unstable: unstable)
        } else if let before {
            mayFire =
                before < 0x10000
                ? beforeTriggers[Int(before >> 6)] >> UInt64(before & 63) & 1 == 1
                : Self.mayLetFire(font.nominalGlyph(before), rules: rules, unstable: unstable)
        } else {
            mayFire = false  // nothing before the space: a rule that needs a glyph there cannot fire
        }
        if !mayFire { return 0 }
        let nextClass = nextClasses[Int(next)]
        return nextClass == 0 ? nil : Int(nextClass)
    }

    /// Whether some rule with a lookahead could fire on a space after `glyph` (nil: the
    /// character has no glyph, and what HarfBuzz puts there instead is not known).
    private static func mayLetFire(_ glyph: UInt32?, rules: [Rule], unstable: GlyphSet) -> Bool {
        guard let glyph, !unstable.contains(glyph) else { return rules.contains { $0.lookahead != nil } }
        return rules.contains { rule in rule.lookahead != nil && (rule.backtrack?.contains(glyph) ?? true) }
    }

    /// `1 + bits` (bit `i`: rule `i`'s lookahead holds the glyph) for `scalar` as the character
    /// after a space, or nil when its glyph at the time the rules run is not known: no glyph (it
    /// may be decomposed), a glyph some substitution may change, or a default-ignorable character
    /// (the rules' matching skips it).
    private static func classAsNext(_ scalar: UInt32, glyph: UInt32?, rules: [Rule], unstable: GlyphSet) -> Int? {
        guard !UnicodeProperties.isIgnorableForCoverage(scalar), let glyph, !unstable.contains(glyph) else {
            return nil
        }
        var bits = 0
        for (index, rule) in rules.enumerated() where rule.lookahead?.contains(glyph) == true { bits |= 1 << index }
        return 1 + bits
    }
}
