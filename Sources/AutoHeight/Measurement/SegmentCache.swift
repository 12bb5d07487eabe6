import CHarfBuzz
import Synchronization

/// Shaped widths of text chunks, shared across texts, so that a feed or chat history measures
/// each repeated word once. Bounded: when its entries pass `byteLimit`, the older half is dropped.
///
/// ```swift
/// var style = TextStyle(fonts: try .bundled(), fontSize: 17)
/// style.segmentCache = SegmentCache(byteLimit: 8 << 20)
/// for message in history { _ = try style.measure(message, width: 320) }  // words shaped once
/// ```
///
/// Exactness comes first: the cache serves only runs whose primary font applies no lookup that
/// could couple two words through the space, or only rules that swap the space
/// by its two neighbours, whose class then joins the key (see ``WordCoupling``): there shaping
/// a chunk alone gives exactly the advances of shaping the paragraph whole. Safe to share between threads.
///
/// Storage: an open-addressing table over flat arenas (chunk units, advances, flags, fonts), so a
/// look-up hashes the units in place, compares them with the stored ones, and copies the values
/// out without allocating.
public final class SegmentCache: Sendable {
    /// The memory the entries may take, in bytes (default 32 MiB).
    public let byteLimit: Int

    private let storage: Mutex<Store>
    /// A small number per distinct font stack and language (part of every key).
    private let contexts = Mutex<[ContextKey: Int]>([:])

    private struct ContextKey: Hashable {
        var stack: String
        var language: String
    }

    public init(byteLimit: Int = 32 << 20) {
        self.byteLimit = max(byteLimit, 1 << 16)
        storage = Mutex(Store())
    }

    /// Bytes held now (arenas and index).
    public var byteCount: Int { storage.withLock { $0.byteCount } }
    public var entryCount: Int { storage.withLock { $0.entryCount } }
    /// Chunks answered from the cache and chunks that had to be shaped, since creation.
    public var statistics: (hits: Int, misses: Int) { storage.withLock { ($0.hits, $0.misses) } }

    public func removeAll() {
        storage.withLock { $0 = Store() }
    }

    /// The number standing for a font stack and language in this cache's keys.
    func context(fonts: FontStack, language: String) -> Int {
        let key = ContextKey(stack: fonts.cacheIdentity, language: language)
        return contexts.withLock { known in
            if let id = known[key] { return id }
            let id = known.count + 1
            known[key] = id
            return id
        }
    }

    /// A chunk of a paragraph to look up: its range in the paragraph and its key's tag.
    struct Request {
        var range: Range<Int>
        var tag: UInt64
        var hash: UInt64
        var script: hb_script_t
        var isRightToLeft: Bool = false
        /// Units after the chunk that its shaping needs as context (not part of the entry).
        var lookahead: Int = 0
    }

    /// Looks every request up under one lock, copying hits into the paragraph's arrays.
    /// Returns the indices of the requests that missed and the missing-glyph count of the hits.
    func lookUp(
        _ requests: [Request], in units: UnsafeBufferPointer<UInt16>, advances: inout [Double],
        flags: inout [UInt8], fontIndices: inout [UInt8]
    ) -> (misses: [Int], missingGlyphs: Int) {
        storage.withLock { store in
            var misses: [Int] = []
            var missing = 0
            for (index, request) in requests.enumerated() {
                guard let entry = store.find(request, units: units) else {
                    misses.append(index)
                    continue
                }
                store.copy(
                    entry, to: request.range.lowerBound, advances: &advances, flags: &flags, fontIndices: &fontIndices)
                missing += Int(store.entries[entry].missing)
            }
            store.hits += requests.count - misses.count
            store.misses += misses.count
            return (misses, missing)
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

/// The table behind ``SegmentCache``.
private struct Store {
    struct Entry {
        var hash: UInt64
        var tag: UInt64
        var start: Int32
        var length: Int32
        var missing: Int32
        var generation: UInt32
    }

    var slots: [Int32] = []  // entry index per slot, -1 empty; power-of-two count
    var entries: [Entry] = []
    var units: [UInt16] = []  // the keys, and the offsets of the values below
    var advances: [Double] = []
    var flags: [UInt8] = []
    var fonts: [UInt8] = []
    var generation: UInt32 = 0
    var hits = 0
    var misses = 0

    var entryCount: Int { entries.count }
    var byteCount: Int { units.count * 12 + entries.count * 32 + slots.count * 4 }

    func find(_ request: SegmentCache.Request, units key: UnsafeBufferPointer<UInt16>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: request.hash) & mask
        let length = request.range.count
        while true {
            let entryIndex = Int(slots[slot])
            if entryIndex < 0 { return nil }
            let entry = entries[entryIndex]
            if entry.hash == request.hash && entry.tag == request.tag && Int(entry.length) == length {
                var same = true
                let start = Int(entry.start)
                for offset in 0..<length where units[start + offset] != key[request.range.lowerBound + offset] {
                    same = false
                    break
                }
                if same { return entryIndex }
            }
            slot = (slot + 1) & mask
        }
    }

    func copy(
        _ entryIndex: Int, to position: Int, advances output: inout [Double], flags outputFlags: inout [UInt8],
        fontIndices: inout [UInt8]
    ) {
        let entry = entries[entryIndex]
        let start = Int(entry.start)
        for offset in 0..<Int(entry.length) {
            output[position + offset] = advances[start + offset]
            outputFlags[position + offset] = flags[start + offset]
        }
        if !fontIndices.isEmpty {
            for offset in 0..<Int(entry.length) { fontIndices[position + offset] = fonts[start + offset] }
        }
    }

    mutating func insert(
        _ request: SegmentCache.Request, units key: UnsafeBufferPointer<UInt16>, advances source: [Double],
        flags sourceFlags: [UInt8], fontIndices: [UInt8], missing: Int
    ) {
        generation &+= 1
        let start = units.count
        for index in request.range {
            units.append(key[index])
            advances.append(source[index])
            flags.append(sourceFlags[index])
            fonts.append(fontIndices.isEmpty ? 0 : fontIndices[index])
        }
        entries.append(
            Entry(
                hash: request.hash, tag: request.tag, start: Int32(start), length: Int32(request.range.count),
                missing: Int32(missing), generation: generation))
        if entries.count * 2 > slots.count {
            rebuildSlots(capacity: max(64, slots.count * 2))
        } else {
            place(entries.count - 1)
        }
    }

    private mutating func place(_ entryIndex: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[entryIndex].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entryIndex)
    }

    private mutating func rebuildSlots(capacity: Int) {
        slots = [Int32](repeating: -1, count: capacity)
        for index in entries.indices { place(index) }
    }

    /// Keeps the newer half of the entries, compacting the arenas.
    mutating func evictOlderHalf() {
        let cutoff = entries.map(\.generation).sorted()[entries.count / 2]
        var kept = Store()
        kept.hits = hits
        kept.misses = misses
        kept.generation = generation
        for entry in entries where entry.generation >= cutoff {
            let start = Int(entry.start)
            let end = start + Int(entry.length)
            var copy = entry
            copy.start = Int32(kept.units.count)
            kept.units.append(contentsOf: units[start..<end])
            kept.advances.append(contentsOf: advances[start..<end])
            kept.flags.append(contentsOf: flags[start..<end])
            kept.fonts.append(contentsOf: fonts[start..<end])
            kept.entries.append(copy)
        }
        kept.rebuildSlots(capacity: max(64, (kept.entries.count * 2).nextPowerOfTwo))
        self = kept
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int {
        var value = 1
        while value < self { value <<= 1 }
        return value
    }
}
