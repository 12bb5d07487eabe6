import Foundation
import AutoHeightOptions

/// Streams the JSON values of a JSON Lines file or stdin, one line at a time: blank lines are
/// skipped, and a line that is not UTF-8 or not JSON is an error naming the file and line.
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

    /// A data error about the line last read.
    func failure(_ problem: String) -> CLIFailure {
        .data("\(name): line \(lineNumber): \(problem)")
    }
}
