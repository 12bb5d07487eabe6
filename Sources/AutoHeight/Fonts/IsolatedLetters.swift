/// The characters of one script that a font shapes without looking at their neighbours' glyphs
/// (see ``Font/isolatedLetters(script:language:candidates:)``): where two of them meet, text can
/// be cut and shaped in two parts with exactly the advances of the whole. A bit per BMP
/// character (8 KiB), built once per font, script and language; immutable, so safe to share
/// between threads.
final class IsolatedLetters: Sendable {
    private let bits: [UInt64]

    init(_ characters: [UInt32]) {
        var bits = [UInt64](repeating: 0, count: 1024)
        for character in characters where character < 0x10000 {
            bits[Int(character >> 6)] |= 1 << UInt64(character & 63)
        }
        self.bits = bits
    }

    /// Whether `unit` (a BMP character) is one of them. Complexity: O(1).
    func contains(_ unit: UInt16) -> Bool { bits[Int(unit >> 6)] >> UInt64(unit & 63) & 1 == 1 }

    /// Whether there is none.
    var isEmpty: Bool { bits.allSatisfy { $0 == 0 } }
}
