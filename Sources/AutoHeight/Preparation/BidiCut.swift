/// When a window of a paragraph that holds right-to-left text (``PreparedParagraph/bidiUnits``
/// above 0) may be prepared as left-to-right text of its own, so that preparing it apart gives
/// exactly what preparing the whole paragraph gives.
///
/// The conditions (``allowsWindow(start:oldEnd:delta:units:removed:startsParagraph:endsParagraph:)``):
/// (a) no explicit embedding, override or isolate (LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI)
/// anywhere in the paragraph (the caller keeps such paragraphs whole; the units it passes are
/// checked); (b) the old and the new window hold only units that need no bidi
/// (``CharacterClasses/mayNeedBidi(_:)``) and none of Bidi_Class R, AL, AN, B or S; (c) each
/// end of the window is a cut whose letters are both of Bidi_Class L (``isStrongLeft(_:)``;
/// ``ParagraphPreparer/isCut(at:in:)`` requires it), which the edit leaves as they are, and the
/// window does not start at the paragraph's start; or (d) the window reaches the paragraph's
/// end and the new paragraph's last unit is of class L. Then every unit of the window resolves
/// to direction L, so to one even level λ (the paragraph level, or one more), in the old and
/// the new paragraph, and nothing outside it changes level. When the paragraph's level is 0
/// (its first strong character is L, ``startsLeftToRight(_:)``, and it holds no B, which the
/// caller keeps whole), S is allowed in the window and (d) is not needed: the rules that give
/// a unit the paragraph's level or direction (L1 before S and at the end; N1/N2 with eos) then
/// give it 0 = λ as well.
///
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
/// The levels matter to the preparation only through ``TextRuns``: runs break where the level
/// changes (not inside the window nor at its ends, all λ) and are shaped right-to-left when it
/// is odd (λ is even). Preparing the window with no bidi (every level 0) therefore gives the
/// runs it has in the whole paragraph, and the rest is argued by ``ParagraphCut`` and
/// ``IdeographCut``. Line breaking and measurement never read levels (drawing resolves them
/// again, ``ParagraphBidi``).
enum BidiCut {
    /// Whether `unit` is a BMP character of Bidi_Class L. Complexity: O(1).
    static func isStrongLeft(_ unit: UInt16) -> Bool {
        !(0xD800...0xDFFF).contains(unit) && UnicodeProperties.bidiClass(of: UInt32(unit)) == .leftToRight
    }

    /// Whether `unit` is one of UAX #9's explicit formatting characters (rules X1–X8): LRE, RLE,
    /// PDF, LRO, RLO (U+202A–U+202E) or LRI, RLI, FSI, PDI (U+2066–U+2069).
    @inline(__always)
    static func isExplicitControl(_ unit: UInt16) -> Bool {
        (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }

    /// Whether `unit` is of Bidi_Class B (a paragraph separator to UAX #9; LF, CR and U+2029
    /// also end the text's paragraphs).
    @inline(__always)
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

    /// Whether the first strong character of `units` (the start of a paragraph with no
    /// explicit control) is of class L, before any B: the paragraph's level is then 0 (P2/P3).
    /// False when a strong character of class R or AL, or a B, comes first, or none is found.
    /// Complexity: O(units before the first strong character).
    static func startsLeftToRight(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var index = 0
        while index < units.count {
            if isParagraphSeparator(units[index]) { return false }
            let scalar: UInt32
            (scalar, index) = units.scalar(at: index, limit: units.count)
            switch UnicodeProperties.bidiClass(of: scalar) {
            case .leftToRight: return true
            case .rightToLeft, .explicit: return false
            case .arabicNumber, .separator, .other: continue
            }
        }
        return false
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
}
