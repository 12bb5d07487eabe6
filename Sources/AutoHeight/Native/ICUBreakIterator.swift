import CAutoHeightICU

/// Which boundaries a break iterator finds.
enum BreakKind: Sendable {
    /// Extended grapheme clusters (UAX #29).
    case graphemes
    /// Line-break opportunities (UAX #14 with CLDR tailoring).
    case lines

    fileprivate var native: ah_break_kind { self == .lines ? AH_BREAK_LINE : AH_BREAK_CHARACTER }
}

/// An ICU break iterator (line or grapheme). Sole owner of its `UBreakIterator`.
///
/// ICU iterators are not thread-safe; ``BreakIteratorPool`` hands each one to one caller at a
/// time.
final class ICUBreakIterator: @unchecked Sendable {
    let kind: BreakKind
    private let handle: OpaquePointer
    /// Where ICU writes boundaries before they are appended (grown as needed, owned here).
    private var written = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 64)

    init(kind: BreakKind, locale: String) throws(ICUFailure) {
        var status: Int32 = 0
        guard let handle = ah_break_open(kind.native, locale, &status) else {
            throw ICUFailure(status: status)
        }
        self.kind = kind
        self.handle = handle
    }

    deinit {
        ah_break_close(handle)
        written.deallocate()
    }

    /// Drops the iterator's reference to the last text it broke (done when it goes back to its
    /// pool, so an idle iterator never points into a freed buffer).
    func releaseText() { ah_break_release_text(handle) }

    /// Appends every boundary after offset 0 of `text` (ending with `text.count`) to
    /// `boundaries`.
    ///
    /// Complexity: O(n) in the length of `text`.
    func boundaries(
        of text: UnsafeBufferPointer<UInt16>, into boundaries: inout [Int32]
    ) throws(ICUFailure) {
        try withBoundaries(of: text) { found in boundaries.append(contentsOf: found) }
    }

    /// Runs `body` with every boundary after offset 0 of `text` (ending with `text.count`), in
    /// storage the iterator owns (valid during the call): no array is made.
    ///
    /// Complexity: O(n) in the length of `text`.
    func withBoundaries<Result>(
        of text: UnsafeBufferPointer<UInt16>, _ body: (UnsafeBufferPointer<Int32>) -> Result
    ) throws(ICUFailure) -> Result {
        var status: Int32 = 0
        let length = Int32(text.count)
        while true {
            let found = ah_break_boundaries(
                handle, text.baseAddress, length, written.baseAddress, nil, Int32(written.count), &status)
            if found < 0 { throw ICUFailure(status: status) }
            if Int(found) <= written.count { return body(UnsafeBufferPointer(rebasing: written[0..<Int(found)])) }
            // More boundaries than room: grow and break again.
            written.deallocate()
            written = .allocate(capacity: Int(found))
        }
    }
}

extension ICUBreakIterator {
    /// Whether `offset` (0 through `text.count`) is a boundary of `text`. ICU backs up from it
    /// to a safe point and iterates forward from there: no pass over the whole text.
    func isBoundary(_ offset: Int, in text: UnsafeBufferPointer<UInt16>) throws(ICUFailure) -> Bool {
        precondition(offset >= 0 && offset <= text.count)
        var status: Int32 = 0
        let found = ah_break_is_boundary(handle, text.baseAddress, Int32(text.count), Int32(offset), &status)
        if found < 0 { throw ICUFailure(status: status) }
        return found == 1
    }
}

/// An ICU status that is a failure.
struct ICUFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String { String(cString: ah_icu_error_name(status)) }
}

/// Break iterators kept for reuse, per kind and ICU locale id. Opening a line iterator costs
/// tens of microseconds; taking one from a slot costs a lock.
final class BreakIteratorPool: Sendable {
    static let shared = BreakIteratorPool()

    /// The idle iterators of one kind and locale. Resolve a slot once (``slot(kind:locale:)``)
    /// and keep it, so taking an iterator needs no dictionary look-up.
    final class Slot: Sendable {
        let kind: BreakKind
        let locale: String
        /// Idle iterators, at most ``capacity``.
        private let idle = Locked<[ICUBreakIterator]>([])
        private static let capacity = 16

        init(kind: BreakKind, locale: String) {
            self.kind = kind
            self.locale = locale
        }

        /// Runs `body` with an iterator of this slot's kind and locale, then keeps it for reuse.
        func withIterator<Result>(
            _ body: (ICUBreakIterator) throws(ICUFailure) -> Result
        ) throws(ICUFailure) -> Result {
            let iterator = try take()
            defer { putBack(iterator) }
            return try body(iterator)
        }

        /// An iterator of this slot's kind and locale for the caller alone, until it hands it
        /// back with ``putBack(_:)``: an idle one, or a new one.
        func take() throws(ICUFailure) -> ICUBreakIterator {
            if let reused = idle.withLock({ $0.popLast() }) { return reused }
            return try ICUBreakIterator(kind: kind, locale: locale)
        }

        /// Keeps an iterator from ``take()`` for reuse (or drops it when enough are idle).
        func putBack(_ iterator: ICUBreakIterator) {
            iterator.releaseText()
            idle.withLock { idle in if idle.count < Self.capacity { idle.append(iterator) } }
        }
    }

    private struct Key: Hashable {
        let kind: BreakKind
        let locale: String
    }
    private let slots = Locked<[Key: Slot]>([:])

    /// The slot for `kind` and `locale` (made on first use).
    func slot(kind: BreakKind, locale: String) -> Slot {
        let key = Key(kind: kind, locale: locale)
        return slots.withLock { slots in
            if let known = slots[key] { return known }
            let slot = Slot(kind: kind, locale: locale)
            slots[key] = slot
            return slot
        }
    }

    /// Runs `body` with an iterator of `kind` for `locale`, then returns it to the pool.
    func withIterator<Result>(
        kind: BreakKind, locale: String,
        _ body: (ICUBreakIterator) throws(ICUFailure) -> Result
    ) throws(ICUFailure) -> Result {
        try slot(kind: kind, locale: locale).withIterator(body)
    }

    /// The grapheme-cluster iterators (root locale), resolved once.
    static let graphemes = shared.slot(kind: .graphemes, locale: "")
}
