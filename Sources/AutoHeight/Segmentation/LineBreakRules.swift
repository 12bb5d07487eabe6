/// Locale line-breaking options (CSS `line-break` and `word-break`), carried as the BCP 47
/// Unicode-extension keywords ICU's line breaker reads: `-u-lb-` (strictness) and `-u-lw-`
/// (word handling). ``TextStyle/lineBreakRules`` reads and writes them inside
/// ``TextStyle/language``, so `TextStyle(language: "ko-u-lw-keepall")` and
/// `style.lineBreakRules.wordBreak = .keepAll` are the same style.
///
/// ```swift
/// var style = TextStyle(fonts: try .bundled(), fontSize: 17, language: "ko")
/// style.lineBreakRules = LineBreakRules(wordBreak: .keepAll)   // language: "ko-u-lw-keepall"
/// ```
public struct LineBreakRules: Sendable, Equatable {
    /// How strictly Japanese and Chinese text is broken around small kana, the prolonged sound
    /// mark, iteration marks and certain punctuation (CSS `line-break`, ICU `lb`). Only CJK text
    /// is affected; nil keeps the language's default (for `ja` and `zh`, ICU's CLDR tailoring is
    /// `normal`; for other languages UAX #14's default, which is `strict`).
    public enum Strictness: String, Sendable, CaseIterable {
        /// No line starts with a small kana (`ぁ ぃ ぅ ぇ ぉ っ ゃ ゅ ょ ゎ ァ …`) or the prolonged
        /// sound mark `ー`: `ちょっと` breaks only as `ちょっ|と`.
        case strict
        /// Small kana and `ー` may start a line (`ち|ょ|っ|と`); iteration marks
        /// (`々 ゝ ゞ ヽ ヾ 〻`), hyphen-like characters (`‐ – ゠`), `〜` and `・` may not.
        case normal
        /// As `normal`, and iteration marks, hyphen-like characters, `〜` and `・` may start a
        /// line too: the most break opportunities, for narrow columns.
        case loose
        /// A line may break between any two grapheme clusters, around punctuation and spaces
        /// too (CSS `line-break: anywhere`). ICU has no such tailoring: AutoHeight adds every
        /// grapheme boundary to ICU's opportunities (the tag carries `-u-lb-anywhere`, which ICU
        /// ignores). Spaces still hang at a line's end (unless `white-space: break-spaces`).
        case anywhere
    }

    /// How words are kept together (CSS `word-break`, ICU `lw`).
    public enum WordBreak: String, Sendable, CaseIterable {
        /// UAX #14 with the language's tailoring: Hangul syllables, ideographs and kana may break
        /// between any two characters, other scripts at word boundaries (with dictionaries for
        /// Thai, Lao, Khmer and Myanmar).
        case normal
        /// CJK text breaks only where spaces and punctuation allow, never between two letter
        /// units (UAX #14 classes AL, NU, AI, ID, CJ, Hangul H2 H3 JL JV JT, emoji EB EM):
        /// Korean keeps its space-separated words whole (iOS `hangulWordPriority`, CSS
        /// `word-break: keep-all`; `lw=keepall`, which ICU 72 accepts but does not implement, so
        /// AutoHeight applies it to ICU's break opportunities).
        case keepAll = "keep-all"
        /// Japanese breaks between phrases (bunsetsu) found with ICU's dictionary instead of
        /// between any two characters (CSS `word-break: auto-phrase`; ICU 72+ `lw=phrase`,
        /// Japanese only: other languages break as `normal`).
        case phrase
        /// Words may break between any two letters (CSS `word-break: break-all`): a break is
        /// added between two grapheme clusters whose characters are both letters or digits
        /// (UAX #14 classes AL, HL, NU, AI, SA, ID, CJ, Hangul H2 H3 JL JV JT), as if they were
        /// ideographs; punctuation keeps its rules (`-u-lw-breakall`, which ICU 72 does not read,
        /// so AutoHeight applies it to ICU's opportunities).
        case breakAll = "break-all"
    }

