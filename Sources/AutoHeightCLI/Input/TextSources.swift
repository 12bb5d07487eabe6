#if canImport(Glibc)
    import Glibc
#endif

import AutoHeightOptions

/// The process's standard input as a C stream (C's `stdin` global is not concurrency-safe).
nonisolated(unsafe) let standardInput: UnsafeMutablePointer<FILE> = fdopen(STDIN_FILENO, "rb")

/// One text to measure and the name it is reported under.
struct NamedText {
    var name: String
    var text: String
}

enum TextSources {
    /// Reads a whole file (or stdin for `-`) as UTF-8.
    /// - Throws: `CLIFailure` naming the file: missing (66), unreadable (66), invalid UTF-8 with
    ///   the byte offset (65).
    static func read(path: String) throws(CLIFailure) -> NamedText {
        let bytes = try readBytes(path: path)
        if let offset = firstInvalidUTF8Offset(bytes) {
            throw .data("\(displayName(path)): invalid UTF-8 at byte offset \(offset)")
        }
        return NamedText(name: displayName(path), text: String(decoding: bytes, as: UTF8.self))
    }

    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    static func readBytes(path: String) throws(CLIFailure) -> [UInt8] {
        let file: UnsafeMutablePointer<FILE>
        if path == "-" {
            file = standardInput
        } else {
            var info = stat()
            guard stat(path, &info) == 0 else {
                let code = errno
                throw .noInput("\(path): \(code == ENOENT ? "no such file" : String(cString: strerror(code)))")
            }
            guard (info.st_mode & S_IFMT) != S_IFDIR else { throw .noInput("\(path): is a directory") }
            guard let opened = fopen(path, "rb") else {
                throw .noInput("\(path): \(String(cString: strerror(errno)))")
            }
            file = opened
        }
        defer { if path != "-" { fclose(file) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if read > 0 { bytes.append(contentsOf: chunk[0..<read]) }
            if read < chunk.count {
                if ferror(file) != 0 { throw .noInput("\(displayName(path)): read error") }
                break
            }
        }
        return bytes
    }
}

/// Reads a file or stdin line by line (on `\n`), holding one line at a time.
final class LineReader {
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var finished = false
    /// Byte offset in the stream of the line last returned.
    private(set) var lineOffset = 0
    /// Bytes of the stream read as lines so far.
    private(set) var consumed = 0
    /// The stream's size in bytes when it is a regular file (also stdin redirected from one), else nil.
    let totalBytes: Int?

    init(path: String) throws(CLIFailure) {
        if path == "-" {
            file = standardInput
            ownsFile = false
        } else {
            var info = stat()
            guard stat(path, &info) == 0 else { throw .noInput("\(path): no such file") }
            guard (info.st_mode & S_IFMT) != S_IFDIR else { throw .noInput("\(path): is a directory") }
            guard let opened = fopen(path, "rb") else {
                throw .noInput("\(path): \(String(cString: strerror(errno)))")
            }
            file = opened
            ownsFile = true
        }
        var info = stat()
        if fstat(fileno(file), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            totalBytes = Int(info.st_size)
        } else {
            totalBytes = nil
        }
    }

    deinit { if ownsFile { fclose(file) } }

    /// The next line without its `\n` (and without a `\r` before it), or nil at the end.
    func nextLine() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                var line = buffer[start..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                lineOffset = consumed
                consumed += newline + 1 - start
                start = newline + 1
                return line
            }
            if finished {
                guard start < end else { return nil }
                let line = buffer[start..<end]
                lineOffset = consumed
                consumed += end - start
                start = end
                return line
            }
            // Move the partial line to the front, grow if one line fills the buffer, read more.
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: end - start)
                }
                end -= start
                start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let read = buffer.withUnsafeMutableBytes { raw in
                fread(raw.baseAddress! + end, 1, raw.count - end, file)
            }
            end += read
            if read == 0 { finished = true }
        }
    }
}
