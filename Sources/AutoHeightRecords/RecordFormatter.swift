import AutoHeight
import Foundation

/// One record's output, formatted by a worker and written in input order (the CLI's
/// `ResultWriter`, the HTTP service's batch stream).
public enum RecordOutcome: Sendable {
    /// A blank JSONL line: no output.
    case skipped
    /// One entry per width: a text line, a JSON object or a table cell (without line breaks).
    case measured(label: String, entries: [String])
    /// A record that could not be measured: its error entry (written with `--on-error record`).
    case failed(label: String, entry: String, failure: RecordFailure)
    /// A failure that is not the record's (an option the library rejects while measuring, e.g. a
    /// malformed language tag): the run stops whatever `--on-error` says.
    case aborted(RecordFailure)
}

/// Formats one record's measurements (or its error) in the chosen format. Immutable, so every
/// worker thread can use it.
public struct RecordFormatter: Sendable {
    /// How a record is named: a file (`"input"`) or a JSONL id (`"id"`).
    public enum Name: Sendable {
        case file(String)
        case id(json: String, text: String)

        /// The name for human output (a file name or the id's text).
        public var label: String {
            switch self {
            case .file(let file): file
            case .id(_, let text): text
            }
        }
    }

    /// The output format.
    public let format: OutputFormat
    /// The widths each record is measured at, in order.
    public let widths: [Double]
    /// The editor's line limits (`--min-lines`, `--max-lines`).
    public let limits: LineLimits
    /// Whether the visible lines and height are written (limits were given).
    public let showsLimits: Bool
    /// Whether JSON objects carry `lineRanges`.
    public let includesRanges: Bool
    /// Whether a text clamped at ``limits``' maximum says where it is cut for an ellipsis
    /// (``AutoHeight/PreparedText/ellipsis(width:maximumLines:)``).
    public let includesEllipsis: Bool

    /// A formatter for these widths and options.
    public init(
        format: OutputFormat, widths: [Double], limits: LineLimits, showsLimits: Bool, includesRanges: Bool,
        includesEllipsis: Bool = false
    ) {
        self.format = format
        self.widths = widths
        self.limits = limits
        self.showsLimits = showsLimits
        self.includesRanges = includesRanges
        self.includesEllipsis = includesEllipsis && limits.maximum != nil
    }

    /// Measures `prepared` at every width and formats the results.
    public func measured(name: Name, prepared: PreparedText) throws(AutoHeightError) -> RecordOutcome {
        var entries: [String] = []
        entries.reserveCapacity(widths.count)
        for width in widths {
            let result = try prepared.measure(width: width, lineLimits: limits)
            let cut =
                includesEllipsis && result.overflows
                ? try prepared.ellipsis(width: width, maximumLines: limits.maximum!) : nil
            switch format {
            case .table: entries.append(cell(result))
            case .text: entries.append(textLine(name: name, width: width, result: result, cut: cut))
            case .json, .jsonl:
                entries.append(try object(name: name, width: width, result: result, prepared: prepared, cut: cut))
            }
        }
        return .measured(label: name.label, entries: entries)
    }

    /// The error entry for a record that failed: `{"id": …, "line": n, "error": "…"}` (or
    /// `"input"` for a file) in JSON, `error: …` in text and table.
    public func failed(name: Name, line: Int?, failure: RecordFailure) -> RecordOutcome {
        let entry: String
        switch format {
        case .text: entry = "error: \(failure.message)"
        case .table: entry = "error: \(failure.message)"
        case .json, .jsonl:
            var object = "{" + Self.nameField(name)
            if let line { object += ",\"line\":\(line)" }
            entry = object + ",\"error\":\(JSONText.quoted(failure.message))}"
        }
        return .failed(label: name.label, entry: entry, failure: failure)
    }

    private func cell(_ result: TextMeasurement) -> String {
        var cell = "\(result.lineCount) / \(Self.decimal(result.height, digits: 1))"
        if showsLimits { cell += " (\(result.visibleLineCount)\(result.overflows ? "↕" : ""))" }
        return cell
    }

    private func textLine(name: Name, width: Double, result: TextMeasurement, cut: EllipsisCut?) -> String {
        let lines = result.lineCount
        var line = widths.count > 1 ? "\(name.label) @ \(Self.decimal(width, digits: 1)) px: " : "\(name.label): "
        line += "\(lines) line\(lines == 1 ? "" : "s"), \(Self.decimal(result.height, digits: 1)) px"
        if showsLimits {
            let visible = result.visibleLineCount
            line += " (visible \(visible) line\(visible == 1 ? "" : "s"), "
            line += "\(Self.decimal(result.visibleHeight, digits: 1)) px\(result.overflows ? ", scrolls" : ""))"
        }
        if let cut { line += " [cut at \(cut.utf16Offset), … at \(Self.decimal(cut.x, digits: 1)) px]" }
        if result.missingGlyphCount > 0 { line += " [\(result.missingGlyphCount) missing glyphs]" }
        return line
    }

    private func object(
        name: Name, width: Double, result: TextMeasurement, prepared: PreparedText, cut: EllipsisCut?
    ) throws(AutoHeightError) -> String {
        var object = "{" + Self.nameField(name)
        object += ",\"width\":\(JSONText.number(width)),\"lines\":\(result.lineCount)"
        object += ",\"height\":\(JSONText.number(result.height))"
        object += ",\"maxLineWidth\":\(JSONText.number(result.maxLineWidth))"
        object += ",\"missingGlyphs\":\(result.missingGlyphCount)"
        if showsLimits {
            object += ",\"visibleLines\":\(result.visibleLineCount)"
            object += ",\"visibleHeight\":\(JSONText.number(result.visibleHeight))"
            object += ",\"overflows\":\(result.overflows)"
        }
        if includesEllipsis {
            if let cut {
                object += ",\"ellipsisOffset\":\(cut.utf16Offset),\"ellipsisX\":\(JSONText.number(cut.x))"
            } else {
                object += ",\"ellipsisOffset\":null,\"ellipsisX\":null"
            }
        }
        if includesRanges {
            let ranges = try prepared.lines(width: width).map { "[\($0.range.lowerBound),\($0.range.upperBound)]" }
            object += ",\"lineRanges\":[\(ranges.joined(separator: ","))]"
        }
        return object + "}"
    }

    /// `"input":…` or `"id":…`, the first member of an object.
    public static func nameField(_ name: Name) -> String {
        switch name {
        case .file(let file): "\"input\":\(JSONText.quoted(file))"
        case .id(let json, _): "\"id\":\(json)"
        }
    }

    /// `value` with `digits` decimals (`91.0`).
    public static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
