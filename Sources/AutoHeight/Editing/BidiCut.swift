/// When a window of a paragraph that holds right-to-left text (``PreparedParagraph/bidiUnits``
/// above 0, or an edit that brings some) may be prepared apart, so that preparing it gives
/// exactly what preparing the whole paragraph gives: when it is resolved in context, with any
/// letters, numbers and neutrals (``context(_:removed:level:before:after:holdsBracket:)``):
/// ICU resolves the text `X window Y` at the paragraph's level p
/// (``BidiResolver/levels(_:context:)``), X the unit two before the window (at a cut `X |Z`
/// the letter before the space; at an ideograph cut `漢|字` the one before `漢`), which must be
/// strong, and Y the letter after its end cut (none when the window ends the paragraph), when (e) the caller knows p and the paragraph holds no explicit
/// control and no B (``StoredParagraph`` keeps other paragraphs with right-to-left text whole),
/// and the new window holds none; (f) the window starts at a cut `X |Z` or `漢|Z` (so not at
/// the paragraph's start) and ends at a cut `W |Y`, `W|Y` or at the paragraph's end, each
/// cut's letters strong and of one direction, unchanged by the edit (the caller:
/// ``ParagraphPreparer/isCut(at:in:)``); let D be X's direction, D′ Y's; (g) no paired bracket
/// in the old window, the new one or the removed text (the caller); (h) when D and D′ are both
/// opposite to e, the direction of p, and the old paragraph may hold a paired bracket, neither
/// window holds a character of direction e (L for p = 0; R, AL or AN for p = 1). Then each unit of the window has in the whole new paragraph the level it
/// has in `X window Y`, and no unit outside the window changes level with the edit:
///
/// - P2/P3: X is strong and before the window, so the first strong character is X or one
///   before it, the same in the old and the new paragraph: p stays (no isolate, no B).
/// - X1–X10: with no explicit control every unit has embedding level p and the paragraph is one
///   isolating run sequence with sos and eos of direction e, as `X window Y` is. X9's BN take
///   their level from their neighbours, which for a BN in the window are in the window, X or Y
///   (the window starts with Z and a window ending at a cut ends with its space).
/// - W1–W7: each rule reads the units before a unit back to the first strong type at most (W1
///   the unit before an NSM; W2 and W7 back to the first R, AL or L; W4 one separator between
///   two numbers; W5 a sequence of ET next to EN, which stops at a letter or a space), so a
///   unit of the window sees nothing before Z (the window's first unit, a strong letter: X
///   itself changes no level of the window, it is there for (h)), and nothing after Y; a unit
///   outside sees nothing of the window past Y or, forward, past the strong letter Z.
/// - N0: the window holds no bracket before or after the edit, so brackets pair as before.
///   Each pair's resolution reads the strong types inside it (EN and AN as R) and, if only of
///   the opposite direction, the first strong type before its opening bracket. A pair before or
///   after the window reads nothing of it (the search before a later pair stops at Y at the
///   latest); there is no pair when the old paragraph holds no bracket, as the new one then
///   does not either (g); a pair enclosing it (the window then ends at a cut) encloses X
///   (strong, so no bracket) and Y: when D or
///   D′ is e, it holds e before and after the edit and resolves to e whatever the window
///   holds; otherwise, by (h), it holds e inside the window neither before nor after the edit
///   (EN after a letter of direction L resolves to L by W7, and after one of direction R stays
///   a number, counted as R), so its strong types are the same.
/// - N1/N2: a sequence of neutrals lies between strong types (EN and AN as R) or sos/eos: in the
///   window, between units of the window, X, Y, or eos at the paragraph's end, the same in
///   both texts; outside, the space of a cut `X |Z` lies between two letters of direction D
///   and resolves to D, and no other sequence outside reaches the window.
/// - I1/I2: a unit's level comes from its resolved type and p alone.
/// - L1: it resets whitespace before S and at the paragraph's end to p: a sequence before a tab
///   in the window starts after Z; at the paragraph's end it is the same in both texts.
///
/// **A window that starts its paragraph** (start 0, ``ParagraphPreparer/reprepare(_:)``
/// with `startsParagraph`, and windows of new paragraphs in ``ParagraphPreparer/prepareAcrossBreaks(_:spans:oldUnits:edit:head:tail:)``)
/// is resolved in context too, with X a letter of p's direction e (``startLetter(level:)``),
/// when the new paragraph's level, that of the new window's first strong character (which must
/// be in the window), is the old p: P2/P3 then give the whole new paragraph p (no B, no
/// isolate), nothing outside the window changes level, and W1, W2, W7 and N1 read X exactly as
/// they read sos of direction e (R, never AL, for p = 1, so that W3 has nothing to change);
/// (h) never applies, D being e. Rules from the kept side still stop at Y.
///
/// The levels matter to the preparation only through ``TextRuns``: runs break where the level
/// changes and are shaped right-to-left when it is odd. At a cut `X |Z` the three units have
/// one level, that of direction D at p (X and Z strong, the space resolved to D; at `漢|字` the
/// two letters, both L), so no run
/// breaks there in the whole paragraph either: the window's runs are the whole's, cut at its
/// ends, shaped in the direction of the cuts' letters, for which ``ParagraphPreparer/isCut(at:in:)``
/// checks that the fonts shape words independently. The rest is argued by ``ParagraphCut``
/// and ``IdeographCut``. Line breaking and measurement never read levels (drawing resolves
/// them again, ``ParagraphBidi``).
enum BidiCut {
    /// Whether `unit` is a BMP character of Bidi_Class L. Complexity: O(1).
    static func isStrongLeft(_ unit: UInt16) -> Bool {
        !(0xD800...0xDFFF).contains(unit) && UnicodeProperties.bidiClass(of: UInt32(unit)) == .leftToRight
    }

