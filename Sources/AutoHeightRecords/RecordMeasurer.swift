import AutoHeight

/// Turns one JSON Lines record into its outcome: parsed, measured at every width and formatted,
/// or its error entry, with the location (`<stdin>: line 3: …`) in the message. The CLI's batch
/// workers and the HTTP service's batch endpoint both go through it, so a record gives the same
/// bytes through either. Immutable, so every thread can use it.
public struct RecordMeasurer: Sendable {
    /// The style records are measured with.
    public let style: TextStyle
    /// How outcomes are written.
    public let formatter: RecordFormatter
    /// The JSONL input's name in errors (`<stdin>` for `-`).
    public let inputName: String
    /// Whether a text over the style's ``AutoHeight/InputLimits`` is the record's error (the HTTP
    /// service, whose limits are the operator's) or stops the run (the CLI: a text past the
    /// library's defaults is a problem of the whole input).
    public let limitsAreRecordErrors: Bool

    /// A measurer; `limitsAreRecordErrors` as described above.
    public init(style: TextStyle, formatter: RecordFormatter, inputName: String, limitsAreRecordErrors: Bool = false) {
        self.style = style
        self.formatter = formatter
        self.inputName = inputName
        self.limitsAreRecordErrors = limitsAreRecordErrors
    }

    /// `<stdin>: line 3`.
    public func location(line: Int) -> String { "\(inputName): line \(line)" }

    /// The outcome of a JSONL line (read as bytes, not yet checked for UTF-8 or parsed).
    public func outcome(line bytes: some Collection<UInt8>, number: Int, offset: Int) -> RecordOutcome {
        switch JSONLRecord.parse(bytes, lineNumber: number, lineOffset: offset) {
        case .blank:
            return .skipped
        case .invalid(let idJSON, let idText, let problem):
            return invalid(idJSON: idJSON, idText: idText, problem: problem, line: number)
        case .record(let record):
            return measure(record, line: number)
        }
    }

    /// The error entry of a line that is not a record (`problem` without the location).
    public func invalid(idJSON: String, idText: String?, problem: String, line: Int) -> RecordOutcome {
        Self.invalid(
            idJSON: idJSON, idText: idText, problem: problem, line: line, inputName: inputName, formatter: formatter)
    }

    /// The error entry of a line that is not a record, without a measurer (no style yet).
    public static func invalid(
        idJSON: String, idText: String?, problem: String, line: Int, inputName: String, formatter: RecordFormatter
    ) -> RecordOutcome {
        let name = RecordFormatter.Name.id(json: idJSON, text: idText ?? "line \(line)")
        return formatter.failed(name: name, line: line, failure: .data("\(inputName): line \(line): \(problem)"))
    }

    /// A parsed record measured (its own style and widths, when it has them, are the caller's
    /// to apply: see ``JSONLRecord/parse(_:lineNumber:lineOffset:readsOverrides:)``).
    public func measure(_ record: JSONLRecord, line: Int) -> RecordOutcome {
        let name = RecordFormatter.Name.id(json: record.idJSON, text: record.idText)
        if let styled = record.styledText {
            return outcome(name: name, location: location(line: line), line: line) { () throws(AutoHeightError) in
                try style.prepare(styled)
            }
        }
        return measure(record.text, name: name, location: location(line: line), line: line)
    }

    /// Measures `text` at every width: its outcome, a record error for a text the library
    /// refuses (too long, …), or `.aborted` for a failure that is not the record's.
    public func measure(_ text: String, name: RecordFormatter.Name, location: String, line: Int?) -> RecordOutcome {
        outcome(name: name, location: location, line: line) { () throws(AutoHeightError) in try style.prepare(text) }
    }

    /// The outcome of the text `prepare` makes, measured at every width (or its error).
    private func outcome(
        name: RecordFormatter.Name, location: String, line: Int?,
        _ prepare: () throws(AutoHeightError) -> PreparedText
    ) -> RecordOutcome {
        do {
            return try formatter.measured(name: name, prepared: try prepare())
        } catch {
            var failure = RecordFailure(error)
            switch error {
            case .textExceedsLimit where limitsAreRecordErrors, .paragraphExceedsLimit where limitsAreRecordErrors,
                .combiningMarksExceedLimit where limitsAreRecordErrors:
                failure.message = "\(location): \(failure.message)"
                return formatter.failed(name: name, line: line, failure: failure)
            case .textTooLong, .invalidRange, .icuFailure, .invalidRun, .invalidBox:
                failure.message = "\(location): \(failure.message)"
                return formatter.failed(name: name, line: line, failure: failure)
            default:
                return .aborted(failure)
            }
        }
    }
}
