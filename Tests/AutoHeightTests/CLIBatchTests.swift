import Foundation
import Testing

@testable import AutoHeight

/// `measure` over many records: `--jobs` (same bytes as one thread, in input order),
/// `--on-error`, the fixed shape of each output format, the progress bar.
@Suite struct CLIBatchTests {
    let cli = CLITests()
    /// 810 real messages in 13 scripts (`{"id", "text", …}` per line).
    let corpus = Fixtures.url("pango-agreement.jsonl").path
    let style = ["--font-size", "16", "--fallback", "none"]

    @Test func jobsGiveTheBytesOfOneThreadInInputOrder() throws {
        for format in ["jsonl", "json", "text", "table"] {
            let arguments = ["measure", "--jsonl-input", corpus, "--widths", "120,320", "-O", format] + style
            let one = try cli.run(arguments + ["--jobs", "1"])
            #expect(one.status == 0, "\(one.stderr)")
            #expect(one.stdout.split(separator: "\n").count > 810)
            for jobs in ["2", "3", "8"] {
                let many = try cli.run(arguments + ["--jobs", jobs])
                #expect(many.status == 0)
                #expect(many.stdout == one.stdout, "-O \(format) --jobs \(jobs)")
            }
        }
        let ranges = ["measure", "--jsonl-input", corpus, "--width", "200", "-O", "jsonl", "--line-ranges"] + style
        #expect(try cli.run(ranges + ["--jobs", "4"]).stdout == cli.run(ranges + ["--jobs", "1"]).stdout)
    }

    @Test func severalFilesAreMeasuredInParallelInArgumentOrder() throws {
        let texts = ["hello world foo bar baz", "회의는 내일 오후 3시로 옮겼어요.\n", "", "a\nb\nc", "x"]
        let files = try texts.enumerated().map { index, text in
            try cli.temporaryFile("many-\(index).txt", Array(text.utf8))
        }
        let arguments = ["measure"] + files + files + ["--widths", "200,480", "-O", "jsonl"] + style
        let one = try cli.run(arguments + ["--jobs", "1"])
        let two = try cli.run(arguments + ["--jobs", "2"])
        #expect(two.stdout == one.stdout)
        let inputs = one.stdout.split(separator: "\n").map { line in
            String(line.split(separator: ",")[0].dropFirst("{\"input\":\"".count).dropLast())
        }
        #expect(inputs == (files + files).flatMap { [$0, $0] })
    }

    @Test func badRecordsGetErrorObjectsWithOnErrorRecord() throws {
        let input = """
            {"id": "a", "text": "hello"}
            {oops
            {"id": 7}
            "bare"

            {"id": "b", "text": 5}
            {"id": "c", "text": "world"}

            """
        let result = try cli.run(
            ["measure", "--jsonl-input", "-", "--width", "1000", "-O", "jsonl", "--on-error", "record", "--jobs", "2"]
                + style, stdin: input)
        #expect(result.status == 65)
        #expect(result.stderr == "autoheight: 3 of 6 records failed; the first: <stdin>: line 2: not valid JSON\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("{\"id\":\"a\",\"width\":1000,\"lines\":1,"))
        #expect(lines[1] == "{\"id\":null,\"line\":2,\"error\":\"<stdin>: line 2: not valid JSON\"}")
        #expect(lines[2] == "{\"id\":7,\"line\":3,\"error\":\"<stdin>: line 3: no \\\"text\\\" string\"}")
        #expect(lines[3].hasPrefix("{\"id\":4,\"width\":1000,\"lines\":1,"))
        #expect(lines[4] == "{\"id\":\"b\",\"line\":6,\"error\":\"<stdin>: line 6: no \\\"text\\\" string\"}")
        #expect(lines[5].hasPrefix("{\"id\":\"c\",\"width\":1000,\"lines\":1,"))

        let text = try cli.run(
            ["measure", "--jsonl-input", "-", "--width", "1000", "--on-error", "record"] + style, stdin: "{oops\n")
        #expect(text.stdout == "error: <stdin>: line 1: not valid JSON\n")
        #expect(text.status == 65)
        let clean = try cli.run(
            ["measure", "--jsonl-input", "-", "--width", "1000", "--on-error", "record"] + style,
            stdin: "{\"text\": \"ok\"}\n")
        #expect(clean.status == 0)
        #expect(clean.stderr.isEmpty)
    }

