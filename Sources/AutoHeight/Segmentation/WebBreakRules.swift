/// Chromium's line-breaking rules on top of ICU's opportunities, for ``LayoutProfile/web``.
///
/// Chromium asks ICU only where a non-ASCII character meets the boundary; elsewhere its own
/// rules decide. Each rule below was observed in a Chromium `<textarea>` (headless Chromium 156,
/// `scripts/browser-break-pairs.py` lays out every pair of printable ASCII characters at
/// width 0, where every opportunity becomes a line break) and has a test in `WebProfileTests`:
///
/// - ``Rule/breakAfterSpaces``: a line may break after a space or tab before any other
///   character, also where UAX #14 forbids it (`( a`, `a /b`, `“ x”`, `a )`).
/// - ``Rule/hyphenBeforeDigit``: `-` before an ASCII digit breaks only after an ASCII letter or
///   digit (`1003.1-|2001`, `ABCD-|1234`, but `x -1`, `(-1`).
/// - ``Rule/asciiPairs``: between two printable ASCII characters (U+0021–U+007E), Chromium's
///   pair table: a break after `-` before most characters (`und -|konflikte`), after `?`, and
///   before `(`, `<`, `[`, `{` after closing or other punctuation (`--format=|<fmt>`); none after
///   `/` (`read/writes`, `https://…`), `$`, letters or digits, and none inside `\\`, `++`, `%d%%`.
/// - ``Rule/controlsGlue``: no break beside an ASCII control other than tab (VT, FF, U+0001…,
///   DEL), even beside non-ASCII text (ICU breaks after VT and FF, which are mandatory breaks).
/// - ``Rule/icu``: any boundary with a non-ASCII character on either side keeps ICU's answer.
enum WebBreakRules {
    /// Which rule decided a boundary (for tests and diagnosis).
    enum Rule: Equatable {
        case breakAfterSpaces
        case noBreakBeforeSpace
        case controlsGlue
        case hyphenBeforeDigit
        case asciiPairs
        case icu
    }

    /// Rewrites ICU's `boundaries` of `units` (ascending, ending with `units.count`) by the rules,
    /// using `storage` as scratch (its contents are replaced). Complexity: O(n), no allocation
    /// once `storage` has grown.
    static func tailor(
        _ units: UnsafeBufferPointer<UInt16>, boundaries: inout [Int32], storage: inout [Int32]
    ) {
        let count = units.count
        guard count > 1 else { return }
        storage.removeAll(keepingCapacity: true)
        var next = 0
        for offset in 1..<count {
            while Int(boundaries[next]) < offset { next += 1 }
            let icuBreaks = Int(boundaries[next]) == offset
            if breaks(at: offset, in: units, icuBreaks: icuBreaks).breaks { storage.append(Int32(offset)) }
        }
        storage.append(Int32(count))
        swap(&boundaries, &storage)
    }

    /// Whether a line may break before `units[offset]` (0 < offset < count), and the rule that
    /// says so; `icuBreaks` is ICU's answer there.
    @inline(__always)
    static func breaks(
        at offset: Int, in units: UnsafeBufferPointer<UInt16>, icuBreaks: Bool
    ) -> (breaks: Bool, rule: Rule) {
        let before = units[offset - 1]
        let after = units[offset]
        if after == 0x20 || after == 0x09 { return (false, .noBreakBeforeSpace) }
        if before == 0x20 || before == 0x09 { return (true, .breakAfterSpaces) }
        if before < 0x20 || after < 0x20 || before == 0x7F || after == 0x7F { return (false, .controlsGlue) }
        guard isPrintableASCII(before) && isPrintableASCII(after) else { return (icuBreaks, .icu) }
        if before == 0x2D && isDigit(after) {
            return (offset >= 2 && isLetterOrDigit(units[offset - 2]), .hyphenBeforeDigit)
        }
        let row = rows[Int(before) - 0x21]
        return (row >> UInt128(after - 0x21) & 1 == 1, .asciiPairs)
    }

