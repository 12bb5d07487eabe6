import ArgumentParser
import AutoHeightServer
import Foundation
import Logging
import NIOCore
import NIOPosix

/// `autoheight-server`: the AutoHeight HTTP service.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autoheight-server",
        abstract:
            "Serve AutoHeight's measurements over HTTP (POST /v1/measure, POST /v1/measure/batch, GET /healthz, GET /metrics), and a playground page (GET /, GET /chat).",
        discussion:
            "SIGTERM or SIGINT stops accepting connections, lets the requests in flight finish and exits 0. Logs are JSON lines on stderr. See docs/service.md."
    )

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port; the 'listening' log line names it).") var port = 8080
    @Option(help: "Event-loop threads, and the chunks of one batch measured at once (default: the machine's cores).")
    var workers: Int?
    @Option(
        name: .customLong("font-dir"),
        help: ArgumentHelp(
            "A directory whose font files requests may name (fontFile, fallbackFont), after symlinks (repeatable). Without it, only the bundled fonts and installed families.",
            valueName: "dir"))
    var fontDirectories: [String] = []
    @Option(help: "Largest body of POST /v1/measure, and longest line of a batch, in bytes (413).")
    var maxBodyBytes = 1 << 20
    @Option(help: "Largest body of POST /v1/measure/batch, in bytes.") var maxBatchBytes = 256 << 20
    @Option(help: "Longest text in UTF-16 units (the library's InputLimits).") var maxTextLength = 100_000
    @Option(help: "Most widths in one request or record.") var maxWidths = 64
    @Option(help: "Most measuring requests at once; past it 503 with Retry-After.") var maxInFlight = 512
    @Option(help: "Time limit of POST /v1/measure in seconds, body included (408).") var requestTimeout = 10.0
    @Option(help: "Time limit of a batch in seconds (the stream ends with an error line).") var batchTimeout = 600.0
    @Option(help: "Seconds a connection may send nothing before it is closed.") var idleTimeout = 30.0
    @Option(help: "Styles kept built (least recently used dropped first).") var styleCacheSize = 64
    @Option(help: "Bytes of the segment cache every style shares.") var segmentCacheBytes = 32 << 20
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.") var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535; got \(port)") }
        if let workers, !(1...256).contains(workers) {
            throw ValidationError("--workers must be 1...256; got \(workers)")
        }
        for (name, value) in [
            ("--max-body-bytes", maxBodyBytes), ("--max-batch-bytes", maxBatchBytes),
            ("--max-text-length", maxTextLength), ("--max-widths", maxWidths), ("--max-in-flight", maxInFlight),
            ("--style-cache-size", styleCacheSize), ("--segment-cache-bytes", segmentCacheBytes),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1; got \(value)")
        }
        for (name, value) in [
            ("--request-timeout", requestTimeout), ("--batch-timeout", batchTimeout), ("--idle-timeout", idleTimeout),
        ] where !(value.isFinite && value > 0 && value <= 86_400) {
            throw ValidationError("\(name) must be > 0 and at most 86400 seconds; got \(value)")
        }
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError(
                "--log-level must be one of trace, debug, info, notice, warning, error, critical; got '\(logLevel)'")
        }
        if maxTextLength > 2_147_483_646 { throw ValidationError("--max-text-length must be at most 2147483646") }
    }

    func run() async throws {
        // SwiftNIO's event loops become Swift Concurrency's global executor: a request's task
        // runs on the event loop that read it, without a hop to the cooperative pool and back
        // (docs/service.md, "Measured"). Before any other use of the loops or of Swift
        // Concurrency.
        NIOSingletons.groupLoopCountSuggestion = workers ?? System.coreCount
        let takeover = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { JSONLogHandler(label: $0, level: level) }
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        if let workers { configuration.workers = workers }
        configuration.fontDirectories = fontDirectories
        configuration.maxBodyBytes = maxBodyBytes
        configuration.maxBatchBytes = maxBatchBytes
        configuration.maxTextLength = maxTextLength
        configuration.maxWidths = maxWidths
        configuration.maxInFlight = maxInFlight
        configuration.requestTimeout = requestTimeout
        configuration.batchTimeout = batchTimeout
        configuration.idleTimeout = idleTimeout
        configuration.styleCacheSize = styleCacheSize
        configuration.segmentCacheBytes = segmentCacheBytes
        let core: ServiceCore
        do {
            core = try ServiceCore(configuration: configuration, metrics: ServiceMetrics())
        } catch {
            // One line, as every refusal of the service (not argument-parser's usage block).
            FileHandle.standardError.write(Data("autoheight-server: \(error.message)\n".utf8))
            Foundation.exit(64)
        }
        var logger = Logger(label: "autoheight-server")
        logger[metadataKey: "executor"] = takeover ? "event-loops" : "cooperative-pool"
        try await AutoHeightService.run(core: core, group: MultiThreadedEventLoopGroup.singleton, logger: logger)
    }
}
