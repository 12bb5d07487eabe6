import Foundation
import Testing

@testable import AutoHeight
import AutoHeightRecords

/// Styled runs and inline boxes (``StyledText``) against Chromium 156 (a `<div>`, `line-height:
/// 20px` and `normal`) and Pango 1.50 with attributes, on `Fixtures/rich-agreement.jsonl`: every
/// 2nd text of `shared/rich` (scripts/make-rich-fixture.py), covered cases only. The whole
/// table is in docs/rich-text.md (scripts/rich-agreement.py).
@Suite struct RichTextTests {
    /// A fixture line's reference data; its text, runs and boxes are read by the CLI's record
    /// reader (`JSONLRecord`), the one parser of the contract.
    struct Record: Decodable {
        var file: String
        var family: String
        var id: String
        /// Configuration → width → [lines, height].
        var cases: [String: [String: [Double]]]
    }

    /// Each fixture line's reference data and styled text.
    func fixture() throws -> [(record: Record, styled: StyledText)] {
        try Data(contentsOf: Fixtures.url("rich-agreement.jsonl")).split(separator: UInt8(ascii: "\n"))
            .enumerated().map { (index, line) in
                guard case .record(let parsed) = JSONLRecord.parse(line, lineNumber: index + 1, lineOffset: 0),
                    let styled = parsed.styledText
                else { throw AutoHeightError.invalidRun(index: -1, reason: "fixture line \(index + 1)") }
                return (try JSONDecoder().decode(Record.self, from: Data(line)), styled)
            }
    }

    struct Agreement {
        var cases = 0
        var lines = 0
        var both = 0
        var misses: [String] = []
    }

    func agreement(_ configuration: String, tolerance: Double) throws -> Agreement {
        var fonts: [String: Font] = [:]
        var result = Agreement()
        for (record, styled) in try fixture() {
            guard let expected = record.cases[configuration] else { continue }
            if fonts[record.family] == nil { fonts[record.family] = try Font(family: record.family) }
            var style = TextStyle(font: fonts[record.family]!, fontSize: 16, language: record.file)
            switch configuration {
            case "web-fixed": (style.profile, style.lineHeight) = (.web, .fixed(20))
            case "web-normal": (style.profile, style.lineHeight) = (.web, .normal)
            default: (style.profile, style.lineHeight) = (.editor, .metrics)
            }
            let prepared = try style.prepare(styled)
            for (width, reference) in expected.sorted(by: { Int($0.key)! < Int($1.key)! }) {
                let measured = try prepared.measure(width: Double(width)!)
                // The one-shot measure (each paragraph measured as it is prepared) is the same.
                let once = try style.measure(styled, width: Double(width)!)
                if once != measured { result.misses.append("\(record.id)@\(width): one-shot \(once)") }
                result.cases += 1
                let linesAgree = measured.lineCount == Int(reference[0])
                if linesAgree { result.lines += 1 }
                if linesAgree && abs(measured.height - reference[1]) <= tolerance + 1e-9 {
                    result.both += 1
                } else {
                    result.misses.append(
                        "\(record.id)@\(width): \(measured.lineCount) lines \(measured.height) px, reference \(reference)"
                    )
                }
            }
        }
        return result
    }

    /// Chromium, `line-height: 20px`: line count equal and height within 1/64 px.
    @Test func webProfileAgreesWithChromiumFixedLineHeight() throws {
        let result = try agreement("web-fixed", tolerance: 1.0 / 64)
        #expect(result.cases == 1288)
        #expect(result.both == 1287, "\(result.misses)")
    }

    /// Chromium, `line-height: normal`.
    @Test func webProfileAgreesWithChromiumNormalLineHeight() throws {
        let result = try agreement("web-normal", tolerance: 1.0 / 64)
        #expect(result.cases == 1288)
        #expect(result.both == 1287, "\(result.misses)")
    }

    /// Pango with attributes: line counts, and heights within 0.01 px.
    @Test func editorProfileAgreesWithPango() throws {
        let result = try agreement("editor", tolerance: 0.01)
        #expect(result.cases == 1288)
        #expect(result.lines == 1280, "\(result.misses)")
        #expect(result.both == 1279, "\(result.misses)")
    }

    // MARK: - Line heights (the references' one-line table, shared/rich/README.md)

