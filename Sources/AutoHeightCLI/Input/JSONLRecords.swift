import Foundation
import AutoHeightOptions
import AutoHeightRecords

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
