/// The CSS text properties that add break opportunities to ICU's (after the profile's rules),
/// and `white-space: normal`'s collapsing, over one paragraph's UTF-16 units:
///
/// - `word-break: break-all` (``LineBreakRules/WordBreak/breakAll``): a break between two
///   grapheme clusters unless punctuation forbids it (Chromium treats every character as an
///   ideograph; see `mayStartLine`).
/// - `line-break: anywhere` (``LineBreakRules/Strictness/anywhere``): a break at every grapheme
///   boundary.
/// - `white-space: break-spaces` (``WhiteSpace/breakSpaces``): a break after every space and tab.
/// - `white-space: normal` (``WhiteSpace/normal``): every unit of a run of spaces, tabs, LF and CR
///   but its first has no width, and a leading run none (the units were mapped to spaces
///   before shaping, so the run's first is a space).
enum CSSBreaks {
    /// Adds the opportunities of `wordBreak` / `anywhere` / `breakSpaces` to `boundaries`
    /// (ascending, ending with `units.count`), using `storage` as scratch. `flags` carries the
    /// grapheme starts. Complexity: O(n), no allocation once `storage` has grown.
    static func add(
        to boundaries: inout [Int32], units: UnsafeBufferPointer<UInt16>, flags: [UInt8], breakAll: Bool,
        anywhere: Bool, afterSpaces: Bool, storage: inout [Int32]
    ) {
        let count = units.count
        guard count > 1, breakAll || anywhere || afterSpaces else { return }
        storage.removeAll(keepingCapacity: true)
        var next = 0
        var clusterStart = 0
        for offset in 1..<count {
            while Int(boundaries[next]) < offset { next += 1 }
            let isClusterStart = flags[offset] & UnitFlag.graphemeStart != 0
            var breaks = Int(boundaries[next]) == offset
            if !breaks && isClusterStart {
                if anywhere {
                    breaks = true
                } else if afterSpaces && (units[offset - 1] == 0x20 || units[offset - 1] == 0x09) {
                    breaks = true
                } else if breakAll {
                    breaks = mayEndLine(at: clusterStart, in: units) && mayStartLine(at: offset, in: units)
                }
            }
            if isClusterStart { clusterStart = offset }
            if breaks { storage.append(Int32(offset)) }
        }
        storage.append(Int32(count))
        swap(&boundaries, &storage)
    }

    /// `word-break: break-all` as Chromium applies it (every pair of printable ASCII characters
    /// observed with `scripts/browser-break-pairs.py --css 'word-break: break-all' --compare`):
    /// every character is treated as an ideograph, so a line may break between two grapheme
    /// clusters unless the second cannot start a line (closing punctuation, `!` `?`, infix
    /// separators `, . : ;`, `/`, `%`, quotation marks, non-starters, glue, joiners, marks) or
    /// the first cannot end one (opening punctuation, quotation marks, prefixes such as `$` and
    /// `\`, glue, joiners).
    private static func mayStartLine(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Bool {
        switch UnicodeProperties.lineBreakClass(of: units.scalar(at: offset, limit: units.count).value) {
        case .closePunctuation, .closeParenthesis, .exclamation, .infixSeparator, .nonStarter, .quotation,
            .postfix, .symbol, .glue, .wordJoiner, .zeroWidthSpace, .combiningMark, .zeroWidthJoiner, .space,
            .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine:
            return false
        default:
            return true
        }
    }

    private static func mayEndLine(at offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Bool {
        switch UnicodeProperties.lineBreakClass(of: units.scalar(at: offset, limit: units.count).value) {
        case .openPunctuation, .quotation, .prefix, .glue, .wordJoiner, .zeroWidthJoiner:
            return false
        default:
            return true
        }
    }

    /// Chromium's `word-break: keep-all` (web profile): no break between two letters or numbers
    /// by general category (L*, N*; a mark counts as the character before it), Thai and other
    /// complex-context scripts excepted. Unlike the editor's keep-all (UAX #14 letter classes),
    /// symbols such as `<` or `%` (class AL, category Sm/Po) do not hold a Korean word:
    /// `<명령어>` may break after `<` (seen in Chromium 156). Complexity: O(breaks).
    static func keepAllWords(_ units: UnsafeBufferPointer<UInt16>, boundaries: inout [Int32]) {
        let count = units.count
        var kept = 0
        for boundary in boundaries {
            let offset = Int(boundary)
            if offset > 0 && offset < count {
                var before = units.scalar(endingAt: offset)
                if isMark(before), offset >= 2 {
                    let end = before > 0xFFFF ? offset - 2 : offset - 1
                    if end > 0 { before = units.scalar(endingAt: end) }
                }
                if isWordCharacter(before) && isWordCharacter(units.scalar(at: offset, limit: count).value) { continue }
            }
            boundaries[kept] = boundary
            kept += 1
        }
        boundaries.removeSubrange(kept...)
    }

    private static func isMark(_ scalar: UInt32) -> Bool {
        switch Unicode.Scalar(scalar)?.properties.generalCategory {
        case .nonspacingMark?, .spacingMark?, .enclosingMark?: true
        default: false
        }
    }

    private static func isWordCharacter(_ scalar: UInt32) -> Bool {
        guard let properties = Unicode.Scalar(scalar)?.properties else { return false }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return UnicodeProperties.lineBreakClass(of: scalar) != .complexContext
        default:
            return false
        }
    }

    /// `white-space: normal`: zero widths for every collapsed unit (see the type's summary), and
    /// no break after a leading run (it is not there: the first word starts the first line).
    static func collapse(_ units: UnsafeBufferPointer<UInt16>, advances: inout [Double], boundaries: inout [Int32]) {
        var previousIsSpace = true  // a leading run collapses away
        var leadingEnd = 0
        for index in 0..<units.count {
            let isSpace = units[index] == 0x20
            if isSpace && previousIsSpace { advances[index] = 0 }
            if isSpace && leadingEnd == index { leadingEnd = index + 1 }
            previousIsSpace = isSpace
        }
        if leadingEnd > 0 && leadingEnd < units.count, let first = boundaries.first, Int(first) == leadingEnd {
            boundaries.removeFirst()
        }
    }

    /// `units` with every tab, LF and CR made a space, into `mapped` (for `white-space: normal`),
    /// or false when there is none (then `mapped` is untouched).
    static func mapCollapsible(_ units: UnsafeBufferPointer<UInt16>, into mapped: inout [UInt16]) -> Bool {
        guard units.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return false }
        mapped.removeAll(keepingCapacity: true)
        mapped.append(contentsOf: units.lazy.map { WhiteSpace.collapses($0) ? 0x20 : $0 })
        return true
    }
}
