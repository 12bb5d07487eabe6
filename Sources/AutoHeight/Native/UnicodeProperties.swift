import CAutoHeightICU
import CHarfBuzz

/// Unicode character properties from ICU, as Swift types: the rest of the code never sees
/// ICU's enum numbers. Canonical decompositions come from HarfBuzz's data, the one its
/// normalizer shapes with.
enum UnicodeProperties {
    /// The general category of `scalar`, in the groups layout needs.
    static func generalCategory(of scalar: UInt32) -> GeneralCategory {
        switch ah_general_category(scalar) {
        case 12: return .spaceSeparator
        case 13: return .lineSeparator
        case 14: return .paragraphSeparator
        case 15: return .control
        case 16: return .format
        case 18: return .surrogate
        default: return .other
        }
    }

    /// The Arabic Joining_Type of `scalar`.
    static func joiningType(of scalar: UInt32) -> JoiningType {
        JoiningType(rawValue: UInt8(clamping: max(0, ah_joining_type(scalar)))) ?? .nonJoining
    }

    /// How `scalar` takes part in grapheme clusters (UAX #29 Grapheme_Cluster_Break), grouped.
    static func graphemeClusterBreak(of scalar: UInt32) -> GraphemeClusterBreak {
        switch ah_grapheme_cluster_break(scalar) {
        case 0: return .other
        case 1, 2, 5: return .control  // Control, CR, LF
        case 3, 10, 17: return .extend  // Extend, SpacingMark, ZWJ
        case 4, 6, 7, 8, 9: return .hangul  // L, LV, LVT, T, V
        case 11: return .prepend
        case 12: return .regionalIndicator
        default: return .otherValue  // E_Base, E_Modifier and the like, unused since Unicode 11
        }
    }

    /// The UAX #14 Line_Break class of `scalar`, from a table for the BMP (built once, 64 KiB).
    static func lineBreakClass(of scalar: UInt32) -> LineBreakClass {
        lineBreakClass(of: scalar, in: bmpLineBreakClasses)
    }

    /// ``lineBreakClass(of:)`` with the table (``lineBreakTable``) already at hand, for loops:
    /// on Linux every read of a static table is a call (`swift_once`).
    static func lineBreakClass(of scalar: UInt32, in table: UnsafeBufferPointer<UInt8>) -> LineBreakClass {
        if scalar < 0x10000 { return LineBreakClass(rawValue: table[Int(scalar)]) }
        return LineBreakClass(rawValue: UInt8(clamping: max(0, ah_line_break_class(scalar))))
    }

    /// The table of ``lineBreakClass(of:in:)``, for loops that read it once.
    static var lineBreakTable: UnsafeBufferPointer<UInt8> { bmpLineBreakClasses }

