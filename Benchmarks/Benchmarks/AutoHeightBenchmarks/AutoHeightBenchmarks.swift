// AutoHeight benchmarks, named `<operation>/<mode>/<input>`:
//
//   measure/cold/*        TextStyle.measure(_:width:) without a segment cache: preparation
//                         (ICU + HarfBuzz) and the line walk, the cost of a first measurement
//   measure/warm-cache/*  the same with a SegmentCache shared across texts and iterations
//   rewrap/*              PreparedText.measure(width:) only: the width-dependent arithmetic
//   edit/*                EditableText.replace(utf16Range:with:) followed by measure(width:)
//   edit/editor-model/*   EditorModel.replace(utf16Range:with:): a keystroke with the new state
//   validate/*            the validation pattern per keystroke: the Pike VM with and without
//                         its resume, and ICU's uregex (ValidationBenchmarks.swift)
//
// Texts are real corpus records committed in ../../Fixtures (see make-fixtures.py). Fonts: the
// bundled stack at 16 px. Set-up (font loading, reading fixtures, building and preparing
// documents) happens in each benchmark's `setup` or before `startMeasurement()` and is not
// measured. One iteration is the whole operation the name describes (one edit, one pass over
// the corpus), so `throughput` is operations per second and `mallocCountTotal` is per operation.

