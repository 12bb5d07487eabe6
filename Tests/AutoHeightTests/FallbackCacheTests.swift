import Foundation
import Testing

@testable import AutoHeight

/// The segment cache with font fallback: runs set in fallback fonts and emoji are served from the
/// cache, and give exactly the numbers of shaping paragraphs whole.
@Suite struct FallbackCacheTests {
    /// Every record of the Pango fallback fixture (every corpus of `../shared/corpus`: mixed
    /// scripts, emoji, edge cases).
    static let records: [(id: String, text: String, language: String)] = {
        (try! Fixtures.pangoRecords("pango-fallback-agreement.jsonl")).map { ($0.id, $0.text, $0.language) }
    }()

    static func stack(_ name: String) throws -> FontStack {
        switch name {
        case "NotoSans+system":
            return FontStack(FallbackFixtures.systemNotoSans, systemFallback: FallbackFixtures.reference)
        default:
            let path = try #require(
                Fixtures.systemFont("NotoSansCJK-Regular.ttc"), "apt-get install fonts-noto-cjk (make test does)")
            return FontStack(try Font(path: path, faceIndex: 1), systemFallback: FallbackFixtures.reference)
        }
    }

    /// Rule: with a system fallback, cached preparation (cold, warm, then each text after the
    /// end of another, so that chunks meet new neighbours) equals shaping whole: advances, fonts'
    /// missing-glyph and grapheme flags, segments, and the lines at 200 px.
    @Test(arguments: ["NotoSans+system", "NotoSansCJK+system"])
    func cachedPreparationEqualsShapingWhole(stackName: String) throws {
        let fonts = try Self.stack(stackName)
        let cache = SegmentCache()
        for pass in 0..<3 {
            var previous = ""
            for record in pass == 2 ? Self.records.reversed() : Self.records {
                let text = pass == 2 ? String(previous.suffix(17)) + " " + record.text : record.text
                previous = record.text
                var style = TextStyle(fonts: fonts, fontSize: 16, language: record.language)
                let whole = try style.prepare(text)
                style.segmentCache = cache
                let cached = try style.prepare(text)
                #expect(cached.paragraphs == whole.paragraphs, "\(record.id), pass \(pass)")
                #expect(try cached.measure(width: 200) == whole.measure(width: 200), "\(record.id), pass \(pass)")
            }
        }
        let (hits, misses) = cache.statistics
        #expect(hits > misses, "the second and third passes are mostly served from the cache (\(hits), \(misses))")
    }

    /// Rule: a chunk whose trailing space takes the font of the cluster after it is keyed on
    /// that cluster: in "안녕 하세요" (Noto Sans lacks Hangul) the space is the Korean fallback
    /// font's, in "안녕 123" (digits join the Hangul run) the primary's. Its advance differs with
    /// what follows, from the cache as without it, and every chunk is served from the cache when
    /// the texts come again.
    @Test func trailingSpacesFollowTheNextClusterFromTheCache() throws {
        let fonts = try Self.stack("NotoSans+system")
        var style = TextStyle(fonts: fonts, fontSize: 16, language: "ko")
        let texts = ["안녕 하세요", "안녕 123", "안녕 😀", "hello 안녕 123 👍🏽 ok 안녕 하세요"]
        let whole = try texts.map { try style.prepare($0) }
        let cache = SegmentCache()
        style.segmentCache = cache
        for pass in 0..<2 {
            for (text, expected) in zip(texts, whole) {
                let cached = try style.prepare(text)
                #expect(cached.paragraphs == expected.paragraphs, "\(text), pass \(pass)")
            }
        }
        let koreanSpace = whole[0].paragraphs[0].advances[2] * 16
        let digitSpace = whole[1].paragraphs[0].advances[2] * 16
        #expect(koreanSpace != digitSpace, "the space takes the next cluster's font")
        #expect(close(digitSpace, fonts.primary.spaceAdvance * 16))
        let misses = cache.statistics.misses
        for text in texts { _ = try style.prepare(text) }
        #expect(cache.statistics.misses == misses, "every chunk is served when the texts come again")
    }

    /// Rule: a mixed-script message with emoji has the same lines, offsets and heights cached
    /// (cold and warm) as uncached, at every width: exact line counts and offsets.
    @Test func mixedScriptLinesFromTheCache() throws {
        let text = "Hello สวัสดีครับ 안녕하세요 😀 world שלום नमस्ते 👍🏽 again مرحبا بك 你好 ok"
        var style = FallbackFixtures.style()
        let whole = try style.prepare(text)
        style.segmentCache = SegmentCache()
        for _ in 0..<2 {
            let cached = try style.prepare(text)
            for width in [60.0, 120, 240, 480] {
                #expect(try cached.lines(width: width) == whole.lines(width: width), "width \(width)")
            }
        }
        let lines = try style.prepare(text).lines(width: 240)
        #expect(lines.map(\.range) == [0..<26, 26..<61, 61..<69])
        #expect(try style.measure(text, width: 120).lineCount == 5)
        #expect(try style.measure(text, width: 480).lineCount == 2)
    }
}
