import Foundation

/// One record of a `--jsonl-input` file: `{"id": …, "text": …}`; other keys are ignored.
struct JSONLRecord {
    /// The id as JSON (a string with quotes, or a number), echoed in the output; `null` if absent.
    var idJSON: String
    /// The id for human output.
    var idText: String
    var text: String
}

/// Streams records from a JSON Lines file or stdin; memory holds one record at a time.
struct JSONLRecords: Sequence, IteratorProtocol {
    private var lines: JSONLines

    init(path: String) throws(CLIFailure) {
        lines = try JSONLines(path: path)
    }

    /// The next record, skipping blank lines. Stops the program with a one-line error naming the
    /// file and line for a line that is not valid UTF-8, not JSON, or has no `"text"` string.
    mutating func next() -> JSONLRecord? {
        do {
            return try nextRecord()
        } catch {
            error.exit()
        }
    }

    mutating func nextRecord() throws(CLIFailure) -> JSONLRecord? {
        while let object = try lines.nextValue() {
            let lineNumber = lines.lineNumber
            if let text = object as? String {
                return JSONLRecord(idJSON: "\(lineNumber)", idText: "\(lineNumber)", text: text)
            }
            guard let record = object as? [String: Any] else {
                throw lines.failure("expected a JSON object with a \"text\" string")
            }
            guard let text = record["text"] as? String else {
                throw lines.failure("no \"text\" string")
            }
            switch record["id"] {
            case let id as String:
                return JSONLRecord(idJSON: JSONText.quoted(id), idText: id, text: text)
            case let id as NSNumber:
                return JSONLRecord(idJSON: id.stringValue, idText: id.stringValue, text: text)
            default:
                return JSONLRecord(idJSON: "null", idText: "line \(lineNumber)", text: text)
            }
        }
        return nil
    }
}
