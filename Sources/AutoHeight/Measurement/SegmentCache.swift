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
/// neighbours, whose class then joins the key (see ``WordCoupling``): there shaping a chunk
/// alone gives exactly the advances of shaping the paragraph whole. Break opportunities are
/// served only for chunks whose context the key holds (``BreakContext``), and a paragraph skips
/// ICU only when every chunk has them. `autoheight bench --verify-cache` checks a corpus.
/// Safe to share between threads.
///
/// Storage: an open-addressing table over flat arenas (chunk units, advances, flags, fonts, break
/// offsets), so a look-up hashes the units in place, compares them with the stored ones, and
/// copies the values out without allocating.
public final class SegmentCache: Sendable {
    /// The memory the entries may take, in bytes (default 32 MiB).
    public let byteLimit: Int

    private let storage: Locked<Store>
    /// The font stacks and languages seen, in order: a context's number is its position + 1
    /// (part of every key). Searched in order: comparing a stack's identity with the string it
    /// was stored from is a pointer check, so no hashing per measure.
    private let contexts = Locked<[(stack: String, language: String)]>([])

    /// Contexts a cache tells apart (a key holds the number in 16 bits); styles past them are
    /// measured without the cache.
    static let contextLimit = 0xFFFF

    public init(byteLimit: Int = 32 << 20) {
        self.byteLimit = max(byteLimit, 1 << 16)
        storage = Locked(Store())
    }

    /// Bytes held now (arenas and index).
    public var byteCount: Int { storage.withLock { $0.byteCount } }
    public var entryCount: Int { storage.withLock { $0.entryCount } }
    /// Chunks answered from the cache and chunks that had to be shaped, since creation.
    public var statistics: (hits: Int, misses: Int) { storage.withLock { ($0.hits, $0.misses) } }
    /// Paragraphs whose line-break opportunities all came from the cache (no ICU pass).
    var paragraphsWithStoredBreaks: Int { storage.withLock { $0.breakAssemblies } }

    public func removeAll() {
        storage.withLock { $0 = Store() }
    }

