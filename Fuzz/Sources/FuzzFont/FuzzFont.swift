import AutoHeight
import FuzzSupport

private let sampleText = "Hello, world! 회의는 내일 مرحبا שלום नमस्ते สวัสดี 👩‍👩‍👧 e\u{301}\tfin\n2nd line"

/// (font bytes) → load + measure: a font either fails to load with a typed error or measures
/// text to a sane result; nothing crashes.
@_cdecl("FuzzFont_main")
public func fuzzFontMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzFont(data, size) }
}

private func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let font: Font
    do {
        font = try Font(data: bytes, name: "fuzz.ttf")
    } catch {
        _ = error.description
        return 0
    }
    for fonts in [FontStack(font), FontStack(font, fallbacks: [fuzzFonts.primary])] {
        for lineHeight in [LineHeight.metrics, .em] {
            let style = TextStyle(fonts: fonts, fontSize: 17, lineHeight: lineHeight)
            do {
                let prepared = try style.prepare(sampleText)
                for width in [1.0, 80, 400] {
                    let measurement = try prepared.measure(width: width)
                    checkLines(
                        try prepared.lines(width: width), measurement: measurement,
                        utf16Count: prepared.utf16Count, context: "font \(font), width \(width)")
                }
            } catch {
                fuzzFailure("font \(font) loaded but cannot measure: \(error)")
            }
        }
    }
    return 0
}
