import Synchronization

/// Shaped widths of text chunks, shared across texts, so that a feed or chat history measures
/// each repeated word once. Bounded: when its entries pass `byteLimit`, the least recently
/// inserted half is dropped.
///
/// ```swift
/// var style = TextStyle(fonts: try .bundled(), fontSize: 17)
/// style.segmentCache = SegmentCache(byteLimit: 8 << 20)
/// for message in history { _ = try style.measure(message, width: 320) }  // words shaped once
/// ```
///
/// Exactness comes first: the cache is used only for fonts whose GSUB/GPOS lookups never
/// involve the space glyph (so shaping space-separated chunks alone gives the same advances as
/// shaping the paragraph), and only for left-to-right paragraphs. Safe to share between threads.
public final class SegmentCache: Sendable {
    /// The memory the entries may take, in bytes (default 32 MiB).
    public let byteLimit: Int

    struct Key: Hashable, Sendable {
        var units: [UInt16]
        /// ISO 15924 tag of the run's script, and the style's identity (fonts + language).
        var script: UInt32
        var context: Int
    }

    struct Entry: Sendable {
        var advances: [Double]
        var fontIndices: [UInt8]
        var flags: [UInt8]
        var missing: Int
        var byteCount: Int { advances.count * 8 + fontIndices.count * 2 + 96 }
    }

    private struct Storage {
        var entries: [Key: (entry: Entry, generation: UInt32)] = [:]
        var byteCount = 0
        var generation: UInt32 = 0
        var hits = 0
        var misses = 0
    }

    private let storage = Mutex(Storage())
    /// A small number per distinct font stack and language (cache keys use it).
    private let contexts = Mutex<[String: Int]>([:])

    /// The identity of a font stack and language in this cache's keys. Font serials, not
    /// addresses, so a freed font's entries can never be mistaken for a new font's.
    func context(fonts: [Font], language: String) -> Int {
        let name = fonts.map { String($0.serial) }.joined(separator: ",") + "|" + language
        return contexts.withLock { known in
            if let id = known[name] { return id }
            let id = known.count + 1
            known[name] = id
            return id
        }
    }

    public init(byteLimit: Int = 32 << 20) {
        self.byteLimit = max(byteLimit, 1 << 16)
    }

    /// Bytes held now.
    public var byteCount: Int { storage.withLock { $0.byteCount } }
    public var entryCount: Int { storage.withLock { $0.entries.count } }
    /// Look-ups answered from the cache and look-ups that had to shape, since creation.
    public var statistics: (hits: Int, misses: Int) { storage.withLock { ($0.hits, $0.misses) } }

    public func removeAll() {
        storage.withLock { $0 = Storage() }
    }

    func entry(for key: Key) -> Entry? {
        storage.withLock { storage in
            if let found = storage.entries[key] {
                storage.hits += 1
                return found.entry
            }
            storage.misses += 1
            return nil
        }
    }

    func insert(_ entry: Entry, for key: Key) {
        storage.withLock { storage in
            guard storage.entries[key] == nil else { return }
            storage.generation &+= 1
            storage.entries[key] = (entry, storage.generation)
            storage.byteCount += entry.byteCount + key.units.count * 2
            if storage.byteCount > byteLimit { evictOlderHalf(&storage) }
        }
    }

    /// Drops the entries inserted before the median generation.
    private func evictOlderHalf(_ storage: inout Storage) {
        let generations = storage.entries.values.map(\.generation).sorted()
        let cutoff = generations[generations.count / 2]
        storage.entries = storage.entries.filter { $0.value.generation >= cutoff }
        storage.byteCount = storage.entries.reduce(0) { $0 + $1.value.entry.byteCount + $1.key.units.count * 2 }
    }
}