    /// The number standing for a font stack and language in this cache's keys (1 through
    /// ``contextLimit``), or nil when the cache already tells apart that many.
    func context(fonts: FontStack, language: String) -> Int? {
        let stack = fonts.cacheIdentity
        return contexts.withLock { known in
            if let index = known.firstIndex(where: { $0.stack == stack && $0.language == language }) {
                return index + 1
            }
            guard known.count < Self.contextLimit else { return nil }
            known.append((stack, language))
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

    /// What a chunk's line-break opportunities depend on besides its own text, part of its key.
    ///
    /// UAX #14's rules that look further than the two characters around a boundary look left
    /// over runs of spaces (LB8, LB14–LB17: "X SP* × Y"), combining marks (LB9), hyphens after
    /// a Hebrew letter (LB21a), numbers and their punctuation (LB25) and regional indicators
    /// (LB30a); ICU 72 adds a word-initial hyphen rule (a hyphen after a space or at the start
    /// of the text does not break before a letter). Right of a boundary, only LB25 looks past
    /// the next character. So, for a chunk that starts at the paragraph's start, right after a
    /// space, or (at a script-run boundary) with a letter, the opportunities inside it depend on
    /// its text and which of the three it is: no such rule can reach back past its first
    /// character. Its end (after its spaces, where LB18 breaks unless LB7–LB17 say otherwise,
    /// or before a letter of the next run) then depends on its text and the next character's
    /// Line_Break class. The start kind and that class are the context; every other chunk has
    /// none (``unknown``), and its opportunities are never stored; nor are any when ICU breaks by
    /// phrase (`lw=phrase`), whose dictionary looks across spaces and script changes. Tests compare the stored
    /// opportunities with ICU's on every text of the corpora, cold and warm.
    struct BreakContext: Equatable {
        let rawValue: UInt16

        static let unknown = BreakContext(rawValue: 0xFFFF)

        private init(rawValue: UInt16) { self.rawValue = rawValue }

        /// What precedes a chunk, which ICU's rules may look at.
        private enum Start: UInt16 {
            /// After spaces, which follow a character of the Line_Break class kept beside (LB14
            /// and ICU's word-initial hyphen rule: after "[ ", a hyphen may break before a letter;
            /// after "a ", it may not).
            case afterSpaces = 0
            case paragraphStart = 1
            /// A script run starting with a letter, at no space.
            case runStartLetter = 2
            /// A script run starting with something else right after a letter, whose class is
            /// kept beside (a letter is in no repeated part of a rule's look to the left, and the
            /// one two-character look, LB21a's "HL (HY | BA) ×", sees it).
            case runStartAfterLetter = 3
        }

        /// A class number standing for "no character" (ICU's classes are below 48).
        private static let none: UInt16 = 63

        /// The context of the chunk `range` of a paragraph's `units`, which starts and ends
        /// where a script run of the paragraph does when `startsRun` and `endsRun` say so.
        init(of range: Range<Int>, in units: UnsafeBufferPointer<UInt16>, startsRun: Bool, endsRun: Bool) {
            let start = range.lowerBound
            let end = range.upperBound
            guard let (startKind, previousClass) = Self.start(at: start, in: units, startsRun: startsRun) else {
                self = .unknown
                return
            }
            let head = startKind.rawValue << 12 | previousClass << 6
            if end == units.count {
                self = BreakContext(rawValue: head | Self.none)
                return
            }
            guard end > start, Graphemes.isStandalone(units[end]) else {
                self = .unknown
                return
            }
            let nextClass = UnicodeProperties.lineBreakClass(of: UInt32(units[end]))
            guard units[end - 1] == 0x20 || (endsRun && Self.endsCleanlyBefore(nextClass)),
                UInt16(nextClass.rawValue) < Self.none
            else {
                self = .unknown
                return
            }
            self = BreakContext(rawValue: head | UInt16(nextClass.rawValue))
        }

        /// What precedes `start` and the Line_Break class that matters there, when no rule's look
        /// to the left can reach further: the paragraph's start; spaces, and the character before
        /// them (not a combining mark or joiner, whose class is their base's); or a script run
        /// starting with a letter. Nil otherwise.
        private static func start(
            at start: Int, in units: UnsafeBufferPointer<UInt16>, startsRun: Bool
        ) -> (Start, UInt16)? {
            if start == 0 { return (.paragraphStart, none) }
            if units[start - 1] == 0x20 {
                var before = start - 1
                while before > 0 && units[before - 1] == 0x20 { before -= 1 }
                if before == 0 { return (.afterSpaces, none) }
                guard let previousClass = effectiveClass(endingAt: before, in: units) else { return nil }
                return (.afterSpaces, UInt16(previousClass.rawValue))
            }
            guard startsRun, Graphemes.isStandalone(units[start]) else { return nil }
            if isLetter(UnicodeProperties.lineBreakClass(of: UInt32(units[start]))) { return (.runStartLetter, none) }
            guard let previousClass = effectiveClass(endingAt: start, in: units), isLetter(previousClass) else {
                return nil
            }
            return (.runStartAfterLetter, UInt16(previousClass.rawValue))
        }

        /// Whether a chunk that ends where a script run does, at no space, has its end decided by
        /// its own text and the next character's class: a letter (no rule looks past it), or a
        /// character nothing breaks before (UAX #14 LB7 space, LB13 CL, CP, EX, LB19 QU), unless
        /// a zero-width space in the chunk says otherwise (LB8, also the chunk's own text).
        static func endsCleanlyBefore(_ nextClass: LineBreakClass) -> Bool {
            switch nextClass {
            case .closePunctuation, .exclamation, .quotation, .space, .closeParenthesis: return true
            default: return isLetter(nextClass)
            }
        }

        /// The Line_Break class UAX #14's rules see for the character ending at `end`: combining
        /// marks and joiners take their base's (LB9), or AL after a space, a break or the start
        /// (LB10). Nil for a surrogate class or a base more than 32 marks back.
        private static func effectiveClass(
            endingAt end: Int, in units: UnsafeBufferPointer<UInt16>
        ) -> LineBreakClass? {
            var position = end
            for _ in 0..<32 {
                guard position > 0 else { return .alphabetic }
                let scalar = units.scalar(endingAt: position)
                let lineBreakClass = UnicodeProperties.lineBreakClass(of: scalar)
                switch lineBreakClass {
                case .combiningMark, .zeroWidthJoiner:  // look at the base
                    position -= scalar > 0xFFFF ? 2 : 1
                case .mandatoryBreak, .carriageReturn, .lineFeed, .space, .zeroWidthSpace, .nextLine:
                    return position == end ? lineBreakClass : .alphabetic  // a mark after them is AL
                default:
                    return UInt16(lineBreakClass.rawValue) < none && lineBreakClass != .surrogate
                        ? lineBreakClass : nil
                }
            }
            return nil
        }

        /// Letters: AL, HL, ID, CJ and the Hangul classes (H2, H3, JL, JV, JT).
        static func isLetter(_ lineBreakClass: LineBreakClass) -> Bool {
            switch lineBreakClass {
            case .alphabetic, .ideographic, .hangulLV, .hangulLVT, .hangulL, .hangulT, .hangulV,
                .conditionalJapaneseStarter, .hebrewLetter:
                return true
            default: return false
            }
        }
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

/// The table behind ``SegmentCache``.
private struct Store {
    struct Entry {
        var hash: UInt64
        var tag: UInt64
        var start: Int32
        var length: Int32
        var missing: Int32
        var generation: UInt32
        /// The chunk's ``SegmentCache/BreakContext`` (part of the key).
        var breakContext: UInt16
        /// Where the chunk's line-break offsets start in `breaks` (−1: not known yet).
        var breakStart: Int32 = -1
        var breakCount: Int32 = 0
    }

    var slots: [Int32] = []  // entry index per slot, -1 empty; power-of-two count
    var entries: [Entry] = []
    var units: [UInt16] = []  // the keys, and the offsets of the values below
    var advances: [Double] = []
    var flags: [UInt8] = []
    var fonts: [UInt8] = []
    /// Line-break offsets relative to their chunk's start, after the chunk's first unit up to its
    /// end (see ``SegmentCache/BreakContext``).
    var breaks: [Int32] = []
    var generation: UInt32 = 0
    var hits = 0
    var misses = 0
    var breakAssemblies = 0

    var entryCount: Int { entries.count }
    var byteCount: Int { units.count * 12 + entries.count * 40 + slots.count * 4 + breaks.count * 4 }

    func find(_ request: SegmentCache.Request, units key: UnsafeBufferPointer<UInt16>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: request.hash) & mask
        let length = request.range.count
        while true {
            let entryIndex = Int(slots[slot])
            if entryIndex < 0 { return nil }
            let entry = entries[entryIndex]
            if entry.hash == request.hash && entry.tag == request.tag && Int(entry.length) == length
                && entry.breakContext == request.breakContext.rawValue
            {
                let start = Int(entry.start)
                let same = units.withUnsafeBufferPointer { stored in
                    unitsEqual(stored.baseAddress! + start, key.baseAddress! + request.range.lowerBound, count: length)
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
        let length = Int(entry.length)
        precondition(position + length <= output.count && position + length <= outputFlags.count)
        advances.withUnsafeBufferPointer { stored in
            output.withUnsafeMutableBufferPointer { output in
                (output.baseAddress! + position).update(from: stored.baseAddress! + start, count: length)
            }
        }
        flags.withUnsafeBufferPointer { stored in
            outputFlags.withUnsafeMutableBufferPointer { output in
                (output.baseAddress! + position).update(from: stored.baseAddress! + start, count: length)
            }
        }
        if !fontIndices.isEmpty {
            for offset in 0..<length { fontIndices[position + offset] = fonts[start + offset] }
        }
    }

    /// Appends entry `entryIndex`'s line-break offsets, moved to `position`; false when it has none
    /// stored.
    func appendBreaks(of entryIndex: Int, at position: Int, to boundaries: inout [Int32]) -> Bool {
        let entry = entries[entryIndex]
        guard entry.breakStart >= 0 else { return false }
        let start = Int(entry.breakStart)
        for offset in breaks[start..<(start + Int(entry.breakCount))] { boundaries.append(Int32(position) + offset) }
        return true
    }

    mutating func setBreaks(of entryIndex: Int, _ offsets: [Int32]) {
        entries[entryIndex].breakStart = Int32(breaks.count)
        entries[entryIndex].breakCount = Int32(offsets.count)
        breaks.append(contentsOf: offsets)
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
                missing: Int32(missing), generation: generation, breakContext: request.breakContext.rawValue))
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
        kept.breakAssemblies = breakAssemblies
        kept.generation = generation
        for entry in entries where entry.generation >= cutoff {
            let start = Int(entry.start)
            let end = start + Int(entry.length)
            var copy = entry
            copy.start = Int32(kept.units.count)
            if entry.breakStart >= 0 {
                let first = Int(entry.breakStart)
                copy.breakStart = Int32(kept.breaks.count)
                kept.breaks.append(contentsOf: breaks[first..<(first + Int(entry.breakCount))])
            }
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
