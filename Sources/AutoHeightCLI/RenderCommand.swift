import ArgumentParser
import AutoHeight
import AutoHeightRender

#if canImport(Glibc)
    import Glibc
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the wrapped layout of a text as SVG (glyph outlines, line boxes, baselines).",
        discussion: """
            Input: FILE (byte for byte), --text, or stdin. Same style and width options as \
            measure; several --widths are drawn side by side. The glyphs are outlines from the \
            fonts that measured the text (colour emoji as their PNG bitmaps or COLR layers), so \
            the SVG needs no installed font. Each line is a <g class="line"> with its UTF-16 \
            range and box as data- attributes (docs/render.md).

            Drawn: each line's box and baseline, the wrap width as dashed guides, hanging \
            trailing whitespace shaded, a label with lines and height; with --insets the \
            editor's frame, with --min-lines/--max-lines the band between them. --show adds \
            break opportunities (ticks), a tint per font (fallback made visible) or grapheme \
            clusters. Right-to-left paragraphs are set against the right edge, runs in ICU's \
            visual order.
            """)

    @Argument(help: ArgumentHelp("The text file to draw (- for stdin).", valueName: "file"))
    var file: String?

    @Option(name: .customLong("text"), help: ArgumentHelp("Draw this string.", valueName: "string"))
    var text: String?

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
            let input: NamedText =
                if let text { NamedText(name: "<text>", text: text) } else { try TextSources.read(path: file ?? "-") }
            let options = SVGOptions(
                overlays: try overlays(), lineLimits: LineLimits(minimum: minLines ?? 1, maximum: maxLines),
                showsLineLimits: minLines != nil || maxLines != nil, insets: try editorInsets(),
                decorations: !glyphsOnly)
            let drawing = try LayoutDrawing(text: input.text, style: try style.makeStyle())
            let svg = try drawing.svg(widths: try widthOptions.widths(), options: options)
            guard let output else {
                FileHandleOutput.standardOutput.write(svg)
                FileHandleOutput.standardOutput.flush()
                return
            }
            try Self.write(svg, to: output)
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
