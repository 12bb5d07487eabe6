#if canImport(Glibc)
    import Glibc
#endif

/// Buffered writing to stdout or stderr without Foundation's per-call overhead. (C's `stdout`
/// global is not concurrency-safe in Swift 6, so each stream gets its own `FILE` on the fd.)
final class FileHandleOutput: @unchecked Sendable {
    static let standardOutput = FileHandleOutput(fdopen(STDOUT_FILENO, "w"))
    static let standardError = FileHandleOutput(fdopen(STDERR_FILENO, "w"))

    private let stream: UnsafeMutablePointer<FILE>

    private init(_ stream: UnsafeMutablePointer<FILE>) { self.stream = stream }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, stream) }
    }

    func flush() { fflush(stream) }
}