    @inline(__always) private static func isPrintableASCII(_ unit: UInt16) -> Bool { unit >= 0x21 && unit <= 0x7E }
    @inline(__always) private static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }
    @inline(__always) private static func isLetterOrDigit(_ unit: UInt16) -> Bool {
        isDigit(unit) || (unit | 0x20 >= 0x61 && unit | 0x20 <= 0x7A)
    }

    /// Chromium's ASCII pair rules: row `b − 0x21` has bit `a − 0x21` set when a line may break
    /// between `b` and `a`.
    private static let rows: [UInt128] = [
        0x040000000400000008000080,  // !
        0x040000000400000008000080,  // "
        0x040000000400000008000080,  // #
        0x000000000000000000000000,  // $
        0x040000000400000008000080,  // %
        0x040000000400000008000080,  // &
        0x000000000000000000000000,  // '
        0x000000000000000000000000,  // (
        0x040000000400000008000080,  // )
        0x040000000400000008000080,  // *
        0x040000000400000008000080,  // +
        0x040000000400000008000080,  // ,
        0x2fffffffefffffffb80016f6,  // -
        0x040000000400000008000080,  // .
        0x000000000000000000000000,  // /
        0x000000000000000000000000,  // 0
        0x000000000000000000000000,  // 1
        0x000000000000000000000000,  // 2
        0x000000000000000000000000,  // 3
        0x000000000000000000000000,  // 4
        0x000000000000000000000000,  // 5
        0x000000000000000000000000,  // 6
        0x000000000000000000000000,  // 7
        0x000000000000000000000000,  // 8
        0x000000000000000000000000,  // 9
        0x040000000400000008000080,  // :
        0x040000000400000008000080,  // ;
        0x000000000000000000000000,  // <
        0x040000000400000008000080,  // =
        0x040000000400000008000080,  // >
        0x2fffffffefffffffb9ff96bc,  // ?
        0x000000000000000000000000,  // @
        0x000000000000000000000000,  // A
        0x000000000000000000000000,  // B
        0x000000000000000000000000,  // C
        0x000000000000000000000000,  // D
        0x000000000000000000000000,  // E
        0x000000000000000000000000,  // F
        0x000000000000000000000000,  // G
        0x000000000000000000000000,  // H
        0x000000000000000000000000,  // I
        0x000000000000000000000000,  // J
        0x000000000000000000000000,  // K
        0x000000000000000000000000,  // L
        0x000000000000000000000000,  // M
        0x000000000000000000000000,  // N
        0x000000000000000000000000,  // O
        0x000000000000000000000000,  // P
        0x000000000000000000000000,  // Q
        0x000000000000000000000000,  // R
        0x000000000000000000000000,  // S
        0x000000000000000000000000,  // T
        0x000000000000000000000000,  // U
        0x000000000000000000000000,  // V
        0x000000000000000000000000,  // W
        0x000000000000000000000000,  // X
        0x000000000000000000000000,  // Y
        0x000000000000000000000000,  // Z
        0x000000000000000000000000,  // [
        0x040000000400000008000080,  // \
        0x040000000400000008000080,  // ]
        0x000000000000000000000000,  // ^
        0x000000000000000000000000,  // _
        0x000000000000000000000000,  // `
        0x000000000000000000000000,  // a
        0x000000000000000000000000,  // b
        0x000000000000000000000000,  // c
        0x000000000000000000000000,  // d
        0x000000000000000000000000,  // e
        0x000000000000000000000000,  // f
        0x000000000000000000000000,  // g
        0x000000000000000000000000,  // h
        0x000000000000000000000000,  // i
        0x000000000000000000000000,  // j
        0x000000000000000000000000,  // k
        0x000000000000000000000000,  // l
        0x000000000000000000000000,  // m
        0x000000000000000000000000,  // n
        0x000000000000000000000000,  // o
        0x000000000000000000000000,  // p
        0x000000000000000000000000,  // q
        0x000000000000000000000000,  // r
        0x000000000000000000000000,  // s
        0x000000000000000000000000,  // t
        0x000000000000000000000000,  // u
        0x000000000000000000000000,  // v
        0x000000000000000000000000,  // w
        0x000000000000000000000000,  // x
        0x000000000000000000000000,  // y
        0x000000000000000000000000,  // z
        0x000000000000000000000000,  // {
        0x040000000400000008000080,  // |
        0x040000000400000008000080,  // }
        0x040000000400000008000080,  // ~
    ]
}
