import AutoHeight

/// Parses a validation pattern (Swift `Regex` syntax, already accepted by `Regex`'s own parser)
/// into a ``PatternNode`` for the linear-time matcher. Constructs that need backtracking (back
/// references, look-around, atomic groups, possessive quantifiers) and rarer syntax (Unicode
/// properties, POSIX classes, class set operations) throw ``PatternUnsupported``.
struct PatternParser {
    private let characters: [Character]
    private var position = 0
    private var ignoresCase = false
    private var dotMatchesNewline = false

    init(_ pattern: String) {
        characters = Array(pattern)
    }

    static func parse(_ pattern: String) throws(PatternUnsupported) -> PatternNode {
        var parser = PatternParser(pattern)
        let node = try parser.alternation()
        if parser.position < parser.characters.count {
            throw PatternUnsupported(reason: "unexpected \"\(parser.characters[parser.position])\"")
        }
        return node
    }

    private var next: Character? { position < characters.count ? characters[position] : nil }

    private mutating func take() -> Character? {
        defer { position += 1 }
        return next
    }

    private mutating func take(_ expected: Character) -> Bool {
        guard next == expected else { return false }
        position += 1
        return true
    }

    private mutating func alternation() throws(PatternUnsupported) -> PatternNode {
        var branches = [try sequence()]
        while take("|") { branches.append(try sequence()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(PatternUnsupported) -> PatternNode {
        let savedFlags = (ignoresCase, dotMatchesNewline)
        defer { (ignoresCase, dotMatchesNewline) = savedFlags }
        var items: [PatternNode] = []
        while let character = next, character != "|", character != ")" {
            if let atom = try atom() { items.append(try quantified(atom)) }
        }
        return items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func quantified(_ atom: PatternNode) throws(PatternUnsupported) -> PatternNode {
        var node = atom
        while let (minimum, maximum) = try quantifier() {
            if take("+") { throw PatternUnsupported(reason: "possessive quantifiers are not supported") }
            _ = take("?")  // lazy: the same whole-match answer
            node = .repetition(node, minimum: minimum, maximum: maximum)
        }
        return node
    }

    private mutating func quantifier() throws(PatternUnsupported) -> (Int, Int?)? {
        if take("*") { return (0, nil) }
        if take("+") { return (1, nil) }
        if take("?") { return (0, 1) }
        guard next == "{" else { return nil }
        let start = position
        position += 1
        let minimum = number()
        var maximum = minimum
        if take(",") { maximum = number() }
        guard take("}"), minimum != nil || maximum != nil else {
            position = start  // not a quantifier: a literal brace
            return nil
        }
        return (minimum ?? 0, maximum)
    }

    private mutating func number() -> Int? {
        var value: Int?
        while let digit = next?.wholeNumberValue, next?.isASCII == true {
            value = min(100_000, (value ?? 0) * 10 + digit)
            position += 1
        }
        return value
    }

    /// One atom; nil for a flag group such as `(?i)`, which only changes the flags.
    private mutating func atom() throws(PatternUnsupported) -> PatternNode? {
        guard let character = take() else { return .empty }
        switch character {
        case "(": return try group()
        case "[": return .test(try characterClass())
        case ".":
            return .test(CharacterTest(items: [.anyButNewline], isNegated: false).allowing(dotMatchesNewline))
        case "^": return .textStart
        case "$": return .textEnd(beforeFinalNewline: true)
        case "\\": return try escape()
        default: return .test(CharacterTest(items: [.character(character)], ignoresCase: ignoresCase))
        }
    }

    private mutating func group() throws(PatternUnsupported) -> PatternNode? {
        if take("?") {
            if take(":") { return try groupBody() }
            if take("<") || take("'") || (take("P") && take("<")) {
                guard let first = next, first.isLetter || first == "_" else {
                    throw PatternUnsupported(reason: "look-behind is not supported")
                }
                while let name = take(), name != ">", name != "'" {}
                return try groupBody()
            }
            if next == "=" || next == "!" { throw PatternUnsupported(reason: "look-ahead is not supported") }
            if next == ">" { throw PatternUnsupported(reason: "atomic groups are not supported") }
            var flags: [Character] = []
            while let flag = next, flag.isLetter || flag == "-" {
                flags.append(flag)
                position += 1
            }
            guard flags.allSatisfy({ "is-".contains($0) }), !flags.isEmpty else {
                throw PatternUnsupported(reason: "group options other than (?i) and (?s) are not supported")
            }
            let enabled = !flags.contains("-")
            let saved = (ignoresCase, dotMatchesNewline)
            if flags.contains("i") { ignoresCase = enabled }
            if flags.contains("s") { dotMatchesNewline = enabled }
            if take(")") { return nil }  // for the rest of the enclosing group
            guard take(":") else { throw PatternUnsupported(reason: "unexpected group syntax") }
            defer { (ignoresCase, dotMatchesNewline) = saved }
            return try groupBody()
        }
        return try groupBody()
    }

    private mutating func groupBody() throws(PatternUnsupported) -> PatternNode {
        let body = try alternation()
        guard take(")") else { throw PatternUnsupported(reason: "missing \")\"") }
        return body
    }

    private mutating func escape() throws(PatternUnsupported) -> PatternNode {
        guard let character = take() else { throw PatternUnsupported(reason: "pattern ends with \"\\\"") }
        switch character {
        case "A": return .textStart
        case "Z": return .textEnd(beforeFinalNewline: true)
        case "z": return .textEnd(beforeFinalNewline: false)
        default:
            return .test(CharacterTest(items: [try escapedItem(character)], ignoresCase: ignoresCase))
        }
    }

    /// `\x` (after the backslash) as a class item: `\d`, `\n`, `\u{…}`, an escaped symbol.
    private mutating func escapedItem(_ character: Character) throws(PatternUnsupported) -> CharacterTest.Item {
        switch character {
        case "d": return .digit
        case "D": return .not(.digit)
        case "w": return .word
        case "W": return .not(.word)
        case "s": return .whitespace
        case "S": return .not(.whitespace)
        case "R": return .newline
        case "N": return .anyButNewline
        case "n": return .character("\n")
        case "t": return .character("\t")
        case "r": return .character("\r")
        case "f": return .character("\u{C}")
        case "v": return .character("\u{B}")
        case "e": return .character("\u{1B}")
        case "0": return .character("\u{0}")
        case "u", "x":
            guard let scalar = hexScalar(fixedDigits: character == "u" ? 4 : 2) else {
                throw PatternUnsupported(reason: "unsupported escape \\\(character)")
            }
            return .character(Character(scalar))
        default:
            if character.isLetter || character.isNumber {
                throw PatternUnsupported(reason: "\\\(character) is not supported")
            }
            return .character(character)
        }
    }

    /// `{hex}` or `fixedDigits` hex digits after `\u` / `\x`.
    private mutating func hexScalar(fixedDigits: Int) -> Unicode.Scalar? {
        var digits = ""
        if take("{") {
            while let digit = next, digit != "}" {
                digits.append(digit)
                position += 1
            }
            guard take("}") else { return nil }
        } else {
            for _ in 0..<fixedDigits { if let digit = take() { digits.append(digit) } }
        }
        return UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init)
    }

    private mutating func characterClass() throws(PatternUnsupported) -> CharacterTest {
        var test = CharacterTest(items: [], isNegated: take("^"), ignoresCase: ignoresCase)
        var first = true
        while let character = take() {
            if character == "]" && !first { return test }
            first = false
            if character == "[" || (character == "&" && next == "&") || (character == "-" && next == "-")
                || (character == "~" && next == "~")
            {
                throw PatternUnsupported(reason: "nested classes and class set operations are not supported")
            }
            let item = character == "\\" ? try escapedItem(take() ?? "\\") : .character(character)
            if next == "-", position + 1 < characters.count, characters[position + 1] != "]",
                case .character(let low) = item, let lowScalar = low.unicodeScalars.first
            {
                position += 1
                let highCharacter = take() ?? "]"
                let high = highCharacter == "\\" ? try escapedItem(take() ?? "\\") : .character(highCharacter)
                guard case .character(let upper) = high, let highScalar = upper.unicodeScalars.first,
                    low.unicodeScalars.count == 1, upper.unicodeScalars.count == 1
                else {
                    throw PatternUnsupported(reason: "a class range needs single characters at both ends")
                }
                test.items.append(.range(lowScalar, highScalar))
            } else {
                test.items.append(item)
            }
        }
        throw PatternUnsupported(reason: "missing \"]\"")
    }
}

extension CharacterTest {
    /// `.` under `(?s)` matches newlines too.
    fileprivate func allowing(_ newlines: Bool) -> CharacterTest {
        newlines ? CharacterTest(items: [.anyButNewline, .newline]) : self
    }
}
