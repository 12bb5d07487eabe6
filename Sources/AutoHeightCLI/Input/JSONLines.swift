import Foundation
import AutoHeightOptions
import AutoHeightRecords

/// Streams a JSON Lines file or stdin, one line at a time (memory holds one line): as JSON
/// values (`replay`'s edit scripts) or as measure records (`bench`). Blank lines are skipped;
/// a line that is not UTF-8, not JSON or (as a record) has no `"text"` string is an error naming
/// the file and line. (`measure --jsonl-input` reads in chunks for its workers: `BatchSource`,
/// with the same `JSONLRecord.parse`.)
struct JSONLines {
    private let reader: LineReader
    /// The file's name as errors show it (`<stdin>` for `-`).
    let name: String
    /// The number of the line last read (1-based).
    private(set) var lineNumber = 0

    init(path: String) throws(CLIFailure) {
        reader = try LineReader(path: path)
        name = TextSources.displayName(path)
    }

    /// The next line's JSON value, or nil at the end.
    /// - Throws: `CLIFailure` (65): invalid UTF-8 (with the byte offset in the file) or invalid JSON.
    mutating func nextValue() throws(CLIFailure) -> Any? {
        while let line = reader.nextLine() {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if let offset = firstInvalidUTF8Offset(line) {
                throw failure("invalid UTF-8 at byte offset \(reader.lineOffset + offset)")
            }
            do {
                return try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
            } catch {
                throw failure("not valid JSON")
            }
        }
        return nil
    }

    /// The next record (`{"id", "text", …}` or a bare string), or nil at the end.
    /// - Throws: `CLIFailure` (65) naming the file and line: not valid UTF-8, not JSON, or no
    ///   `"text"` string.
    mutating func nextRecord() throws(CLIFailure) -> JSONLRecord? {
        while let line = reader.nextLine() {
            lineNumber += 1
            switch JSONLRecord.parse(line, lineNumber: lineNumber, lineOffset: reader.lineOffset) {
            case .blank: continue
            case .record(let record): return record
            case .invalid(_, _, let problem): throw failure(problem)
            }
        }
        return nil
    }

    /// A data error about the line last read.
    func failure(_ problem: String) -> CLIFailure {
        .data("\(name): line \(lineNumber): \(problem)")
    }
}
