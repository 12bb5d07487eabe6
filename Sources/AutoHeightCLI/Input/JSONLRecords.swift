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
    private let reader: LineReader
    private let name: String
    private var lineNumber = 0

    init(path: String) throws(CLIFailure) {
        reader = try LineReader(path: path)
        name = TextSources.displayName(path)
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
        while let line = reader.nextLine() {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if let offset = firstInvalidUTF8Offset(line) {
                throw .data("\(name): line \(lineNumber): invalid UTF-8 at byte offset \(reader.lineOffset + offset)")
            }
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
            } catch {
                throw .data("\(name): line \(lineNumber): not valid JSON")
            }
            if let text = object as? String {
                return JSONLRecord(idJSON: "\(lineNumber)", idText: "\(lineNumber)", text: text)
            }
            guard let record = object as? [String: Any] else {
                throw .data("\(name): line \(lineNumber): expected a JSON object with a \"text\" string")
            }
            guard let text = record["text"] as? String else {
                throw .data("\(name): line \(lineNumber): no \"text\" string")
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
