// The validation pattern's cost per keystroke (issue 30: the Pike VM or ICU's uregex, decided by
// evidence), named `validate/<engine>/<text>-<where>/<pattern>`:
//
//   editor        EditorModel.replace(utf16Range:with:) typing one character, with the pattern:
//                 the Pike VM resumed from the edited paragraph (PatternProgress), plus the layout
//   editor-none   the same keystroke without a pattern: subtracted from `editor`, what the
//                 validation adds to a keystroke
//   pike          ValidationPattern.evaluate of the whole text after the keystroke (no resume)
//   icu           ICU's uregex_matches of the whole text after the keystroke (the system's
//                 libicui18n through CValidationICU, with uregex_setTimeLimit/setStackLimit)
//   first-pike    ValidationPattern(pattern) and its first evaluate: compiling (Swift Regex's
//                 syntax check and the project's parser) and matching the whole text
//   first-icu     uregex_open, the limits and the first uregex_matches, then uregex_close
//   regex-check   Regex(pattern) alone: the syntax check inside first-pike
//
// Texts: a 200-character chat message, a 2 kB comment (the first paragraphs of the 100 kB
// document), the 100 kB document of 993 paragraphs (Fixtures/document-100kB.txt). `end` types at
// the end of the text, `middle` after the space nearest its middle. The whole-text engines get
// the text after the keystroke ready-made (a String, or UTF-16 units for ICU): what producing it
// from the editor's paragraphs costs is not counted, which favours them.

import AutoHeight
import AutoHeightEditor
import Benchmark
import CValidationICU
import Foundation

enum ValidationCases {
    /// Patterns an app sets on a text field, each a linear-time pattern both engines take.
    static let patterns: [(name: String, source: String)] = [
        ("email", #"[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}"#),
        ("phone", "[0-9 +()-]{0,20}"),
        // A length cap as a pattern; `(?s).{0,100000}` would be 200 000 instructions, which the
        // Pike VM rejects (its limit is 20 000).
        ("cap500", "(?s).{0,500}"),
        // No "://" (a link) anywhere.
        ("no-links", "(?s)(?:[^:]|:[^/])*:?"),
        // Every # starts a hashtag of word characters.
        ("hashtags", #"(?s)(?:[^#]|#\w+)*"#),
        // At most 20 lines: a counted repetition spanning paragraphs.
        ("lines20", #"(?:[^\n]*\n){0,19}[^\n]*"#),
    ]

    /// ICU's time limit: 100 steps of its match engine (about 10 000 pattern operations each).
    static let icuTimeLimit: Int32 = 100
    /// ICU's default backtracking stack limit, 8 MB.
    static let icuStackLimit: Int32 = 8_000_000

    /// The chat message: 200 characters of English with an emoji ZWJ sequence.
    static let chat: String = {
        let message =
            "Running ten minutes late 🏃‍♀️ the train stopped outside the station again. "
            + "Can you save me a seat near the window? I'll bring the slides and the printed agenda, "
            + "and we can go over the budget after lunch."
        return String(message.prefix(200))
    }()

    /// The texts: name and text.
    static func texts() throws -> [(name: String, text: String)] {
        let document = try Fixtures.text("document-100kB.txt")
        var comment = ""
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if comment.utf8.count + line.utf8.count + 1 > 2_000 { break }
            comment += line + "\n"
        }
        return [("chat-200ch", chat), ("comment-2kB", comment), ("document-100kB", document)]
    }

    /// A UTF-16 offset just after the space nearest the middle of `text` (its end for `end`).
    static func offset(in text: String, at place: String) -> Int {
        let units = Array(text.utf16)
        guard place == "middle" else { return units.count }
        var middle = units.count / 2
        while middle < units.count && units[middle] != 0x20 { middle += 1 }
        return min(units.count, middle + 1)
    }

    static func register() throws {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal], units: [.mallocCountTotal: .count], warmupIterations: 2,
            maxDuration: .seconds(1), maxIterations: 5_000)
        let texts = try texts()
        for (textName, text) in texts {
            for place in ["end", "middle"] {
                let input = "\(textName)-\(place)"
                let offset = offset(in: text, at: place)
                var units = Array(text.utf16)
                units.insert(0x78, at: offset)  // "x"
                let edited = units
                let editedText = String(decoding: edited, as: UTF16.self)
                Benchmark("validate/editor-none/\(input)", configuration: configuration) { benchmark, session in
                    session.measureTyping(benchmark)
                } setup: {
                    try ValidationEditorSession(text: text, pattern: nil, offset: offset)
                }
                for (patternName, source) in patterns {
                    Benchmark("validate/editor/\(input)/\(patternName)", configuration: configuration) {
                        benchmark, session in
                        session.measureTyping(benchmark)
                    } setup: {
                        try ValidationEditorSession(text: text, pattern: source, offset: offset)
                    }
                    Benchmark("validate/pike/\(input)/\(patternName)", configuration: configuration) {
                        benchmark, pattern in
                        for _ in benchmark.scaledIterations { blackHole(pattern.evaluate(editedText)) }
                    } setup: {
                        try ValidationPattern(source)
                    }
                    Benchmark("validate/icu/\(input)/\(patternName)", configuration: configuration) {
                        benchmark, regex in
                        for _ in benchmark.scaledIterations { blackHole(regex.matches(edited)) }
                    } setup: {
                        try ICURegex(source)
                    }
                }
            }
            for (patternName, source) in patterns {
                Benchmark("validate/first-pike/\(textName)/\(patternName)", configuration: configuration) { benchmark in
                    for _ in benchmark.scaledIterations { blackHole(try ValidationPattern(source).evaluate(text)) }
                }
                let units = Array(text.utf16)
                Benchmark("validate/first-icu/\(textName)/\(patternName)", configuration: configuration) { benchmark in
                    for _ in benchmark.scaledIterations { blackHole(try ICURegex(source).matches(units)) }
                }
            }
        }
        // What the first evaluation spends on the syntax check alone (Swift Regex's parser, kept
        // for its messages).
        for (patternName, source) in patterns {
            Benchmark("validate/regex-check/\(patternName)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try Regex(source)) }
            }
        }
        // The hostile case: `(a+)+$` on 22 `a`s, typing `!` (a backtracking engine's worst).
        let hostile = String(repeating: "a", count: 22)
        let hostileUnits = Array((hostile + "!").utf16)
        Benchmark("validate/editor/a22-end/nested-plus", configuration: configuration) { benchmark, session in
            session.measureTyping(benchmark, typing: "!")
        } setup: {
            try ValidationEditorSession(text: hostile, pattern: "(a+)+$", offset: 22)
        }
        Benchmark("validate/editor-none/a22-end", configuration: configuration) { benchmark, session in
            session.measureTyping(benchmark, typing: "!")
        } setup: {
            try ValidationEditorSession(text: hostile, pattern: nil, offset: 22)
        }
        Benchmark("validate/pike/a22-end/nested-plus", configuration: configuration) { benchmark, pattern in
            for _ in benchmark.scaledIterations { blackHole(pattern.evaluate(hostile + "!")) }
        } setup: {
            try ValidationPattern("(a+)+$")
        }
        Benchmark("validate/icu/a22-end/nested-plus", configuration: configuration) { benchmark, regex in
            for _ in benchmark.scaledIterations { blackHole(regex.matches(hostileUnits)) }
        } setup: {
            try ICURegex("(a+)+$")
        }
    }
}

