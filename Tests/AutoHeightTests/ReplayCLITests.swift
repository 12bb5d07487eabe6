import Foundation
import Testing

@testable import AutoHeight

/// `autoheight replay`: events in, one JSON state line out per event; errors name the line.
@Suite struct ReplayCLITests {
    static let font = ["--font-file", CLITests.noto, "--font-size", "16", "--line-spacing", "2"]

    func run(_ arguments: [String], stdin: String? = nil) throws -> CLITests.Run {
        try CLITests().run(["replay"] + arguments, stdin: stdin)
    }

    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// An editor `lines` lines tall: UITextView insets, Noto Sans 16 px lines, 2 px spacing.
    func height(_ lines: Int) -> Double { EditorFixtures.height(lines: lines) }

    @Test func replaysATypingSession() throws {
        let script = """
            {"replace": [0, 0], "with": "hello"}

            {"replace": [5, 5], "with": " world foo bar baz"}
            {"width": 190}
            {"accessoryWidth": 80}
            {"accessoryWidth": 0}
            {"replace": [23, 23], "with": "\\n\\n"}
            {"enabled": false}
            {"replace": [0, 0], "with": "x"}
            {"enabled": true}
            {"replace": [0, 25], "with": "", "note": "select all, delete"}
            {"replace": [3, 1], "with": "x"}
            """
        let result = try run(
            Self.font + [
                "-", "--width", "110", "--max-lines", "2", "--placeholder", "Type here", "--disabled-placeholder",
                "Off",
            ],
            stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try objects(result.stdout)
        #expect(lines.count == 11, "one line per event, blank lines skipped")
        let expected:
            [(
                accepted: Bool, reason: String?, lines: Int, visible: Int, heightLines: Int, contentLines: Int,
                scroll: Bool, placeholder: Bool, characters: Int
            )] = [
                (true, nil, 1, 1, 1, 1, false, false, 5),
                (true, nil, 2, 2, 2, 2, false, false, 23),  // soft wrap at 100 px
                (true, nil, 1, 1, 1, 1, false, false, 23),  // 180 px: one line
                (true, nil, 2, 2, 2, 2, false, false, 23),  // a button takes 80 px
                (true, nil, 1, 1, 1, 1, false, false, 23),
                (true, nil, 3, 2, 2, 3, true, false, 25),  // past --max-lines: scrolls
                (true, nil, 3, 1, 1, 1, false, true, 25),  // disabled: "Off" instead of the text
                (false, "disabled", 3, 1, 1, 1, false, true, 25),
                (true, nil, 3, 2, 2, 3, true, false, 25),
                (true, nil, 1, 1, 1, 1, false, true, 0),  // empty: the placeholder shows
                (false, "invalidRange", 1, 1, 1, 1, false, true, 0),
            ]
        for (index, (line, want)) in zip(lines, expected).enumerated() {
            let context = "event \(index + 1): \(line)"
            #expect(line["accepted"] as? Bool == want.accepted, "\(context)")
            #expect((line["reason"] as? String) == want.reason, "\(context)")
            #expect(line["reason"] != nil, "reason is always present (null when accepted)")
            #expect(line["lines"] as? Int == want.lines, "\(context)")
            #expect(line["visibleLines"] as? Int == want.visible, "\(context)")
            #expect(close(try #require(line["height"] as? Double), height(want.heightLines)), "\(context)")
            #expect(close(try #require(line["contentHeight"] as? Double), height(want.contentLines)), "\(context)")
            #expect(line["scrollEnabled"] as? Bool == want.scroll, "\(context)")
            #expect(line["placeholderVisible"] as? Bool == want.placeholder, "\(context)")
            #expect(line["matched"] as? Bool == true, "\(context)")
            #expect(line["characters"] as? Int == want.characters, "\(context)")
            #expect(line["ns"] == nil)
        }
        // The fields, in the documented order.
        #expect(
            result.stdout.hasPrefix(
                "{\"accepted\":true,\"reason\":null,\"lines\":1,\"visibleLines\":1,\"height\":37.792,\"contentHeight\":37.792,\"scrollEnabled\":false,\"placeholderVisible\":false,\"matched\":true,\"characters\":5}\n"
            ))
    }

