import AutoHeight
import AutoHeightRecords

#if canImport(Glibc)
    import Glibc
#endif

/// A failure the CLI reports as one line on stderr, naming the file and the problem, with a
/// sysexits-style status: 64 usage, 65 bad data, 66 missing input (the records' own
/// `RecordFailure`, shared with the HTTP service).
typealias CLIFailure = RecordFailure

extension RecordFailure {
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
