import ArgumentParser
import AutoHeight
import AutoHeightEditor
import Foundation
import AutoHeightRecords

/// `autoheight replay`: runs a recorded typing session through ``EditorModel``, one output line
/// per event (a test harness, and a benchmark of real sessions with `--timing`).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a typing session through the editor model: one JSON line out per event.",
        discussion: """
            Input: SCRIPT (- for stdin) is JSON Lines, one event per line, streamed; blank lines \
            are skipped and keys other than the event's are ignored. Events:
              {"replace": [start, end], "with": "…"}  replace UTF-16 offsets start..<end
              {"width": 300}                          the container width changes (px)
              {"enabled": false}                      disable (or enable) the editor
              {"accessoryWidth": 44}                  a trailing button appears (0: gone)
            "replace" is what shouldChangeTextIn passes: typing, deleting, pasting.

            Output: one JSON object per event, in order, with these fields: "accepted" \
            (true or false); "reason" (null, or why the edit was rejected: characterLimit, \
            lineLimit, invalidRange, disabled, textTooLong, layoutFailed); "lines" (the text's \
            lines); "visibleLines" (the lines the editor is tall: what is shown, clamped to \
            --min-lines/--max-lines); "height" (px: top + bottom insets + those lines); \
            "contentHeight" (px, the same without the line limits); "scrollEnabled"; \
            "placeholderVisible"; "matched" (--pattern matches the whole text); "characters" \
            (grapheme clusters). A rejected edit changes nothing. An edit cut to fit \
            --character-limit (--truncate-paste) adds "truncated": true; --timing adds "ns", \
            the nanoseconds the model took for the event.

            The text wraps at width − left − right insets − 2 × line-fragment padding − \
            accessory width.

            Exit status: 0 ok (rejected edits included); 64 bad options (an invalid --pattern \
            too); 65 a bad event (not JSON, unknown event, wrong types, a width leaving no room \
            for text), named by line; 66 missing script or font.
            """)

    @Argument(help: ArgumentHelp("The session: one JSON event per line (- for stdin).", valueName: "script.jsonl"))
    var script: String

    @OptionGroup var style: StyleOptions

    @Option(
        name: .customLong("width"), parsing: .unconditional,
        help: ArgumentHelp("The editor's container width in px (its frame).", valueName: "px"))
    var width: Double

    @Option(
        name: .customLong("insets"), parsing: .unconditional,
        help: ArgumentHelp(
            "Text container insets top,left,bottom,right in px (default UITextView's 8,0,8,0).", valueName: "t,l,b,r"))
    var insets: String = "8,0,8,0"

    @Option(
        name: .customLong("line-fragment-padding"), parsing: .unconditional,
        help: ArgumentHelp(
            "Padding on each side of every line in px (UITextView's default 5).", valueName: "px"))
    var lineFragmentPadding: Double = 5

    @Option(
        name: .customLong("accessory-width"), parsing: .unconditional,
        help: ArgumentHelp(
            "Width of a trailing accessory (button) beside the text, in px.", valueName: "px"))
    var accessoryWidth: Double = 0

    @Option(
        name: .customLong("min-lines"), parsing: .unconditional,
        help: ArgumentHelp("The editor is at least this many lines tall.", valueName: "n"))
    var minLines: Int = 1

    @Option(
        name: .customLong("max-lines"), parsing: .unconditional,
        help: ArgumentHelp("The editor stops growing at this many lines and scrolls.", valueName: "n"))
    var maxLines: Int?

    @Option(
        name: .customLong("text"),
        help: ArgumentHelp("The text before the first event (default empty).", valueName: "string"))
    var initialText: String = ""

    @Option(
        name: .customLong("placeholder"),
        help: ArgumentHelp("Shown while the text is empty; drives the empty editor's height.", valueName: "string"))
    var placeholder: String = ""

    @Option(
        name: .customLong("placeholder-font-size"), parsing: .unconditional,
        help: ArgumentHelp(
            "The placeholder's font size in px (default: the text's).", valueName: "px"))
    var placeholderFontSize: Double?

    @Option(
        name: .customLong("disabled-placeholder"),
        help: ArgumentHelp(
            "Shown instead of the text while the editor is disabled.", valueName: "string"))
    var disabledPlaceholder: String = ""

    @Option(
        name: .customLong("character-limit"), parsing: .unconditional,
        help: ArgumentHelp(
            "Reject edits leaving more than this many characters (grapheme clusters).", valueName: "n"))
    var characterLimit: Int?

    @Flag(name: .customLong("limit-to-max-lines"), help: "Reject edits leaving more lines than --max-lines.")
    var limitToMaxLines = false

    @Flag(
        name: .customLong("truncate-paste"),
        help: "Cut an edit that passes --character-limit to what fits, at a grapheme boundary, instead of rejecting it."
    )
    var truncatePaste = false

    @Option(
        name: .customLong("pattern"),
        help: ArgumentHelp(
            "Validation regex (Swift Regex syntax) the whole text is matched against: \"matched\".", valueName: "regex")
    )
    var pattern: String?

    @Flag(name: .customLong("timing"), help: "Add \"ns\": the model's time for each event.")
    var timing = false

    func validate() throws {
        guard width.isFinite && width > 0 && width <= AutoHeightError.maximumWidth else {
            throw ValidationError(
                "invalid width \(width): must be finite, > 0 and ≤ \(AutoHeightError.maximumWidth) px")
        }
        _ = try parsedInsets()
        if minLines < 0 { throw ValidationError("--min-lines must be ≥ 0") }
        if let maxLines, maxLines < 1 { throw ValidationError("--max-lines must be ≥ 1") }
        if let maxLines, minLines > maxLines {
            throw ValidationError("--min-lines (\(minLines)) is larger than --max-lines (\(maxLines))")
        }
        if limitToMaxLines && maxLines == nil { throw ValidationError("--limit-to-max-lines needs --max-lines") }
        if let characterLimit, characterLimit < 0 { throw ValidationError("--character-limit must be ≥ 0") }
        if truncatePaste && characterLimit == nil { throw ValidationError("--truncate-paste needs --character-limit") }
    }

    /// `--insets` and `--line-fragment-padding` as ``EditorInsets``.
    func parsedInsets() throws -> EditorInsets {
        let parts = insets.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: " ")) }
        guard parts.count == 4, values.count == 4 else {
            throw ValidationError("--insets must be four numbers top,left,bottom,right; got '\(insets)'")
        }
        let result = EditorInsets(
            top: values[0], leading: values[1], bottom: values[2], trailing: values[3],
            lineFragmentPadding: lineFragmentPadding)
        for (name, value) in [("--insets", values.min()!), ("--line-fragment-padding", lineFragmentPadding)]
        where !(value.isFinite && value >= 0) {
            throw ValidationError("\(name): \(value) is not a finite number ≥ 0")
        }
        return result
    }

    func run() throws {
        try reportingFailures {
            let textStyle = try style.makeStyle()
            var placeholderStyle: TextStyle?
            if let placeholderFontSize {
                var adjusted = textStyle
                adjusted.fontSize = placeholderFontSize
                placeholderStyle = adjusted
            }
            let configuration = EditorConfiguration(
                style: textStyle, containerWidth: width, insets: try parsedInsets(), accessoryWidth: accessoryWidth,
                lineLimits: LineLimits(minimum: minLines, maximum: maxLines), placeholder: placeholder,
                placeholderStyle: placeholderStyle, disabledPlaceholder: disabledPlaceholder,
                characterLimit: characterLimit, truncatesOverflowingInput: truncatePaste,
                limitsInputToMaxLines: limitToMaxLines, validationPattern: pattern)
            try RawArguments.checkUTF8(option: "--text")
            let editor: EditorModel
            do throws(EditorError) {
                editor = try EditorModel(text: initialText, configuration: configuration)
            } catch {
                throw CLIFailure(editorError: error)
            }
            var events = try ReplayEvents(path: script)
            let output = FileHandleOutput.standardOutput
            let flushesEachLine = script == "-"
            let clock = ContinuousClock()
            while let (event, lineNumber) = try events.next() {
                var result: EditResult?
                var failure: EditorError?
                let elapsed = clock.measure {
                    do throws(EditorError) {
                        result = try event.apply(to: editor)
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw CLIFailure.data("\(events.name): line \(lineNumber): \(failure)") }
                output.write(
                    Self.line(state: editor.state, result: result, nanoseconds: timing ? elapsed.nanoseconds : nil))
                if flushesEachLine { output.flush() }
            }
            output.flush()
        }
    }

    /// One output line: the outcome of an event and the state after it.
    static func line(state: EditorState, result: EditResult?, nanoseconds: Int64?) -> String {
        var object = "{\"accepted\":\(result?.isAccepted ?? true)"
        object += ",\"reason\":" + (result?.rejection.map { JSONText.quoted($0.name) } ?? "null")
        object += ",\"lines\":\(state.lineCount),\"visibleLines\":\(state.visibleLineCount)"
        object +=
            ",\"height\":\(JSONText.number(state.height)),\"contentHeight\":\(JSONText.number(state.contentHeight))"
        object += ",\"scrollEnabled\":\(state.isScrollEnabled),\"placeholderVisible\":\(state.isPlaceholderVisible)"
        object += ",\"matched\":\(state.isMatched),\"characters\":\(state.characterCount)"
        if case .accepted(let edit) = result, edit.isTruncated { object += ",\"truncated\":true" }
        if let nanoseconds { object += ",\"ns\":\(nanoseconds)" }
        return object + "}\n"
    }
}

