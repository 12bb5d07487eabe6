/// The byte offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
/// surrogates and code points past U+10FFFF are ill-formed), or nil when all of `bytes` is valid.
///
/// Complexity: O(n), with an ASCII fast path.
public func firstInvalidUTF8Offset<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Int?
where Bytes.Element == UInt8, Bytes.Index == Int {
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return index - bytes.startIndex
        }
        guard index + length <= end else { return index - bytes.startIndex }
        let second = bytes[index + 1]
        guard second >= lower && second <= upper else { return index - bytes.startIndex }
        var continuation = index + 2
        while continuation < index + length {
            guard bytes[continuation] & 0xC0 == 0x80 else { return index - bytes.startIndex }
            continuation += 1
        }
        index += length
    }
    return nil
}
