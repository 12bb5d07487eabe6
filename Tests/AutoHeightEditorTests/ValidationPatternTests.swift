import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// The validation pattern is matched by a linear-time automaton: the same answers as a regex
/// engine on ordinary patterns, no catastrophic backtracking, unsupported constructs rejected
/// when the pattern is set (by Swift Regex's parser or by the matcher), and a step limit whose outcome is observable.
@Suite struct ValidationPatternTests {
    /// Hostile input (issue 10, item 4): `(a+)+$` on 22 `a`s and a `!` made a backtracking engine
    /// run for minutes on one keystroke. Now it is a few hundred steps.
    @Test func catastrophicPatternAnswersAtOnce() throws {
        let pattern = try ValidationPattern("(a+)+$", stepLimit: 2_000)
        let text = String(repeating: "a", count: 22) + "!"
        #expect(pattern.evaluate(text) == .notMatched)
        #expect(pattern.evaluate(String(repeating: "a", count: 22)) == .matched)
        // The same through the editor: one keystroke, answered.
        let editor = try EditorFixtures.editor(String(repeating: "a", count: 22), width: 400) {
            $0.validationPattern = "(a+)+$"
        }
        #expect(editor.state.isMatched)
        let result = editor.replace(utf16Range: 22..<22, with: "!")
        #expect(result.state?.isMatched == false)
    }

    @Test func nestedQuantifiersOnLongTextsStayLinear() throws {
        let pattern = try ValidationPattern("(x+x+)+y", stepLimit: 200_000)
        #expect(pattern.evaluate(String(repeating: "x", count: 5_000)) == .notMatched)
        #expect(pattern.evaluate(String(repeating: "x", count: 5_000) + "y") == .matched)
    }

    @Test(arguments: [
        ("[0-9]+", "123", true), ("[0-9]+", "a123", false), ("[0-9]*", "", true), (".", "👨‍👩‍👧", true),
        (#"[a-z]+@[a-z]+\.[a-z]{2,}"#, "kim@example.com", true), (#"[a-z]+@[a-z]+\.[a-z]{2,}"#, "kim@example.c", false),
        ("a|bc|", "", true), ("a|bc|", "bc", true), ("a|bc", "b", false), ("(ab){2,3}", "ababab", true),
        ("(ab){2,3}", "abababab", false), ("(ab){2}", "ab", false), ("a{,2}", "aa", true), ("x{2", "x{2", true),
        (#"\d{3}-\d{4}"#, "555-1234", true), (#"\d+"#, "٣٤", true), (#"\w+"#, "회의_1", true), (#"\s*"#, " \t", true),
        (#"\W"#, "a", false), ("[^a-c]+", "xyz", true), ("[^a-c]+", "xbz", false), ("[a-]+", "a-a", true),
        (#"[\d.]+"#, "3.14", true), ("(?i)hello", "HeLLo", true), ("(?i:h)ello", "Hello", true),
        ("(?i:h)ello", "HELLO", false), ("[a-z]+", "ABC", false), ("(?i)[a-z]+", "ABC", true), ("a.c", "a\nc", false),
        ("(?s)a.c", "a\nc", true), ("^abc$", "abc", true), ("abc$", "abc\n", false), (#"\Aab\z"#, "ab", true),
        ("(?:a|b)*c", "ababc", true), ("(?<name>a)b", "ab", true), ("a*?b", "aab", true), (#"\u{1F600}"#, "😀", true),
        ("(a*)*", "aaaa", true), ("(a|)*b", "aab", true), ("é", "e\u{301}", true), (#"\."#, "x", false),
    ])
    func answersAsARegexEngineDoes(pattern: String, text: String, expected: Bool) throws {
        let compiled = try ValidationPattern(pattern)
        #expect(compiled.matches(text) == expected, "\(pattern) on \(Array(text.unicodeScalars))")
        #expect(((try Regex(pattern).wholeMatch(in: text)) != nil) == expected, "Swift Regex agrees")
    }

    @Test(arguments: [
        (#"(a)\1"#, #"\1 is not supported"#), ("a(?=b)", "look-ahead is not supported"),
        ("(?<=a)b", "lookbehind is not currently supported"), ("(?>a)", "atomic groups are not supported"),
        ("a++", "possessive quantifiers are not supported"), (#"\bword"#, #"\b is not supported"#),
        (#"\p{L}"#, #"\p is not supported"#),
        ("[[a-z]&&[aeiou]]", "nested classes and class set operations are not supported"),
        ("(?m)^a", "group options other than (?i) and (?s) are not supported"),
        ("(a{100}){300}", "pattern too large: more than 20000 instructions once repetitions are expanded"),
    ])
    func constructsThatNeedBacktrackingAreRejected(pattern: String, reason: String) throws {
        #expect(throws: EditorError.invalidPattern(pattern: pattern, reason: reason)) {
            try ValidationPattern(pattern)
        }
    }

    /// The step limit: a text too long to decide within it is `undetermined`, reported as not
    /// matched by `matches` and the editor.
    @Test func stepLimitOutcomeIsUndetermined() throws {
        let pattern = try ValidationPattern("[a-z]+", stepLimit: 1_000)
        #expect(pattern.evaluate(String(repeating: "a", count: 20)) == .matched)
        #expect(pattern.evaluate(String(repeating: "a", count: 2_000)) == .undetermined)
        #expect(!pattern.matches(String(repeating: "a", count: 2_000)))
        #expect(pattern.evaluate(String(repeating: "1", count: 2_000)) == .notMatched, "no thread left: decided early")
    }
}
