import Foundation
import Testing

@testable import AutoHeightServer

/// The playground (`GET /`), the chat thread (`GET /chat`), their files (`GET /assets/NAME`),
/// the bundled fonts as web fonts (`GET /fonts/NAME`, a fixed allow-list), and the style option
/// `bundledFont` the pages measure with. The browser side is scripts/playground-test.py
/// (`make test-playground`).
@Suite struct PlaygroundTests {
    static let bundledFonts = [
        "NotoSans-Regular.ttf", "NanumGothic.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
    ]

    @Test func pagesAndTheirFilesAreServed() async throws {
        try await withServer { server in
            let page = try await server.request(.GET, "/")
            #expect(page.status == 200)
            #expect(page.headers.first(name: "content-type") == "text/html; charset=utf-8")
            for part in [
                #"<textarea id="editor""#, #"<output id="prediction""#, "data-text-length", "data-lines", "data-height",
                #"src="/assets/playground.js""#, #"href="/assets/playground.css""#,
            ] {
                #expect(page.text.contains(part), "GET / has no \(part)")
            }
            let policy = page.headers.first(name: "content-security-policy") ?? ""
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
            let chat = try await server.request(.GET, "/chat")
            #expect(chat.status == 200)
            #expect(chat.headers.first(name: "content-type") == "text/html; charset=utf-8")
            #expect(chat.text.contains(#"<div id="thread""#) && chat.text.contains(#"src="/assets/chat.js""#))

            // Every file the pages name is served, with its type; nothing comes from elsewhere.
            let types = [
                "playground.css": "text/css; charset=utf-8", "playground.js": "text/javascript; charset=utf-8",
                "chat.js": "text/javascript; charset=utf-8", "chat-messages.json": "application/json",
            ]
            var texts = [page.text, chat.text]
            for (name, type) in types.sorted(by: { $0.key < $1.key }) {
                let answer = try await server.request(.GET, "/assets/\(name)")
                #expect(answer.status == 200, "\(name): \(answer.text)")
                #expect(answer.headers.first(name: "content-type") == type, "\(name)")
                if name != "chat-messages.json" { texts.append(answer.text) }
            }
            for text in texts {
                #expect(
                    !text.contains("http://") && !text.contains("https://"), "a page or script names another origin")
            }
            _ = try await server.request(.GET, "/fonts/NotoSans-Regular.ttf")
            let metrics = try await server.request(.GET, "/metrics")
            for series in [
                #"autoheight_http_requests_total{route="/",status="200"} 1"#,
                #"autoheight_http_requests_total{route="/chat",status="200"} 1"#,
                #"autoheight_http_requests_total{route="/assets",status="200"} 4"#,
                #"autoheight_http_requests_total{route="/fonts",status="200"} 1"#,
            ] {
                #expect(metrics.text.contains(series), "\(series) not in /metrics")
            }
        }
    }

    /// The `@font-face` rules name exactly the bundled fonts, and each is the file the server
    /// measures with: byte for byte, or with only its VTT source tables (`TSI*`) left out.
    @Test func fontsAreTheBundledFiles() async throws {
        try await withServer { server in
            let css = try await server.request(.GET, "/assets/playground.css").text
            let urls = css.matches(of: /url\("\/fonts\/([^"]+)"\)/).map { String($0.output.1) }
            #expect(urls == Self.bundledFonts)
            let page = try await server.request(.GET, "/").text
            let options = page.matches(of: /<option value="([^"]+\.ttf)"/).map { String($0.output.1) }
            #expect(options == Self.bundledFonts, "the font control offers exactly the bundled fonts")
            for name in Self.bundledFonts {
                let answer = try await server.request(.GET, "/fonts/\(name)")
                #expect(answer.status == 200, "\(name): \(answer.text)")
                #expect(answer.headers.first(name: "content-type") == "font/ttf")
                let file = try [UInt8](Data(contentsOf: repositoryRoot.appendingPathComponent("Fonts/\(name)")))
                let original = try #require(SFNTTables.tags(file))
                if !original.contains(where: { $0.hasPrefix("TSI") }) {
                    #expect(answer.body == file, "\(name) is served byte for byte")
                    continue
                }
                let served = try #require(Self.tables(answer.body), "\(name) served is not a font")
                let tables = try #require(Self.tables(file))
                #expect(served.keys.sorted() == tables.keys.filter { !$0.hasPrefix("TSI") }.sorted())
                for (tag, bytes) in tables where !tag.hasPrefix("TSI") {
                    // head differs only in checkSumAdjustment (bytes 8..<12), recomputed.
                    let skip = tag == "head" ? 8..<12 : 0..<0
                    let a = bytes.enumerated().filter { !skip.contains($0.offset) }.map(\.element)
                    let b = (served[tag] ?? []).enumerated().filter { !skip.contains($0.offset) }.map(\.element)
                    #expect(a == b, "\(name): table \(tag) differs")
                }
                // The whole file sums to the sfnt magic, as a well-formed font does.
                var sum: UInt32 = 0
                var padded = answer.body
                while padded.count % 4 != 0 { padded.append(0) }
                for index in stride(from: 0, to: padded.count, by: 4) {
                    sum &+= padded[index..<(index + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                }
                #expect(sum == 0xB1B0_AFBA, "\(name): head.checkSumAdjustment")
            }
        }
    }

    /// Only the six names are served: no path, no other file of the fonts' folder, no encoding
    /// trick; every refusal is a 404 with the error shape, and the server stays healthy.
    @Test func namesOutsideTheAllowListAreNotFound() async throws {
        try await withServer { server in
            for path in [
                "/fonts/../../etc/passwd", "/fonts/..%2F..%2Fetc%2Fpasswd", "/fonts/%2e%2e", "/fonts/..",
                "/fonts/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/fonts/%2Fetc%2Fpasswd",
                "/fonts/LICENSE-Noto.debian-copyright.txt",
                "/fonts/README.md", "/fonts/AutoHeightFonts.swift", "/fonts/notosans-regular.ttf",
                "/fonts/NotoSans-Regular.ttf%00", "/fonts/NotoSans-Regular.ttf.", "/fonts/NotoSans-Regular",
                "/fonts/", "/fonts", "/assets/playground.html", "/assets/..%2FPlayground.swift", "/assets/%2e%2e",
                "/assets/../../Package.swift", "/assets/", "/chat/x",
            ] {
                let answer = try await server.request(.GET, path)
                #expect(answer.status == 404, "\(path): \(answer.status) \(answer.text.prefix(200))")
                #expect(answer.errorMessage != nil, "\(path): \(answer.text.prefix(200))")
                #expect(!answer.text.contains("root:"), "\(path)")
            }
            let refusal = try await server.request(.GET, "/fonts/%2e%2e")
            #expect(
                refusal.errorMessage?.hasPrefix("no bundled font '%2e%2e' (bundled fonts: NotoSans-Regular.ttf") == true
            )
            let health = try await server.request(.GET, "/healthz")
            #expect(health.status == 200)
        }
    }

    /// `bundledFont` measures with the bundled file, as the CLI's `--font-file` with its path
    /// does, through both endpoints and the query.
    @Test func bundledFontMeasuresWithTheBundledFile() async throws {
        let cases = [
            ("NanumGothic.ttf", "ko", "회의는 내일 오후 3시로 옮겼어요. 자료는 공유 폴더에 올려두었으니 미리 확인해 주세요!"),
            ("NotoSansArabic-Regular.ttf", "ar", "شكراً لتواصلك معنا. سيتم شحن طلبك خلال يومين."),
            ("NotoSansThai-Regular.ttf", "th", "สวัสดีครับ พรุ่งนี้เราจะประชุมกันตอนบ่ายสองโมง"),
            ("NotoSans-Regular.ttf", "en", "Hey! Are we still on for lunch tomorrow?"),
        ]
        try await withServer { server in
            var batch = ""
            var expectedBatch = ""
            for (index, (font, language, text)) in cases.enumerated() {
                let record = #"{"id": \#(index), "text": "\#(text)"}"#
                let expected = try CLI.run(
                    [
                        "measure", "--jsonl-input", "-", "--widths", "120,240", "-O", "jsonl", "--font-file",
                        "Fonts/\(font)", "--profile", "web", "--font-size", "16", "--line-height", "24",
                        "--language", language,
                    ], stdin: Array((record + "\n").utf8))
                #expect(expected.split(separator: "\n").count == 2)
                let style =
                    #"{"bundledFont": "\#(font)", "profile": "web", "size": 16, "lineHeight": 24, "language": "\#(language)"}"#
                let answer = try await server.post(
                    "/v1/measure", #"{"id": \#(index), "text": "\#(text)", "widths": [120, 240], "style": \#(style)}"#)
                #expect(answer.status == 200, "\(font): \(answer.text)")
                #expect(answer.text == "[" + expected.split(separator: "\n").joined(separator: ",") + "]\n", "\(font)")
                let query = try await server.post(
                    "/v1/measure?bundled-font=\(font)&profile=web&size=16&lineHeight=24&language=\(language)&widths=120,240",
                    record)
                #expect(query.text == answer.text, "\(font) through the query")
                batch += #"{"id": \#(index), "text": "\#(text)", "style": \#(style)}"# + "\n"
                expectedBatch += expected
            }
            let answer = try await server.post("/v1/measure/batch?widths=120,240", batch)
            #expect(answer.text == expectedBatch)
            // A record's bundledFont takes the query's fontFile's place (and is not checked
            // against --font-dir: the file is the server's own).
            let override = try await server.post(
                "/v1/measure?fontFile=/etc/passwd",
                #"{"text": "x", "widths": [50], "style": {"bundledFont": "NanumGothic.ttf"}}"#)
            #expect(override.status == 200, "\(override.text)")
        }
    }

    @Test func bundledFontRefusals() async throws {
        let names = Self.bundledFonts.joined(separator: ", ")
        try await withServer { server in
            for (style, message) in [
                (
                    #"{"bundledFont": "../../etc/passwd"}"#,
                    "bundledFont must be one of \(names); got '../../etc/passwd'"
                ),
                (#"{"bundled_font": "/etc/passwd"}"#, "bundled_font must be one of \(names); got '/etc/passwd'"),
                (#"{"bundledFont": "LICENSE-Noto.debian-copyright.txt"}"#, "bundledFont must be one of"),
                (#"{"bundledFont": 7}"#, "bundledFont must be one of \(names); got '7'"),
                (
                    #"{"bundledFont": "NanumGothic.ttf", "fontFile": "/x.ttf"}"#,
                    "give either bundledFont (a bundled font) or fontFile, not both"
                ),
                (
                    #"{"bundledFont": "NanumGothic.ttf", "font": "Noto Sans"}"#,
                    "give either bundledFont (a bundled font) or font, not both"
                ),
                (
                    #"{"bundledFont": ["NanumGothic.ttf", "NotoSans-Regular.ttf"]}"#,
                    "bundledFont takes one bundled font; got it twice"
                ),
            ] {
                let answer = try await server.post("/v1/measure", #"{"text": "x", "widths": [50], "style": \#(style)}"#)
                #expect(answer.status == 400, "\(style): \(answer.text)")
                #expect(answer.errorMessage?.hasPrefix(message) == true, "\(style): \(answer.text)")
            }
            let query = try await server.post("/v1/measure?bundledFont=nope.ttf", #"{"text": "x", "widths": [50]}"#)
            #expect(query.errorMessage == "bundledFont must be one of \(names); got 'nope.ttf'")
            // The query's bundledFont gives way to a record's fontFile, which the boundary checks.
            let boundary = try await server.post(
                "/v1/measure?bundledFont=NanumGothic.ttf",
                #"{"text": "x", "widths": [50], "style": {"fontFile": "/etc/passwd"}}"#)
            #expect(boundary.status == 400)
            #expect(boundary.errorMessage?.hasPrefix("fontFile '/etc/passwd': font files are not allowed") == true)
            // In a batch, a record's bad bundledFont is that record's error entry.
            let batch = try await server.post(
                "/v1/measure/batch?widths=50",
                #"{"id": 1, "text": "x", "style": {"bundledFont": "x"}}"# + "\n" + #"{"id": 2, "text": "y"}"# + "\n")
            let lines = batch.text.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(
                lines.first?.hasPrefix(#"{"id":1,"line":1,"error":"<stdin>: line 1: bundledFont must be one of"#)
                    == true)
            #expect(lines.last?.hasPrefix(#"{"id":2,"width":50,"#) == true)
        }
    }

    /// The chat's messages, sent as chat.js sends them (one batch, each record with its style):
    /// every one is measured, and every one with a font of its own is covered by it.
    @Test func chatMessagesAreMeasuredInOneBatch() async throws {
        try await withServer { server in
            let answer = try await server.request(.GET, "/assets/chat-messages.json")
            let data = try #require(try answer.json() as? [String: Any])
            let messages = try #require(data["messages"] as? [[String: Any]])
            let width = try #require(data["width"] as? Double)
            #expect(messages.count >= 10)
            let languages = Set(messages.compactMap { $0["language"] as? String })
            #expect(languages.isSuperset(of: ["en", "ko", "ar", "he", "hi", "th", "ru"]))
            var body = ""
            for (index, message) in messages.enumerated() {
                var style: [String: Any] = [
                    "profile": "web", "size": data["size"] ?? 16, "lineHeight": "\(data["lineHeight"] ?? 22)",
                    "language": message["language"] ?? "en",
                ]
                if let font = message["font"] as? String {
                    #expect(Self.bundledFonts.contains(font), "\(font)")
                    style["bundledFont"] = font
                }
                let record: [String: Any] = [
                    "id": index, "text": message["text"] ?? "", "widths": [width], "style": style,
                ]
                body += String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self) + "\n"
            }
            let batch = try await server.post("/v1/measure/batch", body)
            let results = try batch.text.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            #expect(results.count == messages.count)
            for (index, result) in results.enumerated() {
                #expect(result["error"] == nil, "message \(index): \(result)")
                #expect((result["lines"] as? Int ?? 0) >= 1)
                if messages[index]["font"] != nil {
                    #expect(result["missingGlyphs"] as? Int == 0, "message \(index) is not covered by its font")
                }
            }
        }
    }

    /// The table copier refuses what is not a well-formed font, without crashing.
    @Test func sfntCopierRefusesMalformedFiles() throws {
        let nanum = try [UInt8](Data(contentsOf: repositoryRoot.appendingPathComponent("Fonts/NanumGothic.ttf")))
        let drop: (String) -> Bool = { $0.hasPrefix("TSI") }
        #expect(SFNTTables.removing(drop, from: []) == nil)
        #expect(SFNTTables.removing(drop, from: Array("not a font at all".utf8)) == nil)
        #expect(SFNTTables.removing(drop, from: Array(nanum.prefix(100))) == nil, "directory cut short")
        #expect(SFNTTables.removing(drop, from: Array(nanum.prefix(4096))) == nil, "tables cut short")
        var huge = nanum
        huge[4] = 0xFF
        huge[5] = 0xFF
        #expect(SFNTTables.removing(drop, from: huge) == nil, "65,535 tables")
        var pastEnd = nanum
        for index in 20..<24 { pastEnd[index] = 0xFF }  // the first table's offset
        #expect(SFNTTables.removing(drop, from: pastEnd) == nil)
        let noto = try [UInt8](Data(contentsOf: repositoryRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf")))
        #expect(SFNTTables.removing(drop, from: noto) == noto, "nothing to drop: the same bytes")
        let stripped = try #require(SFNTTables.removing(drop, from: nanum))
        #expect(SFNTTables.tags(stripped)?.contains { $0.hasPrefix("TSI") } == false)
        #expect(SFNTTables.removing(drop, from: stripped) == stripped)
    }

    /// The tables of a font file by tag, or nil.
    static func tables(_ font: [UInt8]) -> [String: [UInt8]]? {
        func read32(_ offset: Int) -> Int {
            font[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        guard font.count >= 12 else { return nil }
        let count = Int(font[4]) << 8 | Int(font[5])
        guard 12 + 16 * count <= font.count else { return nil }
        var tables: [String: [UInt8]] = [:]
        for index in 0..<count {
            let entry = 12 + 16 * index
            let offset = read32(entry + 8)
            let length = read32(entry + 12)
            guard offset + length <= font.count else { return nil }
            tables[String(decoding: font[entry..<(entry + 4)], as: UTF8.self)] = Array(font[offset..<(offset + length)])
        }
        return tables
    }
}