    @Test func limitsTruncationAndPattern() throws {
        let script = """
            {"replace": [0, 0], "with": "ab"}
            {"replace": [2, 2], "with": "c👨‍👩‍👧e\\u0301fg"}
            {"replace": [0, 0], "with": "z"}
            {"replace": [0, 1], "with": "1"}
            """
        let rejecting = try run(
            Self.font + ["-", "--width", "300", "--character-limit", "5", "--pattern", "[0-9a-z]+"], stdin: script)
        #expect(rejecting.status == 0, "\(rejecting.stderr)")
        let strict = try objects(rejecting.stdout)
        #expect(strict.map { $0["accepted"] as? Bool } == [true, false, true, true])
        #expect(strict.map { $0["reason"] as? String } == [nil, "characterLimit", nil, nil])
        #expect(strict.map { $0["characters"] as? Int } == [2, 2, 3, 3])
        #expect(strict.map { $0["matched"] as? Bool } == [true, true, true, true])

        let truncating = try run(
            Self.font + [
                "-", "--width", "300", "--character-limit", "5", "--truncate-paste", "--pattern", "[0-9a-z]+",
            ], stdin: script)
        let cut = try objects(truncating.stdout)
        #expect(cut.map { $0["accepted"] as? Bool } == [true, true, false, true])
        #expect(cut.map { $0["reason"] as? String } == [nil, nil, "characterLimit", nil])
        #expect(cut.map { $0["characters"] as? Int } == [2, 5, 5, 5])
        #expect(cut.map { $0["truncated"] as? Bool } == [nil, true, nil, nil])
        #expect(cut.map { $0["matched"] as? Bool } == [true, false, false, false], "the emoji is not in [0-9a-z]")

        let lineLimited = try run(
            Self.font + ["-", "--width", "300", "--max-lines", "2", "--limit-to-max-lines", "--min-lines", "2"],
            stdin: "{\"replace\": [0, 0], \"with\": \"a\\nb\"}\n{\"replace\": [3, 3], \"with\": \"\\n\"}\n")
        let limited = try objects(lineLimited.stdout)
        #expect(limited.map { $0["reason"] as? String } == [nil, "lineLimit"])
        #expect(limited.map { $0["visibleLines"] as? Int } == [2, 2])
    }

    @Test func insetsAccessoryAndInitialText() throws {
        let result = try run(
            Self.font + [
                "-", "--width", "124", "--insets", "4,12,6,12", "--line-fragment-padding", "0", "--accessory-width",
                "0",
                "--text", EditorFixtures.sentence,
            ],
            stdin: "{\"accessoryWidth\": 0}\n")
        let line = try #require(try objects(result.stdout).first)
        #expect(line["lines"] as? Int == 2)
        #expect(close(try #require(line["height"] as? Double), 4 + 2 * 21.792 + 2 + 6))
    }

    @Test func timingAddsNanoseconds() throws {
        let result = try run(
            Self.font + ["-", "--width", "200", "--timing"],
            stdin: "{\"replace\": [0, 0], \"with\": \"a\"}\n{\"width\": 300}\n")
        let lines = try objects(result.stdout)
        #expect(lines.count == 2)
        for line in lines {
            let nanoseconds = try #require(line["ns"] as? Int)
            #expect(nanoseconds >= 0)
        }
    }

    @Test func scriptFileIsRead() throws {
        let path = try CLITests().temporaryFile("replay.jsonl", Array("{\"replace\": [0, 0], \"with\": \"a\"}\n".utf8))
        let result = try run(Self.font + [path, "--width", "200"])
        #expect(result.status == 0)
        #expect(try objects(result.stdout).count == 1)
    }

