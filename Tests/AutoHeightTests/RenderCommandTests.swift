import Foundation
import Testing

@testable import AutoHeight

/// `autoheight render` through the CLI (the drawing itself is tested in AutoHeightRenderTests;
/// this suite keeps the name it had there).
@Suite struct RenderTests {
    @Test func renderCommandWritesTheSVGAndReportsBadInputInOneLine() throws {
        let cli = CLITests()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("autoheight-render-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let text = "hello world foo bar baz"
        let written = try cli.run([
            "render", "--font-file", CLITests.noto, "--font-size", "16", "--width", "100", "--text", text, "-o",
            output.path,
        ])
        #expect(written.status == 0 && written.stdout.isEmpty && written.stderr.isEmpty)
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.components(separatedBy: "<g class=\"line\" ").count - 1 == 2)
        #expect(svg.contains(">100 px: 2 lines, 43.58 px</text>"))
        let standardOutput = try cli.run([
            "render", "--font-file", CLITests.noto, "--font-size", "16", "--widths", "100,1000", "--text", text,
        ])
        #expect(standardOutput.status == 0)
        #expect(standardOutput.stdout.components(separatedBy: "<g class=\"layout\" ").count - 1 == 2)
        let badOverlay = try cli.run(["render", "--text", "hi", "--width", "100", "--show", "fontz"])
        #expect(badOverlay.status == 64)
        #expect(badOverlay.stderr.hasPrefix("Error: --show: 'fontz' is not one of breaks, fonts, clusters\n"))
        let missing = try cli.run(["render", "/nonexistent/notes.txt", "--width", "100"])
        #expect(missing.status == 66 && missing.stderr == "autoheight: /nonexistent/notes.txt: no such file\n")
        let unwritable = try cli.run(["render", "--text", "hi", "--width", "100", "-o", "/nonexistent/dir/x.svg"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr == "autoheight: /nonexistent/dir/x.svg: cannot write: No such file or directory\n")
    }

    @Test func renderRecordDrawsItsRunsAndBoxes() throws {
        let cli = CLITests()
        let record =
            #"{"id": "m1", "text": "Ship it \uFFFC now, bold", "runs": [{"start": 15, "end": 19, "weight": 700}], "boxes": [{"width": 30, "height": 12}]}"#
        let path = try cli.temporaryFile("render-record-\(getpid()).json", Array((record + "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = ["--font-file", CLITests.noto, "--font-size", "16", "--width", "400"]
        let drawn = try cli.run(["render", "--record", path] + options)
        #expect(drawn.status == 0 && drawn.stderr.isEmpty)
        // One line; the box stands on the baseline, Noto Sans's 16 px ascender (the tallest
        // thing on the line) below the line's top.
        let ascender = 16 * Fixtures.notoSans.metrics.ascender
        #expect(drawn.stdout.components(separatedBy: "<g class=\"line\" ").count - 1 == 1)
        #expect(drawn.stdout.contains(#"<rect class="inline-box" x=""#))
        let box = try #require(drawn.stdout.components(separatedBy: #"<rect class="inline-box" "#).last)
        let top = try #require(Double(box.components(separatedBy: #"y=""#)[1].prefix { $0 != "\"" }))
        #expect(abs(top - (ascender - 12)) <= 0.005)
        #expect(box.contains(#"width="30" height="12" data-index="0" data-offset="8" fill="none" stroke="#))
        #expect(drawn.stdout.contains(#"<g class="run" data-start="15" data-end="19" data-face="1" data-font="0""#))
        // The same record from stdin draws the same picture.
        let piped = try cli.run(["render", "--record", "-"] + options, stdin: record)
        #expect(piped.status == 0 && piped.stdout == drawn.stdout)
        // A record without runs or boxes draws as its text.
        let plain = try cli.run(["render", "--record", "-"] + options, stdin: #"{"text": "hello world"}"#)
        let text = try cli.run(["render", "--text", "hello world"] + options)
        #expect(plain.status == 0 && plain.stdout == text.stdout)
    }

    @Test func anInvalidRecordIsOneLineNamingTheFile() throws {
        let cli = CLITests()
        let options = ["--font-file", CLITests.noto, "--width", "100"]
        func render(_ record: String) throws -> CLITests.Run {
            let path = try cli.temporaryFile("render-bad-\(getpid()).json", Array(record.utf8))
            defer { try? FileManager.default.removeItem(atPath: path) }
            var result = try cli.run(["render", "--record", path] + options)
            result.stderr = result.stderr.replacingOccurrences(of: path, with: "FILE")
            return result
        }
        let outOfRange = try render(#"{"text": "ab", "runs": [{"start": 0, "end": 5, "weight": 700}]}"#)
        #expect(outOfRange.status == 65 && outOfRange.stdout.isEmpty)
        #expect(outOfRange.stderr == "autoheight: FILE: run 0: range 0..<5 outside the text's 2 UTF-16 units\n")
        let missingBox = try render(#"{"text": "a\uFFFC", "runs": []}"#)
        #expect(missingBox.status == 65)
        #expect(
            missingBox.stderr == "autoheight: FILE: boxes: 0 boxes for 1 U+FFFC characters in the text (one each)\n")
        let noText = try render(#"{"id": 7, "txt": "a"}"#)
        #expect(noText.status == 65 && noText.stderr == "autoheight: FILE: no \"text\" string\n")
        let notJSON = try render("{text: a}\n")
        #expect(notJSON.status == 65 && notJSON.stderr == "autoheight: FILE: not valid JSON\n")
        let empty = try render("\n")
        #expect(empty.status == 65)
        #expect(empty.stderr == "autoheight: FILE: no record (expected one JSON object with a \"text\" string)\n")
        let badKey = try cli.run(
            ["render", "--record", "-"] + options,
            stdin: #"{"text": "ab", "runs": [{"start": 0, "end": 1, "italic": true}]}"#)
        #expect(badKey.status == 65 && badKey.stderr.hasPrefix("autoheight: <stdin>: run 0: unknown key \"italic\""))
        #expect(badKey.stderr.split(separator: "\n").count == 1)
        // --record excludes a file and --text.
        for extra in [["--text", "hi"], ["notes.txt"]] {
            let both = try cli.run(["render", "--record", "-"] + options + extra)
            #expect(both.status == 64)
            #expect(
                both.stderr.hasPrefix("Error: --record draws the record's text: give no file and no --text with it\n"))
        }
        let missing = try cli.run(["render", "--record", "/nonexistent/record.json"] + options)
        #expect(missing.status == 66 && missing.stderr == "autoheight: /nonexistent/record.json: no such file\n")
    }
}
