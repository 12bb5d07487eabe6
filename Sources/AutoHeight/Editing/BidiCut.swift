/// When a window of a paragraph with right-to-left text may be prepared apart. Problem: UAX #9
/// resolves levels over the whole paragraph. Solution: ICU resolves `X window Y` at the
/// paragraph's level, X and Y the letters beyond the window's cuts, which gives the window's
/// units their levels in the whole and changes none outside (conditions (e)–(h),
/// ``context(_:removed:level:before:after:holdsBracket:)``). Limitations: explicit controls, B,
/// an unknown or changed level, brackets, (h). The proof: the Editing article ("Bidi in context").
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
    /// read as sos (the Editing article): `a` (L) for an even level, `א` (R, not AL) for an odd one.
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
