import Foundation
import Testing

@testable import AutoHeight

/// The CLI under hostile and unlucky input (issue 10, item 6, and issue 15's negative numbers):
/// each case a one-line error naming the problem and a sysexits status, never a misleading
/// message or a silently repaired input.
@Suite struct HostileCLITests {
    let cli = CLITests()
    static let noto = CLITests.noto

    func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }

    /// Negative numbers parse as numbers and are then refused for what they are (argument-parser
    /// took `-3` for an option and said "Missing value for '--width <px>'").
    @Test(arguments: [
        (["--width", "-3"], "invalid width -3.0: must be finite, > 0 and ≤ 1000000000.0 px"),
        (["--width", "100", "--min-lines", "-1"], "--min-lines must be ≥ 0"),
        (["--width", "100", "--max-lines", "-2"], "--max-lines must be ≥ 1"),
        (["--widths", "-5,100"], "invalid width -5.0: must be finite, > 0 and ≤ 1000000000.0 px"),
    ])
    func negativeNumbersAreRefusedClearly(arguments: [String], message: String) throws {
        let result = try cli.run(["measure", "--text", "a"] + arguments)
        #expect(result.status == 64)
        #expect(firstLine(result.stderr) == "Error: \(message)", "\(result.stderr)")
    }

    @Test(arguments: [
        (["--width", "100", "--font-size", "-3"], "invalid font size -3.0: must be finite, ≥ 0.01 and ≤ 10000 px"),
        (
            ["--width", "100", "--font-size", "5e-324"],
            "invalid font size 5e-324: must be finite, ≥ 0.01 and ≤ 10000 px"
        ),
        (["--width", "100", "--tab-width", "1000000"], "invalid tab width 1000000: must be 1...1000 spaces"),
        (["--width", "100", "--tab-width", "-1"], "invalid tab width -1: must be 1...1000 spaces"),
        (["--width", "100", "--line-spacing", "-2"], "invalid line spacing -2.0: must be finite and ≥ 0"),
    ])
    func styleNumbersAreRefusedClearly(arguments: [String], message: String) throws {
        let result = try cli.run(["measure", "--text", "a", "--font-file", Self.noto] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "autoheight: \(message)\n")
    }

    /// `--face=-1` said "has 0 faces (0...-1)".
    @Test func negativeFaceIndexNamesTheFacesThereAre() throws {
        for face in [["--face=-1"], ["--face", "-1"], ["--face", "7"]] {
            let result = try cli.run(["measure", "--text", "a", "--width", "100", "--font-file", Self.noto] + face)
            let index = face.count == 2 ? face[1] : "-1"
            #expect(result.status == 65)
            #expect(
                result.stderr == "autoheight: face index \(index) out of range: \(Self.noto) has 1 face (0...0)\n")
        }
    }

    /// Invalid UTF-8 in `--text` was repaired to U+FFFD and measured; the same bytes in a file
    /// exit 65. Now `--text` exits 65 too, naming the byte offset.
    @Test func invalidUTF8InTextOptionExits65() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // printf writes the raw bytes: "a", 0xFF, "b"; the shell passes them through unchanged.
        shell.arguments = [
            "-c", #"exec "$0" measure --width 100 --text "$(printf 'a\377b')""#, CLITests.executable.path,
        ]
        let errors = Pipe()
        shell.standardError = errors
        shell.standardOutput = Pipe()
        try shell.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 65)
        #expect(stderr == "autoheight: --text: invalid UTF-8 at byte offset 1\n")
        let valid = try cli.run(["measure", "--width", "100", "--font-file", Self.noto, "--text=été"])
        #expect(valid.status == 0)
    }

    /// A JSONL id `true` was echoed as `1` (Foundation's boolean NSNumber).
    @Test func booleanJSONLIdsAreEchoedAsBooleans() throws {
        let input = """
            {"id": true, "text": "a"}
            {"id": false, "text": "b"}
            {"id": 1, "text": "c"}
            {"id": 0, "text": "d"}
            {"id": 2.5, "text": "e"}

            """
        let result = try cli.run(
            ["measure", "--jsonl-input", "-", "--font-file", Self.noto, "--width", "100", "-O", "jsonl"], stdin: input)
        #expect(result.status == 0)
        let ids = result.stdout.split(separator: "\n").map { line in
            String(line.split(separator: ",").first ?? "")
        }
        #expect(ids == [#"{"id":true"#, #"{"id":false"#, #"{"id":1"#, #"{"id":0"#, #"{"id":2.5"#])
    }

    /// FreeType errors were shown with a wrong name (0x51 as "table missing") or as bare hex.
    @Test func freeTypeErrorsHaveFreeTypesNames() {
        #expect(FreeTypeErrorNames.name(of: 0x51) == "cannot open stream")
        #expect(FreeTypeErrorNames.name(of: 0x8E) == "SFNT font table missing")
        #expect(FreeTypeErrorNames.name(of: 0x03) == "broken file")
        #expect(FreeTypeErrorNames.name(of: 0x4F) == nil)
        #expect(FreeTypeFace.Failure(code: 0x51).description == "cannot open stream (FreeType error 0x51)")
        #expect(FreeTypeFace.Failure(code: 0x4F).description == "FreeType error 0x4f")
    }
}
