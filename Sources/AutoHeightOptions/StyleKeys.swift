import AutoHeight

extension StyleSettings {
    /// Every key ``set(_:to:)`` takes, in its canonical (CLI) spelling.
    public static let keys = [
        "font-file", "font", "face", "fallback-font", "fallback", "font-size", "language", "line-break",
        "word-break", "line-spacing", "line-height", "tab-width", "tab-size", "white-space", "overflow-wrap",
        "trailing-whitespace", "profile", "browser", "min-lines", "max-lines",
    ]

    /// The canonical name of `key`: `fontSize`, `font_size` and `size` are `font-size`; nil for a
    /// key that names no option.
    public static func canonicalKey(_ key: String) -> String? {
        var kebab = ""
        for character in key {
            if character == "_" {
                kebab.append("-")
            } else if character.isUppercase {
                kebab += "-" + character.lowercased()
            } else {
                kebab.append(character)
            }
        }
        let aliases = ["size": "font-size", "fallback-fonts": "fallback-font"]
        let canonical = aliases[kebab] ?? kebab
        return keys.contains(canonical) ? canonical : nil
    }

    /// Sets the option `key` (any spelling ``canonicalKey(_:)`` takes) from its text, as the CLI
    /// would parse it; `fallback-font` appends. Errors name the key as it was given.
    public mutating func set(_ key: String, to value: String) throws(OptionError) {
        guard let canonical = Self.canonicalKey(key) else {
            throw OptionError("unknown style option '\(key)' (known: \(Self.keys.joined(separator: ", ")))")
        }
        func number() throws(OptionError) -> Double {
            guard let number = Double(value.trimmingCharacters(in: " ")), number.isFinite else {
                throw OptionError("\(key) must be a finite number; got '\(value)'")
            }
            return number
        }
        func integer() throws(OptionError) -> Int {
            let number = try number()
            guard number == number.rounded(), abs(number) < 1e15 else {
                throw OptionError("\(key) must be a whole number; got '\(value)'")
            }
            return Int(number)
        }
        func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(OptionError) -> Choice
        where Choice.RawValue == String {
            guard let choice = Choice(rawValue: value) else {
                let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
                throw OptionError("\(key) must be one of \(names); got '\(value)'")
            }
            return choice
        }
        switch canonical {
        case "font-file": fontFile = value
        case "font": font = value
        case "face": faceIndex = try integer()
        case "fallback-font": fallbackFonts.append(value)
        case "fallback": fallback = try choice(FallbackMode.self)
        case "font-size": fontSize = try number()
        case "language": language = value
        case "line-break": lineBreak = try choice(LineBreakRules.Strictness.self)
        case "word-break": wordBreak = try choice(LineBreakRules.WordBreak.self)
        case "line-spacing": lineSpacing = try number()
        case "line-height": lineHeight = value
        case "tab-width": tabWidth = try integer()
        case "tab-size": tabSize = value
        case "white-space": whiteSpace = try choice(WhiteSpace.self)
        case "overflow-wrap": overflowWrap = try choice(OverflowWrap.self)
        case "trailing-whitespace": trailingWhitespace = try choice(TrailingWhitespace.self)
        case "profile": profile = try choice(LayoutProfile.self)
        case "browser": browser = try choice(BrowserEngine.self)
        case "min-lines": minLines = try integer()
        default: maxLines = try integer()  // "max-lines", the last of `keys`
        }
    }

    /// Settings from key-value pairs (``set(_:to:)`` for each, in order), validated with the
    /// keys' own spelling in messages.
    public init(pairs: [(key: String, value: String)]) throws(OptionError) {
        self.init()
        var given: [String: String] = [:]
        for (key, value) in pairs {
            try set(key, to: value)
            if let canonical = Self.canonicalKey(key) { given[canonical] = key }
        }
        let names = given
        try validate(Spelling { names[$0] ?? $0 })
    }
}

extension StringProtocol {
    /// The text without `character` at either end.
    func trimmingCharacters(in character: Character) -> SubSequence {
        var result = self[...]
        while result.first == character { result.removeFirst() }
        while result.last == character { result.removeLast() }
        return result
    }
}
