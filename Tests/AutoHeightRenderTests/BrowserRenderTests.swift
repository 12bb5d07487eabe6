import Foundation
import Testing

@testable import AutoHeight
@testable import AutoHeightRender

/// The SVG of `autoheight render`, drawn by a real browser: headless Chromium (Debian's
/// `chromium`, which `make test` installs) screenshots each picture, `scripts/png-ink.py`
/// (Python's standard library only) finds the inked pixels, and the test checks them against the
/// measured line boxes: ink in every line box and nowhere outside them, one band of ink per
/// line, right-to-left lines inked from the right edge.
@Suite(.serialized) struct BrowserRenderTests {
    struct Sample: CustomStringConvertible, Sendable {
        var name: String
        var text: String
        var language: String
        var width: Double
        /// A styled text's runs and boxes (drawn with `LayoutDrawing(styledText:style:)` when
        /// either is given).
        var runs: [StyleRun] = []
        var boxes: [InlineBox] = []
        var description: String { name }
    }

    static let samples = [
        Sample(
            name: "latin",
            text: "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.",
            language: "en", width: 240),
        Sample(name: "korean", text: "회의는 내일 오후 3시로 옮겼어요. 자료는 미리 공유해 주세요.", language: "ko", width: 200),
        Sample(
            name: "arabic", text: "مرحبا بالعالم، هذا نص عربي طويل يلتف على عدة أسطر في المحرر.", language: "ar",
            width: 220),
        Sample(name: "emoji", text: "👩‍👩‍👧‍👦 🇰🇷 👍🏽 ❤️ 🧑‍💻 🎉🎉🎉 done", language: "en", width: 120),
        Sample(name: "long-word", text: "Supercalifragilisticexpialidociousandmore ok", language: "en", width: 120),
        // Bold, a bigger italic run, letter spacing and a box: each line's ink still inside its box.
        Sample(
            name: "styled", text: "Ship it \u{FFFC} now: bold words, bigger text and spaced letters wrap across lines.",
            language: "en", width: 240,
            runs: [
                StyleRun(start: 15, end: 25, weight: 700), StyleRun(start: 27, end: 38, italic: true, size: 28),
                StyleRun(start: 43, end: 57, letterSpacing: 1),
            ],
            boxes: [InlineBox(width: 28, height: 22)]),
    ]

    /// What `scripts/png-ink.py` reports: per pixel row, the first and last inked column.
    struct Ink: Decodable {
        var width: Int
        var height: Int
        var rows: [[Int]?]
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func chromium() throws -> String {
        try #require(
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "chromium is not installed: apt-get install chromium (make test does)")
    }