/// An `EditorModel` with a validation pattern, kept across iterations: one keystroke measured,
/// then undone outside the measurement.
final class ValidationEditorSession {
    let editor: EditorModel
    let offset: Int

    init(text: String, pattern: String?, offset: Int) throws {
        let style = TextStyle(fonts: try FontStack.bundled(), fontSize: Setting.fontSize, language: "en")
        editor = try EditorModel(
            text: text,
            configuration: EditorConfiguration(style: style, containerWidth: 330, validationPattern: pattern))
        self.offset = offset
    }

    func measureTyping(_ benchmark: Benchmark, typing character: String = "x") {
        benchmark.startMeasurement()
        blackHole(editor.replace(utf16Range: offset..<offset, with: character).state?.isMatched)
        benchmark.stopMeasurement()
        _ = editor.replace(utf16Range: offset..<(offset + character.utf16.count), with: "")
    }
}

/// A pattern compiled by ICU's uregex (system libicui18n) with a time and a stack limit.
final class ICURegex {
    struct CompileError: Error { var name: String }

    let regex: OpaquePointer

    init(_ pattern: String) throws {
        let units = Array(pattern.utf16)
        var error = [CChar](repeating: 0, count: 64)
        guard
            let regex = validation_icu_open(
                units, Int32(units.count), ValidationCases.icuTimeLimit, ValidationCases.icuStackLimit, &error,
                Int32(error.count))
        else {
            let name = error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw CompileError(name: String(decoding: name, as: UTF8.self))
        }
        self.regex = regex
    }

    deinit { validation_icu_close(regex) }

    /// 1 matched, 0 not, -1 a limit ran out.
    func matches(_ units: [UInt16]) -> Int32 {
        validation_icu_matches(regex, units, Int32(units.count))
    }
}
