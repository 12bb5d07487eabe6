import Testing

@testable import AutoHeight

/// The C ABI's UTF-16 and UTF-8 entries (`TextStyle.measure(utf16:…)`, `measure(utf8:…)`) give
/// exactly the string measure, for every text of the Pango fixture (all scripts, controls,
/// breaks, bidi) and the edge cases; a lone surrogate is refused with its offset.
@Suite struct UTF16InputTests {
    static let style: TextStyle = {
        var style = TextStyle(fonts: try! FontStack.bundled(), fontSize: 16)
        style.segmentCache = SegmentCache()
        return style
    }()

    static let texts: [String] =
        (try! Fixtures.pangoRecords("pango-agreement.jsonl")).map(\.text) + [
            "", "\n", "a\r\nb", "\u{85}x\u{2028}y\u{2029}", "\t\u{0B}\u{0C}\u{7F}\u{9F}", "a😀b", "😀",
            "שלום 123 abc", "\u{202E}rtl\u{202C}", "a\u{0}b",
        ]

    @Test func utf16AndUTF8EqualTheStringMeasure() throws {
        var differences: [String] = []
        for text in Self.texts {
            for width in [60.0, 240] {
                let expected = try Self.style.measure(text, width: width)
                let units = Array(text.utf16)
                let fromUTF16 = try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
                    try Self.style.measure(utf16: buffer, width: width, lineLimits: LineLimits())
                }
                var copy = text
                let fromUTF8 = try copy.withUTF8 { bytes in
                    try Result { () throws(AutoHeightError) in
                        try Self.style.measure(utf8: bytes, width: width, lineLimits: LineLimits())
                    }.get()
                }
                if fromUTF16 != expected || fromUTF8 != expected { differences.append("\(text.prefix(30)) @ \(width)") }
            }
        }
        #expect(differences == [])
        #expect(Self.texts.count > 100)
    }

    @Test(arguments: [([0xD800], 0), ([0x61, 0xDC00], 1), ([0x61, 0xD83D, 0x62], 1), ([0x61, 0xD83D], 1)])
    func loneSurrogatesAreRefused(units: [UInt16], offset: Int) {
        #expect(throws: AutoHeightError.loneSurrogate(utf16Offset: offset)) {
            try units.withUnsafeBufferPointer { (buffer) throws(AutoHeightError) in
                try Self.style.measure(utf16: buffer, width: 100, lineLimits: LineLimits())
            }
        }
        #expect(
            AutoHeightError.loneSurrogate(utf16Offset: offset).description
                == "lone surrogate at UTF-16 offset \(offset)")
    }
}
