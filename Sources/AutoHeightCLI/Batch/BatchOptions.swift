import ArgumentParser
import Foundation

/// How `measure` runs a batch: threads, progress bar, bad records.
struct BatchOptions: ParsableArguments {
    @Option(
        name: .customLong("jobs"),
        help: ArgumentHelp(
            "Measure on this many threads (default: the machine's cores). The output is in input order and byte-identical to --jobs 1; memory holds a fixed window of records per thread, whatever the input size.",
            valueName: "n"))
    var jobs: Int?

    @Flag(
        name: .customLong("progress"), inversion: .prefixedNo,
        help: ArgumentHelp(
            "Draw a progress bar on stderr (records, records/s, elapsed; percent and ETA when the input's size is known). Default: only when stderr is a terminal."
        ))
    var progress: Bool?

    @Option(
        name: .customLong("on-error"),
        help: ArgumentHelp(
            "A record that cannot be measured (not JSON, no \"text\" string, a missing file...): stop (write what came before it, report it with its line, exit non-zero) or record (write an error entry in its place, {\"id\": ..., \"line\": n, \"error\": \"...\"} in JSON, go on, and exit non-zero at the end if any failed).",
            valueName: "stop|record"))
    var onError: ErrorPolicy = .stop

    enum ErrorPolicy: String, ExpressibleByArgument, CaseIterable, Sendable {
        case stop, record
    }

    static let maximumJobs = 1024

    func validate() throws {
        if let jobs, !(1...Self.maximumJobs).contains(jobs) {
            throw ValidationError("--jobs must be between 1 and \(Self.maximumJobs); got \(jobs)")
        }
    }

    /// The number of threads: `--jobs`, else the machine's active cores.
    var threadCount: Int { jobs ?? max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
