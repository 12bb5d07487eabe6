/// One input of a batch, read on the main thread and measured by a worker.
enum BatchItem: Sendable {
    /// A line of a JSONL file, as read (not yet checked for UTF-8 or parsed).
    case jsonlLine(bytes: [UInt8], number: Int, offset: Int)
    /// A text file (`-` for stdin), read by the worker.
    case file(path: String)
    /// `--text`.
    case text(String)
}

/// Where a batch's items come from, in chunks: JSONL lines (`chunkSize` at a time), or files
/// and `--text` (one at a time: a file may be large). Runs on the main thread.
struct BatchSource {
    private enum Kind {
        case jsonl(LineReader)
        case items([BatchItem])
    }

    /// JSONL lines per chunk: large enough that handing chunks between threads costs little,
    /// small enough that the window of chunks in flight stays a few hundred records.
    static let chunkSize = 64

    private let kind: Kind
    private var position = 0

    /// A JSONL file or stdin (`-`).
    /// - Throws: `CLIFailure` (66) when the file is missing or unreadable.
    init(jsonlPath: String) throws(CLIFailure) {
        kind = .jsonl(try LineReader(path: jsonlPath))
    }

    /// Files, or one `--text`.
    init(items: [BatchItem]) {
        kind = .items(items)
    }

    /// The next chunk, or nil at the end.
    mutating func nextChunk() -> [BatchItem]? {
        switch kind {
        case .jsonl(let reader):
            var chunk: [BatchItem] = []
            chunk.reserveCapacity(Self.chunkSize)
            while chunk.count < Self.chunkSize, let line = reader.nextLine() {
                position += 1
                chunk.append(.jsonlLine(bytes: Array(line), number: position, offset: reader.lineOffset))
            }
            return chunk.isEmpty ? nil : chunk
        case .items(let items):
            guard position < items.count else { return nil }
            position += 1
            return [items[position - 1]]
        }
    }

    /// The part of the input read so far, from 0 to 1, when its size is known (a regular file's
    /// byte offset, or the count of files); nil for a pipe.
    var fractionRead: Double? {
        switch kind {
        case .jsonl(let reader):
            guard let total = reader.totalBytes else { return nil }
            return total == 0 ? 1 : min(1, Double(reader.consumed) / Double(total))
        case .items(let items):
            return items.isEmpty ? 1 : Double(position) / Double(items.count)
        }
    }
}
