import AutoHeight

/// A validation pattern, compiled once: tells whether a whole text matches it, in time linear in
/// the text.
///
/// Matching is whole-string: `[0-9]+` matches `"123"` but not `"a123"`, as if the pattern were
/// anchored with `^…$`. An empty text matches only a pattern that matches the empty string. The
/// syntax is Swift `Regex`'s; matching is by grapheme cluster, so `.` matches `"👨‍👩‍👧"` whole.
///
/// ```swift
/// let email = try ValidationPattern(#"[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}"#)
/// email.matches("kim@example.com")   // true
/// ```
///
/// **Bounded time.** The pattern runs on every keystroke, so it is never backtracked: it is
/// compiled to an automaton that follows every alternative at once (a Pike VM), costing at most
/// `characters × instructions` steps: `(a+)+$` on `"aaaaaaaaaaaaaaaaaaaaaa!"` takes microseconds,
/// where a backtracking engine takes minutes. Two consequences:
/// - Constructs that need backtracking are rejected when the pattern is set
///   (``EditorError/invalidPattern(pattern:reason:)``): back references (`\1`, `\k<name>`),
///   look-ahead and look-behind, atomic groups, possessive quantifiers, `\b`, Unicode property
///   classes (`\p{…}`), POSIX classes and class set operations, options other than `(?i)` and
///   `(?s)`; so are patterns longer than 20 000 instructions
///   once counted repetitions are expanded.
/// - Each evaluation stops after ``stepLimit`` steps (default 4 000 000, about 0.1 s): the outcome
///   is then ``Outcome/undetermined``, which ``matches(_:)`` and ``EditorState/isMatched`` report
///   as not matched. With a pattern of 40 steps that needs a text of 100 000 characters.
public struct ValidationPattern: Sendable {
    /// The result of one evaluation.
    public enum Outcome: Sendable, Equatable {
        /// The pattern matches the whole text.
        case matched
        /// The pattern does not match the whole text.
        case notMatched
        /// The step limit ran out before the answer was known.
        case undetermined
    }

    /// The pattern as given.
    public let pattern: String
    /// Steps one evaluation may take before it gives up with ``Outcome/undetermined``.
    public let stepLimit: Int
    /// The compiled program (``PatternProgress`` runs it paragraph by paragraph).
    let program: PatternProgram

    /// The default ``stepLimit``.
    public static let defaultStepLimit = 4_000_000

    /// Compiles `pattern`.
    /// - Throws: ``EditorError/invalidPattern(pattern:reason:)`` with the regex parser's message,
    ///   or naming the construct the linear-time matcher does not take.
    public init(_ pattern: String, stepLimit: Int = ValidationPattern.defaultStepLimit) throws(EditorError) {
        do {
            _ = try Regex(pattern)  // the syntax check, with Swift Regex's messages
        } catch {
            throw .invalidPattern(pattern: pattern, reason: "\(error)")
        }
        do throws(PatternUnsupported) {
            program = try PatternProgram(try PatternParser.parse(pattern))
        } catch {
            throw .invalidPattern(pattern: pattern, reason: error.reason)
        }
        self.pattern = pattern
        self.stepLimit = max(0, stepLimit)
    }

    /// Whether the pattern matches all of `text`, within ``stepLimit`` steps.
    public func evaluate(_ text: String) -> Outcome {
        switch program.wholeMatch(text, stepLimit: stepLimit) {
        case true?: .matched
        case false?: .notMatched
        case nil: .undetermined
        }
    }

    /// Whether the pattern matches all of `text`; false when ``evaluate(_:)`` is undetermined.
    /// Complexity: O(characters × pattern size), at most ``stepLimit`` steps.
    public func matches(_ text: String) -> Bool { evaluate(text) == .matched }
}
