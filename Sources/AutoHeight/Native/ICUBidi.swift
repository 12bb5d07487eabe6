import CAutoHeightICU

/// Resolves the bidi levels of paragraphs with ICU's `ubidi` (UAX #9). Sole owner of its
/// `UBiDi` object, opened on first need and reused for every later paragraph (ICU keeps its
/// working memory between paragraphs), and of the levels buffer. Used by one thread at a time.
final class BidiResolver {
    @exclusivity(unchecked) private var bidi: OpaquePointer? = nil
    @exclusivity(unchecked) private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    deinit {
        if let bidi { ah_bidi_close(bidi) }
        storage.deallocate()
    }

    /// Per-unit bidi levels of one paragraph, the base level taken from its first strong
    /// character (UAX #9 P2/P3). The levels stay valid until the next call.
    func levels(_ units: UnsafeBufferPointer<UInt16>) throws(AutoHeightError) -> UnsafeBufferPointer<UInt8> {
        var status: Int32 = 0
        if bidi == nil {
            guard let opened = ah_bidi_open(&status) else {
                throw .icuFailure("bidi: \(ICUFailure(status: status))")
            }
            bidi = opened
        }
        if storage.count < units.count {
            storage.deallocate()
            storage = .allocate(capacity: max(units.count, 2 * storage.count))
        }
        let paragraphLevel = ah_bidi_levels(
            bidi, units.baseAddress, Int32(units.count), 0xFE, storage.baseAddress, &status)
        if paragraphLevel < 0 { throw .icuFailure("bidi: \(ICUFailure(status: status))") }
        return UnsafeBufferPointer(start: storage.baseAddress, count: units.count)
    }
}
