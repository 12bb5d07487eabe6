import AutoHeightOptions
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The security boundary for font files: a request may name a font file (`fontFile`,
/// `fallbackFont`) only when its real path (every symlink resolved, `..` removed) lies inside one
/// of the directories the operator allowed with `--font-dir`. Bundled fonts and installed
/// families (`font`, through fontconfig) need no path.
public struct FontDirectories: Sendable {
    /// The allowed directories' real paths, each ending in `/`.
    public let roots: [String]

    /// Resolves each directory; throws a one-line message for one that does not exist.
    public init(_ directories: [String]) throws(StyleSettings.OptionError) {
        var roots: [String] = []
        for directory in directories {
            guard let real = Self.realPath(directory), Self.isDirectory(real) else {
                throw StyleSettings.OptionError("--font-dir '\(directory)': no such directory")
            }
            roots.append(real.hasSuffix("/") ? real : real + "/")
        }
        self.roots = roots
    }

    /// The real path of `path`, named `option` in messages, when it is inside an allowed
    /// directory; else a one-line error that says nothing of what exists outside them.
    public func resolve(_ path: String, option: String) throws(StyleSettings.OptionError) -> String {
        guard !roots.isEmpty else {
            throw StyleSettings.OptionError(
                "\(option) '\(path)': font files are not allowed on this server (it was started without --font-dir); use the bundled fonts or an installed family (font)"
            )
        }
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw StyleSettings.OptionError("\(option) '\(path)': not a font file path")
        }
        if let real = Self.realPath(path) {
            if isInside(real) { return real }
        } else if let lexical = Self.lexicalPath(path), isInside(lexical) {
            // Inside an allowed directory but missing: the library's own message.
            throw StyleSettings.OptionError("font file not found: \(path)")
        }
        throw StyleSettings.OptionError(
            "\(option) '\(path)': outside the allowed font directories (\(roots.map { String($0.dropLast()) }.joined(separator: ", ")))"
        )
    }

    private func isInside(_ path: String) -> Bool {
        roots.contains { path.hasPrefix($0) }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `path` made absolute (from the working directory) with `.` and `..` removed, no symlink
    /// followed: only to word the error for a file that does not exist.
    static func lexicalPath(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