    /// Bad events stop the replay with one stderr line naming the script and line, exit 65.
    @Test func badEventsNameTheLine() throws {
        let cases: [(String, String)] = [
            ("{\"width\": 200}\n{oops\n", "line 2: not valid JSON"),
            ("[1, 2]\n", "line 1: expected a JSON object (an event)"),
            (
                "{\"widht\": 200}\n",
                "line 1: expected an event: one of \"replace\", \"width\", \"enabled\", \"accessoryWidth\""
            ),
            (
                "{\"width\": 200, \"enabled\": true}\n",
                "line 1: more than one event in one line: \"width\", \"enabled\""
            ),
            ("{\"replace\": [0, 0]}\n", "line 1: \"replace\" needs a \"with\" string (\"\" to delete)"),
            (
                "{\"replace\": [0, 0.5], \"with\": \"\"}\n",
                "line 1: \"replace\" must be [start, end], two integer UTF-16 offsets"
            ),
            (
                "{\"replace\": [true, 1], \"with\": \"\"}\n",
                "line 1: \"replace\" must be [start, end], two integer UTF-16 offsets"
            ),
            ("{\"enabled\": 1}\n", "line 1: \"enabled\" must be true or false"),
            ("{\"width\": \"wide\"}\n", "line 1: \"width\" must be a number (px)"),
            ("\n{\"width\": -3}\n", "line 2: invalid container width -3.0: must be finite, > 0 and ≤ 1000000000.0 px"),
            (
                "{\"accessoryWidth\": 500}\n",
                "line 1: no room for text: a container 200.0 px wide leaves -310.0 px after insets, padding and accessory"
            ),
        ]
        for (script, message) in cases {
            let result = try run(Self.font + ["-", "--width", "200"], stdin: script)
            #expect(result.status == 65, "\(script)")
            #expect(result.stderr == "autoheight: <stdin>: \(message)\n", "\(script)")
        }
        let invalidUTF8 = try CLITests().temporaryFile(
            "replay-bad.jsonl", Array("{\"width\":200}\n".utf8) + [0x22, 0xC3, 0x28, 0x22, 0x0A])
        let bad = try run(Self.font + [invalidUTF8, "--width", "200"])
        #expect(bad.status == 65)
        #expect(bad.stderr == "autoheight: \(invalidUTF8): line 2: invalid UTF-8 at byte offset 15\n")
        #expect(try objects(bad.stdout).count == 1, "events before the bad line were replayed")
    }

    @Test func badOptionsAndMissingFiles() throws {
        let missing = try run(["/no/such/session.jsonl", "--width", "200"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "autoheight: /no/such/session.jsonl: no such file\n")

        let pattern = try run(Self.font + ["-", "--width", "200", "--pattern", "([a-z"], stdin: "")
        #expect(pattern.status == 64)
        #expect(pattern.stderr.hasPrefix("autoheight: invalid validation pattern \"([a-z\": "))

        for arguments in [
            ["-"], ["-", "--width", "0"], ["-", "--width", "200", "--insets", "1,2,3"],
            ["-", "--width", "200", "--insets", "-1,0,0,0"],
            ["-", "--width", "200", "--limit-to-max-lines"], ["-", "--width", "200", "--truncate-paste"],
            ["-", "--width", "200", "--min-lines", "3", "--max-lines", "2"],
            ["-", "--width", "200", "--character-limit", "-1"],
        ] {
            let result = try run(arguments, stdin: "")
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
        let narrow = try run(["-", "--width", "20", "--accessory-width", "30"], stdin: "")
        #expect(narrow.status == 64)
        #expect(narrow.stderr.hasPrefix("autoheight: no room for text"))
    }

    @Test func helpDocumentsEventsAndOutput() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        for phrase in [
            "\"replace\": [start, end]", "\"width\"", "\"enabled\"", "\"accessoryWidth\"", "UTF-16", "\"accepted\"",
            "\"reason\"", "\"visibleLines\"", "\"contentHeight\"", "\"scrollEnabled\"", "\"placeholderVisible\"",
            "\"matched\"",
            "\"characters\"", "\"ns\"", "--timing", "--truncate-paste", "--limit-to-max-lines", "--insets",
            "Exit status",
        ] {
            #expect(result.stdout.contains(phrase), "help lacks \(phrase)")
        }
    }
}
