/// The open-addressing table behind ``SegmentCache``: the chunks' keys, shaped units and stored
/// line breaks in flat arrays, used under the cache's lock only: read under its read lock by
/// any number of threads, changed under its write lock.
///
/// A class, so that the lock hands readers the one instance without copying it (a struct of
/// arrays handed to a closure was copied: a retain and a release of each array, on memory every
/// thread shares) and without an `inout` access (two readers' `inout` accesses overlap, an
/// exclusivity conflict ThreadSanitizer reports).
final class SegmentStore: @unchecked Sendable {
    // @unchecked, and fields @exclusivity(unchecked): the cache's read-write lock orders every
    // access (see ``ReadWriteLocked``). Measured: without it, 10.2 % more instructions over
    // 90,000 warm measures (the look-up reads the arrays a dozen times per chunk).
    struct Entry {
        var hash: UInt64
        var tag: UInt64
        var start: Int32
        /// Units in the key: the chunk's, then (for a chunk whose fonts depend on what follows)
        /// the start of the next one.
        var length: Int32
        /// Units whose values are stored (the chunk's).
        var valueLength: Int32
        var missing: Int32
        var generation: UInt32
        /// The chunk's ``SegmentCache/BreakContext`` (part of the key).
        var breakContext: UInt16
        /// Where the chunk's line-break offsets start in `breaks` (−1: not known yet).
        var breakStart: Int32 = -1
        var breakCount: Int32 = 0
        var kind: Kind = .values
        /// Every stored unit is in the primary font (font index 0).
        var fontsArePrimary = false
    }

    /// What an entry holds.
    enum Kind: UInt8 {
        /// The chunk's values.
        case values
        /// A marker: the chunk's fonts depend on the cluster after it, and its values are stored
        /// under the key that holds that cluster too (``SegmentCache/Request/withNext``).
        case needsNext
        /// A marker: the chunk uses a font that ties words together, so its run shapes whole
        /// (stored under ``SegmentCache/Request/wholeRun``).
        case coupledRun
    }

    @exclusivity(unchecked) var slots: [Int32] = []  // entry index per slot, -1 empty; power-of-two count
    @exclusivity(unchecked) var entries: [Entry] = []
    @exclusivity(unchecked) var units: [UInt16] = []  // the keys, and the offsets of the values below
    @exclusivity(unchecked) var advances: [Double] = []
    @exclusivity(unchecked) var flags: [UInt8] = []
    @exclusivity(unchecked) var fonts: [UInt8] = []
    /// Line-break offsets relative to their chunk's start, after the chunk's first unit up to its
    /// end (see ``SegmentCache/BreakContext``).
    @exclusivity(unchecked) var breaks: [Int32] = []
    @exclusivity(unchecked) var generation: UInt32 = 0

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

    /// Reads, for every request, the slot its probe starts at, then the entry there and that
    /// entry's first stored unit and advance, and returns a sum of what it read (for the caller
    /// to keep, so that the reads stay). Each pass's reads are independent of one another, so
    /// the processor overlaps their cache misses; ``find(_:units:)`` and ``copy(_:to:advances:flags:fontIndices:fontIndicesZeroed:)``
    /// then mostly find the memory cached, instead of waiting on one miss after another.
    func touch(_ requests: [SegmentCache.Request]) -> Int {
        guard !slots.isEmpty else { return 0 }
        let mask = slots.count - 1
        var sum = 0
        slots.withUnsafeBufferPointer { slots in
            for request in requests { sum &+= Int(slots[Int(truncatingIfNeeded: request.hash) & mask]) }
            entries.withUnsafeBufferPointer { entries in
                units.withUnsafeBufferPointer { units in
                    advances.withUnsafeBufferPointer { advances in
                        for request in requests {
                            let index = Int(slots[Int(truncatingIfNeeded: request.hash) & mask])
                            guard index >= 0 else { continue }
                            let start = Int(entries[index].start)
                            guard start < units.count else { continue }  // (no entry is empty)
                            sum &+= Int(units[start]) &+ Int(advances[start].bitPattern & 1)
                        }
                    }
                }
            }
        }
        return sum
    }

    /// Copies entry `entryIndex`'s values into a paragraph's arrays at `position`. With
    /// `fontIndicesZeroed` (the caller's font indices there are still 0), an entry all in the
    /// primary font leaves them as they are.
    func copy(
        _ entryIndex: Int, to position: Int, advances output: inout [Double], flags outputFlags: inout [UInt8],
        fontIndices: inout [UInt8], fontIndicesZeroed: Bool = false
    ) {
        output.withUnsafeMutableBufferPointer { output in
            outputFlags.withUnsafeMutableBufferPointer { outputFlags in
                fontIndices.withUnsafeMutableBufferPointer { fontIndices in
                    copy(
                        entryIndex, to: position, advances: output, flags: outputFlags, fontIndices: fontIndices,
                        fontIndicesZeroed: fontIndicesZeroed)
                }
            }
        }
    }

