/// Text that arrives as UTF-16 (a JavaScript or Java string, through the C ABI): copied into
/// `storage` with what ``transcodeUTF16Units(utf8:into:breakOffsets:)`` notes on the way, by the
/// same rules, so a measure of it equals the measure of the same text as a string. A lone
/// surrogate is refused (its offset returned), as a string cannot hold one.
///
/// Complexity: O(n) units, no allocation once `storage` is as long as the text.
func copyUTF16Units(
    _ text: UnsafeBufferPointer<UInt16>, into storage: inout [UInt16], breakOffsets: inout [Int32]
) -> Result<(count: Int, mayNeedBidi: Bool, hasControl: Bool), LoneSurrogate> {
    if !breakOffsets.isEmpty { breakOffsets.removeAll(keepingCapacity: true) }
    let count = text.count
    if storage.count < count { storage.append(contentsOf: repeatElement(0, count: count - storage.count)) }
    // The units are copied in one move, then only read: most are printable ASCII and need one
    // comparison each.
    storage.withUnsafeMutableBufferPointer { storage in
        if let source = text.baseAddress, let target = storage.baseAddress { target.update(from: source, count: count) }
    }
    var mayNeedBidi = false
    var hasControl = false
    var index = 0
    while index < count {
        let unit = text[index]
        if unit &- 0x20 < 0x5F {  // printable ASCII
            index += 1
            continue
        }
        if unit < 0x80 {
            if unit < 0x20 || unit == 0x7F {
                // LF, VT, FF, CR break; the rest are controls; VT is both (see the UTF-8 pass).
                if unit &- 0x0A < 4 {
                    breakOffsets.append(Int32(truncatingIfNeeded: index))
                } else {
                    hasControl = true
                }
                if unit == 0x0B || unit == 0x0C { hasControl = true }
            }
            index += 1
            continue
        }
        if unit & 0xF800 == 0xD800 {
            // A surrogate: a high one followed by a low one is a pair, anything else is lone.
            guard unit < 0xDC00, index + 1 < count, text[index + 1] & 0xFC00 == 0xDC00 else {
                return .failure(LoneSurrogate(offset: index))
            }
            if CharacterClasses.mayNeedBidi(unit) { mayNeedBidi = true }
            index += 2
            continue
        }
        if Paragraphs.isBreak(unit) { breakOffsets.append(Int32(truncatingIfNeeded: index)) }
        if unit <= 0x9F { hasControl = true }  // C1 (NEL breaks, and WebKit draws it)
        if CharacterClasses.mayNeedBidi(unit) { mayNeedBidi = true }
        index += 1
    }
    return .success((count, mayNeedBidi, hasControl))
}

/// A surrogate without its other half, at `offset` (UTF-16 units).
struct LoneSurrogate: Error {
    var offset: Int
}