    /// The direction of `unit` when it is a BMP character of a strong Bidi_Class: false for L,
    /// true for R and AL; nil for every other class. Complexity: O(1).
    static func strongDirection(of unit: UInt16) -> Bool? {
        guard !(0xD800...0xDFFF).contains(unit) else { return nil }
        switch UnicodeProperties.bidiClass(of: UInt32(unit)) {
        case .leftToRight: return false
        case .rightToLeft: return true
        default: return nil
        }
    }

    /// The strong letter a window that starts a paragraph of level `level` is resolved after,
    /// read as sos (see the header): `a` (L) for an even level, `א` (R, not AL) for an odd one.
    static func startLetter(level: UInt8) -> UInt16 { level & 1 == 0 ? 0x61 : 0x05D0 }

    /// Whether `unit` is one of UAX #9's explicit formatting characters (rules X1–X8): LRE, RLE,
    /// PDF, LRO, RLO (U+202A–U+202E) or LRI, RLI, FSI, PDI (U+2066–U+2069).
    static func isExplicitControl(_ unit: UInt16) -> Bool {
        (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }

    /// Whether `unit` is of Bidi_Class B (a paragraph separator to UAX #9; LF, CR and U+2029
    /// also end the text's paragraphs).
    static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || (0x1C...0x1E).contains(unit) || unit == 0x85 || unit == 0x2029
    }

    /// The level of a paragraph that starts with `units` and holds no explicit control (P2/P3):
    /// 0 when its first strong character is of class L, 1 when it is of class R or AL; nil when
    /// a B comes first or no strong character is found. Complexity: O(units before the first
    /// strong character).
    static func paragraphLevel(_ units: UnsafeBufferPointer<UInt16>) -> UInt8? {
        var index = 0
        while index < units.count {
            if isParagraphSeparator(units[index]) { return nil }
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: units.count)
            switch UnicodeProperties.bidiClass(of: scalar) {
            case .leftToRight: return 0
            case .rightToLeft: return 1
            case .explicit: return nil
            case .arabicNumber, .separator, .other: continue
            }
        }
        return nil
    }

    /// The context to resolve the new `window` in, when it meets conditions (e), (f) and (h)
    /// (see the Editing article); the caller has found its ends with
    /// ``ParagraphPreparer/isCut(at:in:)`` and checks (g). `before` is X (the letter before the
    /// window's start cut, or a letter read as sos for a window that starts its paragraph; nil
    /// when unknown), `after` Y (the letter after its end cut; nil when the window ends the
    /// paragraph), `removed` the old units the edit replaced, `level` p (nil when not known or
    /// the paragraph may hold B or explicit controls), `holdsBracket` false that the whole old
    /// paragraph holds no paired bracket. Nil when the window does not qualify.
    /// Complexity: O(window + removed).
    static func context(
        _ window: UnsafeBufferPointer<UInt16>, removed: UnsafeBufferPointer<UInt16>, level: UInt8?, before: UInt16?,
        after: UInt16?, holdsBracket: Bool
    ) -> BidiContext? {
        guard let level, let letterBefore = before, let direction = strongDirection(of: letterBefore),
            !window.contains(where: { isExplicitControl($0) || isParagraphSeparator($0) })
        else { return nil }
        // (h): X and Y both opposite to the paragraph's direction, and brackets that may pair.
        let embedding = level & 1 == 1
        if holdsBracket, direction != embedding, let after, strongDirection(of: after) == direction {
            if holds(direction: embedding, window) || holds(direction: embedding, removed) { return nil }
        }
        return BidiContext(paragraphLevel: level & 1, before: letterBefore, after: after)
    }

    /// Whether `units` hold a character of direction L (`rightToLeft` false) or of class R, AL
    /// or AN (true). Complexity: O(units).
    private static func holds(direction rightToLeft: Bool, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var index = 0
        while index < units.count {
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: units.count)
            switch UnicodeProperties.bidiClass(of: scalar) {
            case .leftToRight: if !rightToLeft { return true }
            case .rightToLeft, .arabicNumber: if rightToLeft { return true }
            default: continue
            }
        }
        return false
    }
}
