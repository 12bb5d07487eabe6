import AutoHeightRecords
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Structured logs: one JSON object per line on stderr, `{"time", "level", "logger",
/// "message", …metadata}` (a log collector reads each line as one event).
public struct JSONLogHandler: LogHandler {
    /// The lowest level written.
    public var logLevel: Logger.Level
    /// Metadata on every line of this logger.
    public var metadata: Logger.Metadata = [:]
    private let label: String

    /// A handler for the logger `label`, writing from `level` up.
    public init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    /// One metadata value.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the event as one JSON line.
    public func log(event: LogEvent) {
        let (level, message, explicit) = (event.level, event.message, event.metadata)
        var line =
            "{\"time\":\(JSONText.quoted(Date().ISO8601Format(.iso8601.time(includingFractionalSeconds: true).year().month().day().dateTimeSeparator(.standard))))"
        line += ",\"level\":\"\(level.rawValue)\",\"logger\":\(JSONText.quoted(label))"
        line += ",\"message\":\(JSONText.quoted(message.description))"
        let merged = metadata.merging(explicit ?? [:]) { $1 }
        for key in merged.keys.sorted() {
            line += ",\(JSONText.quoted(key)):\(JSONText.quoted(merged[key]!.description))"
        }
        line += "}\n"
        // One write(2) per line: lines from several threads never interleave.
        let bytes = Array(line.utf8)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(STDERR_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
