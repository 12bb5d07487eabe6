import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

/// Every limit and refusal: its status and its one-line message; the server stays healthy.
@Suite struct LimitTests {
    /// The message must be one line, and the server must still answer /healthz.
    func expectRefused(
        _ answer: HTTPAnswer, _ status: Int, _ message: String, server: ServerProcess,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.errorMessage == message, sourceLocation: sourceLocation)
        #expect(!(answer.errorMessage ?? "\n").contains("\n"), sourceLocation: sourceLocation)
        let health = try await server.request(.GET, "/healthz")
        #expect(health.status == 200, sourceLocation: sourceLocation)
    }

    @Test func malformedRequestsAre400WithOneLine() async throws {
        try await withServer(["--max-text-length", "100"]) { server in
            try await expectRefused(
                try await server.post("/v1/measure", "{\"text\": "), 400, "not valid JSON", server: server)
            try await expectRefused(
                try await server.post("/v1/measure", ""), 400,
                "empty body: expected a JSON object with a \"text\" string", server: server)
            try await expectRefused(
                try await server.post("/v1/measure", #"{"txt": "a", "widths": [10]}"#), 400,
                "no \"text\" string", server: server)
            try await expectRefused(
                try await server.post("/v1/measure", "[1]"), 400,
                "expected a JSON object with a \"text\" string", server: server)
            let invalidUTF8 = Array(#"{"text": "ab"#.utf8) + [0xC3, 0x28] + Array(#"", "widths": [10]}"#.utf8)
            try await expectRefused(
                try await server.request(.POST, "/v1/measure", body: invalidUTF8), 400,
                "invalid UTF-8 at byte offset 12", server: server)
            let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            try await expectRefused(try await server.post("/v1/measure", deep), 400, "not valid JSON", server: server)
            let deepStyle =
                #"{"text": "x", "widths": [10], "style": "# + String(repeating: #"{"a":"#, count: 10_000)
                + "1" + String(repeating: "}", count: 10_000) + "}"
            try await expectRefused(
                try await server.post("/v1/measure", deepStyle), 400, "not valid JSON", server: server)
            try await expectRefused(
                try await server.post("/v1/measure", #"{"text": "x"}"#), 400,
                "no widths: give \"widths\": [240, 320] (or widths=240,320 in the query)", server: server)
            let many = "[" + Array(repeating: "100", count: 10_000).joined(separator: ",") + "]"
            try await expectRefused(
                try await server.post("/v1/measure", #"{"text": "x", "widths": \#(many)}"#), 400,
                "too many widths: 10000 (at most 64)", server: server)
            try await expectRefused(
                try await server.post("/v1/measure", #"{"text": "x", "widths": [0]}"#), 400,
                "invalid width 0.0: must be finite, > 0 and ≤ 1000000000.0 px", server: server)
            try await expectRefused(
                try await server.post("/v1/measure", #"{"text": "x", "widths": ["a"]}"#), 400,
                "\"widths\" must be an array of numbers", server: server)
            try await expectRefused(
                try await server.post("/v1/measure?widths=1,x", #"{"text": "x"}"#), 400,
                "widths: 'x' is not a number", server: server)
            let long = String(repeating: "a", count: 101)
            try await expectRefused(
                try await server.post("/v1/measure", #"{"text": "\#(long)", "widths": [10]}"#), 400,
                "text too long: 101 UTF-16 units, over the limit of 100 (InputLimits.maximumTextLength)",
                server: server)
            let unknown = try await server.post("/v1/measure", "{}", checkContract: true)
            #expect(unknown.status == 400)
            let missing = try await server.request(.GET, "/nope")
            #expect(missing.status == 404)
            #expect(missing.errorMessage?.hasPrefix("no route GET /nope") == true)
        }
    }

    /// A bad option gives the message the shared options give everywhere (the CLI's sentence,
    /// naming the option as the request spelled it).
    @Test func badOptionsAre400WithTheOptionsMessage() async throws {
        try await withServer { server in
            let cases: [(String, String)] = [
                (
                    #"{"lineHeight": "tall"}"#,
                    "lineHeight must be metrics, normal, em, a px value (e.g. 24) or a multiple (e.g. 1.5x); got 'tall'"
                ),
                (#"{"whiteSpace": "pre"}"#, "whiteSpace must be one of pre-wrap, normal, break-spaces; got 'pre'"),
                (#"{"size": "big"}"#, "size must be a finite number; got 'big'"),
                (
                    #"{"font": "Noto Sans", "fontFile": "x.ttf"}"#,
                    "give either font (a family name) or fontFile (a path), not both"
                ),
                (#"{"minLines": 3, "maxLines": 2}"#, "minLines (3) is larger than maxLines (2)"),
                (
                    #"{"bogus": 1}"#,
                    "unknown style option 'bogus' (known: font-file, font, face, fallback-font, fallback, font-size, language, line-break, word-break, line-spacing, line-height, tab-width, tab-size, white-space, overflow-wrap, trailing-whitespace, profile, browser, min-lines, max-lines)"
                ),
                (#"{"language": "not a tag!"}"#, "invalid language tag \"not a tag!\": not well-formed BCP 47"),
                (#"{"font": "No Such Family Anywhere"}"#, ""),
                (#"{"size": {"a": 1}}"#, "style option 'size' must be a string or a number"),
                (#"[1]"#, "\"style\" must be a JSON object of style options"),
            ]
            for (style, message) in cases {
                let answer = try await server.post("/v1/measure", #"{"text": "x", "widths": [10], "style": \#(style)}"#)
                #expect(answer.status == 400, "\(style): \(answer.text)")
                if message.isEmpty {
                    #expect(answer.errorMessage?.hasPrefix("no font \"No Such Family Anywhere\" installed") == true)
                } else {
                    #expect(answer.errorMessage == message, "\(style)")
                }
            }
            // The same refusals in the query are the whole batch's 400.
            let batch = try await server.post("/v1/measure/batch?widths=10&lineHeight=tall", "\"x\"\n")
            #expect(batch.status == 400)
            #expect(batch.errorMessage?.hasPrefix("lineHeight must be metrics") == true)
            let unknown = try await server.post("/v1/measure/batch?widths=10&colour=red", "\"x\"\n")
            #expect(unknown.status == 400)
            #expect(unknown.errorMessage?.hasPrefix("unknown option 'colour' (known: widths, lineRanges") == true)
        }
    }

    @Test func bodiesOverTheLimitAre413() async throws {
        try await withServer(["--max-body-bytes", "1000", "--max-batch-bytes", "5000"]) { server in
            let big = #"{"text": "\#(String(repeating: "a", count: 2000))", "widths": [10]}"#
            try await expectRefused(
                try await server.post("/v1/measure", big), 413,
                "request body larger than 1000 bytes (--max-body-bytes)", server: server)
            // Without a Content-Length (chunked), counted as it arrives.
            var request = HTTPClientRequest(url: server.baseURL + "/v1/measure")
            request.method = .POST
            let parts = AsyncStream<ByteBuffer> { continuation in
                for _ in 0..<5 { continuation.yield(ByteBuffer(string: String(repeating: " ", count: 400))) }
                continuation.finish()
            }
            request.body = .stream(parts, length: .unknown)
            let chunked = try await server.send(request, method: .POST, path: "/v1/measure")
            try await expectRefused(
                chunked, 413, "request body larger than 1000 bytes (--max-body-bytes)", server: server)
            let batch = String(repeating: "\"hello\"\n", count: 1000)
            try await expectRefused(
                try await server.post("/v1/measure/batch?widths=10", batch), 413,
                "request body larger than 5000 bytes (--max-batch-bytes)", server: server)
            // A batch line longer than --max-body-bytes is that record's error.
            let lines =
                #"{"id": 1, "text": "ok"}"# + "\n" + #"{"id": 2, "text": "\#(String(repeating: "b", count: 1500))"}"#
                + "\n\"end\"\n"
            let answer = try await server.post("/v1/measure/batch?widths=10", lines)
            let out = answer.text.split(separator: "\n")
            #expect(out.count == 3)
            #expect(
                out[1]
                    == #"{"id":null,"line":2,"error":"<stdin>: line 2: line longer than 1000 bytes (--max-body-bytes)"}"#
            )
        }
    }

    /// A 100 MB body is refused from its Content-Length, before it is read.
    @Test func hundredMegabyteBodyIsRefused() async throws {
        try await withServer { server in
            var request = HTTPClientRequest(url: server.baseURL + "/v1/measure")
            request.method = .POST
            let size = 100 << 20
            let parts = AsyncStream<ByteBuffer> { continuation in
                let piece = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)
                for _ in 0..<100 { continuation.yield(piece) }
                continuation.finish()
            }
            request.body = .stream(parts, length: .known(Int64(size)))
            let answer: HTTPAnswer
            do {
                answer = try await server.send(request, method: .POST, path: "/v1/measure")
            } catch {
                // The server may close the connection while the client is still sending.
                let health = try await server.request(.GET, "/healthz")
                #expect(health.status == 200)
                return
            }
            try await expectRefused(
                answer, 413, "request body larger than 1048576 bytes (--max-body-bytes)", server: server)
        }
    }

    /// Past --max-in-flight measuring requests: 503 with Retry-After; /healthz still answers.
    @Test func saturatedServerAnswers503WithRetryAfter() async throws {
        try await withServer(["--max-in-flight", "1"]) { server in
            let (parts, sink) = AsyncStream<ByteBuffer>.makeStream()
            var held = HTTPClientRequest(url: server.baseURL + "/v1/measure/batch?widths=100")
            held.method = .POST
            held.body = .stream(parts, length: .unknown)
            sink.yield(ByteBuffer(string: "\"first\"\n"))
            let response = try await HTTPClient.shared.execute(held, timeout: .seconds(60))
            var body = response.body.makeAsyncIterator()
            let first = try await body.next()
            #expect(first.map { String(buffer: $0) }?.hasPrefix("{\"id\":1,") == true)
            // The batch holds the only place.
            let refused = try await server.post("/v1/measure", #"{"text": "x", "widths": [10]}"#)
            #expect(refused.status == 503)
            #expect(refused.headers.first(name: "retry-after") == "1")
            #expect(refused.errorMessage == "too many requests in flight (1, --max-in-flight); retry after 1 s")
            #expect(try await server.request(.GET, "/healthz").status == 200)
            sink.finish()
            while try await body.next() != nil {}
            let after = try await server.post("/v1/measure", #"{"text": "x", "widths": [10]}"#)
            #expect(after.status == 200)
        }
    }

    /// A body that does not arrive within --request-timeout: 408.
    @Test func slowBodyTimesOut() async throws {
        try await withServer(["--request-timeout", "0.5"]) { server in
            var request = HTTPClientRequest(url: server.baseURL + "/v1/measure")
            request.method = .POST
            let parts = AsyncStream<ByteBuffer> { continuation in
                Task {
                    for byte in #"{"text": "slow", "widths": [10]}"#.utf8 {
                        continuation.yield(ByteBuffer(bytes: [byte]))
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                    continuation.finish()
                }
            }
            request.body = .stream(parts, length: .unknown)
            let answer: HTTPAnswer
            do {
                answer = try await server.send(request, method: .POST, path: "/v1/measure")
            } catch {
                Issue.record("no answer to a slow body: \(error)")
                return
            }
            try await expectRefused(
                answer, 408, "request not complete within 0.5 s (--request-timeout)", server: server)
        }
    }
}
