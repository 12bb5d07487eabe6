/// A text's UTF-16 units, with what the transcoding pass learned about them on the way.
struct ScannedUnits {
    var units: [UInt16]
    /// Some unit may need bidi (``CharacterClasses/mayNeedBidi(_:)``); when false, every
    /// paragraph is left-to-right throughout.
    var mayNeedBidi: Bool
    /// Some unit is a C0 or C1 control other than an explicit break (a tab, say); when false,
    /// no unit needs the control pass of shaping.
    var hasControl: Bool
    /// The offset of every explicit break (``Paragraphs/isBreak(_:)``), in order
    /// (``Paragraphs/split(_:breaks:at:into:)``); empty: the text is one paragraph.
    var breakOffsets: [Int32]
}

/// The UTF-16 code units of a string, transcoded in one tight pass from its UTF-8 storage
/// (`Array(text.utf16)` walks a generic iterator and is several times slower for non-ASCII),
/// noting on the way whether any unit is an explicit line break or may need bidi, so that later
/// passes can skip looking. ASCII pays one comparison per byte for it.
///
/// Complexity: O(n) bytes, one allocation.
func scanUTF16Units(of text: String) -> ScannedUnits {
    var units: [UInt16] = []
    var breakOffsets: [Int32] = []
    let (count, mayNeedBidi, hasControl) = transcodeUTF16Units(of: text, into: &units, breakOffsets: &breakOffsets)
    units.removeLast(units.count - count)
    return ScannedUnits(units: units, mayNeedBidi: mayNeedBidi, hasControl: hasControl, breakOffsets: breakOffsets)
}

/// ``scanUTF16Units(of:)`` into `storage`, whose capacity is reused (a pooled buffer makes the
/// transcoding allocation-free), also writing to `breakOffsets` (emptied first) the offset of
/// every unit that is an explicit break (``Paragraphs/isBreak(_:)``), in order:
/// ``Paragraphs/split(_:breaks:at:into:)`` then cuts paragraphs without another pass over the
/// units. `storage` is not trimmed: the text's units are its first `count`, and what follows is
/// left over (it holds at least as many units as the text has UTF-8 bytes). Sizing scratch
/// storage so costs nothing once it is as long as the longest text seen (trimming it and growing
/// it back wrote the difference between bytes and units again on every call).
func transcodeUTF16Units(
    of text: String, into storage: inout [UInt16], breakOffsets: inout [Int32]
) -> (count: Int, mayNeedBidi: Bool, hasControl: Bool) {
    var text = text
    return text.withUTF8 { bytes in transcodeUTF16Units(utf8: bytes, into: &storage, breakOffsets: &breakOffsets) }
}

