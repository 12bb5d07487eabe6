import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

/// Both endpoints answer exactly what `autoheight measure --jsonl-input - -O jsonl` writes.
@Suite struct EndpointTests {
    static let widths = "120,240,360,480"

    @Test func batchEqualsTheCLIOnTheCorpus() async throws {
        let input = corpusLines.joined(separator: "\n") + "\n"
        #expect(corpusLines.count == 5062)
        let expected = try CLI.run(
            ["measure", "--jsonl-input", "-", "--widths", Self.widths, "-O", "jsonl"], stdin: Array(input.utf8))
        #expect(expected.split(separator: "\n").count == 5062 * 4)
        try await withServer { server in
            let answer = try await server.post("/v1/measure/batch?widths=\(Self.widths)", input)
            #expect(answer.status == 200)
            #expect(answer.headers.first(name: "content-type") == "application/x-ndjson")
            #expect(answer.text == expected)
        }
    }

    @Test func measureEqualsTheCLIOnTheCorpus() async throws {
        let input = corpusLines.joined(separator: "\n") + "\n"
        let expected = try CLI.run(
            ["measure", "--jsonl-input", "-", "--widths", Self.widths, "-O", "jsonl"], stdin: Array(input.utf8))
        let expectedLines = expected.split(separator: "\n").map(String.init)
        let widths = Self.widths.split(separator: ",").joined(separator: ",")
        try await withServer { server in
            // Each record as its own request, the widths in the body, eight at a time.
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                var results = [String](repeating: "", count: corpusLines.count)
                var next = 0
                func add(_ group: inout ThrowingTaskGroup<(Int, String), any Error>, _ index: Int) {
                    let line = corpusLines[index]
                    let body = String(line.dropLast()) + ",\"widths\":[\(widths)]}"
                    group.addTask {
                        let answer = try await server.post("/v1/measure", body)
                        guard answer.status == 200 else {
                            throw HarnessError("\(index): \(answer.status) \(answer.text)")
                        }
                        return (index, answer.text)
                    }
                }
                while next < min(8, corpusLines.count) {
                    add(&group, next)
                    next += 1
                }
                while let (index, text) = try await group.next() {
                    results[index] = text
                    if next < corpusLines.count {
                        add(&group, next)
                        next += 1
                    }
                }
                return results
            }
            for (index, answer) in answers.enumerated() {
                let objects = expectedLines[(index * 4)..<(index * 4 + 4)]
                #expect(answer == "[" + objects.joined(separator: ",") + "]\n", "record \(index + 1)")
            }
        }
    }

    /// A record's id comes back exactly as written, whatever JSON value it is, through both
    /// endpoints and the CLI alike.
    @Test func idsOfEveryJSONTypeComeBackAsSent() async throws {
        let ids = [
            #""plain""#, #""with \"quotes\", é and \n""#, "7", "-12.5", "1e2", "0", "true", "false", "null",
            #"{"a": [1, {"b": null}], "c": "d"}"#, #"[1, "two", [3]]"#, "[]", "{}",
        ]
        let lines =
            ids.map { #"{"id": \#($0), "text": "hello world"}"# } + [#"{"text": "no id"}"#, #""a bare string""#]
        let input = lines.joined(separator: "\n") + "\n"
        let expected = try CLI.run(
            ["measure", "--jsonl-input", "-", "--widths", "50,200", "-O", "jsonl"], stdin: Array(input.utf8))
        let expectedLines = expected.split(separator: "\n").map(String.init)
        #expect(expectedLines.count == lines.count * 2)
        // The CLI itself echoes number, object and array ids as written.
        #expect(expectedLines[6].hasPrefix(#"{"id":-12.5,"#))
        #expect(expectedLines[8].hasPrefix(#"{"id":1e2,"#))
        #expect(expectedLines[18].hasPrefix(#"{"id":{"a": [1, {"b": null}], "c": "d"},"#))
        try await withServer { server in
            let batch = try await server.post("/v1/measure/batch?widths=50,200", input)
            #expect(batch.text == expected)
            for (index, line) in lines.enumerated() where line.hasPrefix("{") {
                let body = String(line.dropLast()) + #", "widths": [50, 200]}"#
                let answer = try await server.post("/v1/measure", body)
                #expect(answer.text == "[" + expectedLines[index * 2] + "," + expectedLines[index * 2 + 1] + "]\n")
            }
        }
    }

    /// Rich-text records (runs and boxes) give the CLI's bytes through both endpoints; a bad run
    /// is a 400 with the CLI's message on `/v1/measure` and an error record in a batch.
    @Test func styledRecordsAreTheCLIs() async throws {
        let lines = [
            #"{"id": "s", "text": "Ship it ￼ tonight", "runs": [{"start": 0, "end": 7, "weight": 700, "size": 24}], "boxes": [{"width": 20, "height": 30}]}"#,
            #"{"id": "bad", "text": "abc", "runs": [{"start": 2, "end": 9}]}"#,
        ]
        let input = lines.joined(separator: "\n") + "\n"
        let expected = try CLI.run(
            ["measure", "--jsonl-input", "-", "--widths", "60,400", "-O", "jsonl", "--on-error", "record"],
            stdin: Array(input.utf8))
        let expectedLines = expected.split(separator: "\n").map(String.init)
        #expect(expectedLines.count == 3)
        #expect(
            expectedLines[2]
                == #"{"id":"bad","line":2,"error":"<stdin>: line 2: run 0: range 2..<9 outside the text's 3 UTF-16 units"}"#
        )
        try await withServer { server in
            let batch = try await server.post("/v1/measure/batch?widths=60,400", input)
            #expect(batch.text == expected)
            let answer = try await server.post("/v1/measure", String(lines[0].dropLast()) + #", "widths": [60, 400]}"#)
            #expect(answer.text == "[" + expectedLines[0] + "," + expectedLines[1] + "]\n")
            let bad = try await server.post("/v1/measure", String(lines[1].dropLast()) + #", "widths": [60]}"#)
            #expect(bad.status == 400)
            #expect(bad.text.contains("run 0: range 2..<9 outside the text's 3 UTF-16 units"))
        }
    }

    /// Bad lines in a batch become the CLI's error entries (`--on-error record`), in place.
    @Test func batchErrorsAreTheCLIsErrorRecords() async throws {
        var input: [UInt8] = []
        for line in [
            #"{"id": "a", "text": "fine"}"#, "not json", #"{"id": 7, "txt": "no text"}"#, "", "   ",
            #"[1, 2]"#, #"{"id": {"k": 1}, "text": 5}"#, #""bare""#,
        ] {
            input += Array(line.utf8) + [0x0A]
        }
        input += Array(#"{"id": "utf8", "text": ""#.utf8) + [0xFF, 0xFE] + Array("\"}\n".utf8)
        input += Array(#"{"id": "last", "text": "no newline at the end"}"#.utf8)
        let expected = try CLI.run(
            ["measure", "--jsonl-input", "-", "--widths", "100", "-O", "jsonl", "--on-error", "record"], stdin: input)
        #expect(expected.contains(#"{"id":null,"line":2,"error":"<stdin>: line 2: not valid JSON"}"#))
        try await withServer { server in
            let answer = try await server.request(.POST, "/v1/measure/batch?widths=100", body: input)
            #expect(answer.status == 200)
            #expect(answer.text == expected)
        }
    }

    /// The query's style applies to every record; a record's own style and widths override it
    /// key by key, giving what the CLI gives with those options.
    @Test func recordStyleAndWidthsOverrideTheQuery() async throws {
        let text = "Prepared text keeps its shaping, so every width after the first is cheap."
        let records = [
            #"{"id": 1, "text": "\#(text)"}"#,
            #"{"id": 2, "text": "\#(text)", "style": {"size": 20, "lineHeight": "1.5x"}}"#,
            #"{"id": 3, "text": "\#(text)", "widths": [100], "style": {"minLines": 2, "maxLines": 3}}"#,
        ]
        let input = records.joined(separator: "\n") + "\n"
        func cli(_ options: [String], widths: String, line: String) throws -> String {
            try CLI.run(
                ["measure", "--jsonl-input", "-", "--widths", widths, "-O", "jsonl", "--line-spacing", "2"] + options,
                stdin: Array((line + "\n").utf8))
        }
        let expected =
            try cli(["--font-size", "16"], widths: "200,300", line: records[0])
            + cli(["--font-size", "20", "--line-height", "1.5x"], widths: "200,300", line: records[1])
            + cli(["--font-size", "16", "--min-lines", "2", "--max-lines", "3"], widths: "100", line: records[2])
        try await withServer { server in
            let answer = try await server.post("/v1/measure/batch?size=16&lineSpacing=2&widths=200,300", input)
            #expect(answer.text == expected)
            // The same through /v1/measure, the query's style under the body's.
            let one = try await server.post("/v1/measure?size=16&lineSpacing=2&widths=200,300", records[1])
            let lines = expected.split(separator: "\n")
            #expect(one.text == "[\(lines[2]),\(lines[3])]\n")
        }
    }

    @Test func lineRangesAndHealthAndMetrics() async throws {
        let expected = try CLI.run(
            ["measure", "--jsonl-input", "-", "--widths", "60", "-O", "jsonl", "--line-ranges"],
            stdin: Array(#"{"id": "r", "text": "hello world again"}"#.utf8))
        try await withServer { server in
            let answer = try await server.post(
                "/v1/measure?lineRanges=true", #"{"id": "r", "text": "hello world again", "widths": [60]}"#)
            #expect(answer.text == "[" + expected.dropLast() + "]\n")
            let health = try await server.request(.GET, "/healthz")
            #expect(health.status == 200 && health.text == "{\"status\":\"ok\"}\n")
            _ = try await server.post("/v1/measure", #"{"text": "x", "widths": [10], "style": {"size": 16}}"#)
            _ = try await server.post("/v1/measure", #"{"text": "y", "widths": [10], "style": {"fontSize": "16"}}"#)
            _ = try await server.post("/v1/measure", #"{"text": "z"}"#)
            let metrics = try await server.request(.GET, "/metrics")
            #expect(metrics.status == 200)
            for series in [
                #"autoheight_http_requests_total{route="/v1/measure",status="200"} 3"#,
                #"autoheight_http_requests_total{route="/v1/measure",status="400"} 1"#,
                #"autoheight_http_requests_total{route="/healthz",status="200"} 1"#,
                #"autoheight_http_request_duration_seconds_count{route="/v1/measure",status="200"} 3"#,
                "autoheight_measures_total 3",
                // Three styles asked for, two of them the same settings in two spellings.
                "autoheight_style_cache_hits_total 1", "autoheight_style_cache_misses_total 2",
                "autoheight_style_cache_hit_ratio 0.3333333333333333", "autoheight_style_cache_styles 2.0",
            ] {
                #expect(metrics.text.contains(series), "\(series) not in /metrics")
            }
        }
    }

    /// `browser` (the CLI's `--browser`): the same answers as the CLI for each engine, and the
    /// CLI's message as a 400 when the profile is not `web`.
    @Test func browserOptionIsTheCLIs() async throws {
        try await withServer { server in
            for browser in ["chromium", "firefox", "webkit"] {
                let expected = try CLI.run(
                    [
                        "measure", "--jsonl-input", "-", "--widths", "60", "--font-size", "16", "--profile", "web",
                        "--browser", browser, "-O", "jsonl", "--line-ranges",
                    ],
                    stdin: Array(#"{"id": 1, "text": "read/writes"}"#.utf8))
                let answer = try await server.post(
                    "/v1/measure?lineRanges=true",
                    #"{"id": 1, "text": "read/writes", "widths": [60], "style": {"size": 16, "profile": "web", "browser": "\#(browser)"}}"#
                )
                #expect(answer.text == "[" + expected.dropLast() + "]\n")
                #expect(answer.text.contains(browser == "firefox" ? "[[0,5],[5,11]]" : "[[0,7],[7,11]]"))
            }
            let refused = try await server.post(
                "/v1/measure", #"{"text": "x", "widths": [10], "style": {"browser": "firefox"}}"#)
            #expect(refused.status == 400)
            #expect(refused.text.contains("browser firefox applies to profile web only; add profile web"))
        }
    }
}
