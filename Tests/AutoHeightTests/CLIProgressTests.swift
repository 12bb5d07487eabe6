import Foundation
import Testing

@testable import AutoHeight

/// The progress bar: drawn on stderr only when it is a terminal (checked through a
/// pseudo-terminal), erased at the end, forced with `--progress`, suppressed with `--no-progress`.
@Suite struct CLIProgressTests {
    let cli = CLITests()
    let arguments = [
        "measure", "--jsonl-input", Fixtures.url("pango-agreement.jsonl").path, "--widths", "120,320", "-O", "jsonl",
        "--font-size", "16", "--fallback", "none", "--jobs", "2",
    ]
    static let erase = "\r\u{1B}[K"

    /// Every drawing starts by erasing the line; the last thing written erases the bar.
    func expectBar(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(stderr.hasPrefix(Self.erase + "["), sourceLocation: sourceLocation)
        #expect(stderr.hasSuffix(Self.erase), sourceLocation: sourceLocation)
        #expect(!stderr.contains("\n"), sourceLocation: sourceLocation)
        let drawings = stderr.components(separatedBy: Self.erase).filter { !$0.isEmpty }
        #expect(!drawings.isEmpty, sourceLocation: sourceLocation)
        for drawing in drawings {
            // [####................] 20%  3,200 records  1,600 records/s  0:02 elapsed  ETA 0:08
            let pattern =
                #/\[[#.]{20}\] \d{1,3}%  [\d,]+ records  ([\d,]+ records/s  )?\d+:\d\d elapsed(  ETA \d+:\d\d)?/#
            #expect(drawing.wholeMatch(of: pattern) != nil, "\(drawing)", sourceLocation: sourceLocation)
        }
    }

    @Test func aTerminalGetsABarThatIsErasedAtTheEnd() throws {
        let quiet = try cli.run(arguments)
        #expect(quiet.status == 0)
        let shown = try PseudoTerminal.run(CLITests.executable, arguments)
        #expect(shown.status == 0)
        #expect(shown.stdout == quiet.stdout)
        expectBar(shown.terminal)
    }

    @Test func aPipeGetsNoBarUnlessAskedFor() throws {
        let piped = try cli.run(arguments)
        #expect(piped.stderr == "")
        let forced = try cli.run(arguments + ["--progress"])
        #expect(forced.stdout == piped.stdout)
        expectBar(forced.stderr)
    }

    @Test func noProgressKeepsTheTerminalClean() throws {
        let result = try PseudoTerminal.run(CLITests.executable, arguments + ["--no-progress"])
        #expect(result.status == 0)
        #expect(result.terminal == "")
        #expect(result.stdout.split(separator: "\n").count == 1620)
    }

    /// An error message after a bar starts on a clean line.
    @Test func theBarIsErasedBeforeAnError() throws {
        let path = try cli.temporaryFile("progress-bad.jsonl", Array("{\"text\": \"ok\"}\n{oops\n".utf8))
        let result = try PseudoTerminal.run(
            CLITests.executable, ["measure", "--jsonl-input", path, "--width", "100", "--fallback", "none"])
        #expect(result.status == 65)
        #expect(result.terminal.hasSuffix(Self.erase + "autoheight: \(path): line 2: not valid JSON\r\n"))
    }
}