/// ``transcodeUTF16Units(of:into:breakOffsets:)`` from UTF-8 bytes, which must be well-formed
/// (as a string's are; the C ABI checks the caller's before handing them over).
func transcodeUTF16Units(
    utf8 bytes: UnsafeBufferPointer<UInt8>, into storage: inout [UInt16], breakOffsets: inout [Int32]
) -> (count: Int, mayNeedBidi: Bool, hasControl: Bool) {
    if !breakOffsets.isEmpty { breakOffsets.removeAll(keepingCapacity: true) }
    var mayNeedBidi = false
    var hasControl = false
    var written = 0
    do {
        let count = bytes.count
        // UTF-16 never needs more units than UTF-8 has bytes. Grown without clearing what is
        // there: every unit up to `written` is written below.
        if storage.count < count {
            storage.append(contentsOf: repeatElement(0, count: count - storage.count))
        }
        written = storage.withUnsafeMutableBufferPointer { units -> Int in
            var input = 0
            var output = 0
            let base = UnsafeRawPointer(bytes.baseAddress)
            while input < count {
                // Eight bytes at a time while they are printable ASCII (no byte at or above 0x80,
                // below 0x20, or DEL): they need no check one by one. Tried only at an ASCII byte;
                // when the word holds another byte, the printable ones before it are copied and
                // the loop goes on at it (the lowest flagged byte is always a true one: the
                // subtractions' borrows only flag bytes above it).
                if input + 8 <= count, bytes[input] < 0x80, let base {
                    let word = base.loadUnaligned(fromByteOffset: input, as: UInt64.self)
                    let del = word ^ 0x7F7F_7F7F_7F7F_7F7F
                    let highBits: UInt64 = 0x8080_8080_8080_8080
                    let nonASCII = word & highBits
                    let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & highBits
                    let isDelete = (del &- 0x0101_0101_0101_0101) & ~del & highBits
                    let flagged = nonASCII | belowSpace | isDelete
                    if flagged == 0, let out = units.baseAddress {
                        // All eight: each half spread to four 16-bit units, stored as a word.
                        UnsafeMutableRawPointer(out + output).storeBytes(
                            of: widenedASCII(word & 0xFFFF_FFFF), as: UInt64.self)
                        UnsafeMutableRawPointer(out + output + 4).storeBytes(
                            of: widenedASCII(word >> 32), as: UInt64.self)
                        input += 8
                        output += 8
                        continue
                    }
                    // All eight are stored (there is room: `output` never passes `input`); only
                    // the printable ones count, the rest are written again below.
                    let printable = flagged.trailingZeroBitCount / 8
                    if let out = units.baseAddress {
                        UnsafeMutableRawPointer(out + output).storeBytes(
                            of: widenedASCII(word & 0xFFFF_FFFF), as: UInt64.self)
                        UnsafeMutableRawPointer(out + output + 4).storeBytes(
                            of: widenedASCII(word >> 32), as: UInt64.self)
                    }
                    input += printable
                    output += printable
                    if input >= count { continue }
                }
                let lead = UInt32(bytes[input])
                if lead < 0x80 {
                    units[output] = UInt16(lead)
                    if lead < 0x20 || lead == 0x7F {
                        // LF, VT, FF, CR: the ASCII explicit breaks; the rest are controls. VT is
                        // both: the web profile keeps it inside a paragraph and draws it.
                        if lead &- 0x0A < 4 {
                            breakOffsets.append(Int32(truncatingIfNeeded: output))
                        } else {
                            hasControl = true
                        }
                        if lead == 0x0B || lead == 0x0C { hasControl = true }
                    }
                    input += 1
                    output += 1
                    continue
                }
                if lead &- 0xC3 < 29 {
                    // A run of two-byte characters led by C3…DF (U+00C0–U+07FF: Latin letters,
                    // Greek, Cyrillic, Armenian, Hebrew, Arabic…): none is a break or a C1 control
                    // (those are led by C2), and those from U+0590 on may need bidi.
                    var next = input
                    var highest: UInt16 = 0
                    repeat {
                        let unit = UInt16(bytes[next] & 0x1F) << 6 | UInt16(bytes[next + 1] & 0x3F)
                        units[output] = unit
                        highest = max(highest, unit)
                        next += 2
                        output += 1
                    } while next < count && bytes[next] &- 0xC3 < 29
                    if highest >= 0x0590 { mayNeedBidi = true }
                    input = next
                    continue
                }
                if isPlainThreeByteCharacter(bytes, at: input) {
                    // A run of three-byte characters led by E1 or E3…EE (U+1000–U+1FFF,
                    // U+3000–U+EFFF: CJK, kana, Hangul, Hangul jamo and more), or by E0 from
                    // U+0900 (Indic and South-East Asian scripts): none is a break, a C1 control
                    // or a character that may need bidi, so they are only transcoded. (Those are
                    // in E0 below U+0900, E2 and EF.)
                    var next = input
                    repeat {
                        units[output] = threeByteUnit(bytes[next], bytes[next + 1], bytes[next + 2])
                        next += 3
                        output += 1
                    } while next < count && isPlainThreeByteCharacter(bytes, at: next)
                    input = next
                    continue
                }
                // What is left: two-byte characters led by C2 (U+0080–U+00BF: NEL, the C1
                // controls, Latin-1 signs), three-byte ones led by E0 below U+0900, E2 or EF, and
                // four-byte ones; each is checked on its own.
                let unit: UInt16
                if lead < 0xE0 {
                    unit = UInt16(((lead & 0x1F) << 6) | (UInt32(bytes[input + 1]) & 0x3F))
                    input += 2
                } else if lead < 0xF0 {
                    unit = threeByteUnit(bytes[input], bytes[input + 1], bytes[input + 2])
                    input += 3
                } else {
                    let scalar =
                        ((lead & 0x07) << 18) | ((UInt32(bytes[input + 1]) & 0x3F) << 12)
                        | ((UInt32(bytes[input + 2]) & 0x3F) << 6) | (UInt32(bytes[input + 3]) & 0x3F)
                    let offset = scalar - 0x10000
                    let high = UInt16(0xD800 + (offset >> 10))
                    units[output] = high
                    units[output + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                    if CharacterClasses.mayNeedBidi(high) { mayNeedBidi = true }
                    input += 4
                    output += 2
                    continue
                }
                units[output] = unit
                if Paragraphs.isBreak(unit) { breakOffsets.append(Int32(truncatingIfNeeded: output)) }
                if unit >= 0x80 && unit <= 0x9F { hasControl = true }  // C1 (NEL breaks, and WebKit draws it)
                if CharacterClasses.mayNeedBidi(unit) { mayNeedBidi = true }
                output += 1
            }
            return output
        }
    }
    return (written, mayNeedBidi, hasControl)
}

/// Whether the character at `index` (a lead byte of valid UTF-8) is three bytes long, led by E1 or
/// E3…EE, or by E0 from U+0900 on: then it is no break, no C1 control and nothing that may need
/// bidi.
private func isPlainThreeByteCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let lead = bytes[index]
    if lead &- 0xE3 < 12 || lead == 0xE1 { return true }
    return lead == 0xE0 && bytes[index + 1] >= 0xA4  // E0 A4 80 is U+0900
}

