import ArgumentParser
import AutoHeight
import Foundation

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Count the lines and height of texts wrapped at one or more widths.",
        discussion: """
            Input: each FILE is one text (byte for byte: a final newline adds a line). With \
            --text, that string. With --jsonl-input, one {"id": …, "text": …} object per line \
            (other keys ignored), streamed. With none of these, stdin is one text.

            Output (-O):
              text   one line per text per width: "notes.txt: 4 lines, 91.0 px" (with several \
            widths: "notes.txt @ 240 px: 4 lines, 91.0 px"); with --min-lines/--max-lines \
            also the visible lines and height, and "scrolls" when the content overflows.
              json   one object for a single measurement, else an array of objects.
              jsonl  one object per line: for each text, for each width, in input order.
              table  a table for people: one row per text, one "lines / height" column per width.
            Object fields: "input" (file name) or "id" (JSONL input), "width" (the wrap width, \
            px), "lines", "height" (px: line heights + line spacing between lines), \
            "maxLineWidth" (px, widest line without trailing whitespace), "missingGlyphs" \
            (clusters no font covers); with --min-lines or --max-lines also "visibleLines", \
            "visibleHeight", "overflows"; with --line-ranges "lineRanges": [[start,end],…] in \
            UTF-16 offsets (the break character after a line is in no range).

            Exit status: 0 ok; 64 bad options; 65 invalid input (bad UTF-8 with its byte \
            offset, bad JSON line, corrupt font); 66 missing file or font.
            """)

    @Argument(help: ArgumentHelp("Text files to measure (- for stdin).", valueName: "file"))
    var files: [String] = []

    @Option(name: .customLong("text"), help: ArgumentHelp("Measure this string.", valueName: "string"))
    var text: String?

    @Option(
        name: .customLong("jsonl-input"),
        help: ArgumentHelp(
            "JSON Lines input, one {\"id\", \"text\"} object per line (- for stdin).", valueName: "file"))
    var jsonlInput: String?

    @OptionGroup var style: StyleOptions
    @OptionGroup var widthOptions: WidthOptions

    @Option(
        name: .customLong("min-lines"),
        help: ArgumentHelp("The editor is at least this many lines tall.", valueName: "n"))
    var minLines: Int?

    @Option(
        name: .customLong("max-lines"),
        help: ArgumentHelp("The editor stops growing at this many lines and scrolls.", valueName: "n"))
    var maxLines: Int?

    @Option(
        name: [.customShort("O"), .customLong("output-format")],
        help: ArgumentHelp(
            "Output format: text, json, jsonl or table.", valueName: "format"))
    var outputFormat: OutputFormat = .text

    @Flag(name: .customLong("line-ranges"), help: "Add each line's UTF-16 range to JSON output.")
    var lineRanges = false

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl, table
    }

    func validate() throws {
        if let minLines, minLines < 0 { throw ValidationError("--min-lines must be ≥ 0") }
        if let maxLines, maxLines < 1 { throw ValidationError("--max-lines must be ≥ 1") }
        if let minLines, let maxLines, minLines > maxLines {
            throw ValidationError("--min-lines (\(minLines)) is larger than --max-lines (\(maxLines))")
        }
        if jsonlInput != nil && (!files.isEmpty || text != nil) {
            throw ValidationError("--jsonl-input cannot be combined with files or --text")
        }
        _ = try widthOptions.widths()
    }

    func run() throws {
        // Checked here, not in validate(): argument-parser reports unknown options after
        // validate(), and `--text hi --bogus 3` takes `3` for a file, so the unknown option
        // must be reported first.
        if text != nil && !files.isEmpty { throw ValidationError("give either files or --text, not both") }
        try reportingFailures {
            let widths = try widthOptions.widths()
            let textStyle = try style.makeStyle()
            let limits = LineLimits(minimum: minLines ?? 1, maximum: maxLines)
            var writer = ResultWriter(
                format: outputFormat, showsLimits: minLines != nil || maxLines != nil,
                includesRanges: lineRanges, widths: widths)
            if let jsonlInput {
                var records = try JSONLRecords(path: jsonlInput)
                while let record = try records.nextRecord() {
                    let prepared = try textStyle.prepare(record.text)
                    for width in widths {
                        try writer.write(
                            name: .id(json: record.idJSON, text: record.idText), prepared: prepared,
                            width: width, limits: limits)
                    }
                }
            } else {
                let inputs: [NamedText]
                if let text {
                    inputs = [NamedText(name: "<text>", text: text)]
                } else if files.isEmpty {
                    inputs = [try TextSources.read(path: "-")]
                } else {
                    inputs = try files.map { path throws(CLIFailure) in try TextSources.read(path: path) }
                }
                for input in inputs {
                    let prepared = try textStyle.prepare(input.text)
                    for width in widths {
                        try writer.write(name: .file(input.name), prepared: prepared, width: width, limits: limits)
                    }
                }
            }
            writer.finish()
        }
    }
}