    func lineHeight(
        _ runs: [StyleRun], boxes: [InlineBox] = [], text: String = "Time and tide wait", _ lineHeight: LineHeight,
        web: Bool = true
    ) throws -> Double {
        var style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: "en", lineHeight: lineHeight)
        style.profile = web ? .web : .editor
        let result = try style.measure(StyledText(text, runs: runs, boxes: boxes), width: 520)
        #expect(result.lineCount == 1)
        return result.height
    }

    @Test func cssLineHeightsFollowBlink() throws {
        let word = { (size: Double) in [StyleRun(start: 0, end: 4, size: size)] }
        // A smaller span's half-leading puts the odd pixel below: the line grows.
        #expect(try lineHeight(word(12), .fixed(20)) == 22)
        #expect(try lineHeight(word(14), .fixed(20)) == 21)
        #expect(try lineHeight(word(20), .fixed(20)) == 21)
        #expect(try lineHeight(word(24), .fixed(20)) == 23)
        #expect(try lineHeight(word(12), .normal) == 22)
        #expect(try lineHeight(word(20), .normal) == 27)
        #expect(try lineHeight(word(24), .normal) == 33)
        // The strut: a line all in 12 px is still a 16 px line.
        #expect(try lineHeight([StyleRun(start: 0, end: 18, size: 12)], .normal) == 22)
    }

    @Test func boxesStandOnTheBaseline() throws {
        let box = [InlineBox(width: 20, height: 30)]
        let text = "Time \u{FFFC} tide"
        #expect(try lineHeight([], boxes: box, text: text, .fixed(20)) == 34)  // H + 4 below the strut
        #expect(try lineHeight([], boxes: box, text: text, .normal) == 35)  // H + 5
        #expect(abs(try lineHeight([], boxes: box, text: text, .metrics, web: false) - 34.688) < 1e-9)
        // Only a 10 px box: Chromium keeps the strut, Pango has none.
        let small = [InlineBox(width: 20, height: 10)]
        #expect(try lineHeight([], boxes: small, text: "\u{FFFC}", .fixed(20)) == 20)
        #expect(try lineHeight([], boxes: small, text: "\u{FFFC}", .metrics, web: false) == 10)
    }

    /// A box is never a missing glyph (Nanum Gothic has no U+FFFC, nor Thai): a paragraph
    /// holding one counts its missing clusters again after restyling; one without keeps its
    /// pass's count.
    @Test func boxesAreNeverMissingGlyphs() throws {
        let style = TextStyle(font: Fixtures.nanumGothic, fontSize: 16, language: "en")
        let text = "a \u{FFFC} \u{0E01}\n\u{0E01}\u{0E02} plain"
        let box = InlineBox(width: 20, height: 10)
        let styled = StyledText(text, runs: [StyleRun(start: 0, end: 1, size: 20)], boxes: [box])
        #expect(try style.measure(styled, width: 240).missingGlyphCount == 3)
        #expect(try style.prepare(styled).measure(width: 240).missingGlyphCount == 3)
        // As plain text, U+FFFC is a missing glyph too.
        #expect(try style.measure(text, width: 240).missingGlyphCount == 4)
    }

    @Test func pangoHeightsHaveNoStrut() throws {
        let all = [StyleRun(start: 0, end: 18, size: 12)]
        #expect(abs(try lineHeight(all, .metrics, web: false) - 16.344) < 1e-9)
        #expect(abs(try lineHeight([StyleRun(start: 0, end: 4, size: 24)], .metrics, web: false) - 32.688) < 1e-9)
    }

    /// Pango aligns a line's runs on its first run's baseline: the ideographic face bottom for
    /// Hangul, 11 units lower in Noto Sans CJK Bold than in Regular (pango-measure --rich: 23.3447
    /// px for a line mixing them, 23.168 for either alone); sizes alone move nothing taller.
    /// Rule: a one-shot measure of styled text (each paragraph measured as it is prepared, with
    /// the line-height classes known so far) equals the prepared text's: when later paragraphs
    /// bring new classes, and past 31 classes, where class 31 takes the largest extents of the
    /// rest (here growing with every line) and the text is measured prepared.
    @Test func aOneShotMeasureEqualsThePreparedOne() throws {
        let lines = (0..<40).map { "line \($0) of a text in many sizes" }
        var runs: [StyleRun] = []
        var offset = 0
        for (index, line) in lines.enumerated() {
            runs.append(StyleRun(start: offset, end: offset + line.utf16.count, size: 10 + Double(index)))
            offset += line.utf16.count + 1
        }
        let configurations: [(LayoutProfile, LineHeight)] = [(.editor, .metrics), (.web, .fixed(20)), (.web, .normal)]
        for (profile, lineHeight) in configurations {
            var style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: "en", lineHeight: lineHeight)
            style.profile = profile
            for count in [5, 40] {
                let text = lines.prefix(count).joined(separator: "\n")
                let styled = StyledText(text, runs: Array(runs.prefix(count)))
                let prepared = try style.prepare(styled)
                for width in [60.0, 160, 400] {
                    #expect(try style.measure(styled, width: width) == prepared.measure(width: width))
                }
            }
        }
    }

    @Test func pangoAlignsRunsOnTheFirstRunsBaseline() throws {
        let korean = try Font(family: "Noto Sans CJK KR")
        let style = TextStyle(font: korean, fontSize: 16, language: "ko", lineHeight: .metrics)
        func height(_ runs: [StyleRun]) throws -> Double {
            let result = try style.measure(StyledText("가나다라 마바사", runs: runs), width: 520)
            #expect(result.lineCount == 1)
            return result.height
        }
        // Pango's numbers are in 1/1024 px: within 0.001 px.
        #expect(abs(try height([StyleRun(start: 0, end: 2, weight: 700)]) - 23.3447265625) < 0.001)
        #expect(abs(try height([StyleRun(start: 5, end: 8, weight: 700)]) - 23.3447265625) < 0.001)
        #expect(abs(try height([StyleRun(start: 0, end: 8, weight: 700)]) - 23.16796875) < 0.001)
        #expect(abs(try height([StyleRun(start: 5, end: 8, size: 20)]) - 28.9599609375) < 0.001)
        // A line starting in Latin aligns on the alphabetic baseline: no shift.
        let latin = try style.measure(
            StyledText("ab 가나다라 마바사", runs: [StyleRun(start: 6, end: 8, weight: 700)]), width: 520)
        #expect(abs(latin.height - 23.16796875) < 0.001)
    }

    /// Rule: the fonts chosen for clusters are remembered per stack (a thread keeps the current
    /// stack's and the last few), so a styled text switching between its faces, or other texts
    /// measured between two measures of it, change none of its lines.
    @Test func fallbackChoicesStayWithTheirStack() throws {
        let bundled = try FontStack.bundled()
        var style = TextStyle(
            fonts: FontStack(
                bundled.primary, fallbacks: Array(bundled.fonts.dropFirst()), systemFallback: FallbackFixtures.reference
            ),
            fontSize: 16, language: "ja")
        style.lineHeight = .metrics
        let japanese = StyledText(
            "かなカナ漢字 かなカナ漢字 \u{1F600} かな",
            runs: [StyleRun(start: 0, end: 6, weight: 700), StyleRun(start: 14, end: 17, italic: true)])
        func lines(_ text: StyledText) throws -> [[Double]] {
            try style.prepare(text).lines(width: 120).map { [Double($0.range.lowerBound), $0.width, $0.height] }
        }
        let first = try lines(japanese)
        // Other stacks in between: the mono face, a Korean text, the same text plain.
        _ = try lines(StyledText("한국어 텍스트 가나다", runs: [StyleRun(start: 0, end: 3, family: "Noto Sans Mono")]))
        _ = try style.measure("ひらがな 한국어", width: 120)
        #expect(try lines(japanese) == first)
        #expect(first.count > 1)
    }

    /// Rule: a paragraph skips the per-line baselines only when no unit can need one: every BMP
    /// character whose script aligns on another baseline than the alphabetic one is in the
    /// ranges looked for.
    @Test func everyUnitOfAnotherBaselineIsLookedFor() {
        var missed: [String] = []
        for unit in 0..<0x10000 where !(0xD800..<0xE000).contains(unit) {
            if Script.of(UInt32(unit)).alignmentBaselineKind != 0 && !Script.mayAlignOffAlphabetic(UInt16(unit)) {
                missed.append(String(unit, radix: 16))
            }
        }
        // The pictographs and emoji skipped as pairs.
        for scalar in UInt32(0x1F300)..<0x1FB00 where Script.of(scalar).alignmentBaselineKind != 0 {
            missed.append(String(scalar, radix: 16))
        }
        #expect(missed.isEmpty, "\(missed.prefix(20))")
        #expect(!Script.mayAlignOffAlphabetic(0xFFFC) && !Script.mayAlignOffAlphabetic(0x2019))
        let pairs: [UInt16] = Array("a😀b🚀".utf16)
        let kanjiB: [UInt16] = Array("a𠀋".utf16)
        pairs.withUnsafeBufferPointer { #expect(!Script.mayAlignOffAlphabetic(in: $0)) }
        kanjiB.withUnsafeBufferPointer { #expect(Script.mayAlignOffAlphabetic(in: $0)) }
    }

    /// A box is no text: the space after it takes the font of the text after it (Pango: 278.0156
    /// px for 12 lines at 160 px and 115.8398 for 5 at 520, ko-p00036-rich of shared/rich), not
    /// the font the system falls back to for U+FFFC, which Noto Sans CJK lacks (0.08 px taller
    /// per line holding such a space, before boxes were kept out of the paragraph's shaping).
    @Test func theSpaceAfterABoxTakesTheTextsFont() throws {
        let korean = try Font(family: "Noto Sans CJK KR")
        var style = TextStyle(
            fonts: FontStack(korean, systemFallback: FallbackFixtures.reference), fontSize: 16, language: "ko")
        style.lineHeight = .metrics
        let text = StyledText(
            "logtool은 ANSI, ASCII, CSV (스프레드쉬트용), HTML\u{FFFC} 또는 원시 출력을 생성할 수 있는, syslog 스타일 "
                + "로그파일 파서 및 보고서 생성기입니다.\n\n야간 보고서를 생성하고 로그 파일 활동을 온라인으로 모니터링할 때 매우 "
                + "편리합니다.",
            boxes: [InlineBox(width: 50.5, height: 16.75)])
        for segmentCache in [nil, SegmentCache()] {
            style.segmentCache = segmentCache
            for _ in 0..<2 {  // cold, then warm
                for (width, lines, height) in [(160.0, 12, 278.015625), (520, 5, 115.83984375)] {
                    let result = try style.measure(text, width: width)
                    #expect(result.lineCount == lines)
                    #expect(abs(result.height - height) < 0.01, "\(width): \(result.height)")
                }
            }
        }
    }

    @Test func anEmptyLineTakesTheStyleOfItsBreak() throws {
        var style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: "en", lineHeight: .metrics)
        let text = StyledText("a\n\nb", runs: [StyleRun(start: 2, end: 3, size: 24)])
        let lines = try style.prepare(text).lines(width: 300)
        #expect(lines.map(\.height).map { ($0 * 1000).rounded() / 1000 } == [21.792, 32.688, 21.792])
        style.profile = .web
        style.lineHeight = .fixed(20)
        #expect(try style.prepare(text).lines(width: 300).map(\.height) == [20, 23, 20])
    }

    // MARK: - Widths and breaks

    @Test func runsChangeWidthsAndBreaks() throws {
        let style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: "en")
        let plain = try style.measure("aaaa bbbb", width: 1000).maxLineWidth
        let big = try style.measure(StyledText("aaaa bbbb", runs: [StyleRun(start: 0, end: 9, size: 32)]), width: 1000)
        #expect(abs(big.maxLineWidth - 2 * plain) < 1e-9)
        // Letter spacing: after every character, the last one included (Chromium).
        let spaced = try style.measure(
            StyledText("aaaa bbbb", runs: [StyleRun(start: 0, end: 9, letterSpacing: 2)]), width: 1000)
        #expect(abs(spaced.maxLineWidth - (plain + 18)) < 1e-9)
        // A bold face is wider: the same width wraps earlier.
        let width = plain + 1
        #expect(try style.measure("aaaa bbbb", width: width).lineCount == 1)
        #expect(
            try style.measure(StyledText("aaaa bbbb", runs: [StyleRun(start: 0, end: 9, weight: 700)]), width: width)
                .lineCount == 2)
    }

    @Test func chromiumBreaksAroundEveryBoxPangoKeepsUAX14() throws {
        var style = TextStyle(font: Fixtures.notoSans, fontSize: 16, language: "en")
        let text = StyledText("ab (\u{FFFC}", boxes: [InlineBox(width: 50, height: 10)])
        // Pango (UAX #14, U+FFFC is CB): no break after "(", so "(" goes down with the box.
        #expect(try style.prepare(text).lines(width: 60).map(\.range) == [0..<3, 3..<5])
        // Chromium: a break on both sides of every box.
        style.profile = .web
        #expect(try style.prepare(text).lines(width: 60).map(\.range) == [0..<4, 4..<5])
    }

    // MARK: - Errors

    @Test func badRunsAndBoxesAreNamed() throws {
        let style = TextStyle(font: Fixtures.notoSans, fontSize: 16)
        func error(_ text: StyledText) -> String? {
            do {
                _ = try style.measure(text, width: 100)
                return nil
            } catch { return error.description }
        }
        #expect(
            error(StyledText("abc", runs: [StyleRun(start: 0, end: 4)]))
                == "run 0: range 0..<4 outside the text's 3 UTF-16 units")
        #expect(
            error(StyledText("abc", runs: [StyleRun(start: 0, end: 1), StyleRun(start: 2, end: 1)]))
                == "run 1: end 1 before start 2")
        #expect(
            error(StyledText("a😀", runs: [StyleRun(start: 0, end: 2, weight: 700)]))
                == "run 0: offset 2 splits a surrogate pair")
        #expect(
            error(StyledText("abc", runs: [StyleRun(start: 0, end: 1, size: .nan)]))?.hasPrefix("run 0: size nan")
                == true)
        #expect(
            error(StyledText("abc", runs: [StyleRun(start: 0, end: 1, size: -3)]))?.hasPrefix("run 0: size -3.0")
                == true)
        #expect(
            error(StyledText("abc", runs: [StyleRun(start: 0, end: 1, weight: 0)]))
                == "run 0: weight 0 outside 1...1000")
        // The run that named the family, not another one over the same text.
        #expect(
            error(
                StyledText(
                    "abc",
                    runs: [
                        StyleRun(start: 0, end: 3, size: 20), StyleRun(start: 1, end: 2, family: "No Such Family 42"),
                        StyleRun(start: 0, end: 3, letterSpacing: 1),
                    ]))?
                .hasPrefix("run 1: no font \"No Such Family 42\" installed") == true)
        // A bold run over a base font whose family is not installed names the bold run.
        let uninstalled = TextStyle(font: try Font(path: Fixtures.url("nested-space-ligature.ttf").path), fontSize: 16)
        do {
            _ = try uninstalled.measure(
                StyledText(
                    "abc",
                    runs: [
                        StyleRun(start: 0, end: 3, letterSpacing: 1), StyleRun(start: 1, end: 2, weight: 700),
                        StyleRun(start: 0, end: 3, size: 20),
                    ]), width: 100)
            Issue.record("a bold run of an uninstalled family was measured")
        } catch {
            #expect(error.description.hasPrefix("run 1: no font"), "\(error)")
        }
        #expect(
            error(StyledText("abc", runs: [StyleRun(start: 0, end: 1, family: "No Such Family 42")]))?
                .hasPrefix("run 0: no font \"No Such Family 42\" installed") == true)
        #expect(
            error(StyledText("a\u{FFFC}b\u{FFFC}", boxes: [InlineBox(width: 1, height: 1)]))
                == "boxes: 1 boxes for 2 U+FFFC characters in the text (one each)")
        #expect(
            error(StyledText("\u{FFFC}", boxes: [InlineBox(width: -1, height: 1)]))
                == "box 0: width -1.0 must be finite, 0...1e9 px")
        #expect(error(StyledText("a\u{FFFC}")) == "boxes: 0 boxes for 1 U+FFFC characters in the text (one each)")
        #expect(error(StyledText("\u{FFFC}")) == "boxes: 0 boxes for 1 U+FFFC characters in the text (one each)")
        #expect(error(StyledText("ü\u{FFFB}")) == nil)  // a 0xBC byte and an EF BF sequence, no U+FFFC
        #expect(throws: AutoHeightError.styledTextResized) {
            try style.prepare(StyledText("a", runs: [StyleRun(start: 0, end: 1, size: 20)])).measure(
                width: 100, fontSize: 20)
        }
    }
}
