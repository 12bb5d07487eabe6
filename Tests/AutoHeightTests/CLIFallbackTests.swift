import Foundation
import Testing

@testable import AutoHeight

/// The CLI's fallback and line-break options: `--fallback system|none`, `--fallback-font`,
/// `--line-break`, `--word-break`.
@Suite struct CLIFallbackTests {
    let cli = CLITests()
    let noto = CLITests.noto

    /// The one object of a `-O json` array.
    func object(_ run: CLITests.Run) throws -> [String: Any] {
        let array = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout) \(run.stderr)"
        )
        try #require(array.count == 1, "\(run.stdout)")
        return array[0]
    }

    /// Rule: system fallback is on by default; `--fallback none` measures with the given fonts
    /// only and reports what they lack.
    @Test func systemFallbackIsTheDefault() throws {
        _ = try FallbackFixtures.colorEmoji()
        let text = "Hi 😀 안녕 مرحبا"
        let none = try cli.run([
            "measure", "--font-file", noto, "--font-size", "16", "--width", "1000", "--fallback", "none", "-O", "json",
            "--text", text,
        ])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(try object(none)["missingGlyphs"] as? Int == 8)
        let system = try cli.run([
            "measure", "--font-file", noto, "--font-size", "16", "--width", "1000", "-O", "json", "--text", text,
        ])
        #expect(system.status == 0, "\(system.stderr)")
        #expect(try object(system)["missingGlyphs"] as? Int == 0)
        let explicit = try cli.run([
            "measure", "--font-file", noto, "--font-size", "16", "--width", "1000", "--fallback", "system", "-O",
            "json", "--text", text,
        ])
        #expect(explicit.stdout == system.stdout)
    }

    /// Rule: `--fallback-font` fonts come before the system's.
    @Test func fallbackFontsComeBeforeTheSystem() throws {
        let nanum = BundledFonts.path(of: "NanumGothic.ttf")
        let withNanum = try cli.run([
            "measure", "--font-file", noto, "--fallback-font", nanum, "--font-size", "16", "--width", "1000", "-O",
            "json",
            "--text", "안녕",
        ])
        let height = try #require(try object(withNanum)["height"] as? Double)
        #expect(abs(height - Fixtures.nanumGothic.metrics.lineHeight * 16) < 1e-9)
    }

    /// Rule: `--word-break keep-all` and `--line-break strict` add the keywords to `--language`.
    @Test func lineBreakOptions() throws {
        let bundled = [
            "measure", "--font-size", "16", "--width", "70", "--fallback", "none", "-O", "json", "--line-ranges",
        ]
        let normal = try cli.run(bundled + ["--language", "ko", "--text", "회의는 내일 오후 3시로 옮겼어요."])
        #expect(try object(normal)["lineRanges"] as? [[Int]] == [[0, 5], [5, 11], [11, 16], [16, 19]])
        let keepAll = try cli.run(
            bundled + ["--language", "ko", "--word-break", "keep-all", "--text", "회의는 내일 오후 3시로 옮겼어요."])
        #expect(try object(keepAll)["lineRanges"] as? [[Int]] == [[0, 4], [4, 10], [10, 14], [14, 19]])
        let tag = try cli.run(bundled + ["--language", "ko-u-lw-keepall", "--text", "회의는 내일 오후 3시로 옮겼어요."])
        #expect(tag.stdout == keepAll.stdout)
        let undone = try cli.run(
            bundled + ["--language", "ko-u-lw-keepall", "--word-break", "normal", "--text", "회의는 내일 오후 3시로 옮겼어요."])
        #expect(undone.stdout == normal.stdout)
        // Strict: no line starts with a small kana.
        let cjk = try #require(Fixtures.systemFont("NotoSansCJK-Regular.ttc"), "apt-get install fonts-noto-cjk")
        let kana = [
            "measure", "--font-file", cjk, "--font-size", "16", "--width", "48", "-O", "json", "--line-ranges",
            "--language", "ja",
        ]
        let jaNormal = try cli.run(kana + ["--text", "まちょっと"])
        let jaStrict = try cli.run(kana + ["--line-break", "strict", "--text", "まちょっと"])
        #expect(try object(jaNormal)["lineRanges"] as? [[Int]] == [[0, 3], [3, 5]])  // まちょ|っと
        #expect(try object(jaStrict)["lineRanges"] as? [[Int]] == [[0, 1], [1, 4], [4, 5]])  // ま|ちょっ|と
    }

    @Test func badFallbackAndBreakOptionsExit64() throws {
        for arguments in [
            ["--fallback", "maybe"], ["--word-break", "break-some"], ["--line-break", "everywhere"],
            ["--white-space", "nowrap"], ["--overflow-wrap", "normal"], ["--tab-size", "-1"], ["--tab-size", "4em"],
        ] {
            let result = try cli.run(["measure", "--width", "100", "--text", "x"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
    }
}
