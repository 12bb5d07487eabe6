/// The browsers' line-breaking rules on top of ICU's opportunities, for ``LayoutProfile/web``.
///
/// A browser asks ICU (or, in Firefox, its own segmenter) only where a non-ASCII character meets
/// the boundary; elsewhere its own rules decide. Each rule below was observed in the engine's
/// `<textarea>` (headless Chromium 156, Firefox ESR 153, WebKitGTK 2.50:
/// `scripts/browser-break-pairs.py --engine E` lays out every pair of printable ASCII characters
/// at width 0, where every opportunity becomes a line break) and has a test in `WebProfileTests`
/// or `BrowserEngineTests`:
///
/// - ``Rule/breakAfterSpaces``: a line may break after a space or tab before any other
///   character, also where UAX #14 forbids it (`( a`, `a /b`, `“ x”`, `a )`).
/// - ``Rule/hyphenBeforeDigit``: `-` before an ASCII digit breaks only after an ASCII letter or
///   digit (`1003.1-|2001`, `ABCD-|1234`, but `x -1`, `(-1`).
/// - ``Rule/asciiPairs``: between two printable ASCII characters (U+0021–U+007E), the engine's
///   pair table. Chromium: a break after `-` before most characters (`und -|konflikte`), after
///   `?`, and before `(`, `<`, `[`, `{` after closing or other punctuation (`--format=|<fmt>`);
///   none after `/` (`read/writes`, `https://…`), `$`, letters or digits, and none inside `\\`,
///   `++`, `%d%%`. Firefox: a break after `/` before nearly anything (`read/|writes`,
///   `https://|www`), after `!` and `|` before letters and digits, none before an opening bracket
///   after `=`, `>`, `"` (`format=<fmt>`). WebKit: Chromium's, plus a break after `-` before
///   closing punctuation, `/`, `:` and `;`.
/// - ``Rule/controlsGlue``: no break beside an ASCII control other than tab (VT, FF, U+0001…,
///   DEL), even beside non-ASCII text in Chromium (ICU breaks after VT and FF, which are
///   mandatory breaks); WebKit glues only between two ASCII characters (`а\u{B}|б`), Firefox
///   always breaks after VT and FF (``Rule/afterFormFeed``).
/// - ``Rule/hyphenBeforeDigit`` in Firefox: none (`2025-08-01`, `UTF-8` stay whole). Gecko has
///   the break, but takes it only when no other break fits, and a `<textarea>`'s
///   `overflow-wrap: break-word` always fits more: at a width where `x ab-` fits, `x ab-12 y`
///   is `x ` | `ab-1` | `2 y` in Firefox 153 (with a letter after the hyphen, `x ab-` | `cd y`).
/// - ``Rule/icu``: any boundary with a non-ASCII character on either side keeps ICU's answer.
enum WebBreakRules {
    /// Which rule decided a boundary (for tests and diagnosis).
    enum Rule: Equatable {
        case breakAfterSpaces
        case noBreakBeforeSpace
        case controlsGlue
        case afterFormFeed
        case hyphenBeforeDigit
        case asciiPairs
        case icu
    }

    /// Rewrites ICU's `boundaries` of `units` (ascending, ending with `units.count`) by the rules,
    /// using `storage` as scratch (its contents are replaced). Complexity: O(n), no allocation
    /// once `storage` has grown.
    static func tailor(
        _ units: UnsafeBufferPointer<UInt16>, engine: BrowserEngine, boundaries: inout [Int32],
        storage: inout [Int32]
    ) {
        let count = units.count
        guard count > 1 else { return }
        let rows = pairRows(engine)
        storage.removeAll(keepingCapacity: true)
        var next = 0
        for offset in 1..<count {
            while Int(boundaries[next]) < offset { next += 1 }
            let icuBreaks = Int(boundaries[next]) == offset
            if breaks(at: offset, in: units, icuBreaks: icuBreaks, engine: engine, rows: rows).breaks {
                storage.append(Int32(offset))
            }
        }
        storage.append(Int32(count))
        swap(&boundaries, &storage)
    }

    /// Whether a line may break before `units[offset]` (0 < offset < count), and the rule that
    /// says so; `icuBreaks` is ICU's answer there, `rows` the engine's ``pairRows(_:)``.
    static func breaks(
        at offset: Int, in units: UnsafeBufferPointer<UInt16>, icuBreaks: Bool, engine: BrowserEngine = .chromium,
        rows: [UInt128]
    ) -> (breaks: Bool, rule: Rule) {
        let before = units[offset - 1]
        let after = units[offset]
        if after == 0x20 || after == 0x09 { return (false, .noBreakBeforeSpace) }
        if before == 0x20 || before == 0x09 { return (true, .breakAfterSpaces) }
        if before < 0x20 || after < 0x20 || before == 0x7F || after == 0x7F {
            switch engine {
            case .chromium: return (false, .controlsGlue)
            case .firefox: return before == 0x0B || before == 0x0C ? (true, .afterFormFeed) : (false, .controlsGlue)
            case .webkit: return before >= 0x80 || after >= 0x80 ? (icuBreaks, .icu) : (false, .controlsGlue)
            }
        }
        guard isPrintableASCII(before) && isPrintableASCII(after) else { return (icuBreaks, .icu) }
        if before == 0x2D && isDigit(after) {
            return (engine != .firefox && offset >= 2 && isLetterOrDigit(units[offset - 2]), .hyphenBeforeDigit)
        }
        let row = rows[Int(before) - 0x21]
        return (row >> UInt128(after - 0x21) & 1 == 1, .asciiPairs)
    }

    private static func isPrintableASCII(_ unit: UInt16) -> Bool { unit >= 0x21 && unit <= 0x7E }
    private static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }
    private static func isLetterOrDigit(_ unit: UInt16) -> Bool {
        isDigit(unit) || (unit | 0x20 >= 0x61 && unit | 0x20 <= 0x7A)
    }
}
