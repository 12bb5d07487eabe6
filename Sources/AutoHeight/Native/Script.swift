import CHarfBuzz

/// A Unicode script (ISO 15924), the unit text is itemized and shaped by.
///
/// Its value is the script's ISO 15924 tag packed big-endian (`Latn` = 0x4C61746E), which is
/// also HarfBuzz's `hb_script_t`: converting costs nothing.
package struct Script: Hashable, Sendable {
    /// The ISO 15924 tag, packed big-endian.
    let tag: UInt32

    init(tag: UInt32) { self.tag = tag }

    init(_ script: hb_script_t) { tag = script.rawValue }

    /// The script for an ISO 15924 tag as ICU or a font names it, normalized as HarfBuzz does
    /// (`Qaai` is Inherited; unknown tags are Unknown).
    init(iso15924Tag: UInt32) { self.init(hb_script_from_iso15924_tag(iso15924Tag)) }

    var harfBuzz: hb_script_t { hb_script_t(rawValue: tag) }

    static var common: Script { Script(HB_SCRIPT_COMMON) }
    static var inherited: Script { Script(HB_SCRIPT_INHERITED) }
    static var unknown: Script { Script(HB_SCRIPT_UNKNOWN) }
    static var han: Script { Script(HB_SCRIPT_HAN) }
    static var hangul: Script { Script(HB_SCRIPT_HANGUL) }
    static var hiragana: Script { Script(HB_SCRIPT_HIRAGANA) }
    static var katakana: Script { Script(HB_SCRIPT_KATAKANA) }
    static var latin: Script { Script(HB_SCRIPT_LATIN) }
    static var arabic: Script { Script(HB_SCRIPT_ARABIC) }
    static var hebrew: Script { Script(HB_SCRIPT_HEBREW) }

    /// The baseline Pango aligns a line's runs on when its first run is in this script
    /// (HarfBuzz's horizontal baseline tag for it): 1 ideographic face bottom, 2 hanging, 0
    /// alphabetic.
    var alignmentBaselineKind: UInt8 {
        switch harfBuzz {
        case HB_SCRIPT_HAN, HB_SCRIPT_HANGUL, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO,
            HB_SCRIPT_TANGUT, HB_SCRIPT_NUSHU, HB_SCRIPT_KHITAN_SMALL_SCRIPT:
            return 1
        case HB_SCRIPT_BENGALI, HB_SCRIPT_DEVANAGARI, HB_SCRIPT_GUJARATI, HB_SCRIPT_GURMUKHI, HB_SCRIPT_TIBETAN,
            HB_SCRIPT_LIMBU, HB_SCRIPT_SYLOTI_NAGRI, HB_SCRIPT_PHAGS_PA, HB_SCRIPT_MEETEI_MAYEK, HB_SCRIPT_SHARADA,
            HB_SCRIPT_TAKRI, HB_SCRIPT_MODI, HB_SCRIPT_SIDDHAM, HB_SCRIPT_TIRHUTA, HB_SCRIPT_MARCHEN, HB_SCRIPT_NEWA,
            HB_SCRIPT_SOYOMBO, HB_SCRIPT_ZANABAZAR_SQUARE, HB_SCRIPT_DOGRA, HB_SCRIPT_GUNJALA_GONDI:
            return 2
        default:
            return 0
        }
    }

    /// Whether `unit` may be of a script with a nonzero ``alignmentBaselineKind`` (or a
    /// surrogate, whose scalar may be): false for every other UTF-16 unit, so that a paragraph
    /// with none of them needs no per-line baseline (Latin, Cyrillic, Arabic and their
    /// punctuation, boxes).
    static func mayAlignOffAlphabetic(_ unit: UInt16) -> Bool {
        // Most text is below the first range: one comparison, not the chain of ranges.
        guard unit >= 0x02EA else { return false }
        return switch unit {
        case 0x02EA...0x02EB, 0x0900..<0x0B00, 0x0F00..<0x1000, 0x1100..<0x1200, 0x1900..<0x1950, 0x2E80..<0xA000,
            0xA800..<0xA900, 0xA960..<0xA980, 0xAAE0..<0xAB00, 0xABC0..<0xE000, 0xF900..<0xFB00, 0xFF00..<0xFFF0:
            true
        default: false
        }
    }

    /// Whether any unit of `units` may be of such a script (``mayAlignOffAlphabetic(_:)``), a
    /// surrogate pair decoded: the pictographs and emoji of U+1F300..<U+1FB00 are of none.
    static func mayAlignOffAlphabetic(in units: UnsafeBufferPointer<UInt16>) -> Bool {
        var index = 0
        while index < units.count {
            let unit = units[index]
            index += 1
            guard mayAlignOffAlphabetic(unit) else { continue }
            guard UTF16.isLeadSurrogate(unit), index < units.count, UTF16.isTrailSurrogate(units[index]) else {
                return true
            }
            let scalar = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(units[index]) - 0xDC00)
            if !(0x1F300..<0x1FB00).contains(scalar) { return true }
            index += 1
        }
        return false
    }

    /// Common, Inherited or Unknown: no script of its own (takes its neighbours').
    var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// The script of `scalar` from HarfBuzz's Unicode data (Inherited and Unknown included).
    static func of(_ scalar: UInt32) -> Script {
        Script(hb_unicode_script(hb_unicode_funcs_get_default(), scalar))
    }

    /// Whether the script is written right to left (its horizontal direction in HarfBuzz).
    var isRightToLeft: Bool { hb_script_get_horizontal_direction(harfBuzz) == HB_DIRECTION_RTL }

    /// Whether HarfBuzz's shaper for the script joins letters across their neighbours (Arabic,
    /// Syriac, N'Ko, Mongolian and the other joining scripts): it looks at text beyond a run's
    /// edges.
    var joinsLetters: Bool {
        switch harfBuzz {
        case HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_PHAGS_PA,
            HB_SCRIPT_MANDAIC, HB_SCRIPT_MANICHAEAN, HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_ADLAM,
            HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_SOGDIAN, HB_SCRIPT_CHORASMIAN, HB_SCRIPT_OLD_UYGHUR:
            return true
        default:
            return false
        }
    }
}
