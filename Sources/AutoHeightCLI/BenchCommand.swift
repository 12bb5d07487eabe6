import ArgumentParser
import AutoHeight
import AutoHeightRecords

#if canImport(Glibc)
    import Glibc
#endif

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the hot paths on your own texts.",
        discussion: """
            Scenarios, each timed --repeat times (the fastest repetition is reported):
              cold       every text × width measured from scratch (fonts loaded, no caches)
              warm       the same with one SegmentCache kept across texts and repetitions
              rewrap     texts prepared once, then measured at each width (arithmetic only)
              keystroke  one character appended to a prepared ~100 kB document (the input texts
                         joined by newlines, repeated to reach 100 kB), then re-measured
              documentCold  a cold measure of that whole document at the first width
              paragraph  only with --scenario paragraph: one character typed in the middle of
                         one 10 MB paragraph (the input texts' words, right-to-left ones left
                         out, in a fixed pseudo-random order, joined by spaces), then
                         re-measured at the first width, through EditableText and through
                         EditorModel; and the same in a ~200-byte paragraph
            By default both configurations are timed in one run: with the system fallback
            (--fallback system, the default) and with the fonts given alone (--fallback none);
            --configurations given times only the --fallback given. Each configuration ends
            with one JSON line, nanoseconds per operation and memory:
            {"fallback", "coldNsPerMeasure", "warmNsPerMeasure", "rewrapNsPerMeasure",
             "keystrokeNs", "documentColdNs", "paragraphKeystrokeNs", "shortParagraphKeystrokeNs",
             "paragraphEditorKeystrokeNs", "shortParagraphEditorKeystrokeNs",
             "preparedBytesPerUnit", "segmentCacheBytes", "segmentCacheEntries", "texts",
             "widths"} (the segment cache's size after the warm scenario; bytes per UTF-16 unit of
            the prepared texts).
            """)

    @Option(
        name: .customLong("jsonl-input"),
        help: ArgumentHelp(
            "JSON Lines texts ({\"id\", \"text\"} per line); default: Samples/*.txt of the repository.",
            valueName: "file"))
    var jsonlInput: String?

    @OptionGroup var style: StyleOptions

    @Option(
        name: .customLong("widths"), parsing: .unconditional,
        help: ArgumentHelp("Wrap widths, comma-separated.", valueName: "list"))
    var widthList: String = "120,240,360"

    @Option(
        name: .customLong("repeat"), parsing: .unconditional,
        help: ArgumentHelp("Repetitions of each scenario.", valueName: "n"))
    var repetitions: Int = 5

    @Option(
        name: .customLong("scenario"),
        help: ArgumentHelp(
            "Run only this scenario (cold, warm, rewrap, keystroke, paragraph); others report 0. For profiling.",
            valueName: "name"
        ))
    var only: String?

    @Option(
        name: .customLong("configurations"),
        help: ArgumentHelp(
            "both: time with the system fallback and with the fonts alone, in one run; given: only the --fallback given.",
            valueName: "both|given"))
    var configurations: String = "both"

    @Flag(
        name: .customLong("verify-cache"),
        help: ArgumentHelp(
            "Instead of timing: check that measuring with a SegmentCache gives exactly the lines of measuring without one (every line's range, width and height at each width and at 8 px), over three passes: the texts in order, again, and in reverse each after the end of the text before. Prints the count and the first mismatches; exits 1 on any."
        ))
    var verifyCache = false

    @Flag(
        name: .customLong("plain"),
        help: "Ignore the records' rich-text runs and boxes (to time the same texts plain).")
    var plain = false

    private func runs(_ scenario: String) -> Bool { only == nil || only == scenario }

    /// A text to time: its rich-text runs and boxes when the record has them (and not --plain).
    struct BenchText {
        var text: String
        var styled: StyledText?

        /// Measures it (styled texts are prepared, then measured: the library's one way).
        func measure(_ style: TextStyle, width: Double) throws(AutoHeightError) -> TextMeasurement {
            if let styled { return try style.measure(styled, width: width) }
            return try style.measure(text, width: width)
        }

        func prepare(_ style: TextStyle) throws(AutoHeightError) -> PreparedText {
            if let styled { return try style.prepare(styled) }
            return try style.prepare(text)
        }
    }

    func validate() throws {
        if repetitions < 1 { throw ValidationError("--repeat must be ≥ 1") }
        if configurations != "both" && configurations != "given" {
            throw ValidationError("--configurations must be both or given, not '\(configurations)'")
        }
        _ = try WidthOptions.parse(["--widths", widthList]).widths()
    }

    func run() throws {
        try reportingFailures {
            let widths = try WidthOptions.parse(["--widths", widthList]).widths()
            let textStyle = try style.makeStyle()
            let texts = try loadTexts()
            guard !texts.isEmpty else { throw CLIFailure.data("no texts to measure") }
            if verifyCache { return try verify(texts: texts, style: textStyle, widths: widths) }
            let styledCount = texts.count { $0.styled != nil }
            if styledCount > 0 {
                FileHandleOutput.standardOutput.write(
                    "rich text: \(styledCount) of \(texts.count) texts have runs or boxes (cold, warm and rewrap measure them styled; the keystroke and paragraph scenarios use the plain texts)\n"
                )
            }
            var styles = [(name: style.fallback == .system ? "system" : "none", style: textStyle)]
            if configurations == "both" {
                styles = [
                    ("system", withFonts(textStyle, textStyle.fonts.withSystemFallback(.shared))),
                    ("none", withFonts(textStyle, textStyle.fonts.withSystemFallback(nil))),
                ]
            }
            let output = FileHandleOutput.standardOutput
            for (name, configured) in styles {
                try time(configured, named: name, texts: texts, widths: widths, output: output)
            }
        }
    }

    private func withFonts(_ style: TextStyle, _ fonts: FontStack) -> TextStyle {
        var changed = style
        changed.fonts = fonts
        return changed
    }

    /// Times every scenario for one configuration and reports it.
    private func time(
        _ textStyle: TextStyle, named name: String, texts benchTexts: [BenchText], widths: [Double],
        output: FileHandleOutput
    ) throws {
        let texts = benchTexts.map(\.text)
        let measuresPerPass = Double(texts.count * widths.count)
        var sink = 0

        let cold =
            !runs("cold")
            ? 0
            : try fastest { () throws(AutoHeightError) in
                for text in benchTexts {
                    for width in widths { sink &+= try text.measure(textStyle, width: width).lineCount }
                }
            } / measuresPerPass

        var cachedStyle = textStyle
        cachedStyle.segmentCache = SegmentCache()
        let warm =
            !runs("warm")
            ? 0
            : try fastest { () throws(AutoHeightError) in
                for text in benchTexts {
                    for width in widths { sink &+= try text.measure(cachedStyle, width: width).lineCount }
                }
            } / measuresPerPass

        let prepared = try benchTexts.map { (text) throws(AutoHeightError) in try text.prepare(textStyle) }
        let preparedBytes = prepared.reduce(0) { $0 + $1.byteCount }
        let preparedUnits = max(1, prepared.reduce(0) { $0 + $1.utf16Count })
        let rewrapRepeats = max(1, 20_000 / max(prepared.count * widths.count, 1))
        let rewrap =
            !runs("rewrap")
            ? 0
            : try fastest { () throws(AutoHeightError) in
                for _ in 0..<rewrapRepeats {
                    for text in prepared {
                        for width in widths { sink &+= try text.measure(width: width).lineCount }
                    }
                }
            } / (measuresPerPass * Double(rewrapRepeats))

        var document = ""
        while document.utf8.count < 100_000 {
            for text in texts where document.utf8.count < 100_000 { document += text + "\n" }
        }
        let documentCold =
            !runs("keystroke")
            ? 0
            : try fastest { () throws(AutoHeightError) in
                sink &+= try textStyle.measure(document, width: widths[0]).lineCount
            }
        var editor = try EditableText(document, style: textStyle)
        let keystrokes = 200
        let keystroke =
            !runs("keystroke")
            ? 0
            : try fastest { () throws(AutoHeightError) in
                for index in 0..<keystrokes {
                    let end = editor.utf16Count
                    try editor.replace(utf16Range: end..<end, with: index % 8 == 7 ? " " : "a")
                    sink &+= try editor.measure(width: widths[0]).lineCount
                }
            } / Double(keystrokes)

        let paragraph =
            only == "paragraph"
            ? try paragraphKeystrokes(texts: texts, style: textStyle, width: widths[0], sink: &sink)
            : ParagraphKeystrokes()

        let cache = cachedStyle.segmentCache!
        let (hits, misses) = cache.statistics
        let bytesPerUnit = Double(preparedBytes) / Double(preparedUnits)
        output.write(
            "fallback \(name): texts \(texts.count), widths \(widths.map { JSONText.number($0) }.joined(separator: ",")), document \(document.utf8.count) bytes, fastest of \(repetitions) (checksum \(sink & 0xFFFF))\n"
        )
        output.write("cold       \(Self.format(cold)) per measure\n")
        output.write(
            "warm       \(Self.format(warm)) per measure (segment cache: \(hits) chunks served, \(misses) shaped; \(cache.entryCount) entries, \(cache.byteCount) bytes)\n"
        )
        output.write("rewrap     \(Self.format(rewrap)) per measure\n")
        output.write("keystroke  \(Self.format(keystroke)) per keystroke (append + re-measure, 100 kB document)\n")
        output.write("document   \(Self.format(documentCold)) cold measure of the document\n")
        output.write(
            "paragraph  \(Self.format(paragraph.long)) per keystroke in a \(Self.longParagraphBytes)-byte paragraph, \(Self.format(paragraph.short)) in a ~200-byte one (EditableText)\n"
        )
        output.write(
            "           \(Self.format(paragraph.editorLong)) and \(Self.format(paragraph.editorShort)) through EditorModel\n"
        )
        output.write(
            "memory     \(JSONText.number((bytesPerUnit * 100).rounded() / 100)) bytes per UTF-16 unit prepared\n")
        output.write(
            "{\"fallback\":\"\(name)\",\"coldNsPerMeasure\":\(Self.round(cold)),\"warmNsPerMeasure\":\(Self.round(warm)),\"rewrapNsPerMeasure\":\(Self.round(rewrap)),\"keystrokeNs\":\(Self.round(keystroke)),\"documentColdNs\":\(Self.round(documentCold)),\"paragraphKeystrokeNs\":\(Self.round(paragraph.long)),\"shortParagraphKeystrokeNs\":\(Self.round(paragraph.short)),\"paragraphEditorKeystrokeNs\":\(Self.round(paragraph.editorLong)),\"shortParagraphEditorKeystrokeNs\":\(Self.round(paragraph.editorShort)),\"preparedBytesPerUnit\":\(JSONText.number((bytesPerUnit * 100).rounded() / 100)),\"segmentCacheBytes\":\(cache.byteCount),\"segmentCacheEntries\":\(cache.entryCount),\"texts\":\(texts.count),\"widths\":[\(widths.map { JSONText.number($0) }.joined(separator: ","))]}\n"
        )
        output.flush()
    }

    /// The cache check of `--verify-cache`.
    private func verify(texts: [BenchText], style: TextStyle, widths: [Double]) throws {
        var cached = style
        cached.segmentCache = SegmentCache()
        var compared = 0
        var mismatches = 0
        let output = FileHandleOutput.standardOutput
        for pass in 0..<3 {
            var previous = BenchText(text: "")
            for (index, original) in (pass == 2 ? Array(texts.reversed()) : texts).enumerated() {
                var text = original
                if pass == 2 {
                    // The end of the text before, then this one (its runs moved along).
                    let prefix = String(previous.text.suffix(17).filter { $0 != "\u{FFFC}" }) + " "
                    let shift = prefix.utf16.count
                    text.text = prefix + original.text
                    text.styled?.text = text.text
                    for run in text.styled?.runs.indices ?? 0..<0 {
                        text.styled!.runs[run].start += shift
                        text.styled!.runs[run].end += shift
                    }
                }
                previous = original
                let plain = try text.prepare(style)
                let withCache = try text.prepare(cached)
                for width in widths + [8] {
                    compared += 1
                    if try plain.lines(width: width) != withCache.lines(width: width) {
                        mismatches += 1
                        if mismatches <= 5 {
                            output.write(
                                "mismatch: pass \(pass + 1), text \(index + 1), width \(JSONText.number(width))\n")
                        }
                    }
                }
            }
        }
        let (hits, misses) = cached.segmentCache!.statistics
        output.write(
            "verify-cache: \(compared) layouts compared, \(mismatches) mismatches (\(texts.count) texts, \(hits) chunks served, \(misses) shaped)\n"
        )
        output.flush()
        if mismatches > 0 { throw CLIFailure(message: "the cache changed \(mismatches) layouts", exitCode: 1) }
    }

    private func loadTexts() throws -> [BenchText] {
        if let jsonlInput {
            var records = try JSONLines(path: jsonlInput)
            var texts: [BenchText] = []
            while let record = try records.nextRecord() {
                texts.append(BenchText(text: record.text, styled: plain ? nil : record.styledText))
            }
            return texts
        }
        // The checkout's Samples/ (#filePath = <repo>/Sources/AutoHeightCLI/BenchCommand.swift).
        let directory = String(#filePath).replacingSuffix("/Sources/AutoHeightCLI/BenchCommand.swift", with: "/Samples")
        return try ["chat-en.txt", "chat-ko.txt", "note-ru-el.txt", "support-ar.txt", "list-trailing-newline.txt"].map {
            path throws(CLIFailure) in BenchText(text: try TextSources.read(path: directory + "/" + path).text)
        }
    }

    /// Nanoseconds of the fastest of `repetitions` runs of `body` (after one untimed warm-up).
    func fastest(_ body: () throws(AutoHeightError) -> Void) throws(AutoHeightError) -> Double {
        try body()
        var best = Double.infinity
        for _ in 0..<repetitions {
            let start = Self.now()
            try body()
            best = min(best, Double(Self.now() - start))
        }
        return best
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func round(_ nanoseconds: Double) -> String { String(Int64(nanoseconds.rounded())) }

    static func format(_ nanoseconds: Double) -> String {
        if nanoseconds >= 1_000_000 { return "\(Double(Int64(nanoseconds / 10_000)) / 100) ms" }
        if nanoseconds >= 1_000 { return "\(Double(Int64(nanoseconds / 10)) / 100) µs" }
        return "\(Int64(nanoseconds.rounded())) ns"
    }
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