/// One event of a replay script.
enum ReplayEvent {
    case replace(lower: Int, upper: Int, with: String)
    case width(Double)
    case enabled(Bool)
    case accessoryWidth(Double)

    static let keys = ["replace", "width", "enabled", "accessoryWidth"]

    /// Reads an event from a decoded JSON object; the error message says what is wrong.
    init(json object: [String: Any]) throws(ReplayEventError) {
        let present = Self.keys.filter { object[$0] != nil }
        guard present.count == 1 else {
            if present.isEmpty {
                throw ReplayEventError(
                    "expected an event: one of \(Self.keys.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            throw ReplayEventError(
                "more than one event in one line: \(present.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let value = object[present[0]]!
        switch present[0] {
        case "replace":
            guard let pair = value as? [Any], pair.count == 2, let lower = Self.integer(pair[0]),
                let upper = Self.integer(pair[1])
            else {
                throw ReplayEventError("\"replace\" must be [start, end], two integer UTF-16 offsets")
            }
            guard let replacement = object["with"] as? String else {
                throw ReplayEventError("\"replace\" needs a \"with\" string (\"\" to delete)")
            }
            self = .replace(lower: lower, upper: upper, with: replacement)
        case "width", "accessoryWidth":
            guard let number = Self.number(value) else {
                throw ReplayEventError("\"\(present[0])\" must be a number (px)")
            }
            self = present[0] == "width" ? .width(number) : .accessoryWidth(number)
        default:
            guard Self.isBoolean(value), let flag = value as? Bool else {
                throw ReplayEventError("\"enabled\" must be true or false")
            }
            self = .enabled(flag)
        }
    }

    /// Runs the event; an edit's result, nil for the other events.
    func apply(to editor: EditorModel) throws(EditorError) -> EditResult? {
        switch self {
        case .replace(let lower, let upper, let replacement):
            return editor.replace(utf16Location: lower, length: upper &- lower, with: replacement)
        case .width(let width):
            try editor.setContainerWidth(width)
        case .enabled(let isEnabled):
            editor.setEnabled(isEnabled)
        case .accessoryWidth(let width):
            try editor.setAccessoryWidth(width)
        }
        return nil
    }

    /// JSON booleans decode as `NSNumber`s of type `c`; numbers do not.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func number(_ value: Any) -> Double? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    private static func integer(_ value: Any) -> Int? {
        guard !isBoolean(value), let number = value as? NSNumber, let integer = value as? Int,
            Double(integer) == number.doubleValue
        else { return nil }
        return integer
    }
}

/// What is wrong with a script line.
struct ReplayEventError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Streams a replay script's events with their line numbers; memory holds one line at a time.
struct ReplayEvents {
    private var lines: JSONLines
    var name: String { lines.name }

    init(path: String) throws(CLIFailure) {
        lines = try JSONLines(path: path)
    }

    /// The next event and its line number, skipping blank lines; nil at the end.
    /// - Throws: `CLIFailure` (65) naming the file and line: invalid UTF-8, not JSON, not an event.
    mutating func next() throws(CLIFailure) -> (ReplayEvent, Int)? {
        guard let object = try lines.nextValue() else { return nil }
        guard let record = object as? [String: Any] else {
            throw lines.failure("expected a JSON object (an event)")
        }
        do {
            return (try ReplayEvent(json: record), lines.lineNumber)
        } catch {
            throw lines.failure(error.message)
        }
    }
}

extension CLIFailure {
    /// The exit status and message for an editor configuration error: the layout engine's own
    /// statuses, 64 for everything else (all of it comes from options).
    init(editorError error: EditorError) {
        if case .layout(let layoutError) = error {
            self.init(layoutError)
        } else {
            self.init(message: error.description, exitCode: 64)
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