import AutoHeight
import AutoHeightRecords
import Benchmark
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: Setting.metrics,
        // Exact allocation counts (not "37 K"), so a few extra allocations per pass show.
        units: [.mallocCountTotal: .count],
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    // MARK: measure/cold: one text, measured from scratch

    /// A ~60-character English chat message at 320 px: the per-keystroke cost of an editor that
    /// measures its whole text without keeping a preparation.
    Benchmark("measure/cold/chat-60ch") { benchmark, input in
        for _ in benchmark.scaledIterations {
            blackHole(try input.style.measure(input.text, width: Setting.width))
        }
    } setup: {
        try SingleText(fixture: "chat-60ch.txt", language: "en")
    }

    /// The same chat message with a warm `SegmentCache` (filled by the warm-up iteration): what a
    /// server pays per short message once its words are known, mostly the fixed cost of a
    /// measure and of its paragraph.
    Benchmark("measure/warm-cache/chat-60ch") { benchmark, input in
        for _ in benchmark.scaledIterations {
            blackHole(try input.style.measure(input.text, width: Setting.width))
        }
    } setup: {
        try SingleText(fixture: "chat-60ch.txt", language: "en", cache: SegmentCache())
    }

    /// A ~1 kB prose text (Russian, two paragraphs) at 320 px.
    Benchmark("measure/cold/paragraph-1kB") { benchmark, input in
        for _ in benchmark.scaledIterations {
            blackHole(try input.style.measure(input.text, width: Setting.width))
        }
    } setup: {
        try SingleText(fixture: "paragraph-1kB.txt", language: "ru")
    }

    /// A ~100 kB document (993 paragraphs of nine languages and scripts, joined with "\n") at
    /// 320 px: opening a long note or document.
    Benchmark("measure/cold/document-100kB") { benchmark, input in
        for _ in benchmark.scaledIterations {
            blackHole(try input.style.measure(input.text, width: Setting.width))
        }
    } setup: {
        try SingleText(fixture: "document-100kB.txt", language: "en")
    }

    // MARK: measure/cold and measure/warm-cache: many texts

    /// The 200 texts of corpus-mixed.jsonl (en de ru vi ko ar he hi th, mixed scripts, emoji),
    /// each measured at 120, 240 and 360 px with `style.measure` (600 measurements), no cache:
    /// the baseline for measure/warm-cache/corpus.
    Benchmark("measure/cold/corpus") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "corpus-mixed.jsonl", cache: nil)
    }

    /// The same 600 measurements with one `SegmentCache` in every style, kept across iterations:
    /// the warm-up iteration fills it, so this is the steady state of a chat history or feed
    /// whose words have all been shaped before.
    Benchmark("measure/warm-cache/corpus") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "corpus-mixed.jsonl", cache: SegmentCache())
    }

    /// The 200-text corpus of ../shared/tools/oracle/samples (corpus200.jsonl, measured with
    /// language "en" like the oracle tools), each at 120, 240 and 360 px, no cache: the workload
    /// `pango-measure` and `hb-icu-baseline` are timed on with `--widths 120,240,360`.
    Benchmark("measure/cold/corpus200") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "corpus200.jsonl", cache: nil)
    }

    /// corpus200 with a warm `SegmentCache` (filled by the warm-up iteration).
    Benchmark("measure/warm-cache/corpus200") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "corpus200.jsonl", cache: SegmentCache())
    }

    /// The 281 mixed-script texts of mixed-fallback.jsonl (../shared/corpus/mixed.jsonl: Latin
    /// with Thai, Korean, Arabic, Hebrew, Devanagari, CJK, emoji), each at 120, 240 and 360 px,
    /// no cache, with the bundled Noto Sans and the system fallback (the CLI's default,
    /// `--fallback system`): clusters the primary lacks choose fonts from fontconfig's order.
    Benchmark("measure/cold/mixed-fallback") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "mixed-fallback.jsonl", cache: nil, systemFallback: true)
    }

    /// mixed-fallback with a warm `SegmentCache` (filled by the warm-up iteration): runs set in
    /// fallback fonts and emoji are served from it too.
    Benchmark("measure/warm-cache/mixed-fallback") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "mixed-fallback.jsonl", cache: SegmentCache(), systemFallback: true)
    }

    // MARK: rich text: styled runs and inline boxes against the same texts plain

    /// rich-en-ja.jsonl: the 200 en and ja texts of shared/rich (runs of bold, italic, Noto Sans
    /// Mono, sizes 12–24 px, letter spacing; 0–2 inline boxes each), measured cold at the corpus
    /// widths with their runs and boxes. Its peer is the next case, the same texts plain.
    Benchmark("measure/cold/rich") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "rich-en-ja.jsonl", cache: nil, styled: true)
    }

    /// The texts of measure/cold/rich without their runs and boxes.
    Benchmark("measure/cold/rich-plain") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "rich-en-ja.jsonl", cache: nil, styled: false)
    }

    /// measure/cold/rich with a warm `SegmentCache`.
    Benchmark("measure/warm-cache/rich") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "rich-en-ja.jsonl", cache: SegmentCache(), styled: true)
    }

    /// measure/cold/rich-plain with a warm `SegmentCache`.
    Benchmark("measure/warm-cache/rich-plain") { benchmark, corpus in
        for _ in benchmark.scaledIterations {
            try corpus.measureAll(widths: Setting.corpusWidths)
        }
    } setup: {
        try Corpus(fixture: "rich-en-ja.jsonl", cache: SegmentCache(), styled: false)
    }

    // MARK: rewrap: prepared text at new widths

    /// The 200 prepared texts of corpus-mixed.jsonl, each re-measured at 200 widths (100 to
    /// 697 px in 3 px steps): 40 000 `PreparedText.measure(width:)` calls per iteration, what a
    /// resize or rotation costs. Must not allocate: `mallocCountTotal` is 0.
    Benchmark("rewrap/corpus-200-widths") { benchmark, prepared in
        for _ in benchmark.scaledIterations {
            for text in prepared.texts {
                for width in prepared.widths {
                    blackHole(try text.measure(width: width))
                }
            }
        }
    } setup: {
        try PreparedCorpus(fixture: "corpus-mixed.jsonl", widths: Setting.rewrapWidths)
    }

    /// The 200 styled texts of rich-en-ja.jsonl, prepared with their runs and boxes, each
    /// re-measured at the 200 widths: line heights per line from their runs. Must not allocate.
    Benchmark("rewrap/rich-200-widths") { benchmark, prepared in
        for _ in benchmark.scaledIterations {
            for text in prepared.texts {
                for width in prepared.widths {
                    blackHole(try text.measure(width: width))
                }
            }
        }
    } setup: {
        try PreparedCorpus(fixture: "rich-en-ja.jsonl", widths: Setting.rewrapWidths, styled: true)
    }

    // MARK: edit: one edit in a 100 kB document, then the new height

    /// Typing one character at the end of the ~100 kB document, then measuring it at 320 px.
    /// The character is deleted again after `stopMeasurement()`, so every iteration edits the
    /// same text.
    Benchmark("edit/append-char/100kB") { benchmark, session in
        try session.measureInsertion(benchmark, at: session.editor.utf16Count, of: "x")
    } setup: {
        try EditSession(fixture: "document-100kB.txt")
    }

    /// Typing one character in the middle of the document (UTF-16 offset 30 294, inside a Thai
    /// paragraph: ICU's dictionary break iterator runs again over it), then measuring.
    Benchmark("edit/insert-middle/100kB") { benchmark, session in
        try session.measureInsertion(benchmark, at: session.middle, of: "x")
    } setup: {
        try EditSession(fixture: "document-100kB.txt")
    }

    /// Pasting the ~1 kB text (with its paragraph breaks) in the middle of the document, then
    /// measuring.
    Benchmark("edit/paste-1kB/100kB") { benchmark, session in
        try session.measureInsertion(benchmark, at: session.middle, of: session.pasteboard)
    } setup: {
        try EditSession(fixture: "document-100kB.txt", pasteboard: "paragraph-1kB.txt")
    }

    // MARK: edit/editor-model: a keystroke through EditorModel (policy, counts, state)

    /// Typing one character into the short last paragraph of a 100 kB note (40-character
    /// paragraphs, 320 px of text) and reading the new height; the 1 kB twin gives the ratio
    /// (issue 13: within 1.5×).
    Benchmark("edit/editor-model/typing-100kB") { benchmark, session in
        session.measureTyping(benchmark)
    } setup: {
        try EditorModelSession(characters: 100_000)
    }

    Benchmark("edit/editor-model/typing-1kB") { benchmark, session in
        session.measureTyping(benchmark)
    } setup: {
        try EditorModelSession(characters: 1_000)
    }

    // MARK: validate: the validation pattern per keystroke (ValidationBenchmarks.swift)

    do {
        try ValidationCases.register()
    } catch {
        fatalError("validation cases: \(error)")
    }
}

