import AutoHeight

/// Measures a chunk of batch items into outcomes. Each worker thread has its own (its own
/// segment cache); it holds nothing mutable of its own, so it is `Sendable`.
struct MeasureWorker: Sendable {
    let style: TextStyle
    let formatter: RecordFormatter
    /// The JSONL input's name in errors (`<stdin>` for `-`).
    let jsonlName: String

    func outcomes(_ chunk: [BatchItem]) -> [RecordOutcome] {
        chunk.map(outcome)
    }

    func outcome(_ item: BatchItem) -> RecordOutcome {
        switch item {
        case .jsonlLine(let bytes, let number, let offset):
            let location = "\(jsonlName): line \(number)"
            switch JSONLRecord.parse(bytes, lineNumber: number, lineOffset: offset) {
            case .blank:
                return .skipped
            case .invalid(let idJSON, let idText, let problem):
                let name = RecordFormatter.Name.id(json: idJSON, text: idText ?? "line \(number)")
                return formatter.failed(name: name, line: number, failure: .data("\(location): \(problem)"))
            case .record(let record):
                let name = RecordFormatter.Name.id(json: record.idJSON, text: record.idText)
                return measure(record.text, name: name, location: location, line: number)
            }
        case .file(let path):
            let name = RecordFormatter.Name.file(TextSources.displayName(path))
            do {
                let input = try TextSources.read(path: path)
                return measure(input.text, name: name, location: input.name, line: nil)
            } catch {
                return formatter.failed(name: name, line: nil, failure: error)
            }
        case .text(let text):
            return measure(text, name: .file("<text>"), location: "<text>", line: nil)
        }
    }

    private func measure(_ text: String, name: RecordFormatter.Name, location: String, line: Int?) -> RecordOutcome {
        do {
            return try formatter.measured(name: name, prepared: try style.prepare(text))
        } catch {
            var failure = CLIFailure(error)
            switch error {
            case .textTooLong, .invalidRange, .icuFailure:
                failure.message = "\(location): \(failure.message)"
                return formatter.failed(name: name, line: line, failure: failure)
            default:
                return .aborted(failure)
            }
        }
    }
}
