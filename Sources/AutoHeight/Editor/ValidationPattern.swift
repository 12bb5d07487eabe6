/// A validation pattern, compiled once: tells whether a whole text matches it.
///
/// Matching is whole-string (`Regex.wholeMatch`): `[0-9]+` matches `"123"` but not `"a123"`, as if
/// the pattern were anchored with `^…$`. An empty text matches only a pattern that matches the
/// empty string. The syntax is Swift `Regex`'s (a superset of `NSRegularExpression`'s common
/// syntax); matching is by grapheme cluster, so `.` matches `"👨‍👩‍👧"` whole.
///
/// ```swift
/// let email = try ValidationPattern(#"[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}"#)
/// email.matches("kim@example.com")   // true
/// ```
///
/// Not `Sendable` (`Regex<AnyRegexOutput>` is not): it lives inside one ``EditorModel``.
public struct ValidationPattern {
    /// The pattern as given.
    public let pattern: String
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `pattern`.
    /// - Throws: ``EditorError/invalidPattern(pattern:reason:)`` with the parser's message.
    public init(_ pattern: String) throws(EditorError) {
        do {
            regex = try Regex(pattern)
        } catch {
            throw .invalidPattern(pattern: pattern, reason: "\(error)")
        }
        self.pattern = pattern
    }

    /// Whether the pattern matches all of `text`. Complexity: the regex engine's, at least O(n).
    public func matches(_ text: String) -> Bool {
        // Matching throws only for custom regex components, which a pattern string cannot contain.
        ((try? regex.wholeMatch(in: text)) ?? nil) != nil
    }
}
