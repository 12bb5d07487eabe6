import AutoHeightRecords

/// Writes records' outcomes to stdout in input order, streaming: nothing but the table's first
/// rows is held (see `TableWriter`).
struct ResultWriter {
    let format: OutputFormat
    private let output: FileHandleOutput
    private var table: TableWriter
    private var objectsWritten = 0
    /// Records written so far (measured or failed; blank JSONL lines are not records).
    private(set) var recordCount = 0
    /// Records written as errors (`--on-error record`).
    private(set) var failureCount = 0

    init(format: OutputFormat, widths: [Double], output: FileHandleOutput = .standardOutput) {
        self.format = format
        self.output = output
        table = TableWriter(
            header: ["text"] + widths.map { "\(RecordFormatter.decimal($0, digits: 0)) px: lines / height" })
    }

    /// Writes a measured record, or a failed one's error entry.
    mutating func write(_ outcome: RecordOutcome) {
        switch outcome {
        case .skipped, .aborted: return
        case .measured(let label, let entries): write(label: label, entries: entries)
        case .failed(let label, let entry, _):
            failureCount += 1
            write(label: label, entries: [entry])
        }
        recordCount += 1
    }

    private mutating func write(label: String, entries: [String]) {
        switch format {
        case .text, .jsonl:
            for entry in entries { output.write(entry + "\n") }
        case .json:
            for entry in entries {
                output.write((objectsWritten == 0 ? "[\n  " : ",\n  ") + entry)
                objectsWritten += 1
            }
        case .table:
            table.append([label] + entries, to: output)
        }
    }

    /// Ends the output (closes the JSON array, writes a short table) and flushes it.
    mutating func finish() {
        switch format {
        case .json: output.write(objectsWritten == 0 ? "[]\n" : "\n]\n")
        case .table: table.finish(to: output)
        case .text, .jsonl: break
        }
        output.flush()
    }
}