    /// The Line_Break class of every BMP unit, in memory the process-wide table owns for its
    /// whole life.
    // nonisolated(unsafe): the memory is written once, while the table is built, and only read
    // after.
    nonisolated(unsafe) private static let bmpLineBreakClasses: UnsafeBufferPointer<UInt8> = {
        let table = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0x10000)
        for unit in 0..<0x10000 { table[unit] = UInt8(clamping: max(0, ah_line_break_class(UInt32(unit)))) }
        return UnsafeBufferPointer(table)
    }()

    /// The emoji properties (UTS #51) of `scalar`.
    static func emojiProperties(of scalar: UInt32) -> EmojiProperties {
        EmojiProperties(rawValue: UInt8(truncatingIfNeeded: ah_emoji_properties(scalar)))
    }

    /// The UAX #9 Bidi_Class of `scalar`, in the groups ``BidiCut`` needs.
    static func bidiClass(of scalar: UInt32) -> BidiClass {
        switch ah_bidi_class(scalar) {
        case 0: return .leftToRight
        case 1, 13: return .rightToLeft  // R, AL
        case 5: return .arabicNumber
        case 7, 8: return .separator  // B, S
        case 11, 12, 14, 15, 16, 19, 20, 21, 22: return .explicit  // LRE…PDF, FSI…PDI
        default: return .other
        }
    }

    /// The bracket `scalar` pairs with (UAX #9 Bidi_Paired_Bracket) and whether it opens the
    /// pair; nil when it is no paired bracket.
    static func pairedBracket(of scalar: UInt32) -> (paired: UInt32, opens: Bool)? {
        var paired: UInt32 = 0
        switch ah_paired_bracket(scalar, &paired) {
        case 1: return (paired, true)
        case 2: return (paired, false)
        default: return nil
        }
    }

    /// Whether `scalar` is a "typographic letter unit" for CSS `word-break: keep-all`: Line_Break
    /// AL, NU, AI, ID, CJ, the Hangul classes, EB, EM, or CM/ZWJ (which stay with their base).
    static func isKeepAllLetter(_ scalar: UInt32) -> Bool { ah_is_keep_all_letter(scalar) != 0 }

    /// The canonical decomposition of `scalar` into two as HarfBuzz's normalizer reads it (the
    /// second is 0 for a singleton), or nil when it has none.
    static func canonicalDecomposition(of scalar: UInt32) -> (first: UInt32, second: UInt32)? {
        var first: hb_codepoint_t = 0
        var second: hb_codepoint_t = 0
        guard hb_unicode_decompose(hb_unicode_funcs_get_default(), scalar, &first, &second) != 0 else { return nil }
        return (first, second)
    }

    /// Code points a font need not cover for a grapheme to count as covered: joiners, variation
    /// selectors, tag characters and other default-ignorables that shape as nothing.
    static func isIgnorableForCoverage(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F,
            0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF,
            0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return scalar < 0x20 || (scalar >= 0x7F && scalar <= 0x9F)
        }
    }

    /// The language ICU's likely-subtags data gives for `script` (`Arab` → `ar`), or nil.
    static func likelyLanguage(for script: Script) -> String? {
        var buffer = [CChar](repeating: 0, count: 16)
        let length = ah_likely_language_for_script(script.tag, &buffer, Int32(buffer.count))
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Unicode general categories, grouped as layout decisions need them.
enum GeneralCategory: Sendable {
    case spaceSeparator  // Zs
    case lineSeparator  // Zl
    case paragraphSeparator  // Zp
    case control  // Cc
    case format  // Cf
    case surrogate  // Cs
    case other
}

/// Arabic Joining_Type (ICU's `UJoiningType` order).
enum JoiningType: UInt8, Sendable {
    case nonJoining = 0, joinCausing, dualJoining, leftJoining, rightJoining, transparent
}

/// UAX #29 Grapheme_Cluster_Break values, grouped by how they join their neighbours.
enum GraphemeClusterBreak: Sendable, Equatable {
    /// Other (XX): joins a neighbour only through the emoji and regional-indicator rules
    /// (GB11, GB12, GB13), which look at that neighbour.
    case other
    /// Control, CR, LF.
    case control
    /// Extend, SpacingMark, ZWJ: join the character before them (GB9, GB9a).
    case extend
    /// The Hangul jamo and syllable values L, V, T, LV, LVT (GB6–GB8).
    case hangul
    /// Prepend: joins the character after it (GB9b).
    case prepend
    case regionalIndicator
    /// Any other value.
    case otherValue
}

/// A UAX #14 Line_Break class (ICU's `ULineBreak` numbering, all below 48; `rawValue` is that
/// number, for compact keys).
struct LineBreakClass: Hashable, Sendable {
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }

    static let unknown = LineBreakClass(rawValue: 0)  // XX
    static let ambiguous = LineBreakClass(rawValue: 1)  // AI
    static let alphabetic = LineBreakClass(rawValue: 2)  // AL
    static let mandatoryBreak = LineBreakClass(rawValue: 6)  // BK
    static let contingentBreak = LineBreakClass(rawValue: 7)  // CB
    static let closePunctuation = LineBreakClass(rawValue: 8)  // CL
    static let combiningMark = LineBreakClass(rawValue: 9)  // CM
    static let carriageReturn = LineBreakClass(rawValue: 10)  // CR
    static let exclamation = LineBreakClass(rawValue: 11)  // EX
    static let glue = LineBreakClass(rawValue: 12)  // GL
    static let hyphen = LineBreakClass(rawValue: 13)  // HY
    static let ideographic = LineBreakClass(rawValue: 14)  // ID
    static let infixSeparator = LineBreakClass(rawValue: 16)  // IS
    static let lineFeed = LineBreakClass(rawValue: 17)  // LF
    static let nonStarter = LineBreakClass(rawValue: 18)  // NS
    static let numeric = LineBreakClass(rawValue: 19)  // NU
    static let openPunctuation = LineBreakClass(rawValue: 20)  // OP
    static let postfix = LineBreakClass(rawValue: 21)  // PO
    static let prefix = LineBreakClass(rawValue: 22)  // PR
    static let quotation = LineBreakClass(rawValue: 23)  // QU
    static let complexContext = LineBreakClass(rawValue: 24)  // SA
    static let surrogate = LineBreakClass(rawValue: 25)  // SG
    static let space = LineBreakClass(rawValue: 26)  // SP
    static let symbol = LineBreakClass(rawValue: 27)  // SY
    static let zeroWidthSpace = LineBreakClass(rawValue: 28)  // ZW
    static let nextLine = LineBreakClass(rawValue: 29)  // NL
    static let wordJoiner = LineBreakClass(rawValue: 30)  // WJ
    static let hangulLV = LineBreakClass(rawValue: 31)  // H2
    static let hangulLVT = LineBreakClass(rawValue: 32)  // H3
    static let hangulL = LineBreakClass(rawValue: 33)  // JL
    static let hangulT = LineBreakClass(rawValue: 34)  // JT
    static let hangulV = LineBreakClass(rawValue: 35)  // JV
    static let closeParenthesis = LineBreakClass(rawValue: 36)  // CP
    static let conditionalJapaneseStarter = LineBreakClass(rawValue: 37)  // CJ
    static let hebrewLetter = LineBreakClass(rawValue: 38)  // HL
    static let zeroWidthJoiner = LineBreakClass(rawValue: 42)  // ZWJ
}

/// Emoji properties of a character (UTS #51).
struct EmojiProperties: OptionSet, Sendable {
    let rawValue: UInt8
    static let emoji = EmojiProperties(rawValue: UInt8(AH_EMOJI))
    static let emojiPresentation = EmojiProperties(rawValue: UInt8(AH_EMOJI_PRESENTATION))
    static let emojiModifier = EmojiProperties(rawValue: UInt8(AH_EMOJI_MODIFIER))
    static let emojiModifierBase = EmojiProperties(rawValue: UInt8(AH_EMOJI_MODIFIER_BASE))
    static let regionalIndicator = EmojiProperties(rawValue: UInt8(AH_REGIONAL_INDICATOR))
    static let extendedPictographic = EmojiProperties(rawValue: UInt8(AH_EXTENDED_PICTOGRAPHIC))
}

/// UAX #9 bidi classes, grouped: strong left-to-right (L), strong right-to-left (R, AL), Arabic
/// numbers (AN), paragraph and segment separators (B, S), explicit embeddings, overrides and
/// isolates (LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI), and the rest (weak and neutral
/// classes: EN, ES, ET, CS, NSM, BN, WS, ON).
enum BidiClass: Sendable, Equatable {
    case leftToRight, rightToLeft, arabicNumber, separator, explicit, other
}
