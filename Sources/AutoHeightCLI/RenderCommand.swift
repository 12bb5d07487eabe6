import ArgumentParser
import AutoHeight
import AutoHeightRecords
import AutoHeightRender

#if canImport(Glibc)
    import Glibc
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Draw the wrapped layout of a text or styled record as SVG (glyph outlines, line boxes, baselines).",
        discussion: """
            Input: FILE (byte for byte), --text, stdin, or --record with one JSON record \
            {"id", "text", "runs", "boxes"} (the shape of measure --jsonl-input's lines). Same \
            style and width options as measure; several --widths are drawn side by side. The glyphs are outlines from the \
            fonts that measured the text (colour emoji as their PNG bitmaps or COLR layers), so \
            the SVG needs no installed font. Each line is a <g class="line"> with its UTF-16 \
            range and box as data- attributes (docs/render.md).

            Drawn: each line's box and baseline, the wrap width as dashed guides, hanging \
            trailing whitespace shaded, a label with lines and height; with --insets the \
            editor's frame, with --min-lines/--max-lines the band between them. --show adds \
            break opportunities (ticks), a tint per font (fallback made visible) or grapheme \
            clusters. Right-to-left paragraphs are set against the right edge, runs in ICU's \
            visual order.

            A record's runs are drawn in their own faces and sizes with their letter spacing, \
            its lines exactly as measure breaks them with the heights it gives them; each \
            line's baseline is its top plus the largest ascent on it (in the CSS model the \
            strut's too). Each box is an outlined <rect class="inline-box"> of its width and \
            height standing on the baseline.
            """)

    @Argument(help: ArgumentHelp("The text file to draw (- for stdin).", valueName: "file"))
    var file: String?

    @Option(name: .customLong("text"), help: ArgumentHelp("Draw this string.", valueName: "string"))
    var text: String?

    @Option(
        name: .customLong("record"),
        help: ArgumentHelp(
            "Draw the styled text of the JSON record in this file (- for stdin): text, runs, boxes.",
            valueName: "file"))
    var record: String?

    @OptionGroup var style: StyleOptions
    @OptionGroup var widthOptions: WidthOptions

    @Option(
        name: .customLong("min-lines"), help: ArgumentHelp("Draw the editor's minimum lines.", valueName: "n"))
    var minLines: Int?

    @Option(
        name: .customLong("max-lines"), help: ArgumentHelp("Draw the editor's maximum lines.", valueName: "n"))
    var maxLines: Int?

    @Option(
        name: .customLong("insets"),
        help: ArgumentHelp("Draw an editor frame with these insets top,left,bottom,right in px.", valueName: "t,l,b,r"))
    var insets: String?

    @Option(
        name: .customLong("line-fragment-padding"),
        help: ArgumentHelp("Padding on each side of every line in px (with --insets).", valueName: "px"))
    var lineFragmentPadding: Double = 0

    @Option(
        name: .customLong("show"),
        help: ArgumentHelp("Overlays, comma-separated or repeated: breaks, fonts, clusters.", valueName: "list"))
    var show: [String] = []

    @Flag(name: .customLong("glyphs-only"), help: "Only the glyphs: no boxes, guides or label.")
    var glyphsOnly = false

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write the SVG here (default stdout).", valueName: "file"))
    var output: String?

    func validate() throws {
        if let minLines, minLines < 0 { throw ValidationError("--min-lines must be ≥ 0") }
        if let maxLines, maxLines < 1 { throw ValidationError("--max-lines must be ≥ 1") }
        if let minLines, let maxLines, minLines > maxLines {
            throw ValidationError("--min-lines (\(minLines)) is larger than --max-lines (\(maxLines))")
        }
        if text != nil && file != nil { throw ValidationError("give either a file or --text, not both") }
        if record != nil && (text != nil || file != nil) {
            throw ValidationError("--record draws the record's text: give no file and no --text with it")
        }
        _ = try widthOptions.widths()
        _ = try overlays()
        _ = try editorInsets()
    }

    func overlays() throws -> Set<SVGOptions.Overlay> {
        var result: Set<SVGOptions.Overlay> = []
        for item in show.flatMap({ $0.split(separator: ",") }) {
            guard let overlay = SVGOptions.Overlay(rawValue: String(item.trimmingCharacters(in: " "))) else {
                throw ValidationError("--show: '\(item)' is not one of breaks, fonts, clusters")
            }
            result.insert(overlay)
        }
        return result
    }

    func editorInsets() throws -> EditorInsets? {
        guard let insets else { return nil }
        let parts = insets.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: " ")) }
        guard parts.count == 4, values.count == 4 else {
            throw ValidationError("--insets must be four numbers top,left,bottom,right; got '\(insets)'")
        }
        for value in values + [lineFragmentPadding] where !(value.isFinite && value >= 0 && value <= 100_000) {
            throw ValidationError("--insets/--line-fragment-padding: \(value) is not a number in 0…100000")
        }
        return EditorInsets(
            top: values[0], leading: values[1], bottom: values[2], trailing: values[3],
            lineFragmentPadding: lineFragmentPadding)
    }

    func run() throws {
        try reportingFailures {
            let options = SVGOptions(
                overlays: try overlays(), lineLimits: LineLimits(minimum: minLines ?? 1, maximum: maxLines),
                showsLineLimits: minLines != nil || maxLines != nil, insets: try editorInsets(),
                decorations: !glyphsOnly)
            let drawing: LayoutDrawing
            if let record {
                drawing = try Self.drawing(ofRecordAt: record, style: try style.makeStyle())
            } else {
                let input: NamedText =
                    if let text { NamedText(name: "<text>", text: text) } else {
                        try TextSources.read(path: file ?? "-")
                    }
                drawing = try LayoutDrawing(text: input.text, style: try style.makeStyle())
            }
            let svg = try drawing.svg(widths: try widthOptions.widths(), options: options)
            guard let output else {
                FileHandleOutput.standardOutput.write(svg)
                FileHandleOutput.standardOutput.flush()
                return
            }
            try Self.write(svg, to: output)
        }
    }

    /// The drawing of the one JSON record in the file at `path` (`-`: stdin): its styled text when
    /// it has runs or boxes, else its text.
    /// - Throws: `CLIFailure` naming the file: unreadable (66), not one record or runs and boxes
    ///   that do not fit its text (65).
    static func drawing(ofRecordAt path: String, style: TextStyle) throws -> LayoutDrawing {
        let name = TextSources.displayName(path)
        var bytes = try TextSources.readBytes(path: path)
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
        let parsed: JSONLRecord
        switch JSONLRecord.parse(bytes, lineNumber: 1, lineOffset: 0) {
        case .blank: throw CLIFailure.data("\(name): no record (expected one JSON object with a \"text\" string)")
        case .invalid(_, _, let problem): throw CLIFailure.data("\(name): \(problem)")
        case .record(let record): parsed = record
        }
        do {
            if let styled = parsed.styledText { return try LayoutDrawing(styledText: styled, style: style) }
            return try LayoutDrawing(text: parsed.text, style: style)
        } catch {
            var failure = CLIFailure(error)
            switch error {
            case .invalidRun, .invalidBox, .textTooLong, .invalidRange, .loneSurrogate:
                failure.message = "\(name): \(failure.message)"
            default: break
            }
            throw failure
        }
    }

    /// Writes `text` to the file at `path`, replacing it.
    static func write(_ text: String, to path: String) throws(CLIFailure) {
        guard let file = fopen(path, "wb") else {
            throw CLIFailure(message: "\(path): cannot write: \(String(cString: strerror(errno)))", exitCode: 73)
        }
        var text = text
        let written = text.withUTF8 { bytes in fwrite(bytes.baseAddress, 1, bytes.count, file) }
        let closed = fclose(file)
        guard written == text.utf8.count, closed == 0 else {
            throw CLIFailure(message: "\(path): write failed: \(String(cString: strerror(errno)))", exitCode: 74)
        }
    }
}