/// The BMP unit a three-byte UTF-8 sequence encodes.
private func threeByteUnit(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> UInt16 {
    UInt16(lead & 0x0F) << 12 | UInt16(second & 0x3F) << 6 | UInt16(third & 0x3F)
}

/// Four bytes (the low half of `half`) as four little-endian 16-bit units: `0xDDCCBBAA` becomes
/// `0x00DD_00CC_00BB_00AA`.
private func widenedASCII(_ half: UInt64) -> UInt64 {
    let pairs = (half | half << 16) & 0x0000_FFFF_0000_FFFF
    return (pairs | pairs << 8) & 0x00FF_00FF_00FF_00FF
}

extension UnsafeBufferPointer where Element == UInt16 {
    /// The scalar whose first unit is at `index`, and the index after it: a surrogate pair is read
    /// whole when both halves lie before `limit`; any other unit (a lone surrogate included) is
    /// read as itself.
    func scalar(at index: Int, limit: Int) -> (value: UInt32, next: Int) {
        let unit = UInt32(self[index])
        if unit & 0xFC00 == 0xD800, index + 1 < limit, self[index + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((unit - 0xD800) << 10) + (UInt32(self[index + 1]) - 0xDC00), index + 2)
        }
        return (unit, index + 1)
    }

    /// The scalar whose last unit is at `end − 1` (a surrogate pair read whole).
    func scalar(endingAt end: Int) -> UInt32 {
        let unit = UInt32(self[end - 1])
        if unit & 0xFC00 == 0xDC00, end >= 2, self[end - 2] & 0xFC00 == 0xD800 {
            return 0x10000 + ((UInt32(self[end - 2]) - 0xD800) << 10) + (unit - 0xDC00)
        }
        return unit
    }
}

extension Array {
    /// `count` copies of `value`. Unlike `Array(repeating:count:)` and
    /// `Array(unsafeUninitializedCapacity:initializingWith:)`, whose allocation goes through a
    /// generic runtime entry point that looks the storage type up on every call, this allocates
    /// through code specialized for `Element` (hot paths allocate several arrays per paragraph).
    package init(filledWith value: Element, count: Int) {
        self = []
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}

extension String {
    /// `String(decoding: units, as: UTF16.self)` (a lone surrogate becomes U+FFFD) written as
    /// UTF-8 straight into the new string: the standard library's generic UTF-16 path allocates
    /// for every character (417 allocations for a 200-character message).
    package init(utf16Units units: some Collection<UInt16>) {
        self.init(unsafeUninitializedCapacity: units.count * 3) { utf8 in
            var written = 0
            _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
                utf8[written] = $0
                written += 1
            }
            return written
        }
    }
}
