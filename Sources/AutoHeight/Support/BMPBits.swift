/// A yes-or-no property of every Basic Multilingual Plane code point, one bit each (8 KiB), built
/// once from the function that defines it or from the ranges that have it: a look-up is one load
/// and a shift, where the function may ask ICU or HarfBuzz. The memory is owned for the process's
/// whole life (never freed), so a look-up follows no reference and checks no bounds.
struct BMPBits: @unchecked Sendable {
    // @unchecked: the memory is written once, in `init`, and only read after.
    private let storage: UnsafePointer<UInt64>

    /// The table of `property` over U+0000–U+FFFF (surrogate code points included).
    init(_ property: (UInt32) -> Bool) {
        let words = Self.allocateZeroed()
        for value in 0..<0x10000 where property(UInt32(value)) {
            words[value >> 6] |= 1 << UInt64(value & 63)
        }
        storage = UnsafePointer(words)
    }

    /// The table of the code points in `ranges`.
    init(ranges: [ClosedRange<UInt16>]) {
        let words = Self.allocateZeroed()
        for range in ranges {
            for unit in range { words[Int(unit >> 6)] |= 1 << UInt64(unit & 63) }
        }
        storage = UnsafePointer(words)
    }

    private static func allocateZeroed() -> UnsafeMutablePointer<UInt64> {
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
        words.initialize(repeating: 0, count: 1024)
        return words
    }

    /// Whether `unit` has the property.
    subscript(unit: UInt16) -> Bool {
        storage[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
    }

    /// The 1,024 words of bits (bit `u & 63` of word `u >> 6` for the unit `u`), for code that
    /// passes the table itself around.
    var words: UnsafeBufferPointer<UInt64> { UnsafeBufferPointer(start: storage, count: 1024) }
}
