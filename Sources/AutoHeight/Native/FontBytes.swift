import Glibc

/// The bytes of a font file. Sole owner of the memory; HarfBuzz and FreeType read from it, and
/// every object that reads it holds a reference so it outlives them.
final class FontBytes: @unchecked Sendable {
    let buffer: UnsafeMutableRawBufferPointer

    init(copying data: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { buffer.copyMemory(from: $0) }
        self.buffer = buffer
        _count = data.count
    }

    private let _count: Int
    var count: Int { _count }
    /// The file's bytes (exactly `count` of them).
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: buffer.baseAddress, count: _count) }

    init(contentsOf path: String) throws(AutoHeightError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fontFileNotFound(path: path) }
            throw .fontFileUnreadable(path: path, reason: String(cString: strerror(code)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .fontFileUnreadable(path: path, reason: "not a regular file")
        }
        guard let file = fopen(path, "rb") else {
            throw .fontFileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        let size = Int(info.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        let read = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, file)
        guard read == size else {
            buffer.deallocate()
            throw .fontFileUnreadable(path: path, reason: "short read (\(read) of \(size) bytes)")
        }
        self.buffer = buffer
        self._count = size
    }

    deinit { buffer.deallocate() }

    /// `path` with symbolic links and relative parts resolved (`realpath`), or `path` itself
    /// when it cannot be resolved.
    static func canonicalPath(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
