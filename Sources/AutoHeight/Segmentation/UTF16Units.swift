/// The UTF-16 code units of a string, transcoded in one tight pass from its UTF-8 storage
/// (`Array(text.utf16)` walks a generic iterator and is several times slower for non-ASCII).
///
/// Complexity: O(n) bytes, one allocation.
func utf16Units(of text: String) -> [UInt16] {
    var text = text
    return text.withUTF8 { bytes -> [UInt16] in
        let count = bytes.count
        // UTF-16 never needs more units than UTF-8 has bytes.
        return [UInt16](unsafeUninitializedCapacity: count) { units, written in
            var input = 0
            var output = 0
            while input < count {
                let lead = UInt32(bytes[input])
                if lead < 0x80 {
                    units[output] = UInt16(lead)
                    input += 1
                    output += 1
                } else if lead < 0xE0 {
                    units[output] = UInt16(((lead & 0x1F) << 6) | (UInt32(bytes[input + 1]) & 0x3F))
                    input += 2
                    output += 1
                } else if lead < 0xF0 {
                    units[output] = UInt16(
                        ((lead & 0x0F) << 12) | ((UInt32(bytes[input + 1]) & 0x3F) << 6)
                            | (UInt32(bytes[input + 2]) & 0x3F))
                    input += 3
                    output += 1
                } else {
                    let scalar =
                        ((lead & 0x07) << 18) | ((UInt32(bytes[input + 1]) & 0x3F) << 12)
                        | ((UInt32(bytes[input + 2]) & 0x3F) << 6) | (UInt32(bytes[input + 3]) & 0x3F)
                    let offset = scalar - 0x10000
                    units[output] = UInt16(0xD800 + (offset >> 10))
                    units[output + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                    input += 4
                    output += 2
                }
            }
            written = output
        }
    }
}

extension UnsafeBufferPointer where Element == UInt16 {
    /// The scalar whose first unit is at `index`, and the index after it: a surrogate pair is read
    /// whole when both halves lie before `limit`; any other unit (a lone surrogate included) is
    /// read as itself.
    @inline(__always)
    func scalar(at index: Int, limit: Int) -> (value: UInt32, next: Int) {
        let unit = UInt32(self[index])
        if unit & 0xFC00 == 0xD800, index + 1 < limit, self[index + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((unit - 0xD800) << 10) + (UInt32(self[index + 1]) - 0xDC00), index + 2)
        }
        return (unit, index + 1)
    }

    /// The scalar whose last unit is at `end − 1` (a surrogate pair read whole).
    @inline(__always)
    func scalar(endingAt end: Int) -> UInt32 {
        let unit = UInt32(self[end - 1])
        if unit & 0xFC00 == 0xDC00, end >= 2, self[end - 2] & 0xFC00 == 0xD800 {
            return 0x10000 + ((UInt32(self[end - 2]) - 0xD800) << 10) + (unit - 0xDC00)
        }
        return unit
    }
}
