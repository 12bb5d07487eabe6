import AutoHeight
import AutoHeightRecords

/// Measures a chunk of batch items into outcomes. Each worker thread has its own (its own
/// segment cache); it holds nothing mutable of its own, so it is `Sendable`. A JSONL record goes
/// through the shared `RecordMeasurer` (the HTTP service's batch endpoint uses the same).
struct MeasureWorker: Sendable {
    let records: RecordMeasurer

    init(style: TextStyle, formatter: RecordFormatter, jsonlName: String) {
        records = RecordMeasurer(style: style, formatter: formatter, inputName: jsonlName)
    }

    func outcomes(_ chunk: [BatchItem]) -> [RecordOutcome] {
        chunk.map(outcome)
    }

    func outcome(_ item: BatchItem) -> RecordOutcome {
        switch item {
        case .jsonlLine(let bytes, let number, let offset):
            return records.outcome(line: bytes, number: number, offset: offset)
        case .file(let path):
            let name = RecordFormatter.Name.file(TextSources.displayName(path))
            do {
                let input = try TextSources.read(path: path)
                return records.measure(input.text, name: name, location: input.name, line: nil)
            } catch {
                return records.formatter.failed(name: name, line: nil, failure: error)
            }
        case .text(let text):
            return records.measure(text, name: .file("<text>"), location: "<text>", line: nil)
        }
    }
}
