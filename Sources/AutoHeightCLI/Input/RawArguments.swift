#if canImport(Glibc)
    import Glibc
#endif

import AutoHeightOptions

/// The command line as bytes. `CommandLine.arguments` repairs invalid UTF-8 (U+FFFD), so a
/// `--text` with bad bytes would be measured as something else; these checks read the bytes the
/// process was given instead, as a file's are read.
enum RawArguments {
    /// Throws a data failure (exit 65) naming `option` and the byte offset when any value given to
    /// `option` (`--text VALUE` or `--text=VALUE`) is not well-formed UTF-8.
    static func checkUTF8(option: String) throws(CLIFailure) {
        let arguments = (0..<Int(CommandLine.argc)).map { index -> [UInt8] in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
        let name = Array(option.utf8)
        let prefix = name + [UInt8(ascii: "=")]
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            var value: ArraySlice<UInt8>?
            if argument == name, index + 1 < arguments.count {
                index += 1
                value = arguments[index][...]
            } else if argument.starts(with: prefix) {
                value = argument.dropFirst(prefix.count)
            } else if argument == [UInt8(ascii: "-"), UInt8(ascii: "-")] {
                return  // the rest are not options
            }
            if let value, let offset = firstInvalidUTF8Offset(Array(value)) {
                throw .data("\(option): invalid UTF-8 at byte offset \(offset)")
            }
            index += 1
        }
    }
}
