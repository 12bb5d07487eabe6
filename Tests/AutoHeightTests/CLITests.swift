import Foundation
import Testing

@testable import AutoHeight
@testable import AutoHeightCLI
import AutoHeightRecords

/// The `autoheight` CLI's contract: spellings, output formats, exit statuses, error lines.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let executable: URL = {
        // The test bundle's resources sit beside the built products (.build/<config>/).
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("autoheight")
    }()

    static let noto = BundledFonts.path(of: "NotoSans-Regular.ttf")

    func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("autoheight-cli-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func textOutputIsOneHumanLinePerInput() throws {
        let result = try run([
            "measure", "--font-file", Self.noto, "--font-size", "16", "--width", "100", "--text",
            "hello world foo bar baz",
        ])
        #expect(result.status == 0)
        #expect(result.stdout == "<text>: 2 lines, 43.6 px\n")
        let widths = try run([
            "measure", "--font-file", Self.noto, "--font-size", "16", "--widths", "100,1000", "--text",
            "hello world foo bar baz",
        ])
        #expect(widths.stdout == "<text> @ 100.0 px: 2 lines, 43.6 px\n<text> @ 1000.0 px: 1 line, 21.8 px\n")
    }

    @Test func measureIsTheDefaultSubcommandAndReadsStdin() throws {
        let result = try run(
            ["--font-file", Self.noto, "--font-size", "16", "--width", "100", "-O", "json"], stdin: "abc\n")
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "[\n  {\"input\":\"<stdin>\",\"width\":100,\"lines\":2,\"height\":43.583999999999996,\"maxLineWidth\":26.496000000000002,\"missingGlyphs\":0}\n]\n"
        )
    }

    @Test func jsonHasLimitsAndUTF16LineRanges() throws {
        let result = try run([
            "measure", "--font-file", Self.noto, "--font-size", "16", "--width", "100", "--max-lines", "1",
            "--line-height", "em",
            "--line-spacing", "2", "-O", "json", "--line-ranges", "--text", "hello world foo bar baz",
        ])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        let object = try #require(array.first)
        #expect(object["lines"] as? Int == 2)
        #expect(object["height"] as? Double == 34)
        #expect(object["visibleLines"] as? Int == 1)
        #expect(object["visibleHeight"] as? Double == 16)
        #expect(object["overflows"] as? Bool == true)
        #expect(object["lineRanges"] as? [[Int]] == [[0, 12], [12, 23]])
        #expect(object["width"] as? Double == 100)
    }

    @Test func jsonlInputStreamsOneLinePerTextPerWidthInOrder() throws {
        let input = """
            {"id": "a", "lang": "en", "text": "hello world foo bar baz"}

            {"id": 7, "text": ""}
            {"text": "x\\ny"}

            """
        let result = try run(
            [
                "measure", "--font-file", Self.noto, "--font-size", "16", "--widths", "100,1000", "--jsonl-input", "-",
                "-O", "jsonl",
            ], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("{\"id\":\"a\",\"width\":100,\"lines\":2,"))
        #expect(lines[1].hasPrefix("{\"id\":\"a\",\"width\":1000,\"lines\":1,"))
        #expect(lines[2].hasPrefix("{\"id\":7,\"width\":100,\"lines\":1,"))
        #expect(lines[4].hasPrefix("{\"id\":null,\"width\":100,\"lines\":2,"))
    }

    /// An id that is a number, an object or an array comes back exactly as it was written (key
    /// order, spacing, escapes, the number's spelling), in JSON output and in text output.
    @Test func objectAndArrayIdsComeBackAsWritten() throws {
        let input = """
            {"id": {"b": [1, "x}"], "a": 2}, "text": "hi"}
            {"text": "yo", "id":[1,{"k":"v\\"]"}]}
            {"id": true, "text": "t"}
            {"id": 1.50, "text": "n"}
            {"id": 1, "id": 2E+1, "text": "last id wins"}

            """
        let result = try run(
            ["measure", "--font-file", Self.noto, "--width", "100", "--jsonl-input", "-", "-O", "jsonl"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix(#"{"id":{"b": [1, "x}"], "a": 2},"width":100,"lines":1,"#))
        #expect(lines[1].hasPrefix(#"{"id":[1,{"k":"v\"]"}],"width":100,"#))
        #expect(lines[2].hasPrefix(#"{"id":true,"width":100,"#))
        #expect(lines[3].hasPrefix(#"{"id":1.50,"width":100,"#))
        #expect(lines[4].hasPrefix(#"{"id":2E+1,"width":100,"#))
        let text = try run(["measure", "--font-file", Self.noto, "--width", "100", "--jsonl-input", "-"], stdin: input)
        #expect(text.stdout.hasPrefix(#"{"b": [1, "x}"], "a": 2}: 1 line, "#))
        #expect(JSONMember.rawValue(named: "id", in: Array(#"{"idx": 1, "id" : [ 2 ] }"#.utf8)) == "[ 2 ]")
        #expect(JSONMember.rawValue(named: "id", in: Array(#"{"text": "no id"}"#.utf8)) == nil)
    }

    @Test func invalidUTF8NamesTheFileAndByteOffset() throws {
        let path = try temporaryFile("bad.txt", [0x61, 0x62, 0x63, 0xC3, 0x28, 0x64])
        let result = try run(["measure", path, "--width", "100"])
        #expect(result.status == 65)
        #expect(result.stderr == "autoheight: \(path): invalid UTF-8 at byte offset 3\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func badJSONLineNamesTheLine() throws {
        let result = try run(["measure", "--jsonl-input", "-", "--width", "100"], stdin: "{\"text\": \"ok\"}\n{oops\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasSuffix("autoheight: <stdin>: line 2: not valid JSON\n"))
        let noText = try run(["measure", "--jsonl-input", "-", "--width", "100"], stdin: "{\"id\": 1}\n")
        #expect(noText.stderr == "autoheight: <stdin>: line 1: no \"text\" string\n")
    }

    @Test func missingFileAndFontExit66NamingThePath() throws {
        let file = try run(["measure", "/no/such/notes.txt", "--width", "100"])
        #expect(file.status == 66)
        #expect(file.stderr == "autoheight: /no/such/notes.txt: no such file\n")
        let font = try run(["measure", "--font-file", "/no/such/font.ttf", "--text", "a", "--width", "100"])
        #expect(font.status == 66)
        #expect(font.stderr == "autoheight: font file not found: /no/such/font.ttf\n")
    }

    @Test func corruptFontExit65WithFreeTypesError() throws {
        let path = try temporaryFile("corrupt.ttf", Array(repeating: 0x78, count: 2000))
        let result = try run(["measure", "--font-file", path, "--text", "a", "--width", "100"])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "autoheight: not a font file: \(path) (FreeType: unknown file format (FreeType error 0x2))\n")
    }

    @Test func badOptionsExit64WithUsage() throws {
        for arguments in [
            ["measure", "--text", "a"], ["measure", "--text", "a", "--width", "0"],
            ["measure", "--text", "a", "--widths", "10,x"],
            ["measure", "--text", "a", "--width", "10", "--line-height", "tall"],
            ["measure", "--text", "a", "--width", "10", "--min-lines", "3", "--max-lines", "2"],
            ["measure", "--text", "a", "--width", "10", "-O", "xml"],
            ["measure", "--text", "a", "--width", "10", "--font-size", "-3"],
        ] {
            let result = try run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("autoheight"), "\(arguments)")
        }
        let language = try run(["measure", "--text", "a", "--width", "10", "--language", "not a tag!"])
        #expect(language.status == 64)
        #expect(language.stderr == "autoheight: invalid language tag \"not a tag!\": not well-formed BCP 47\n")
    }

    /// `--browser` chooses whose textarea the web profile reproduces; elsewhere it is an error,
    /// not a silent no-op.
    @Test func browserNeedsTheWebProfile() throws {
        let editor = try run(["measure", "--text", "read/writes", "--width", "40", "--browser", "firefox"])
        #expect(editor.status == 64)
        #expect(editor.stderr.contains("--browser firefox applies to --profile web only; add --profile web"))
        let unknown = try run(["measure", "--text", "a", "--width", "40", "--profile", "web", "--browser", "lynx"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("lynx"))
        // `read/writes` at 60 px, 16 px: Chromium keeps the word whole (split by overflow-wrap),
        // Firefox breaks after the slash.
        var ranges: [String: String] = [:]
        for browser in ["chromium", "firefox", "webkit"] {
            let result = try run([
                "measure", "--text", "read/writes", "--width", "60", "--font-size", "16", "--profile", "web",
                "--browser", browser,
                "--font-file", BundledFonts.path(of: "NotoSans-Regular.ttf"), "--fallback", "none", "--line-ranges",
                "-O", "jsonl",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            ranges[browser] = result.stdout
        }
        #expect(ranges["firefox"]!.contains("\"lineRanges\":[[0,5],[5,11]]"))
        #expect(ranges["chromium"]!.contains("\"lineRanges\":[[0,7],[7,11]]"))
        #expect(ranges["webkit"] == ranges["chromium"])
    }

    @Test func helpDocumentsTheOutputFormat() throws {
        let result = try run(["measure", "--help"])
        #expect(result.status == 0)
        for phrase in [
            "--font-file", "--font-size", "--text", "--jsonl-input", "-O, --output-format", "maxLineWidth",
            "lineRanges", "UTF-16", "Exit status",
        ] {
            #expect(result.stdout.contains(phrase), "help lacks \(phrase)")
        }
    }

    @Test func tableFormatHasOneColumnPerWidth() throws {
        let result = try run([
            "measure", "--font-file", Self.noto, "--font-size", "16", "--widths", "100,1000", "-O", "table", "--text",
            "hello world foo bar baz",
        ])
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(result.stdout.contains("2 / 43.6"))
        #expect(result.stdout.contains("1 / 21.8"))
    }
}
