/// Small, fast character tests used while preparing text. These only classify code units for
/// layout decisions (what hangs at a line end, what has no width); line-break opportunities and
/// grapheme boundaries always come from ICU.
package enum CharacterClasses {
    /// Whitespace that hangs past the line edge at a soft break: spaces and tabs (Zs without
    /// the no-break spaces U+00A0, U+2007, U+202F). It never forces a wrap.
    package static func isHangingWhitespace(_ unit: UInt16) -> Bool {
        if unit == 0x20 || unit == 0x09 { return true }
        if unit < 0x1680 { return false }
        switch unit {
        case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Characters that never choose a font, and take the font of the text before them: controls,
    /// invisible format characters (ZWSP, bidi marks, joiners; not the visible Arabic-block
    /// ones such as U+0600), spaces (Zs, except the visible U+1680 OGHAM SPACE MARK), line and
    /// paragraph separators and variation selectors. Pango's rule (`consider_as_space`): a font
    /// is never chosen just to draw a space. Categories from ICU.
    static func takesNeighbouringFont(_ scalar: UInt32) -> Bool {
        takesNeighbouringFont(scalar, bits: neighbouringFontBits)
    }

    /// ``takesNeighbouringFont(_:)`` with its table read beforehand (a loop reads it once, not
    /// through the global's once-check for each character).
    static func takesNeighbouringFont(_ scalar: UInt32, bits: BMPBits) -> Bool {
        if scalar < 0x80 { return scalar <= 0x20 || scalar == 0x7F }
        if scalar < 0x10000 { return bits[UInt16(scalar)] }
        return takesNeighbouringFontByCategory(scalar)
    }

    /// ``takesNeighbouringFont(_:)`` for the BMP, as a table (the category is ICU's).
    static let neighbouringFontBits = BMPBits(takesNeighbouringFontByCategory)

    /// ``takesNeighbouringFont(_:)`` for characters from U+0080, from their general category.
    static func takesNeighbouringFontByCategory(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar <= 0x20 || scalar == 0x7F }
        if (0xFE00...0xFE0F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar) { return true }
        switch UnicodeProperties.generalCategory(of: scalar) {
        case .control, .surrogate, .lineSeparator, .paragraphSeparator:
            return true
        case .format:
            return !((0x600...0x6FF).contains(scalar) || scalar == 0x70F || scalar == 0x8E2)
        case .spaceSeparator:
            return scalar != 0x1680
        default:
            return false
        }
    }

    /// Whether a UTF-16 unit may start right-to-left text (Hebrew, Arabic, Syriac, Thaana, NKo,
    /// presentation forms, high surrogates of the RTL planes' blocks) or is an explicit bidi
    /// control. Paragraphs with none of these are left-to-right throughout and skip bidi.
    package static func mayNeedBidi(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200F, 0x202A...0x202E,
            0x2066...0x2069, 0xD802, 0xD803, 0xD83A, 0xD83B:
            return true
        default:
            return false
        }
    }
}
