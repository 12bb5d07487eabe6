import AutoHeight
import AutoHeightOptions
import Synchronization

/// Styles built once (fonts loaded, the style validated) and kept, keyed by the canonical
/// settings (after the option spellings are read and font paths resolved), so that `size: 16` and
/// `fontSize: "16"` share one entry and a request pays for no font loading after the first.
/// Bounded: past `capacity` entries the least recently used is dropped. Every style shares one
/// segment cache (its keys hold the font stack, language and profile).
public final class StyleCache: Sendable {
    /// The most styles kept.
    public let capacity: Int
    private let segmentCache: SegmentCache
    private let limits: InputLimits
    private let state: Mutex<State>

    private struct State: ~Copyable {
        var entries: [StyleKey: Entry] = [:]
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    /// A class, so that a hit updates `lastUse` in place without copying the style in and out.
    private final class Entry {
        let style: TextStyle
        var lastUse: UInt64

        init(style: TextStyle, lastUse: UInt64) {
            self.style = style
            self.lastUse = lastUse
        }
    }

    /// An empty cache whose styles share `segmentCache` and measure under `limits`.
    public init(capacity: Int, segmentCache: SegmentCache, limits: InputLimits) {
        self.capacity = max(1, capacity)
        self.segmentCache = segmentCache
        self.limits = limits
        state = Mutex(State())
    }

    /// Look-ups answered from the cache and styles built, since the start.
    public var statistics: (hits: Int, misses: Int, count: Int) {
        state.withLock { ($0.hits, $0.misses, $0.entries.count) }
    }

    /// The style of `settings`, built when not cached (outside the lock: a slow font load holds
    /// no other request). A failed build is not cached.
    public func style(for settings: StyleSettings) throws(AutoHeightError) -> TextStyle {
        let key = StyleKey(settings)
        let cached: TextStyle? = state.withLock { state in
            state.clock += 1
            guard let entry = state.entries[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            entry.lastUse = state.clock
            return entry.style
        }
        if let cached { return cached }
        var style = try settings.makeStyle()
        style.segmentCache = segmentCache
        style.limits = limits
        let built = style
        state.withLock { state in
            state.clock += 1
            state.entries[key] = Entry(style: built, lastUse: state.clock)
            if state.entries.count > capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries.removeValue(forKey: oldest)
            }
        }
        return built
    }
}

/// `StyleSettings` as a dictionary key: every field, hashed and compared.
struct StyleKey: Hashable, Sendable {
    let settings: StyleSettings

    init(_ settings: StyleSettings) { self.settings = settings }

    static func == (lhs: StyleKey, rhs: StyleKey) -> Bool { lhs.settings == rhs.settings }

    func hash(into hasher: inout Hasher) {
        let s = settings
        hasher.combine(s.fontFile)
        hasher.combine(s.font)
        hasher.combine(s.faceIndex)
        hasher.combine(s.fallbackFonts)
        hasher.combine(s.fallback.rawValue)
        hasher.combine(s.fontSize)
        hasher.combine(s.language)
        hasher.combine(s.lineBreak?.rawValue)
        hasher.combine(s.wordBreak?.rawValue)
        hasher.combine(s.lineSpacing)
        hasher.combine(s.lineHeight)
        hasher.combine(s.tabWidth)
        hasher.combine(s.tabSize)
        hasher.combine(s.whiteSpace.rawValue)
        hasher.combine(s.overflowWrap.rawValue)
        hasher.combine(s.trailingWhitespace.rawValue)
        hasher.combine(s.profile.rawValue)
        hasher.combine(s.minLines)
        hasher.combine(s.maxLines)
    }
}
