import Foundation
import Testing

import AutoHeight

/// The README's library example, compiled and run here, and compared with the README's text so
/// that neither can change without the other.
@Suite struct ReadmeExampleTests {
    /// What the example prints.
    final class Output {
        var lines: [String] = []
    }

    /// The example, verbatim between the markers (dedented by 8 spaces in the README), with
    /// `print` captured.
    func runExample(_ output: Output) throws {
        func print(_ items: Any...) { output.lines.append(items.map { "\($0)" }.joined(separator: " ")) }
        // README-BEGIN
        let style = TextStyle(
            fonts: try FontStack.bundled(), fontSize: 17, language: "ko",
            lineSpacing: 2, lineHeight: .metrics)

        // One measurement.
        let result = try style.measure(
            "회의는 내일 오후 3시로 옮겼어요.\n", width: 240,
            lineLimits: LineLimits(minimum: 1, maximum: 5))
        print(result.lineCount, result.height)  // 3 73.462…: 2 wrapped lines + the caret line after "\n"
        print(result.visibleLineCount, result.overflows)  // 3 false

        // Prepare once, re-wrap at any width (rotation, split view) in arithmetic only.
        let text = "Prepared text keeps its shaping, so every width after the first is cheap."
        let prepared = try style.prepare(text)
        for width in [240.0, 320, 480] {
            print(width, try prepared.measure(width: width).lineCount)  // 3, 2, 2 lines
        }
        let lines = try prepared.lines(width: 320)  // [LineLayout]: UTF-16 range, width, height, y

        // Installed fonts by name, through fontconfig.
        let bold = try Font(family: "Noto Sans", style: "Bold")

        // Rich text: a bold run, a 20 × 20 px chip for the U+FFFC, a clamp at 2 lines with "…".
        let message = StyledText(
            "Ship it \u{FFFC} tonight: the build is green and the release notes are written.",
            runs: [StyleRun(start: 0, end: 7, weight: 700)], boxes: [InlineBox(width: 20, height: 20)])
        let bubble = try style.prepare(message)
        print(try bubble.measure(width: 200).lineCount)  // 4
        let cut = try bubble.ellipsis(width: 200, maximumLines: 2)  // where "…" goes: UTF-16 offset, x
        print(cut!.utf16Offset)  // 45: line 2 shows "… green and the…"
        // README-END
        output.lines.append("\(lines.count) \(bold.styleName)")
    }

    @Test func theExampleRunsAndPrintsWhatItsCommentsSay() throws {
        let output = Output()
        try runExample(output)
        #expect(
            output.lines == ["3 73.46199999999999", "3 false", "240.0 3", "320.0 2", "480.0 2", "4", "45", "2 Bold"])
    }

    @Test func theReadmeShowsExactlyThisCode() throws {
        // #filePath = <repo>/Tests/AutoHeightTests/ReadmeExampleTests.swift
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = source.range(of: "        // README-BEGIN\n")!
        let end = source.range(of: "        // README-END\n")!
        let code = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
        #expect(readme.contains("```swift\nimport AutoHeight\n\n" + code + "```\n"))
    }
}
