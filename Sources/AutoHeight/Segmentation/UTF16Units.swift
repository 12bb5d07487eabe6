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
