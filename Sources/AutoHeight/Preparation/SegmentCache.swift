/// Shaped widths and line-break opportunities of text chunks ("word "), shared across texts, so
/// that a feed or chat history shapes and breaks each repeated word once. Bounded: when its
/// entries pass `byteLimit`, the older half is dropped.
///
/// ```swift
/// var style = TextStyle(fonts: try .bundled(), fontSize: 17)
/// style.segmentCache = SegmentCache(byteLimit: 8 << 20)
/// for message in history { _ = try style.measure(message, width: 320) }  // words shaped once
/// ```
///
/// Exactness comes first. Shaping is served only for runs whose primary font applies no lookup
/// that could couple two words through the space, or only rules that swap the space by its two
/// neighbours, whose class then joins the key (see `WordCoupling`): there shaping a chunk
/// alone gives exactly the advances of shaping the paragraph whole. Break opportunities are
/// served only for chunks whose context the key holds (`BreakContext`), and a paragraph skips
/// ICU only when every chunk has them. `autoheight bench --verify-cache` checks a corpus.
/// Safe to share between threads.
///
/// Storage: an open-addressing table over flat arenas (chunk units, advances, flags, fonts, break
/// offsets), so a look-up hashes the units in place, compares them with the stored ones, and
/// copies the values out without allocating.
public final class SegmentCache: Sendable {
    /// The memory the entries may take, in bytes (default 32 MiB).
    public let byteLimit: Int

    private let storage: Locked<SegmentStore>
    /// The font stacks, languages and profiles seen, in order: a context's number is its position + 1
    /// (part of every key). Searched in order: comparing a stack's identity with the string it
    /// was stored from is a pointer check, so no hashing per measure.
    private let contexts = Locked<[(stack: String, language: String, profile: LayoutProfile)]>([])

    /// Contexts a cache tells apart (a key holds the number in 16 bits); styles past them are
    /// measured without the cache.
    static let contextLimit = 0xFFFF

    /// An empty cache that holds at most `byteLimit` bytes (at least 64 KiB; default 32 MiB).
    public init(byteLimit: Int = 32 << 20) {
        self.byteLimit = max(byteLimit, 1 << 16)
        storage = Locked(SegmentStore())
    }

    /// Bytes held now (arenas and index).
    public var byteCount: Int { storage.withLock { $0.byteCount } }
    /// Chunks held now.
    public var entryCount: Int { storage.withLock { $0.entryCount } }
    /// Chunks answered from the cache and chunks that had to be shaped, since creation.
    public var statistics: (hits: Int, misses: Int) { storage.withLock { ($0.hits, $0.misses) } }
    /// Paragraphs whose line-break opportunities all came from the cache (no ICU pass).
    var paragraphsWithStoredBreaks: Int { storage.withLock { $0.breakAssemblies } }

    /// Empties the cache (statistics included).
    public func removeAll() {
        storage.withLock { $0 = SegmentStore() }
    }

    /// The number standing for a font stack, language and profile in this cache's keys (1 through
    /// ``contextLimit``), or nil when the cache already tells apart that many. The profile is part
    /// of it because stored line breaks depend on it: no two profiles share a chunk's breaks.
    func context(fonts: FontStack, language: String, profile: LayoutProfile = .editor) -> Int? {
        let stack = fonts.cacheIdentity
        return contexts.withLock { known in
            if let index = known.firstIndex(where: {
                $0.stack == stack && $0.language == language && $0.profile == profile
            }) {
                return index + 1
            }
            guard known.count < Self.contextLimit else { return nil }
            known.append((stack, language, profile))
            return known.count
        }
    }

    /// A chunk of a paragraph to look up: its range in the paragraph and its key's tag.
    struct Request {
        var range: Range<Int>
        var tag: UInt64
        var hash: UInt64
        var script: Script
        var isRightToLeft: Bool = false
        /// Units after the chunk that its shaping needs as context (not part of the entry).
        var lookahead: Int = 0
        var breakContext: BreakContext = .unknown
    }

    /// Looks every request up under one lock, copying hits into the paragraph's arrays.
    /// Returns the indices of the requests that missed and the missing-glyph count of the hits.
    /// With `assemblingBreaks` (the requests tile the paragraph), also appends the hits' stored
    /// line-break opportunities to `boundaries`; `breaksFound` says whether every request had
    /// them (else `boundaries` holds a useless prefix).
    func lookUp(
        _ requests: [Request], in units: UnsafeBufferPointer<UInt16>, advances: inout [Double],
        flags: inout [UInt8], fontIndices: inout [UInt8], assemblingBreaks: Bool, boundaries: inout [Int32]
    ) -> (misses: [Int], missingGlyphs: Int, breaksFound: Bool) {
        storage.withLock { store in
            var misses: [Int] = []
            var missing = 0
            var breaksFound = assemblingBreaks
            for (index, request) in requests.enumerated() {
                guard let entry = store.find(request, units: units) else {
                    misses.append(index)
                    breaksFound = false
                    continue
                }
                store.copy(
                    entry, to: request.range.lowerBound, advances: &advances, flags: &flags, fontIndices: &fontIndices)
                missing += Int(store.entries[entry].missing)
                if breaksFound {
                    breaksFound = store.appendBreaks(of: entry, at: request.range.lowerBound, to: &boundaries)
                }
            }
            store.hits += requests.count - misses.count
            store.misses += misses.count
            if breaksFound { store.breakAssemblies += 1 }
            return (misses, missing, breaksFound)
        }
    }

    /// Stores, for the requests whose ``BreakContext`` is known and whose entries lack them, the
    /// line-break opportunities ICU found in the paragraph (`boundaries`, ascending).
    func recordBreaks(_ requests: [Request], in units: UnsafeBufferPointer<UInt16>, boundaries: [Int32]) {
        guard requests.contains(where: { $0.breakContext != .unknown }) else { return }
        storage.withLock { store in
            var next = 0  // first boundary not before the current request's start
            for request in requests where request.breakContext != .unknown {
                let start = Int32(request.range.lowerBound)
                let end = Int32(request.range.upperBound)
                while next < boundaries.count && boundaries[next] <= start { next += 1 }
                guard let entry = store.find(request, units: units), store.entries[entry].breakStart < 0 else {
                    continue
                }
                var last = next
                while last < boundaries.count && boundaries[last] <= end { last += 1 }
                store.setBreaks(of: entry, boundaries[next..<last].map { $0 - start })
            }
        }
    }

    /// Stores freshly shaped chunks (values read from the paragraph's arrays).
    func insert(
        _ requests: [Request], units: UnsafeBufferPointer<UInt16>, advances: [Double], flags: [UInt8],
        fontIndices: [UInt8], missing: [Int]
    ) {
        storage.withLock { store in
            for (request, missingGlyphs) in zip(requests, missing) where store.find(request, units: units) == nil {
                store.insert(
                    request, units: units, advances: advances, flags: flags, fontIndices: fontIndices,
                    missing: missingGlyphs)
            }
            if store.byteCount > byteLimit { store.evictOlderHalf() }
        }
    }

    /// FNV-1a over the units, mixed with the tag.
    static func hash(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, tag: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ tag
        for index in range {
            hash = (hash ^ UInt64(units[index])) &* 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
    }
}
