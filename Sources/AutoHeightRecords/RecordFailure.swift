import AutoHeight

/// A record or run that failed: a one-line message naming the file (or line) and the problem,
/// with a sysexits-style status: 64 usage, 65 bad data, 66 missing input, 70 internal. The CLI
/// prints it on stderr (`CLIFailure`), a batch writes it as a record's error entry, and the
/// HTTP service answers with it.
public struct RecordFailure: Error, Sendable {
    /// The one-line message (without the `autoheight: ` prefix).
    public var message: String
    /// The CLI's exit status for it.
    public var exitCode: Int32

    /// A bad option or usage (64).
    public static func usage(_ message: String) -> RecordFailure { RecordFailure(message: message, exitCode: 64) }
    /// Bad input data (65).
    public static func data(_ message: String) -> RecordFailure { RecordFailure(message: message, exitCode: 65) }
    /// A missing file or font (66).
    public static func noInput(_ message: String) -> RecordFailure { RecordFailure(message: message, exitCode: 66) }

    /// The exit status and message for a library error.
    public init(_ error: AutoHeightError) {
        switch error {
        case .fontFileNotFound, .fontFileUnreadable, .fontNotFound, .bundledFontsNotFound:
            self.init(message: error.description, exitCode: 66)
        case .notAFont, .unusableFont, .faceIndexOutOfRange: self.init(message: error.description, exitCode: 65)
        case .textTooLong, .invalidRange, .textExceedsLimit, .paragraphExceedsLimit, .combiningMarksExceedLimit,
            .loneSurrogate, .invalidRun, .invalidBox:
            self.init(message: error.description, exitCode: 65)
        case .icuFailure, .harfBuzzFailure, .fontconfigFailure: self.init(message: error.description, exitCode: 70)
        default: self.init(message: error.description, exitCode: 64)
        }
    }

    /// A failure with its message and status.
    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}
