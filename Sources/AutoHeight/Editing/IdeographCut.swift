/// Where a left-to-right paragraph of CJK text without spaces can be cut (`漢|字`, `か|な`, `한|국`)
/// so that the two sides prepared apart give exactly the whole's preparation. Problem: such
/// text has no `word |word` cut. Solution: between two cut letters of one script
/// (``candidates(of:)``) where it had a break opportunity no rule looks across, and the primary
/// font ties neither glyph to a neighbour (``Font/isolatedLetters(script:language:candidates:)``).
/// Limitations: fonts with `kern` or AAT tables, keep-all, phrase breaking. The proof: the
/// Editing article ("Ideograph cuts").
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
