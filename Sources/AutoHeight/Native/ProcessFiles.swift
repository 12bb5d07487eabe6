import CAutoHeightICU

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process knows about itself and its files, from libc: an environment variable,
/// whether a file is readable, the running executable's path.
enum ProcessFiles {
    /// The value of environment variable `name`; nil when it is not set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether `path` names a file this process may read.
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// The file of the executable or shared library holding this code, symlinks resolved; nil
    /// when the system does not say.
    static func codeImagePath() -> String? {
        guard let name = ah_code_image_path(), let resolved = realpath(name, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The running executable, symlinks resolved; nil when the system does not say.
    static func executablePath() -> String? {
        #if os(Linux)
            let link = "/proc/self/exe"
        #else
            guard let link = CommandLine.arguments.first else { return nil }
        #endif
        guard let resolved = realpath(link, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
