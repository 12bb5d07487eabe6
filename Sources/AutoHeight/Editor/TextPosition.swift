/// The one check of UTF-16 positions an editor is given (edit ranges, caret offsets): inside
/// `0...utf16Count` and on a Unicode scalar boundary (never between the halves of a surrogate
/// pair).
enum TextPosition {
    /// The `String.Index` of UTF-16 offset `offset` in `text` (whose length is `utf16Count`),
    /// or nil when it is outside the text or inside a surrogate pair.
    static func index(atUTF16Offset offset: Int, in text: String, utf16Count: Int) -> String.Index? {
        guard offset >= 0 && offset <= utf16Count else { return nil }
        let index = text.utf16.index(text.utf16.startIndex, offsetBy: offset)
        return index.samePosition(in: text.unicodeScalars) != nil ? index : nil
    }

    /// The `String.Index` range of UTF-16 range `lower..<upper` of `text`, or nil when either
    /// end is invalid or `lower > upper`.
    static func range(lower: Int, upper: Int, in text: String, utf16Count: Int) -> Range<String.Index>? {
        guard lower <= upper, let start = index(atUTF16Offset: lower, in: text, utf16Count: utf16Count),
            let end = index(atUTF16Offset: upper, in: text, utf16Count: utf16Count)
        else { return nil }
        return start..<end
    }
}
