import Synchronization

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
/// Exactness comes first. Chunks are served only for runs whose primary font applies no lookup
/// that could couple two words through the space, or only rules that swap the space by its two
/// neighbours, whose class then joins the key (see `WordCoupling`): there shaping a chunk
/// alone gives exactly the advances of shaping the paragraph whole. Other runs are served
/// whole. With fallback fonts, a chunk whose trailing spaces may take the font of the cluster
/// after it is keyed on that cluster too, and a run that uses a fallback font coupling words is
/// served whole (see `ParagraphPreparer.shapeMisses`). Break opportunities are
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

    /// Look-ups share the lock (a warm measure only reads); stores take it alone.
    private let storage: ReadWriteLocked<SegmentStore>
    /// Counted apart from the store, so that a look-up writes nothing under its shared lock.
    private let counts = Counts()
    /// The font stacks, languages and profiles seen, in order: a context's number is its position + 1
    /// (part of every key). Searched in order: comparing a stack's identity with the string it
    /// was stored from is a pointer check, so no hashing per measure.
    private let contexts = Locked<
        [(stack: String, language: String, profile: LayoutProfile, browser: BrowserEngine, advanceGrid: Double)]
    >([])

    /// Contexts a cache tells apart (a key holds the number in 16 bits); styles past them are
    /// measured without the cache.
    static let contextLimit = 0xFFFF

    /// An empty cache that holds at most `byteLimit` bytes (at least 64 KiB; default 32 MiB).
    public init(byteLimit: Int = 32 << 20) {
        self.byteLimit = max(byteLimit, 1 << 16)
        storage = ReadWriteLocked(SegmentStore())
    }

    /// The statistics: atomics, as look-ups run at once on several threads.
    private final class Counts: Sendable {
        let hits = Atomic<Int>(0)
        let misses = Atomic<Int>(0)
        let breakAssemblies = Atomic<Int>(0)

        func add(hits: Int, misses: Int) {
            if hits > 0 { self.hits.add(hits, ordering: .relaxed) }
            if misses > 0 { self.misses.add(misses, ordering: .relaxed) }
        }

        func reset() {
            hits.store(0, ordering: .relaxed)
            misses.store(0, ordering: .relaxed)
            breakAssemblies.store(0, ordering: .relaxed)
        }
    }

    /// Bytes held now (arenas and index).
    public var byteCount: Int { storage.withReadLock { $0.byteCount } }
    /// Chunks held now.
    public var entryCount: Int { storage.withReadLock { $0.entryCount } }
    /// Chunks answered from the cache and chunks that had to be shaped, since creation.
    public var statistics: (hits: Int, misses: Int) {
        (counts.hits.load(ordering: .relaxed), counts.misses.load(ordering: .relaxed))
    }
    /// Paragraphs whose line-break opportunities all came from the cache (no ICU pass).
    var paragraphsWithStoredBreaks: Int { counts.breakAssemblies.load(ordering: .relaxed) }

    /// Empties the cache (statistics included).
    public func removeAll() {
        storage.withWriteLock { $0.removeAll() }
        counts.reset()
    }

    /// The number standing for a font stack, language and profile in this cache's keys (1 through
    /// ``contextLimit``), or nil when the cache already tells apart that many. The profile and
    /// browser are part of it because stored line breaks depend on them (no two share a chunk's
    /// breaks), the advance grid because stored advances do (Firefox's depend on the size).
    func context(
        fonts: FontStack, language: String, profile: LayoutProfile = .editor, browser: BrowserEngine = .chromium,
        advanceGrid: Double = 0
    ) -> Int? {
        let stack = fonts.cacheIdentity
        return contexts.withLock { known in
            if let index = known.firstIndex(where: {
                $0.stack == stack && $0.language == language && $0.profile == profile && $0.browser == browser
                    && $0.advanceGrid == advanceGrid
            }) {
                return index + 1
            }
            guard known.count < Self.contextLimit else { return nil }
            known.append((stack, language, profile, browser, advanceGrid))
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
        /// With several fonts: the units after the chunk up to the end of the next chunk's first
        /// grapheme cluster (0 at the end of the run). When the chunk's trailing spaces take
        /// their font from that cluster (see ``ParagraphShaper/assignFonts(in:checkingEmoji:units:advances:fontIndices:flags:anyMissing:)``),
        /// the chunk's entry is a marker and its values are keyed on the chunk and those units
        /// (``withNext(in:)``).
        var next: Int = 0
        /// The hash state after the chunk's units (unfinished: ``SegmentCache/finish(_:)`` of it
        /// is `hash`), from which ``withNext(in:)`` goes on over the next cluster when a marker
        /// asks for it: most chunks never need that key.
        var keyState: UInt64 = 0
        /// The index of the chunk's run among the paragraph's runs.
        var run: Int = 0
        /// The chunk's missing glyphs, once found in the cache or shaped.
        var missing: Int32 = 0
        /// The run's range in the paragraph (for ``wholeRun``).
        var runRange: Range<Int> = 0..<0
        /// The request stands for its whole run (shaped whole: its primary font ties words).
        var isWholeRun = false
        /// Set by a look-up: the chunk's marker says its run shapes whole.
        var inCoupledRun = false

        /// The key of the chunk's values when they depend on the next cluster (`units`: the
        /// paragraph's).
        func withNext(in units: UnsafeBufferPointer<UInt16>) -> Request {
            var keyed = self
            keyed.range = range.lowerBound..<(range.upperBound + next)
            keyed.tag = tag | SegmentCache.withNextTag
            keyed.hash = SegmentCache.finish(
                SegmentCache.hashState(
                    units, range.upperBound..<(range.upperBound + next),
                    continuing: keyState ^ SegmentCache.withNextTag))
            keyed.breakContext = .unknown
            return keyed
        }
    }

    // A tag: bit 63 right to left, 32–62 the script, 24–29 a space rule's next class, 16–18
    // the bits below, 0–15 the context.
    /// Tells chunks that end their run from chunks with the same text inside one (choosing fonts).
    static let endsRunTag: UInt64 = 1 << 16
    /// Tells keys that hold the next cluster from plain ones.
    static let withNextTag: UInt64 = 1 << 17
    /// Tells keys of whole runs from chunks'.
    static let wholeRunTag: UInt64 = 1 << 18

    /// The part of a chunk's tag that its run decides.
    static func runTag(of tag: UInt64) -> UInt64 { tag & ~(0x3F << 24 | 0x7 << 16) }

    /// The request for a chunk's whole run, shaped whole (``SegmentStore/Kind/coupledRun``).
    static func wholeRun(
        of range: Range<Int>, script: Script, isRightToLeft: Bool, tag: UInt64, units: UnsafeBufferPointer<UInt16>
    ) -> Request {
        let runTag = tag | wholeRunTag
        return Request(
            range: range, tag: runTag, hash: hash(units, range, tag: runTag), script: script,
            isRightToLeft: isRightToLeft, runRange: range, isWholeRun: true)
    }

    /// Copies the values of the whole run `request` into the paragraph's arrays when the cache
    /// holds them; returns its missing glyphs, or nil.
    func lookUpRun(
        _ request: Request, in units: UnsafeBufferPointer<UInt16>, advances: inout [Double], flags: inout [UInt8],
        fontIndices: inout [UInt8]
    ) -> Int? {
        let missing = storage.withReadLock { (store) -> Int? in
            guard let entry = store.find(request, units: units), store.entries[entry].kind == .values else {
                return nil
            }
            store.copy(
                entry, to: request.range.lowerBound, advances: &advances, flags: &flags, fontIndices: &fontIndices)
            return Int(store.entries[entry].missing)
        }
        counts.add(hits: missing == nil ? 0 : 1, misses: missing == nil ? 1 : 0)
        return missing
    }

    /// Looks every request up under one lock, copying hits into the paragraph's arrays (and each
    /// hit's missing-glyph count into the request; `fontIndices` must still be 0 over the
    /// requests' ranges, as a paragraph's are before its chunks are filled in). Returns the
    /// indices of the requests that missed and the missing-glyph count of the hits. With
    /// `assemblingBreaks` (the requests tile the paragraph), also appends the hits' stored
    /// line-break opportunities to `boundaries`; `breaksFound` says whether every request had
    /// them (else `boundaries` holds a useless prefix).
    /// The paragraph's arrays are passed as their memory (`fontIndices` empty with one font).
    func lookUp(
        _ requests: inout [Request], in units: UnsafeBufferPointer<UInt16>,
        advances: UnsafeMutableBufferPointer<Double>, flags: UnsafeMutableBufferPointer<UInt8>,
        fontIndices: UnsafeMutableBufferPointer<UInt8>, assemblingBreaks: Bool, boundaries: inout [Int32]
    ) -> (misses: [Int], missingGlyphs: Int, breaksFound: Bool) {
        let found = storage.withReadLock { (store) -> (misses: [Int], missingGlyphs: Int, breaksFound: Bool) in
            var misses: [Int] = []
            var missing = 0
            var breaksFound = assemblingBreaks
            // With a few requests there are no misses to overlap.
            if requests.count >= 4 { Self.keep(store.touch(requests)) }
            for index in requests.indices {
                let request = requests[index]
                guard let entry = store.find(request, units: units) else {
                    misses.append(index)
                    breaksFound = false
                    continue
                }
                let marker = entry
                if store.entries[entry].kind != .values {
                    // The chunk's line breaks are stored with its marker.
                    if breaksFound {
                        breaksFound = store.appendBreaks(of: marker, at: request.range.lowerBound, to: &boundaries)
                    }
                    if store.entries[entry].kind == .coupledRun {
                        requests[index].inCoupledRun = true
                        misses.append(index)
                        continue
                    }
                    guard request.next > 0, let valued = store.find(request.withNext(in: units), units: units) else {
                        misses.append(index)
                        continue
                    }
                    store.copy(
                        valued, to: request.range.lowerBound, advances: advances, flags: flags,
                        fontIndices: fontIndices, fontIndicesZeroed: true)
                    let entryMissing = store.entries[valued].missing
                    requests[index].missing = entryMissing
                    missing += Int(entryMissing)
                    continue
                }
                store.copy(
                    entry, to: request.range.lowerBound, advances: advances, flags: flags, fontIndices: fontIndices,
                    fontIndicesZeroed: true)
                let entryMissing = store.entries[entry].missing
                requests[index].missing = entryMissing
                missing += Int(entryMissing)
                if breaksFound {
                    breaksFound = store.appendBreaks(of: marker, at: request.range.lowerBound, to: &boundaries)
                }
            }
            return (misses, missing, breaksFound)
        }
        counts.add(hits: requests.count - found.misses.count, misses: found.misses.count)
        if found.breaksFound { counts.breakAssemblies.add(1, ordering: .relaxed) }
        return found
    }

    /// Stores, for the requests whose ``BreakContext`` is known and whose entries lack them, the
    /// line-break opportunities ICU found in the paragraph (`boundaries`, ascending).
    func recordBreaks(_ requests: [Request], in units: UnsafeBufferPointer<UInt16>, boundaries: [Int32]) {
        guard requests.contains(where: { $0.breakContext != .unknown }) else { return }
        // Paragraphs whose breaks ICU found again (a run shaped whole keeps its chunks from
        // tiling the paragraph) mostly have them stored already: only a store takes the lock
        // alone, which would stop every other thread's look-ups.
        let needsStoring = storage.withReadLock { (store) in
            requests.contains { request in
                guard request.breakContext != .unknown, let entry = store.find(request, units: units) else {
                    return false
                }
                return store.entries[entry].breakStart < 0
            }
        }
        guard needsStoring else { return }
        storage.withWriteLock { store in
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

    /// Stores freshly shaped chunks (values read from the paragraph's arrays), each as `kinds`
    /// says: its values; a marker under its own key and its values under the key that holds the
    /// next cluster too (``Request/withNext``); or a marker for a run shaped whole (then
    /// `wholeRuns` holds the runs' requests, whose values are stored).
    func insert(
        _ requests: [Request], units: UnsafeBufferPointer<UInt16>, advances: [Double], flags: [UInt8],
        fontIndices: [UInt8], kinds: [SegmentStore.Kind], wholeRuns: [Request] = []
    ) {
        storage.withWriteLock { store in
            for (request, kind) in zip(requests, kinds) {
                let known = store.find(request, units: units)
                switch kind {
                case .values, .coupledRun:
                    guard known == nil else { continue }
                    store.insert(
                        request, units: units, advances: advances, flags: flags, fontIndices: fontIndices,
                        missing: Int(request.missing), kind: kind)
                case .needsNext:
                    if known == nil {
                        store.insert(
                            request, units: units, advances: advances, flags: flags, fontIndices: fontIndices,
                            missing: 0, kind: .needsNext)
                    }
                    let keyed = request.withNext(in: units)
                    if store.find(keyed, units: units) == nil {
                        store.insert(
                            keyed, units: units, advances: advances, flags: flags, fontIndices: fontIndices,
                            missing: Int(request.missing), valueLength: request.range.count)
                    }
                }
            }
            for request in wholeRuns where store.find(request, units: units) == nil {
                store.insert(
                    request, units: units, advances: advances, flags: flags, fontIndices: fontIndices,
                    missing: Int(request.missing))
            }
            if store.byteCount > byteLimit { store.evictOlderHalf() }
        }
    }

    /// Keeps what ``SegmentStore/touch(_:)`` read, so that its reads are not optimized away
    /// (nothing is written: look-ups on other threads share the memory).
    @inline(never) @_optimize(none)
    private static func keep(_ value: Int) {}

    /// FNV-1a over the units, mixed with the tag.
    static func hash(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, tag: UInt64) -> UInt64 {
        finish(hashState(units, range, continuing: 0xcbf2_9ce4_8422_2325 ^ tag))
    }

    /// The hash state after `range`, from `state` (unfinished: ``finish(_:)`` makes a hash):
    /// FNV-1a's step over four units at a time (one 64-bit word each), then over the rest one
    /// by one. Entries are compared unit by unit, so the hash only has to spread keys.
    static func hashState(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, continuing state: UInt64) -> UInt64
    {
        var hash = state
        var index = range.lowerBound
        let end = range.upperBound
        while index + 4 <= end {
            let word =
                UInt64(units[index]) | UInt64(units[index + 1]) << 16 | UInt64(units[index + 2]) << 32
                | UInt64(units[index + 3]) << 48
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 32
            index += 4
        }
        while index < end {
            hash = (hash ^ UInt64(units[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        return hash
    }

    static func finish(_ state: UInt64) -> UInt64 {
        let mixed = (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 32)
    }
}
