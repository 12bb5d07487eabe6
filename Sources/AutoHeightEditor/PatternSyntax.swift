import AutoHeight

/// The parsed form of a validation pattern: what ``PatternProgram`` compiles.
indirect enum PatternNode: Equatable {
    case empty
    case test(CharacterTest)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repetition(PatternNode, minimum: Int, maximum: Int?)
    /// `^` or `\A`: the start of the text.
    case textStart
    /// `$` or `\Z`: the end of the text, or just before a final newline; `\z`: the end only.
    case textEnd(beforeFinalNewline: Bool)
}

/// What one character (grapheme cluster) must be.
struct CharacterTest: Equatable, Sendable {
    enum Item: Equatable, Sendable {
        case character(Character)
        /// A range of scalars: matches a character that is one scalar in it.
        case range(Unicode.Scalar, Unicode.Scalar)
        case digit, word, whitespace, newline
        /// Any character but a newline (`.`).
        case anyButNewline
        indirect case not(Item)
    }

    var items: [Item]
    var isNegated = false
    var ignoresCase = false

    func matches(_ character: Character) -> Bool {
        items.contains { Self.item($0, matches: character, ignoringCase: ignoresCase) } != isNegated
    }

    private static func item(_ item: Item, matches character: Character, ignoringCase: Bool) -> Bool {
        switch item {
        case .character(let expected):
            if character == expected { return true }
            return ignoringCase && String(character).lowercased() == String(expected).lowercased()
        case .range(let low, let high):
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
                return false
            }
            if (low...high).contains(scalar) { return true }
            guard ignoringCase else { return false }
            return [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping].contains { mapped in
                mapped.unicodeScalars.count == 1 && (low...high).contains(mapped.unicodeScalars.first!)
            }
        case .digit:
            return character.unicodeScalars.first?.properties.numericType == .decimal
        case .word:
            return character.isLetter || character.isNumber || character == "_"
                || character.unicodeScalars.first?.properties.generalCategory == .connectorPunctuation
        case .whitespace: return character.isWhitespace
        case .newline: return character.isNewline
        case .anyButNewline: return !character.isNewline
        case .not(let inner): return !Self.item(inner, matches: character, ignoringCase: ignoringCase)
        }
    }
}

/// A construct the linear-time matcher does not take (back references, look-around…), or a
/// pattern too large to compile: the pattern is rejected at configuration.
struct PatternUnsupported: Error {
    var reason: String
}
