import Foundation
import Testing
import CHarfBuzz

@testable import AutoHeight

/// The segment cache gives exactly the numbers of shaping paragraphs whole.
@Suite struct SegmentCacheTests {
    static let records: [(id: String, text: String, language: String)] = {
        try! Fixtures.pangoRecords("pango-agreement.jsonl").map { ($0.id, $0.text, $0.language) }
    }()

    /// Rule: with a cache (cold, then warm), every prepared paragraph equals the uncached one.
    @Test(arguments: ["bundled", "NotoSansCJK-Regular.ttc"])
    func cachedPreparationEqualsShapingWhole(fontName: String) throws {
        let fonts: FontStack
        if fontName == "bundled" {
            fonts = try FontStack.bundled()
        } else {
            let path = try #require(
                Fixtures.systemFont(fontName), "\(fontName) missing: apt-get install fonts-noto-cjk")
            fonts = FontStack(try Font(path: path, faceIndex: 1))
        }
        let cache = SegmentCache()
        for pass in 0..<2 {
            for record in Self.records {
                var style = TextStyle(fonts: fonts, fontSize: 16, language: record.language)
                let whole = try style.prepare(record.text)
                style.segmentCache = cache
                let cached = try style.prepare(record.text)
                #expect(cached.paragraphs == whole.paragraphs, "\(record.id), pass \(pass)")
                #expect(try cached.measure(width: 200) == whole.measure(width: 200))
            }
        }
        let (hits, misses) = cache.statistics
        print(
            "cache \(fontName): \(cache.entryCount) entries, \(cache.byteCount) bytes, \(hits) hits, \(misses) misses")
        if fontName == "bundled" {
            #expect(hits > misses, "the second pass is served from the cache")
        }
    }

    @Test func evictionKeepsMemoryBounded() throws {
        let cache = SegmentCache(byteLimit: 1 << 16)
        var style = TextStyle(font: Fixtures.notoSans, fontSize: 16)
        style.segmentCache = cache
        for record in Self.records.prefix(300) { _ = try style.prepare(record.text) }
        #expect(cache.byteCount <= 1 << 16)
        #expect(cache.entryCount > 0)
        let text = "the same words again and again"
        let before = try TextStyle(font: Fixtures.notoSans, fontSize: 16).prepare(text)
        #expect(try style.prepare(text).paragraphs == before.paragraphs)
    }

    @Test func eligibilityFollowsTheFontsLookups() throws {
        // Noto Sans: no applied lookup touches the space. Nanum Gothic has a legacy kern table.
        #expect(Fixtures.notoSans.shapesWordsIndependently(script: HB_SCRIPT_LATIN, language: nil))
        #expect(!Fixtures.nanumGothic.shapesWordsIndependently(script: HB_SCRIPT_HANGUL, language: nil))
    }
}