    /// ``copy(_:to:advances:flags:fontIndices:fontIndicesZeroed:)`` into the arrays' memory (a
    /// paragraph's look-ups write many chunks: no uniqueness check of each array per chunk).
    func copy(
        _ entryIndex: Int, to position: Int, advances output: UnsafeMutableBufferPointer<Double>,
        flags outputFlags: UnsafeMutableBufferPointer<UInt8>, fontIndices: UnsafeMutableBufferPointer<UInt8>,
        fontIndicesZeroed: Bool = false
    ) {
        let entry = entries[entryIndex]
        let start = Int(entry.start)
        let length = Int(entry.valueLength)
        precondition(position + length <= output.count && position + length <= outputFlags.count)
        advances.withUnsafeBufferPointer { stored in
            (output.baseAddress! + position).update(from: stored.baseAddress! + start, count: length)
        }
        flags.withUnsafeBufferPointer { stored in
            (outputFlags.baseAddress! + position).update(from: stored.baseAddress! + start, count: length)
        }
        if !fontIndices.isEmpty && !(fontIndicesZeroed && entry.fontsArePrimary) {
            precondition(position + length <= fontIndices.count)
            fonts.withUnsafeBufferPointer { stored in
                (fontIndices.baseAddress! + position).update(from: stored.baseAddress! + start, count: length)
            }
        }
    }

    /// Appends entry `entryIndex`'s line-break offsets, moved to `position`; false when it has none
    /// stored.
    func appendBreaks(of entryIndex: Int, at position: Int, to boundaries: inout [Int32]) -> Bool {
        let entry = entries[entryIndex]
        guard entry.breakStart >= 0 else { return false }
        let start = Int(entry.breakStart)
        let count = Int(entry.breakCount)
        let shift = Int32(position)
        // Through a buffer: a slice of `breaks` retained the array on every chunk.
        breaks.withUnsafeBufferPointer { stored in
            for index in start..<(start + count) { boundaries.append(shift + stored[index]) }
        }
        return true
    }

    func setBreaks(of entryIndex: Int, _ offsets: [Int32]) {
        entries[entryIndex].breakStart = Int32(breaks.count)
        entries[entryIndex].breakCount = Int32(offsets.count)
        breaks.append(contentsOf: offsets)
    }

    /// Stores `request`'s chunk with the values of its first `valueLength` units (nil: all), or,
    /// for another `kind`, as a marker that holds no values.
    func insert(
        _ request: SegmentCache.Request, units key: UnsafeBufferPointer<UInt16>, advances source: [Double],
        flags sourceFlags: [UInt8], fontIndices: [UInt8], missing: Int, valueLength: Int? = nil,
        kind: Kind = .values
    ) {
        generation &+= 1
        let start = units.count
        let valued = kind != .values ? 0 : valueLength ?? request.range.count
        var anyOtherFont: UInt8 = 0
        for (offset, index) in request.range.enumerated() {
            units.append(key[index])
            let hasValue = offset < valued
            advances.append(hasValue ? source[index] : 0)
            flags.append(hasValue ? sourceFlags[index] : 0)
            let font = hasValue && !fontIndices.isEmpty ? fontIndices[index] : 0
            fonts.append(font)
            anyOtherFont |= font
        }
        entries.append(
            Entry(
                hash: request.hash, tag: request.tag, start: Int32(start), length: Int32(request.range.count),
                valueLength: Int32(valued), missing: Int32(missing), generation: generation,
                breakContext: request.breakContext.rawValue, kind: kind, fontsArePrimary: anyOtherFont == 0))
        if entries.count * 2 > slots.count {
            rebuildSlots(capacity: max(64, slots.count * 2))
        } else {
            place(entries.count - 1)
        }
    }

    private func place(_ entryIndex: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[entryIndex].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entryIndex)
    }

    private func rebuildSlots(capacity: Int) {
        slots = [Int32](repeating: -1, count: capacity)
        for index in entries.indices { place(index) }
    }

    /// Drops every entry.
    func removeAll() {
        slots = []
        entries = []
        units = []
        advances = []
        flags = []
        fonts = []
        breaks = []
        generation = 0
    }

    /// Keeps the newer half of the entries, compacting the arenas.
    func evictOlderHalf() {
        let cutoff = entries.map(\.generation).sorted()[entries.count / 2]
        let kept = SegmentStore()
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
        slots = kept.slots
        entries = kept.entries
        units = kept.units
        advances = kept.advances
        flags = kept.flags
        fonts = kept.fonts
        breaks = kept.breaks
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int {
        var value = 1
        while value < self { value <<= 1 }
        return value
    }
}
