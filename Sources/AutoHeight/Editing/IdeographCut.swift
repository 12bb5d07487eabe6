/// Where a left-to-right paragraph can be cut between two letters of CJK text written without
/// spaces (`漢|字`, `か|な`, `カ|ナ`, `한|국`) so that preparing the two sides apart gives exactly
/// the preparation of the whole, in every respect that does not depend on the font: between two
/// BMP characters X and Y of one script, each of the script's *cut letters*
/// (``candidates(of:)``: CJK Unified Ideographs and Extension A of class ID, hiragana and
/// katakana of class ID, precomposed Hangul syllables of class H2 or H3; all standalone), where
/// the paragraph had a break opportunity (the caller checks cuts at segment ends only).
///
/// - Script runs: X and Y have one real script, so the itemizer's state at the cut is that
///   script whichever side it starts from (paired brackets aside, which the caller excludes
///   unless the paragraph holds one script, ``ScriptMix``).
/// - Grapheme clusters: Y is standalone (no Extend, SpacingMark, ZWJ, variation selector or
///   jamo; a supplementary variation selector is a surrogate, never a cut letter), X is not
///   Prepend, ZWJ, a regional indicator or a leading jamo, and a syllable LV or LVT joins only
///   a following V or T jamo: no rule joins X and Y, and none looks further.
/// - UAX #14: no rule that looks further than the two characters around a boundary passes an
///   ID, H2 or H3 (LB14–LB17 look back over spaces to OP, QU, CL, CP, B2; LB9 over marks, which
///   attach to the letter before them; LB21a, LB25 and LB30a over hyphens, numbers and regional
///   indicators; LB26–LB27 see only the two Korean units at a boundary), so the opportunities on
///   each side depend on that side. At the cut LB31 breaks (ID ÷ ID, H2/H3 ÷ H2/H3) as it did
///   before the edit: ICU's Japanese and Chinese tailorings (strict, normal, loose) change how
///   CJ and some NS characters break, never an ID pair, and keep-all (which removes the break,
///   so there is no cut) and phrase breaking are excluded by the caller. The web profile's
///   rules look two units back only after an ASCII hyphen, and its keep-all over a mark.
/// - Shaping: HarfBuzz's default shaper (Han, kana) and its Hangul shaper (which changes a
///   syllable only with the jamo or tone mark after it) look at no other character; the font's
///   lookups are checked by ``Font/isolatedLetters(script:language:candidates:)``.
/// - Hanging whitespace: there is none at the cut; the segment before it ends with X.
/// - CSS (``CSSBreaks``): `word-break: break-all`, `line-break: anywhere` and
///   `white-space: break-spaces` decide a break from the unit, its own cluster and the cluster
///   before it (Y's cluster starts at Y), and `white-space: normal` changes only spaces (and a
///   paragraph's leading run, which a window starting at Y does not have): none looks across.
enum IdeographCut {
    /// The scripts whose letters may be cut between.
    static let scripts: [Script] = [.han, .hiragana, .katakana, .hangul]

    /// The script of X and Y when `offset` may be an ideograph cut (both BMP characters of one
    /// of ``scripts``), else nil; whether X and Y are cut letters for the font is the caller's
    /// check. Complexity: O(1).
    static func script(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Script? {
        guard offset >= 1, offset < units.count else { return nil }
        let before = units[offset - 1]
        let after = units[offset]
        guard (0x3041...0xD7A3).contains(before), (0x3041...0xD7A3).contains(after) else { return nil }
        let script = Script.of(UInt32(after))
        guard scripts.contains(script), Script.of(UInt32(before)) == script else { return nil }
        return script
    }

    /// The cut letters of `script` (see above), before the font's check.
    static func candidates(of script: Script) -> [UInt32] {
        let ranges: [ClosedRange<UInt32>]
        let classes: [LineBreakClass]
        switch script {
        case .han: (ranges, classes) = ([0x3400...0x4DBF, 0x4E00...0x9FFF], [.ideographic])
        case .hiragana: (ranges, classes) = ([0x3041...0x3096], [.ideographic])
        case .katakana: (ranges, classes) = ([0x30A1...0x30FA], [.ideographic])
        case .hangul: (ranges, classes) = ([0xAC00...0xD7A3], [.hangulLV, .hangulLVT])
        default: return []
        }
        return ranges.joined().filter {
            Script.of($0) == script && Graphemes.isStandalone(UInt16($0))
                && classes.contains(UnicodeProperties.lineBreakClass(of: $0))
        }
    }
}
