import ArgumentParser
import AutoHeight

#if canImport(Glibc)
    import Glibc
#endif

/// A failure the CLI reports as one line on stderr, naming the file and the problem, with a
/// sysexits-style status: 64 usage, 65 bad data, 66 missing input.
struct CLIFailure: Error {
    var message: String
    var exitCode: Int32

    static func usage(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: 64) }
    static func data(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: 65) }
    static func noInput(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: 66) }

    /// The exit status and message for a library error.
    init(_ error: AutoHeightError) {
        switch error {
        case .fontFileNotFound, .fontFileUnreadable, .fontNotFound, .bundledFontsNotFound:
            self.init(message: error.description, exitCode: 66)
        case .notAFont, .unusableFont, .faceIndexOutOfRange: self.init(message: error.description, exitCode: 65)
        case .textTooLong, .invalidRange, .textExceedsLimit, .paragraphExceedsLimit, .combiningMarksExceedLimit,
            .loneSurrogate:
            self.init(message: error.description, exitCode: 65)
        case .icuFailure, .harfBuzzFailure, .fontconfigFailure: self.init(message: error.description, exitCode: 70)
        default: self.init(message: error.description, exitCode: 64)
        }
    }

    init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// Prints the message and exits.
    func exit() -> Never {
        FileHandleOutput.standardError.write("autoheight: \(message)\n")
        FileHandleOutput.standardOutput.flush()
        Glibc.exit(exitCode)
    }
}

/// Runs `body`, turning library and CLI failures into one stderr line and an exit status.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CLIFailure {
        failure.exit()
    } catch let error as AutoHeightError {
        CLIFailure(error).exit()
    }
}
