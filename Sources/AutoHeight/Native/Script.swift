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