// MARK: - Set-up

/// The settings every case shares.
enum Setting {
    /// Wall clock, throughput and heap allocations of the measured region.
    ///
    /// `.instructions` is measured in a separate pass (`swift package benchmark --metric
    /// instructions --metric wallClock`): when it is requested, package-benchmark 1.38.1 also
    /// samples /proc process statistics at the start and end of every measured region, inside
    /// the malloc-counting window, which adds 16 allocations to `mallocCountTotal` (the re-wrap
    /// case would show 16 instead of its real 0). On machines without hardware performance
    /// counters (most VMs, this one included) it is not reported at all.
    static let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
    /// Font size in px.
    static let fontSize = 16.0
    /// Width of the single-text and edit cases.
    static let width = 320.0
    /// Widths of the corpus cases (those of the oracle tools' timings).
    static let corpusWidths: [Double] = [120, 240, 360]
    /// 200 widths for the rewrap case: 100, 103, … 697 px.
    static let rewrapWidths: [Double] = (0..<200).map { 100 + 3 * Double($0) }

    /// The bundled font stack at 16 px for `language`, with `cache` as its segment cache.
    static func style(language: String, cache: SegmentCache? = nil) throws -> TextStyle {
        var style = TextStyle(fonts: try FontStack.bundled(), fontSize: fontSize, language: language)
        style.segmentCache = cache
        return style
    }

    /// Noto Sans (the bundled stack's primary) with the system fallback at 16 px.
    static func fallbackStyle(language: String, cache: SegmentCache? = nil) throws -> TextStyle {
        let fonts = FontStack(try FontStack.bundled().primary, systemFallback: .shared)
        var style = TextStyle(fonts: fonts, fontSize: fontSize, language: language)
        style.segmentCache = cache
        return style
    }
}