    /// The CSS `line-break` strictness; nil for the language's own default.
    public var strictness: Strictness?
    /// Whether words are kept whole or broken between phrases (CSS `word-break`).
    public var wordBreak: WordBreak

    /// Rules with this strictness and word breaking.
    public init(strictness: Strictness? = nil, wordBreak: WordBreak = .normal) {
        self.strictness = strictness
        self.wordBreak = wordBreak
    }

    /// The ICU keyword value of each option.
    var strictnessKeyword: String? { strictness?.rawValue }
    var wordBreakKeyword: String? {
        switch wordBreak {
        case .normal: nil
        case .keepAll: "keepall"
        case .phrase: "phrase"
        case .breakAll: "breakall"
        }
    }

    /// The rules a language tag carries (`ja-u-lb-strict-lw-phrase`).
    init(languageTag tag: String) {
        let keywords = UnicodeExtension(tag: tag).keywords
        strictness = keywords["lb"].flatMap { Strictness(rawValue: $0) }
        switch keywords["lw"] {
        case "keepall": wordBreak = .keepAll
        case "phrase": wordBreak = .phrase
        case "breakall": wordBreak = .breakAll
        default: wordBreak = .normal
        }
    }

    /// `tag` with its `lb` and `lw` keywords replaced by these rules' (other subtags, extensions
    /// and keywords kept as they were).
    func applied(to tag: String) -> String {
        var tagParts = UnicodeExtension(tag: tag)
        tagParts.set("lb", to: strictnessKeyword)
        tagParts.set("lw", to: wordBreakKeyword)
        return tagParts.tag
    }
}

/// A BCP 47 tag split around its Unicode (`-u-`) extension, for editing keywords.
private struct UnicodeExtension {
    /// Subtags before the `u` singleton (or all, when there is none before private use).
    var head: [Substring]
    /// Attributes of the `u` extension (before its first keyword).
    var attributes: [Substring]
    /// Keywords in order: key → type subtags joined by `-`.
    var keywordList: [(key: String, value: String)]
    /// Subtags after the `u` extension (other extensions, private use).
    var tail: [Substring]

    init(tag: String) {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        var index = 0
        head = []
        attributes = []
        keywordList = []
        tail = []
        // The `u` singleton, unless it is inside private use (after `x`).
        while index < subtags.count {
            let lower = subtags[index].lowercased()
            if lower == "x" { break }
            if lower == "u" && index > 0 { break }
            head.append(subtags[index])
            index += 1
        }
        guard index < subtags.count, subtags[index].lowercased() == "u" else {
            tail = Array(subtags[index...])
            return
        }
        index += 1
        while index < subtags.count && subtags[index].count > 2 {
            attributes.append(subtags[index])
            index += 1
        }
        while index < subtags.count && subtags[index].count == 2 {
            let key = subtags[index].lowercased()
            index += 1
            var values: [Substring] = []
            while index < subtags.count && subtags[index].count > 2 {
                values.append(subtags[index])
                index += 1
            }
            keywordList.append((key, values.joined(separator: "-").lowercased()))
        }
        tail = Array(subtags[index...])
    }

    var keywords: [String: String] {
        Dictionary(keywordList.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func set(_ key: String, to value: String?) {
        keywordList.removeAll { $0.key == key }
        if let value { keywordList.append((key, value)) }
        keywordList.sort { $0.key < $1.key }  // BCP 47 canonical order
    }

    var tag: String {
        var parts = head.map(String.init)
        if !attributes.isEmpty || !keywordList.isEmpty {
            parts.append("u")
            parts += attributes.map(String.init)
            for (key, value) in keywordList {
                parts.append(key)
                if !value.isEmpty { parts.append(value) }
            }
        }
        parts += tail.map(String.init)
        return parts.joined(separator: "-")
    }
}
