import AutoHeight
import FuzzSupport

/// (text, options) → measure, with invariants: the one-shot measure, the prepared measure and the
/// laid-out lines agree; a segment cache changes nothing.
@_cdecl("FuzzMeasure_main")
public func fuzzMeasureMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzMeasure(data, size) }
}

private func fuzzMeasure(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var style = TextStyle(fonts: fuzzFonts)
    style.fontSize = [1, 9, 17, 30, 100][input.number(in: 0...4)]
    style.lineSpacing = Double(input.number(in: 0...4))
    style.tabWidth = input.number(in: 1...9)
    style.language =
        ["en", "ko", "ja", "ar", "th", "hi", "zh-Hant", "en-u-lb-strict", "ko-u-lw-keepall"][
            input.number(in: 0...8)]
    style.lineHeight = [.metrics, .em, .multiple(1.5)][input.number(in: 0...2)]
    style.trailingWhitespace = input.byte() & 1 == 0 ? .hangs : .pango
    let width = Double(input.number(in: 1...255)) * Double(input.number(in: 1...8))
    let minimum = input.number(in: 0...3)
    let limits = LineLimits(minimum: minimum, maximum: [nil, 3, 4, 5][input.number(in: 0...3)])
    let text = input.rest()
    let context = "width \(width), style \(style.language) \(style.fontSize) px, text \(Array(text.unicodeScalars))"
    do {
        let once = try style.measure(text, width: width, lineLimits: limits)
        let prepared = try style.prepare(text)
        // The transcoding's own count (its fast paths skip whole runs of characters).
        if prepared.utf16Count != text.utf16.count {
            fuzzFailure("\(prepared.utf16Count) UTF-16 units, the string has \(text.utf16.count): \(context)")
        }
        let again = try prepared.measure(width: width, lineLimits: limits)
        if once != again { fuzzFailure("one-shot \(once) ≠ prepared \(again): \(context)") }
        let lines = try prepared.lines(width: width)
        checkLines(
            lines, measurement: try prepared.measure(width: width), utf16Count: prepared.utf16Count,
            context: context)
        var cached = style
        cached.segmentCache = SegmentCache()
        for _ in 0..<2 {  // cold, then warm
            let withCache = try cached.measure(text, width: width, lineLimits: limits)
            if withCache != once { fuzzFailure("cached \(withCache) ≠ uncached \(once): \(context)") }
        }
    } catch {
        switch error {
        case .textTooLong: break
        default: fuzzFailure("unexpected error \(error): \(context)")
        }
    }
    return 0
}