/// Writes measurement results in the chosen format.
struct ResultWriter {
    enum Name {
        case file(String)
        case id(json: String, text: String)
    }

    let format: MeasureCommand.OutputFormat
    let showsLimits: Bool
    let includesRanges: Bool
    var multipleWidths: Bool { widths.count > 1 }
    private var pendingJSON: [String] = []
    private var tableRows: [(label: String, cells: [String])] = []
    private let widths: [Double]
    private let output = FileHandleOutput.standardOutput

    init(format: MeasureCommand.OutputFormat, showsLimits: Bool, includesRanges: Bool, widths: [Double]) {
        self.format = format
        self.showsLimits = showsLimits
        self.includesRanges = includesRanges
        self.widths = widths
    }

    mutating func write(name: Name, prepared: PreparedText, width: Double, limits: LineLimits) throws(AutoHeightError) {
        let result = try prepared.measure(width: width, lineLimits: limits)
        let label: String
        switch name {
        case .file(let file): label = file
        case .id(_, let text): label = text
        }
        switch format {
        case .table:
            if tableRows.last.map({ $0.cells.count == widths.count }) ?? true { tableRows.append((label, [])) }
            var cell = "\(result.lineCount) / \(Self.decimal(result.height, digits: 1))"
            if showsLimits { cell += " (\(result.visibleLineCount)\(result.overflows ? "↕" : ""))" }
            tableRows[tableRows.count - 1].cells.append(cell)
        case .text:
            var line = multipleWidths ? "\(label) @ \(Self.decimal(width, digits: 1)) px: " : "\(label): "
            line +=
                "\(result.lineCount) line\(result.lineCount == 1 ? "" : "s"), \(Self.decimal(result.height, digits: 1)) px"
            if showsLimits {
                line +=
                    " (visible \(result.visibleLineCount) line\(result.visibleLineCount == 1 ? "" : "s"), \(Self.decimal(result.visibleHeight, digits: 1)) px\(result.overflows ? ", scrolls" : ""))"
            }
            if result.missingGlyphCount > 0 { line += " [\(result.missingGlyphCount) missing glyphs]" }
            output.write(line + "\n")
        case .json, .jsonl:
            var object = "{"
            switch name {
            case .file(let file): object += "\"input\":\(JSONText.quoted(file))"
            case .id(let json, _): object += "\"id\":\(json)"
            }
            object += ",\"width\":\(JSONText.number(width)),\"lines\":\(result.lineCount)"
            object +=
                ",\"height\":\(JSONText.number(result.height)),\"maxLineWidth\":\(JSONText.number(result.maxLineWidth))"
            object += ",\"missingGlyphs\":\(result.missingGlyphCount)"
            if showsLimits {
                object +=
                    ",\"visibleLines\":\(result.visibleLineCount),\"visibleHeight\":\(JSONText.number(result.visibleHeight))"
                object += ",\"overflows\":\(result.overflows)"
            }
            if includesRanges {
                let ranges = try prepared.lines(width: width).map { "[\($0.range.lowerBound),\($0.range.upperBound)]" }
                object += ",\"lineRanges\":[\(ranges.joined(separator: ","))]"
            }
            object += "}"
            if format == .jsonl {
                output.write(object + "\n")
            } else {
                pendingJSON.append(object)
            }
        }
    }

    func finish() {
        if format == .table {
            let header = ["text"] + widths.map { "\(Self.decimal($0, digits: 0)) px: lines / height" }
            let rows = [header] + tableRows.map { [$0.label] + $0.cells }
            let columns = header.indices.map { column in
                rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0
            }
            for (index, row) in rows.enumerated() {
                let padded = row.enumerated().map { column, cell in
                    column == 0
                        ? cell.padding(toLength: columns[0], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: columns[column] - cell.count) + cell
                }
                output.write(padded.joined(separator: "  ") + "\n")
                if index == 0 {
                    output.write(columns.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n")
                }
            }
        }
        if format == .json {
            if pendingJSON.count == 1 {
                output.write(pendingJSON[0] + "\n")
            } else {
                output.write("[\n" + pendingJSON.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n")
            }
        }
        output.flush()
    }

    static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
