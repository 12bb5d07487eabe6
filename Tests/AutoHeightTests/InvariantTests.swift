import Foundation
import Testing

@testable import AutoHeight

/// Invariants, one rule each, over real multilingual texts (the agreement fixture).
@Suite struct InvariantTests {
    static let texts: [(String, String)] = {
        let records = try! Fixtures.pangoRecords("pango-agreement.jsonl")
        return stride(from: 0, to: records.count, by: 9).map { (records[$0].id, records[$0].text) }  // 90 texts
    }()

    static let style = TextStyle(fonts: try! FontStack.bundled(), fontSize: 16)

    /// Rule: measuring once (`TextStyle.measure`, recycled storage) equals preparing and then
    /// measuring, field for field, at any width and line limits, with or without a cache, and
    /// whatever was measured before (texts with several paragraphs, multiple fonts, spacing).
    @Test func measuringOnceEqualsPreparingThenMeasuring() throws {
        var style = Self.style
        style.lineSpacing = 3
        let limits = [LineLimits(), LineLimits(minimum: 3, maximum: 5), LineLimits(minimum: 1, maximum: 1)]
        for cached in [false, true] {
            style.segmentCache = cached ? SegmentCache() : nil
            for (id, text) in Self.texts + [("two paragraphs", Self.texts[0].1 + "\n\n" + Self.texts[1].1)] {
                let prepared = try style.prepare(text)
                for width in [37.0, 120, 333] {
                    for lineLimits in limits {
                        #expect(
                            try style.measure(text, width: width, lineLimits: lineLimits)
                                == prepared.measure(width: width, lineLimits: lineLimits), "\(id) at \(width)")
                    }
                }
            }
        }
        #expect(throws: AutoHeightError.invalidWidth(-1)) { try style.measure("a", width: -1) }
    }

    /// Rule: the line count never falls as the width shrinks.
    @Test func lineCountNeverFallsAsWidthShrinks() throws {
        for (id, text) in Self.texts {
            let prepared = try Self.style.prepare(text)
            var previous = 0
            for width in stride(from: 800.0, through: 8, by: -7.5) {
                let count = try prepared.lineCount(width: width)
                #expect(count >= previous, "\(id): \(count) lines at \(width) px after \(previous) at \(width + 7.5)")
                previous = count
            }
        }
    }

    /// Rule: measuring at the measured (widest line's) width does not change the wrap.
    @Test func measuringAtTheMeasuredWidthKeepsTheWrap() throws {
        for (id, text) in Self.texts {
            let prepared = try Self.style.prepare(text)
            for width in [120.0, 200, 333.3, 560] {
                let result = try prepared.measure(width: width)
                guard result.maxLineWidth > 0 else { continue }
                let again = try prepared.lines(width: result.maxLineWidth)
                #expect(
                    again
                        == (try prepared.lines(width: width)).map { line in
                            var line = line
                            line.width = line.width
                            return line
                        }, "\(id) at \(width) → \(result.maxLineWidth)")
            }
        }
    }

    /// Rule: every visible line fits (a line wider than the width holds a single grapheme
    /// cluster), lines tile the text, and no line ends inside a cluster.
    @Test func linesFitAndTileTheText() throws {
        for (id, text) in Self.texts {
            let prepared = try Self.style.prepare(text)
            let units = Array(text.utf16)
            for width in [60.0, 150, 400] {
                let lines = try prepared.lines(width: width)
                var expectedStart = 0
                for line in lines {
                    #expect(line.range.lowerBound >= expectedStart, "\(id): overlapping lines")
                    let gap = units[expectedStart..<line.range.lowerBound]
                    #expect(
                        gap.allSatisfy { [0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains($0) },
                        "\(id): text skipped")
                    if line.width > width {
                        let piece = String(decoding: units[line.range], as: UTF16.self).trimmingCharacters(
                            in: .whitespaces)
                        #expect(
                            piece.count == 1, "\(id) @\(width): \(line.width) px line holds \(piece.count) clusters")
                    }
                    expectedStart = line.range.upperBound
                }
                #expect(expectedStart == units.count)
            }
        }
    }

    /// Rule: results do not depend on the thread or on how many measure at once.
    @Test func concurrentMeasurementMatchesSerial() async throws {
        let serial = try Self.texts.map { try Self.style.measure($0.1, width: 200) }
        let parallel = try await withThrowingTaskGroup(of: (Int, TextMeasurement).self) { group in
            for (index, entry) in Self.texts.enumerated() {
                group.addTask { (index, try Self.style.measure(entry.1, width: 200)) }
            }
            var results = [TextMeasurement?](repeating: nil, count: Self.texts.count)
            for try await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
        #expect(serial == parallel)
    }

    /// Rule: one segment cache shared by many threads at once (shaping and line breaks stored
    /// and read concurrently) gives every thread the uncached result.
    @Test func concurrentMeasurementWithASharedCacheMatchesSerial() async throws {
        let serial = try Self.texts.map { try Self.style.measure($0.1, width: 200) }
        var cached = Self.style
        cached.segmentCache = SegmentCache()
        let style = cached
        let rounds = 4
        let parallel = try await withThrowingTaskGroup(of: (Int, TextMeasurement).self) { group in
            for round in 0..<rounds {
                for (index, entry) in Self.texts.enumerated() {
                    group.addTask { (round * Self.texts.count + index, try style.measure(entry.1, width: 200)) }
                }
            }
            var results = [TextMeasurement?](repeating: nil, count: rounds * Self.texts.count)
            for try await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
        for (index, result) in parallel.enumerated() {
            #expect(result == serial[index % Self.texts.count], "\(Self.texts[index % Self.texts.count].0)")
        }
        #expect(style.segmentCache!.statistics.hits > 0)
    }
}
