/// When a window of a paragraph that holds right-to-left text (``PreparedParagraph/bidiUnits``
/// above 0, or an edit that brings some) may be prepared apart, so that preparing it gives
/// exactly what preparing the whole paragraph gives. Two kinds of window qualify.
///
/// **Left-to-right windows**, prepared with no bidi at all
/// (``allowsWindow(start:oldEnd:delta:units:removed:startsParagraph:endsParagraph:baseIsLeftToRight:)``):
/// (a) no explicit embedding, override or isolate (LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI)
/// anywhere in the paragraph (the caller keeps such paragraphs whole; the units it passes are
/// checked); (b) the old and the new window hold only units that need no bidi
/// (``CharacterClasses/mayNeedBidi(_:)``) and none of Bidi_Class R, AL, AN, B or S; (c) each
/// end of the window is a cut whose letters are strong and of one direction
/// (``ParagraphPreparer/isCut(at:in:)``), which the edit leaves as they are: the window's first
/// letter and the last letter before its end are in it, so of class L, and so are the letters
/// beyond its ends; the window does not start at the paragraph's start; or (d) the window
/// reaches the paragraph's end and the new paragraph's last unit is of class L. Then every unit
/// of the window resolves to direction L, so to one even level λ (the paragraph level, or one
/// more), in the old and the new paragraph, and nothing outside it changes level. When the
/// paragraph's level is 0 (its first strong character is L, ``paragraphLevel(_:)``, and it
/// holds no B, which the caller keeps whole), S is allowed in the window and (d) is not needed:
/// the rules that give a unit the paragraph's level or direction (L1 before S and at the end;
/// N1/N2 with eos) then give it 0 = λ as well.
///
/// - P2/P3: the letter before the window's first cut is strong and outside the window, so the
///   paragraph's first strong character is before the window and the base level stays (no
///   isolate hides it; a B in the paragraph before the window starts the run of text the level
///   is taken from no later than that letter).
/// - X1–X10: without explicit controls every unit has the paragraph's embedding level and the
///   paragraph (up to a B) is one isolating run sequence; X9 removes BN, which ICU then gives the
///   level of the unit after it (inside the window, λ; the window's last unit is a space or a
///   cut letter, never BN).
/// - W1–W7: the window starts with an L letter and the letter before its start cut is L, so
///   W1 (NSM), W2 and W7 (EN looks back to the first strong type) find L inside the window or
///   in that letter, never anything further back: EN become L; W4–W6 (separators and
///   terminators next to EN) do not pass a letter. Outside the window, these rules look back no
///   further than the L letter after the window's end cut, and forward (W4, W5) no further than
///   the letter before its start cut.
/// - N0: brackets in the window, the edit and the removed text are excluded by the caller; a
///   pair enclosing the window encloses the L letters on both sides of it, so the strong types
///   inside it (the window adds only L) are the same before and after the edit, and so are its
///   levels.
/// - N1/N2: neutrals in the window lie between two L (letters of the window, the letter before
///   its start, the letter after its end), so they resolve to L; with (d) the window ends with
///   an L letter, so none is left next to the paragraph's end (where eos could be R).
///   Neutrals outside lie between strong types outside the window or those letters.
/// - I1/I2: L at an even level stays, at an odd one goes one up: λ for the whole window, and the
///   letters around it.
/// - L1: it resets whitespace before S and B (none in the window), and at the paragraph's end
///   (with (d), the window ends with a letter); whitespace before the window precedes a letter.
///
/// **Windows resolved in context**, with any letters, numbers and neutrals
/// (``context(start:oldEnd:delta:units:removed:endsParagraph:paragraphLevel:outerLetters:holdsBracket:)``):
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
/// **A window that starts its paragraph** (start 0, ``ParagraphPreparer/reprepare(_:units:replaced:removed:minimumLength:endsParagraph:startsParagraph:paragraphMayNeedBidi:paragraphLevel:outerLetters:holdsBracket:scripts:)``
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

    /// Whether `units` hold no unit that may need bidi and no character of class R, AL, AN, B,
    /// S (S allowed when `allowsTabs`) or an explicit control (condition (b)). Complexity:
    /// O(units).
    static func isLeftToRightRun(_ units: UnsafeBufferPointer<UInt16>, allowsTabs: Bool = false) -> Bool {
        var index = 0
        while index < units.count {
            let unit = units[index]
            if CharacterClasses.mayNeedBidi(unit) || isParagraphSeparator(unit) { return false }
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: units.count)
            switch UnicodeProperties.bidiClass(of: scalar) {
            case .leftToRight, .other: continue
            case .separator: if !allowsTabs { return false }
            case .rightToLeft, .arabicNumber, .explicit: return false
            }
        }
        return true
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

    /// Whether the window `start..<oldEnd` of a paragraph that holds right-to-left text (old
    /// offsets; `start..<(oldEnd + delta)` in the new `units`), whose ends
    /// ``ParagraphPreparer/isCut(at:in:)`` found, meets the conditions above. `units` are the
    /// new paragraph, or consecutive pieces of it that start at its start when
    /// `startsParagraph`, and end at its end when `endsParagraph` (else at cuts); `removed`
    /// the old units the edit replaced. Complexity: O(units) (the explicit controls are looked
    /// for in all of them).
    static func allowsWindow(
        start: Int, oldEnd: Int, delta: Int, units: UnsafeBufferPointer<UInt16>,
        removed: UnsafeBufferPointer<UInt16>, startsParagraph: Bool, endsParagraph: Bool,
        baseIsLeftToRight: Bool
    ) -> Bool {
        guard start > 0 || !startsParagraph else { return false }
        let newEnd = oldEnd + delta
        guard isLeftToRightRun(UnsafeBufferPointer(rebasing: units[start..<newEnd]), allowsTabs: baseIsLeftToRight),
            isLeftToRightRun(removed, allowsTabs: baseIsLeftToRight)
        else { return false }
        if endsParagraph && newEnd == units.count && !baseIsLeftToRight {
            guard let last = units.last, isStrongLeft(last) else { return false }
        }
        return !units.contains(where: isExplicitControl)
    }

    /// The context to resolve the window `start..<oldEnd` (old offsets; `start..<(oldEnd +
    /// delta)` in the new `units`) in, when it meets conditions (e), (f) and (h) above; the
    /// caller has found its ends with ``ParagraphPreparer/isCut(at:in:)`` and checks (g).
    /// `units` are the new paragraph or consecutive pieces of it, which start at a cut after
    /// `outerLetters.before` (the letter before that cut's space) or at the paragraph's start
    /// (nil), and end at a cut before `outerLetters.after` or at the paragraph's end when
    /// `endsParagraph`; `removed` the old units the edit replaced; `paragraphLevel` p, nil when
    /// not known (or the paragraph may hold B or explicit controls); `holdsBracket` false, that
    /// the whole old paragraph holds no paired bracket. Nil when the window does not qualify.
    /// Complexity: O(window + removed).
    static func context(
        start: Int, oldEnd: Int, delta: Int, units: UnsafeBufferPointer<UInt16>,
        removed: UnsafeBufferPointer<UInt16>, endsParagraph: Bool, paragraphLevel: UInt8?,
        outerLetters: (before: UInt16?, after: UInt16?) = (nil, nil), holdsBracket: Bool = true
    ) -> BidiContext? {
        let newEnd = oldEnd + delta
        guard let level = paragraphLevel, start != 1, newEnd <= units.count,
            let letterBefore = start >= 2 ? units[start - 2] : outerLetters.before,
            let before = strongDirection(of: letterBefore)
        else { return nil }
        var after: UInt16? = nil
        if newEnd < units.count {
            after = units[newEnd]
        } else if !endsParagraph {
            guard let outer = outerLetters.after else { return nil }
            after = outer
        }
        let window = UnsafeBufferPointer(rebasing: units[start..<newEnd])
        guard !window.contains(where: { isExplicitControl($0) || isParagraphSeparator($0) }) else { return nil }
        // (h): X and Y both opposite to the paragraph's direction, and brackets that may pair.
        let embedding = level & 1 == 1
        if holdsBracket, before != embedding, let after, strongDirection(of: after) == before {
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