/// The committed fixtures in Benchmarks/Fixtures, found from this file's location
/// (`$AUTOHEIGHT_BENCHMARK_FIXTURES` overrides it).
enum Fixtures {
    static var directory: URL {
        if let overridden = ProcessInfo.processInfo.environment["AUTOHEIGHT_BENCHMARK_FIXTURES"] {
            return URL(fileURLWithPath: overridden, isDirectory: true)
        }
        // #filePath = <repo>/Benchmarks/Benchmarks/AutoHeightBenchmarks/AutoHeightBenchmarks.swift
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true)
    }

    /// The file's bytes as UTF-8 text, exactly (no newline added or removed).
    static func text(_ name: String) throws -> String {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return String(decoding: data, as: UTF8.self)
    }

    /// One record of a JSON Lines fixture; `language` is absent from corpus200.jsonl. Its
    /// `runs` and `boxes` (rich-en-ja.jsonl) are read by the CLI's record reader.
    struct Record: Decodable {
        var language: String?
        var text: String
        /// The text with its runs and boxes (nil without them).
        var styled: StyledText? = nil

        private enum CodingKeys: String, CodingKey { case language, text }
    }

    /// The records of a JSON Lines file, one per line.
    static func records(_ name: String) throws -> [Record] {
        let decoder = JSONDecoder()
        return try text(name).split(separator: "\n").enumerated().map { index, line in
            var record = try decoder.decode(Record.self, from: Data(line.utf8))
            if case .record(let parsed) = JSONLRecord.parse(line.utf8, lineNumber: index + 1, lineOffset: 0) {
                record.styled = parsed.styledText
            }
            return record
        }
    }
}

/// One text and the style to measure it with.
struct SingleText {
    let text: String
    let style: TextStyle

    init(fixture: String, language: String, cache: SegmentCache? = nil) throws {
        text = try Fixtures.text(fixture)
        style = try Setting.style(language: language, cache: cache)
    }
}

/// Texts of a JSON Lines fixture, each with a style for its language (all sharing `cache`).
struct Corpus {
    /// Each text, its style and, when measured styled, its runs and boxes.
    let entries: [(text: String, style: TextStyle, styled: StyledText?)]

    /// With `systemFallback`: Noto Sans (bundled) and `SystemFallback.shared` instead of the
    /// bundled stack; with `styled`, the records' runs and boxes (else their texts plain).
    init(fixture: String, cache: SegmentCache?, systemFallback: Bool = false, styled: Bool = false) throws {
        var styles: [String: TextStyle] = [:]
        entries = try Fixtures.records(fixture).map { record in
            let language = record.language ?? "en"
            if styles[language] == nil {
                styles[language] =
                    systemFallback
                    ? try Setting.fallbackStyle(language: language, cache: cache)
                    : try Setting.style(language: language, cache: cache)
            }
            return (record.text, styles[language]!, styled ? record.styled : nil)
        }
    }

    /// Measures every text at every width with `TextStyle.measure` (each call prepares).
    func measureAll(widths: [Double]) throws {
        for entry in entries {
            for width in widths {
                if let styled = entry.styled {
                    blackHole(try entry.style.measure(styled, width: width))
                } else {
                    blackHole(try entry.style.measure(entry.text, width: width))
                }
            }
        }
    }
}

/// The texts of a fixture, prepared, and the widths to re-wrap them at.
struct PreparedCorpus {
    let texts: [PreparedText]
    let widths: [Double]

    init(fixture: String, widths: [Double], styled: Bool = false) throws {
        texts = try Corpus(fixture: fixture, cache: nil, styled: styled).entries.map {
            try $0.styled.map($0.style.prepare) ?? $0.style.prepare($0.text)
        }
        self.widths = widths
    }
}

/// An `EditableText` holding a document, kept across iterations. A class, so that edits happen
/// in place (no copy of the paragraph arrays) from inside the benchmark closure.
final class EditSession {
    var editor: EditableText
    /// A UTF-16 offset near the middle of the document, not inside a surrogate pair.
    let middle: Int
    /// The text the paste case inserts.
    let pasteboard: String

    init(fixture: String, pasteboard pasteFixture: String? = nil) throws {
        let text = try Fixtures.text(fixture)
        editor = try EditableText(text, style: Setting.style(language: "en"))
        let units = Array(text.utf16)
        var middle = units.count / 2
        while middle > 0 && UTF16.isTrailSurrogate(units[middle]) { middle -= 1 }
        self.middle = middle
        pasteboard = try pasteFixture.map(Fixtures.text) ?? ""
    }

    /// Measures `replace(utf16Range: offset..<offset, with: text)` followed by
    /// `measure(width:)`, then deletes the inserted text again outside the measurement.
    func measureInsertion(_ benchmark: Benchmark, at offset: Int, of text: String) throws {
        let end = offset + text.utf16.count
        benchmark.startMeasurement()
        try editor.replace(utf16Range: offset..<offset, with: text)
        blackHole(try editor.measure(width: Setting.width))
        benchmark.stopMeasurement()
        try editor.replace(utf16Range: offset..<end, with: "")
    }
}
