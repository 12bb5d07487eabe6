import Foundation

/// What the operator chose on the command line: where to listen, how many threads, the font
/// directories requests may name files in, and every limit.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// 0 picks a free port (the `listening` log line names it).
    public var port = 8080
    /// Event-loop threads, and the records of one batch measured at once.
    public var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Directories a request's `fontFile` / `fallbackFont` must resolve into (after symlinks).
    public var fontDirectories: [String] = []
    /// Largest body of `POST /v1/measure`, in bytes (413 past it).
    public var maxBodyBytes = 1 << 20
    /// Largest body of `POST /v1/measure/batch`, in bytes (413 when announced, else the stream ends
    /// with an error line), and largest single line of it is `maxBodyBytes`.
    public var maxBatchBytes = 256 << 20
    /// Largest text, in UTF-16 units (the library's `InputLimits.maximumTextLength`).
    public var maxTextLength = 100_000
    /// Widths in one request (and in one record).
    public var maxWidths = 64
    /// Measuring requests handled at once; past it, 503 with `Retry-After`.
    public var maxInFlight = 512
    /// Time limit of a `/v1/measure` request, body included, in seconds (408 past it).
    public var requestTimeout: Double = 10
    /// Time limit of a batch, in seconds (the stream ends with an error line past it).
    public var batchTimeout: Double = 600
    /// Seconds a connection may stay silent (no byte read) before it is closed.
    public var idleTimeout: Double = 30
    /// Styles kept built (fonts loaded), least recently used dropped first.
    public var styleCacheSize = 64
    /// Bytes of the segment cache all styles share (shaped words).
    public var segmentCacheBytes = 32 << 20

    /// The defaults (the command's).
    public init() {}
}
