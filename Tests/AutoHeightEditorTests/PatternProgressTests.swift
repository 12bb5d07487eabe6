import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// The editor's incremental pattern match (``PatternProgress``) equals matching the whole text,
/// step limit included. Font-free: the store's paragraphs are not prepared.
@Suite struct PatternProgressTests {
    /// The paragraphs of `text` with their breaks, as a ``TextStore`` splits them.
    static func paragraphs(_ text: String) -> [[UInt16]] {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { buffer in
            Paragraphs.split(buffer).map { Array(buffer[$0.range.lowerBound..<($0.range.upperBound + $0.breakLength)]) }
        }
    }

    static func stored(_ units: [UInt16]) -> StoredParagraph { StoredParagraph(units: units, prepared: .empty) }

    /// Replaces the store's paragraphs that differ between `old` and `new` (the same text split
    /// before and after an edit) and tells `progress`.
    static func update(_ store: inout TextStore, _ progress: inout PatternProgress, from old: String, to new: String) {
        let before = paragraphs(old)
        let after = paragraphs(new)
        var prefix = 0
        while prefix < min(before.count, after.count) - 1 && before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix - 1
            && before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        {
            suffix += 1
        }
        let removed = prefix...(before.count - 1 - suffix)
        let inserted = after[prefix..<(after.count - suffix)].map(stored)
        store.replaceParagraphs(removed, with: inserted)
        progress.replace(removed, withCount: inserted.count)
    }

    /// Rule: after every edit of a random script, the incremental outcome equals
    /// `ValidationPattern.evaluate` of the whole text, for patterns whose state converges after
    /// one paragraph, ones that look at the text's ends, counted repetitions across paragraphs,
    /// and step limits that the text passes and stops passing as it changes.
    @Test(arguments: [
        (#"[a-z .\n]*"#, 4_000_000), (#"(?s).*"#, 4_000_000), (#"[a-z]+(\n[a-z]+)*\n?"#, 4_000_000),
        (#"^[a-z \n]*x$"#, 4_000_000), (#"[^\n]*\n(.|\n){3}\z"#, 4_000_000), (#"(a|b|\n)*"#, 4_000_000),
        (#"[a-z .\n]*"#, 120), (#"(a|ab|\n)*b?"#, 300), (#"(a|ab|\n)*b?"#, -1),
        (#"[a-z]{2,}(\n[a-z]{2,})*"#, 4_000_000),
    ])
    func incrementalMatchEqualsTheWholeText(pattern source: String, stepLimit: Int) throws {
        var text = (0..<40).map { ["ab\n", "abc\n", "b a\n", "\n", "aaa\n", "x\n"][$0 % 6] }.joined() + "ab"
        // -1: a limit just below what the first text takes, so that edits cross it both ways.
        let limit =
            stepLimit >= 0
            ? stepLimit
            : try (1...100_000).first { try ValidationPattern(source, stepLimit: $0).evaluate(text) != .undetermined }!
                - 1
        let pattern = try ValidationPattern(source, stepLimit: limit)
        var generator = Generator(state: 99)
        let snippets = ["a", "b", "ab ", "\n", "\r\n", "\r", "x", "Z", " ", "", "aaaa\nbbbb\n", "é", "a\nb\n"]
        var outcomes: Set<String> = []
        var store = TextStore(Self.paragraphs(text).map(Self.stored))
        var progress = PatternProgress(pattern: pattern)
        #expect(progress.evaluate(store) == pattern.evaluate(text))
        for step in 0..<300 {
            let units = Array(text.utf16)
            let lower = generator.below(units.count + 1)
            let upper = min(units.count, lower + generator.below(generator.below(8) == 0 ? 12 : 2))
            var edited = units
            edited.replaceSubrange(lower..<upper, with: Array(snippets[generator.below(snippets.count)].utf16))
            let new = String(decoding: edited, as: UTF16.self)
            Self.update(&store, &progress, from: text, to: new)
            text = new
            #expect(TextSnapshot(store).string == text)
            // Now and then two edits before one match.
            if generator.below(6) == 0 { continue }
            let outcome = pattern.evaluate(text)
            #expect(progress.evaluate(store) == outcome, "step \(step): \(text.debugDescription)")
            outcomes.insert("\(outcome)")
        }
        if stepLimit < 0 { #expect(outcomes.contains("undetermined") && outcomes.count > 1, "\(outcomes)") }
    }
}
