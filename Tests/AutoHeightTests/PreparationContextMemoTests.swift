import Testing

@testable import AutoHeight

/// A style keeps the preparation context it resolved; a copy that changes a field it depends on
/// must get a context of its own, never the kept one.
@Suite struct PreparationContextMemoTests {
    static let text = "회의는 내일 오후 3시로 옮겼어요."

    /// Line ranges at 60 px (where keep-all and normal breaking differ) with a fresh style.
    static func freshRanges(language: String) throws -> [Range<Int>] {
        let style = TextStyle(fonts: try FontStack.bundled(), fontSize: 16, language: language)
        return try style.prepare(text).lines(width: 60).map(\.range)
    }

    @Test func aChangedLanguageIsResolvedAgain() throws {
        var style = TextStyle(fonts: try FontStack.bundled(), fontSize: 16, language: "ko")
        let normal = try style.prepare(Self.text).lines(width: 60).map(\.range)
        let copy = style
        style.language = "ko-u-lw-keepall"
        let keepAll = try style.prepare(Self.text).lines(width: 60).map(\.range)
        #expect(normal == (try Self.freshRanges(language: "ko")))
        #expect(keepAll == (try Self.freshRanges(language: "ko-u-lw-keepall")))
        #expect(normal != keepAll)
        // The unchanged copy shares the memo and still gets its own language's breaks.
        #expect(try copy.prepare(Self.text).lines(width: 60).map(\.range) == normal)
        style.language = "not a tag!"
        #expect(throws: AutoHeightError.invalidLanguageTag("not a tag!")) { try style.measure(Self.text, width: 60) }
    }

    @Test func aCacheSetAfterAMeasureIsUsed() throws {
        var style = Fixtures.style()
        _ = try style.measure("hello world", width: 100)
        let cache = SegmentCache()
        style.segmentCache = cache
        _ = try style.measure("hello world", width: 100)
        _ = try style.measure("hello world", width: 100)
        #expect(cache.statistics.hits > 0)
        style.segmentCache = nil
        _ = try style.measure("hello world", width: 100)
        let after = cache.statistics
        _ = try style.measure("hello world again", width: 100)
        #expect(cache.statistics == after)
    }
}
