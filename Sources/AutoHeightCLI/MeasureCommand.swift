import ArgumentParser
import AutoHeight
import Foundation
import AutoHeightRecords

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Count the lines and height of texts wrapped at one or more widths.",
        discussion: """
            Input: each FILE is one text (byte for byte: a final newline adds a line). With \
            --text, that string. With --jsonl-input, one {"id": …, "text": …} object per line \
            (other keys ignored), streamed; rich text adds "runs": [{"start", "end" (UTF-16), \
            "family", "weight", "style" ("normal"/"italic"), "size", "letterSpacing"}, …] \
            applied in order, and "boxes": [{"width", "height"}, …], one per U+FFFC of the \
            text (an inline chip or image on the baseline). With none of these, stdin is one text.

            Output (-O):
              text   one line per text per width: "notes.txt: 4 lines, 91.0 px" (with several \
            widths: "notes.txt @ 240 px: 4 lines, 91.0 px"); with --min-lines/--max-lines \
            also the visible lines and height, and "scrolls" when the content overflows.
              json   always one JSON array of objects (`[]` for none), streamed as it is measured.
              jsonl  always one object per line: for each text, for each width, in input order.
              table  a table for people: one row per text, one "lines / height" column per width; \
            the columns are sized by the first 100 rows (a wider cell later shifts its row).
            Object fields: "input" (file name) or "id" (JSONL input), "width" (the wrap width, \
            px), "lines", "height" (px: line heights + line spacing between lines), \
            "maxLineWidth" (px, widest line without trailing whitespace), "missingGlyphs" \
            (clusters no font covers); with --min-lines or --max-lines also "visibleLines", \
            "visibleHeight", "overflows"; with --line-ranges "lineRanges": [[start,end],…] in \
            UTF-16 offsets (the break character after a line is in no range); with --ellipsis \
            "ellipsisOffset" (UTF-16 offset where a clamped text is cut) and "ellipsisX" (px of \
            the "…" on the last visible line), null when the text fits.

            Errors in a batch: with --on-error stop (default) a bad record (bad UTF-8, not JSON, \
            no "text" string, a missing file) ends the run after everything before it is \
            written; with --on-error record it gets an error entry in its place \
            ({"id": ..., "line": n, "error": "..."} or {"input": ..., "error": "..."} in JSON, \
            "error: ..." in text and table) and the run goes on.

            Exit status: 0 ok (every record measured); 64 bad options; 65 invalid input (bad \
            UTF-8 with its byte offset, bad JSON line, corrupt font); 66 missing file or font. \
            With --on-error record, a run where any record failed exits with the first \
            failure's status after a one-line summary on stderr.
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
        name: .customLong("min-lines"), parsing: .unconditional,
        help: ArgumentHelp("The editor is at least this many lines tall.", valueName: "n"))
    var minLines: Int?

    @Option(
        name: .customLong("max-lines"), parsing: .unconditional,
        help: ArgumentHelp("The editor stops growing at this many lines and scrolls.", valueName: "n"))
    var maxLines: Int?

    @Option(
        name: [.customShort("O"), .customLong("output-format")],
        help: ArgumentHelp(
            "Output format: text, json, jsonl or table.", valueName: "format"))
    var outputFormat: OutputFormat = .text

    @OptionGroup var batch: BatchOptions

    @Flag(name: .customLong("line-ranges"), help: "Add each line's UTF-16 range to JSON output.")
    var lineRanges = false

    @Flag(
        name: .customLong("ellipsis"),
        help: "With --max-lines: where a clamped text is cut for a \"…\" (UTF-16 offset and x in px).")
    var ellipsis = false

    func validate() throws {
        if let minLines, minLines < 0 { throw ValidationError("--min-lines must be ≥ 0") }
        if let maxLines, maxLines < 1 { throw ValidationError("--max-lines must be ≥ 1") }
        if let minLines, let maxLines, minLines > maxLines {
            throw ValidationError("--min-lines (\(minLines)) is larger than --max-lines (\(maxLines))")
        }
        if ellipsis && maxLines == nil { throw ValidationError("--ellipsis needs --max-lines") }
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
            let formatter = RecordFormatter(
                format: outputFormat, widths: widths, limits: LineLimits(minimum: minLines ?? 1, maximum: maxLines),
                showsLimits: minLines != nil || maxLines != nil, includesRanges: lineRanges, includesEllipsis: ellipsis)
            var source: BatchSource
            if let jsonlInput {
                source = try BatchSource(jsonlPath: jsonlInput)
            } else if let text {
                try RawArguments.checkUTF8(option: "--text")
                source = BatchSource(items: [.text(text)])
            } else {
                source = BatchSource(items: (files.isEmpty ? ["-"] : files).map { .file(path: $0) })
            }
            var writer = ResultWriter(format: outputFormat, widths: widths)
            // One segment cache shared by every thread: as fast as one per thread in
            // docs/batch.md's measurement, and its memory does not grow with --jobs.
            var cachedStyle = textStyle
            cachedStyle.segmentCache = SegmentCache(byteLimit: Self.segmentCacheBytes)
            let worker = MeasureWorker(
                style: cachedStyle, formatter: formatter, jsonlName: TextSources.displayName(jsonlInput ?? "-"))
            try BatchRun(threads: batch.threadCount, onError: batch.onError).run(
                source: &source, writer: &writer, progress: ProgressBar(enabled: batch.progress)
            ) { worker }
        }
    }

    /// The shared segment cache's limit: keeps `-O jsonl` under 64 MB at any input size.
    static let segmentCacheBytes = 16 << 20
}
