import Foundation
import AutoHeightOptions

/// One record of a `--jsonl-input` file: `{"id": …, "text": …}`; other keys are ignored.
struct JSONLRecord: Sendable {
    /// The id as JSON (a string with quotes, a number, a boolean, or an object or array as it was
    /// written), echoed in the output; `null` if absent.
    var idJSON: String
    /// The id for human output.
    var idText: String
    var text: String

    /// What one line of a JSONL file holds.
    enum Parsed {
        /// Only spaces or tabs: skipped.
        case blank
        case record(JSONLRecord)
        /// Not a record: `problem` says why (without the file and line); the id when one was read.
        case invalid(idJSON: String, idText: String?, problem: String)
    }

    /// Parses one line (without its line break). A bare JSON string is a text whose id is the
    /// line number. `lineOffset` is the line's byte offset in the file, for UTF-8 errors.
    static func parse(_ line: some Collection<UInt8>, lineNumber: Int, lineOffset: Int) -> Parsed {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .blank }
        let bytes = Array(line)
        if let offset = firstInvalidUTF8Offset(bytes) {
            return .invalid(idJSON: "null", idText: nil, problem: "invalid UTF-8 at byte offset \(lineOffset + offset)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            return .invalid(idJSON: "null", idText: nil, problem: "not valid JSON")
        }
        if let text = object as? String {
            return .record(JSONLRecord(idJSON: "\(lineNumber)", idText: "\(lineNumber)", text: text))
        }
        guard let record = object as? [String: Any] else {
            return .invalid(idJSON: "null", idText: nil, problem: "expected a JSON object with a \"text\" string")
        }
        let idJSON: String
        let idText: String?
        switch record["id"] {
        case let id as String: (idJSON, idText) = (JSONText.quoted(id), id)
        case let id as NSNumber where String(cString: id.objCType) == "c":
            // JSON true/false: Foundation's boolean NSNumber (objCType "c"), whose stringValue
            // is "1"/"0"; numbers parse as "i", "q" or "d".
            (idJSON, idText) = id.boolValue ? ("true", "true") : ("false", "false")
        case let id as NSNumber: (idJSON, idText) = (id.stringValue, id.stringValue)
        case is [Any], is [String: Any]:
            // An object or array id comes back as it was written.
            let raw = JSONMember.rawValue(named: "id", in: bytes) ?? "null"
            (idJSON, idText) = (raw, raw)
        default: (idJSON, idText) = ("null", nil)
        }
        guard let text = record["text"] as? String else {
            return .invalid(idJSON: idJSON, idText: idText, problem: "no \"text\" string")
        }
        return .record(JSONLRecord(idJSON: idJSON, idText: idText ?? "line \(lineNumber)", text: text))
    }
}

/// Streams records from a JSON Lines file or stdin; memory holds one record at a time.
struct JSONLRecords {
    private let reader: LineReader
    private let name: String
    private var lineNumber = 0

    init(path: String) throws(CLIFailure) {
        reader = try LineReader(path: path)
        name = TextSources.displayName(path)
    }

    /// The next record, skipping blank lines.
    /// - Throws: `CLIFailure` (65) naming the file and line: not valid UTF-8, not JSON, or no
    ///   `"text"` string.
    mutating func nextRecord() throws(CLIFailure) -> JSONLRecord? {
        while let line = reader.nextLine() {
            lineNumber += 1
            switch JSONLRecord.parse(line, lineNumber: lineNumber, lineOffset: reader.lineOffset) {
            case .blank: continue
            case .record(let record): return record
            case .invalid(_, _, let problem): throw .data("\(name): line \(lineNumber): \(problem)")
            }
        }
        return nil
    }
}
