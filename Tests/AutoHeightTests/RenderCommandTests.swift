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
}
