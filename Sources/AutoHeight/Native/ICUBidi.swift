import CAutoHeightICU

/// What a window of a paragraph is resolved with when it is resolved apart from the paragraph
/// (``BidiCut``): the paragraph's level (0 or 1), the strong letter just before the window and
/// the strong letter just after it (nil when the window ends the paragraph).
struct BidiContext: Sendable, Equatable {
    var paragraphLevel: UInt8
    var before: UInt16
    var after: UInt16?
}

/// Resolves the bidi levels of paragraphs with ICU's `ubidi` (UAX #9). Sole owner of its
/// `UBiDi` object, opened on first need and reused for every later paragraph (ICU keeps its
/// working memory between paragraphs), of the levels buffer and of the buffer a window is
/// copied into with its context. Used by one thread at a time.
final class BidiResolver {
    private var bidi: OpaquePointer? = nil
    private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var text = UnsafeMutableBufferPointer<UInt16>(start: nil, count: 0)

    deinit {
        if let bidi { ah_bidi_close(bidi) }
        storage.deallocate()
        text.deallocate()
    }

    /// Per-unit bidi levels of one paragraph, the base level taken from its first strong
    /// character (UAX #9 P2/P3). The levels stay valid until the next call.
    func levels(_ units: UnsafeBufferPointer<UInt16>) throws(AutoHeightError) -> UnsafeBufferPointer<UInt8> {
        try resolve(units, baseLevel: 0xFE)
        return UnsafeBufferPointer(start: storage.baseAddress, count: units.count)
    }

    /// Per-unit bidi levels of a window of a paragraph, resolved as the text `context.before`,
    /// `units`, `context.after` at the paragraph's level `context.paragraphLevel` (the levels
    /// of the two context letters left out). The levels stay valid until the next call.
    /// Complexity: O(units) (a copy, then ICU).
    func levels(
        _ units: UnsafeBufferPointer<UInt16>, context: BidiContext
    ) throws(AutoHeightError) -> UnsafeBufferPointer<UInt8> {
        let count = units.count + (context.after == nil ? 1 : 2)
        if text.count < count {
            text.deallocate()
            text = .allocate(capacity: max(count, 2 * text.count))
        }
        text[0] = context.before
        if units.count > 0 { _ = UnsafeMutableBufferPointer(rebasing: text[1...]).initialize(from: units) }
        if let after = context.after { text[units.count + 1] = after }
        try resolve(UnsafeBufferPointer(rebasing: text[0..<count]), baseLevel: context.paragraphLevel & 1)
        return UnsafeBufferPointer(start: storage.baseAddress! + 1, count: units.count)
    }

    private func resolve(_ units: UnsafeBufferPointer<UInt16>, baseLevel: UInt8) throws(AutoHeightError) {
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
            bidi, units.baseAddress, Int32(units.count), baseLevel, storage.baseAddress, &status)
        if paragraphLevel < 0 { throw .icuFailure("bidi: \(ICUFailure(status: status))") }
    }
}