    /// Runs `executable` with its output and errors in files of `directory` (not pipes) and
    /// returns its standard output; fails on a non-zero exit.
    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let outputFile = directory.appendingPathComponent("stdout")
        let errorFile = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        let err = try Data(contentsOf: errorFile)
        #expect(
            process.terminationStatus == 0,
            "\(executable) failed (\(process.terminationStatus)): \(String(decoding: err, as: UTF8.self).suffix(800))")
        return try Data(contentsOf: outputFile)
    }

    /// Renders `sample` in Chromium and returns the ink and the picture's geometry.
    static func screenshot(_ sample: Sample) throws -> (ink: Ink, picture: LayoutPicture) {
        let style = try RenderTests.bundledStyle(language: sample.language, size: 20, lineSpacing: 8)
        let drawing =
            sample.runs.isEmpty && sample.boxes.isEmpty
            ? try LayoutDrawing(text: sample.text, style: style)
            : try LayoutDrawing(
                styledText: StyledText(sample.text, runs: sample.runs, boxes: sample.boxes), style: style)
        let picture = try drawing.picture(widths: [sample.width], options: SVGOptions(decorations: false))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "autoheight-browser-\(sample.name)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("layout.svg")
        let png = directory.appendingPathComponent("layout.png")
        try Data(picture.svg.utf8).write(to: svg)
        _ = try run(
            try chromium(),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--force-device-scale-factor=1", "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
                // A fresh profile's window paints about 74 px less than its height (an info bar
                // Chromium reserves): a window larger than the picture, white past its edges.
                "--window-size=\(Int(picture.width) + 100),\(Int(picture.height) + 100)", "--screenshot=\(png.path)",
                svg.absoluteString,
            ], in: directory)
        let script = repository.appendingPathComponent("scripts/png-ink.py").path
        let json = try run("/usr/bin/env", ["python3", script, png.path], in: directory)
        if let keep = ProcessInfo.processInfo.environment["AUTOHEIGHT_RENDER_ARTIFACTS"] {
            // Keep the pictures (docs/ shows some of them).
            for file in [svg, png] {
                let target = URL(fileURLWithPath: keep).appendingPathComponent("\(sample.name).\(file.pathExtension)")
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: file, to: target)
            }
        }
        return (try JSONDecoder().decode(Ink.self, from: json), picture)
    }

    @Test(arguments: samples) func browserInksExactlyTheLineBoxes(_ sample: Sample) throws {
        let (ink, picture) = try Self.screenshot(sample)
        let layout = picture.layouts[0]
        let origin = picture.origins[0]
        #expect(ink.width == Int(picture.width) + 100 && ink.height == Int(picture.height) + 100)
        #expect(layout.lines.count == layout.measurement.lineCount)
        #expect(layout.lines.count >= 2, "\(sample.name) should wrap at \(sample.width) px")
        // Line boxes in screenshot pixels (antialiasing may spill one pixel; a glyph such as "j"
        // may reach a pixel or two before the line start).
        let boxes = layout.lines.map { line in
            (top: origin.y + line.layout.y - 1, bottom: origin.y + line.layout.y + line.layout.height + 1)
        }
        let left = origin.x - 3
        let right = origin.x + layout.width + 1
        var bands: [(first: Int, last: Int)] = []
        for (y, row) in ink.rows.enumerated() {
            guard let row else { continue }
            let center = Double(y) + 0.5
            #expect(
                boxes.contains { $0.top <= center && center <= $0.bottom },
                "\(sample.name): ink at row \(y), outside every line box")
            #expect(
                Double(row[0]) >= left && Double(row[1]) + 1 <= right,
                "\(sample.name): ink at columns \(row[0])…\(row[1]) of row \(y), outside \(left)…\(right)")
            // Rows a few pixels apart (Arabic dots, Hangul jamo) belong to the same band.
            if let last = bands.last, y - last.last <= 4 {
                bands[bands.count - 1].last = y
            } else {
                bands.append((y, y))
            }
        }
        #expect(
            bands.count == layout.lines.count,
            "\(sample.name): \(bands.count) bands of ink, \(layout.lines.count) lines")
        for (index, box) in boxes.enumerated() {
            let inked = ink.rows.indices.contains { y in
                ink.rows[y] != nil && box.top <= Double(y) + 0.5 && Double(y) + 0.5 <= box.bottom
            }
            #expect(inked, "\(sample.name): line \(index) has no ink")
        }
        // Where each line's ink starts: at the left edge left to right, at the right edge right
        // to left (the short last line then leaves the left side empty).
        for (index, line) in layout.lines.enumerated() {
            let rows = ink.rows.indices.filter { y in
                Double(y) + 0.5 >= boxes[index].top && Double(y) + 0.5 <= boxes[index].bottom
            }.compactMap { ink.rows[$0] }
            let leftmost = Double(rows.map { $0[0] }.min() ?? 0) - origin.x
            let rightmost = Double((rows.map { $0[1] }.max() ?? 0) + 1) - origin.x
            if line.isRightToLeft {
                #expect(rightmost >= layout.width - 4, "\(sample.name) line \(index): ink ends at \(rightmost)")
                #expect(abs(leftmost - (layout.width - line.layout.width)) < 4, "\(sample.name) line \(index)")
            } else {
                #expect(leftmost < 4, "\(sample.name) line \(index): ink starts at \(leftmost)")
                #expect(abs(rightmost - line.layout.width) < 4, "\(sample.name) line \(index)")
            }
        }
        if sample.language == "ar" {
            #expect(layout.lines.allSatisfy { $0.isRightToLeft })
            let last = try #require(layout.lines.last)
            #expect(last.layout.width < layout.width - 40)
        }
    }
}