    @Test func missingFilesGetErrorObjectsToo() throws {
        let result = try cli.run(
            ["measure", "/no/such/a.txt", "-", "--width", "1000", "-O", "json", "--on-error", "record"] + style,
            stdin: "hi")
        #expect(result.status == 66)
        #expect(result.stderr == "autoheight: 1 of 2 records failed; the first: /no/such/a.txt: no such file\n")
        #expect(
            result.stdout.hasPrefix("[\n  {\"input\":\"/no/such/a.txt\",\"error\":\"/no/such/a.txt: no such file\"},\n")
        )
        #expect(result.stdout.hasSuffix("\n]\n"))
    }

    /// A bad line far into the input, past many chunks measured in parallel: everything before it
    /// is written, nothing after it, whatever `--jobs`.
    @Test func onErrorStopWritesEveryRecordBeforeTheBadLine() throws {
        var lines = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert("{\"id\": \"broken\", \"txt\": \"typo\"}", at: 300)
        let path = try cli.temporaryFile("stop.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
        for jobs in ["1", "3"] {
            let result = try cli.run(
                ["measure", "--jsonl-input", path, "--width", "240", "-O", "jsonl", "--jobs", jobs] + style)
            #expect(result.status == 65)
            #expect(result.stderr == "autoheight: \(path): line 301: no \"text\" string\n")
            let written = result.stdout.split(separator: "\n")
            #expect(written.count == 300)
            #expect(written.last?.hasPrefix(#"{"id":"\#(idOf(lines[299]))","#) == true)
        }
        let json = try cli.run(["measure", "--jsonl-input", path, "--width", "240", "-O", "json"] + style)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 300)
    }

    private func idOf(_ line: String) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["id"] as? String ?? ""
    }

    @Test func eachFormatHasOneShape() throws {
        let one = ["measure", "--width", "1000", "--text", "hi", "--font-file", CLITests.noto]
        let json = try cli.run(one + ["-O", "json"])
        #expect(json.stdout.hasPrefix("[\n  {\"input\":\"<text>\",\"width\":1000,"))
        #expect(json.stdout.hasSuffix("}\n]\n"))
        let none = try cli.run(["measure", "--jsonl-input", "-", "--width", "100", "-O", "json"], stdin: "\n")
        #expect(none.stdout == "[]\n")
        let noLines = try cli.run(["measure", "--jsonl-input", "-", "--width", "100", "-O", "jsonl"], stdin: "")
        #expect(noLines.stdout == "")
        let widths = try cli.run(one + ["--widths", "100,200", "-O", "json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(widths.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["width"] as? Double } == [1000, 100, 200])
        let jsonl = try cli.run(one + ["--widths", "100,200", "-O", "jsonl"])
        #expect(
            jsonl.stdout.split(separator: "\n").map { $0.hasPrefix("{\"input\":\"<text>\",\"width\":") } == [
                true, true, true,
            ])
    }

    /// Columns are sized by the first 100 rows, then rows stream: a wider label later pushes its
    /// own row only.
    @Test func tableStreamsRowsSizedByTheFirstHundred() throws {
        let records = (1...101).map { index in
            "{\"id\": \"\(index == 101 ? "a-much-longer-label" : "r\(index)")\", \"text\": \"x\"}"
        }
        let result = try cli.run(
            ["measure", "--jsonl-input", "-", "--width", "100", "-O", "table", "--font-file", CLITests.noto]
                + style, stdin: records.joined(separator: "\n"))
        let rows = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == 104)
        #expect(rows[0] == "text  100 px: lines / height")
        #expect(rows[1] == "----  ----------------------")
        #expect(rows[2] == "r1" + String(repeating: " ", count: 18) + "1 / 21.8")
        #expect(rows[102] == "a-much-longer-label" + String(repeating: " ", count: 16) + "1 / 21.8")
        #expect(rows[103] == "")
    }

    @Test func jobsMustBePositive() throws {
        let result = try cli.run(["measure", "--text", "a", "--width", "10", "--jobs", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--jobs must be between 1 and 1024; got 0"))
    }

    /// Rich-text records: runs and boxes measured, bad ones an error naming the record and run.
    @Test func styledRecordsAreMeasuredAndBadRunsNamed() throws {
        let input = """
            {"id": "plain", "text": "Ship it now"}
            {"id": "bold", "text": "Ship it now", "runs": [{"start": 0, "end": 4, "weight": 700, "size": 24}]}
            {"id": "chip", "text": "Hi \u{FFFC}", "boxes": [{"width": 40, "height": 30}]}
            {"id": [1, 2], "text": "abc", "runs": [{"start": 2, "end": 9}]}
            {"id": "k", "text": "abc", "runs": [{"start": 0, "end": 1, "colour": "red"}]}
            {"id": "n", "text": "a\u{FFFC}", "boxes": []}

            """
        let result = try cli.run(
            [
                "measure", "--jsonl-input", "-", "--width", "1000", "-O", "jsonl", "--on-error", "record",
                "--profile", "web", "--line-height", "20",
            ] + style, stdin: input)
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("{\"id\":\"plain\",\"width\":1000,\"lines\":1,\"height\":20,"))
        #expect(lines[1].hasPrefix("{\"id\":\"bold\",\"width\":1000,\"lines\":1,\"height\":23,"))
        #expect(lines[2].hasPrefix("{\"id\":\"chip\",\"width\":1000,\"lines\":1,\"height\":34,"))
        #expect(
            lines[3]
                == "{\"id\":[1, 2],\"line\":4,\"error\":\"<stdin>: line 4: run 0: range 2..<9 outside the text's 3 UTF-16 units\"}"
        )
        #expect(
            lines[4]
                == "{\"id\":\"k\",\"line\":5,\"error\":\"<stdin>: line 5: run 0: unknown key \\\"colour\\\" (runs take start, end, family, weight, style, size, letterSpacing)\"}"
        )
        #expect(
            lines[5]
                == "{\"id\":\"n\",\"line\":6,\"error\":\"<stdin>: line 6: boxes: 0 boxes for 1 U+FFFC characters in the text (one each)\"}"
        )
        let stop = try cli.run(["measure", "--jsonl-input", "-", "--width", "1000"] + style, stdin: input)
        #expect(stop.status == 65)
        #expect(stop.stderr == "autoheight: <stdin>: line 4: run 0: range 2..<9 outside the text's 3 UTF-16 units\n")
    }

    /// `--ellipsis`: where a text clamped at `--max-lines` is cut, null when it fits.
    @Test func ellipsisSaysWhereAClampedTextIsCut() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let result = try cli.run(
            ["measure", "--text", text, "--widths", "120,2000", "--max-lines", "2", "--ellipsis", "-O", "jsonl"]
                + style)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("\"overflows\":true,\"ellipsisOffset\":19,\"ellipsisX\":75.44}"))
        #expect(lines[1].hasSuffix("\"overflows\":false,\"ellipsisOffset\":null,\"ellipsisX\":null}"))
        let plain = try cli.run(
            ["measure", "--text", text, "--width", "120", "--max-lines", "2", "--ellipsis"] + style)
        #expect(
            plain.stdout == "<text>: 6 lines, 130.8 px (visible 2 lines, 43.6 px, scrolls) [cut at 19, … at 75.4 px]\n")
        let missing = try cli.run(["measure", "--text", text, "--width", "120", "--ellipsis"] + style)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--ellipsis needs --max-lines"))
    }
}
