import AutoHeight
import AutoHeightOptions
import CAutoHeight

#if canImport(Glibc)
    import Glibc
#endif

// The functions of include/autoheight.h (Sources/CAutoHeight), each a thin shell: read the
// arguments, call the library, write the results, turn a failure into a status and a message.

/// The cache a style gets when it is given none: the library's default size. (The CLI's 16 MiB
/// is less than the fixture corpus's segments, about 20 MB, and a working set cycling just above
/// a cache's limit finds almost nothing in it: 8-10 times slower in the Node binding's batch.)
let styleCacheBytes = SegmentCache().byteLimit

@_cdecl("ah_message_free")
public func abiMessageFree(_ message: UnsafeMutablePointer<CChar>?) { free(message) }

@_cdecl("ah_cache_new")
public func abiCacheNew(
    _ byteLimit: Int64, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        guard let out else { throw .argument("out is NULL") }
        guard byteLimit > 0 else { throw .argument("invalid cache byte limit \(byteLimit): must be > 0") }
        out.pointee = Handle.make(CacheObject(cache: SegmentCache(byteLimit: Int(byteLimit))))
    }
}

@_cdecl("ah_cache_free")
public func abiCacheFree(_ cache: OpaquePointer?) { Handle.release(cache, as: CacheObject.self) }

@_cdecl("ah_cache_byte_count")
public func abiCacheByteCount(_ cache: OpaquePointer?) -> Int64 {
    guard let object = try? Handle.object(cache, as: CacheObject.self, name: "cache") else { return 0 }
    return Int64(object.cache.byteCount)
}

@_cdecl("ah_style_new")
public func abiStyleNew(
    _ keys: UnsafePointer<UnsafePointer<CChar>?>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
    _ cache: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        guard let out else { throw .argument("out is NULL") }
        let settings = try Inputs.settings(keys: keys, values: values, count: count)
        var style = try converting { () throws(AutoHeightError) in try settings.makeStyle() }
        style.segmentCache =
            cache == nil
            ? SegmentCache(byteLimit: styleCacheBytes)
            : try Handle.object(cache, as: CacheObject.self, name: "cache").cache
        out.pointee = Handle.make(StyleObject(style: style, lineLimits: settings.lineLimits))
    }
}

@_cdecl("ah_style_free")
public func abiStyleFree(_ style: OpaquePointer?) { Handle.release(style, as: StyleObject.self) }

@_cdecl("ah_measure")
public func abiMeasure(
    _ style: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ widths: UnsafePointer<Double>?,
    _ widthCount: Int, _ results: UnsafeMutablePointer<ah_measurement>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        try measure(style, widths, widthCount, into: results) { .utf8(text, length) }
    }
}

@_cdecl("ah_measure_utf16")
public func abiMeasureUTF16(
    _ style: OpaquePointer?, _ text: UnsafePointer<UInt16>?, _ length: Int, _ widths: UnsafePointer<Double>?,
    _ widthCount: Int, _ results: UnsafeMutablePointer<ah_measurement>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        try measure(style, widths, widthCount, into: results) { .utf16(text, length) }
    }
}

/// A caller's text: UTF-8 bytes or UTF-16 units, not yet checked.
enum TextInput {
    case utf8(UnsafePointer<CChar>?, Int)
    case utf16(UnsafePointer<UInt16>?, Int)
    /// A styled text, already read from the caller's runs and boxes.
    case styled(StyledText)
}

/// ``measure(_:_:_:into:)`` of a measure entry's arguments, checked in the order every entry
/// reports them: the style, the widths, the results, then the text `input` reads.
func measure(
    _ style: OpaquePointer?, _ widths: UnsafePointer<Double>?, _ widthCount: Int,
    into results: UnsafeMutablePointer<ah_measurement>?, _ input: () throws(ABIError) -> TextInput
) throws(ABIError) {
    let object = try Handle.object(style, as: StyleObject.self, name: "style")
    let widths = try Inputs.widths(widths, count: widthCount)
    guard let results else { throw .argument("results is NULL") }
    try measure(try input(), object, widths, into: results)
}

/// One text at every width: the one-shot measure for one width (of the caller's memory, no
/// string made), a prepared text for several (as the CLI measures a record).
func measure(
    _ input: TextInput, _ object: StyleObject, _ widths: UnsafeBufferPointer<Double>,
    into results: UnsafeMutablePointer<ah_measurement>
) throws(ABIError) {
    // The style is read in place through `object` (a local copy retained each of its references).
    let limits = object.lineLimits
    if widths.count == 1 {
        let width = widths[0]
        switch input {
        case .utf8(let bytes, let length):
            let text = try Inputs.utf8(bytes, length: length)
            results[0] = ah_measurement(
                try converting { () throws(AutoHeightError) in
                    try object.style.measure(utf8: text, width: width, lineLimits: limits)
                })
        case .utf16(let units, let length):
            let text = try Inputs.utf16(units, length: length)
            results[0] = ah_measurement(
                try converting { () throws(AutoHeightError) in
                    try object.style.measure(utf16: text, width: width, lineLimits: limits)
                })
        case .styled(let styled):
            results[0] = ah_measurement(
                try converting { () throws(AutoHeightError) in
                    try object.style.measure(styled, width: width, lineLimits: limits)
                })
        }
        return
    }
    let prepare: () throws(AutoHeightError) -> PreparedText
    switch input {
    case .utf8(let bytes, let length):
        let text = try Inputs.text(bytes, length: length)
        prepare = { () throws(AutoHeightError) in try object.style.prepare(text) }
    case .utf16(let units, let length):
        let text = try Inputs.string(utf16: Inputs.utf16(units, length: length))
        prepare = { () throws(AutoHeightError) in try object.style.prepare(text) }
    case .styled(let styled): prepare = { () throws(AutoHeightError) in try object.style.prepare(styled) }
    }
    try converting { () throws(AutoHeightError) in
        let prepared = try prepare()
        for (index, width) in widths.enumerated() {
            results[index] = ah_measurement(try prepared.measure(width: width, lineLimits: limits))
        }
    }
}

@_cdecl("ah_measure_batch")
public func abiMeasureBatch(
    _ style: OpaquePointer?, _ texts: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<Int>?,
    _ textCount: Int, _ widths: UnsafePointer<Double>?, _ widthCount: Int,
    _ results: UnsafeMutablePointer<ah_measurement>?, _ statuses: UnsafeMutablePointer<ah_status>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        guard textCount == 0 || (texts != nil && lengths != nil) else { throw .argument("texts or lengths is NULL") }
        try measureBatch(style, textCount, widths, widthCount, results, statuses) { index in
            .utf8(texts![index], lengths![index])
        }
    }
}

@_cdecl("ah_measure_packed")
public func abiMeasurePacked(
    _ style: OpaquePointer?, _ bytes: UnsafePointer<CChar>?, _ lengths: UnsafePointer<Int>?, _ textCount: Int,
    _ widths: UnsafePointer<Double>?, _ widthCount: Int, _ results: UnsafeMutablePointer<ah_measurement>?,
    _ statuses: UnsafeMutablePointer<ah_status>?, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    measurePacked(style, bytes, lengths, textCount, widths, widthCount, results, statuses, message, as: TextInput.utf8)
}

@_cdecl("ah_measure_packed_utf16")
public func abiMeasurePackedUTF16(
    _ style: OpaquePointer?, _ units: UnsafePointer<UInt16>?, _ lengths: UnsafePointer<Int>?, _ textCount: Int,
    _ widths: UnsafePointer<Double>?, _ widthCount: Int, _ results: UnsafeMutablePointer<ah_measurement>?,
    _ statuses: UnsafeMutablePointer<ah_status>?, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    measurePacked(style, units, lengths, textCount, widths, widthCount, results, statuses, message, as: TextInput.utf16)
}

/// A packed batch of either encoding: text `index` is the `lengths[index]` units after the
/// texts before it.
func measurePacked<Unit>(
    _ style: OpaquePointer?, _ units: UnsafePointer<Unit>?, _ lengths: UnsafePointer<Int>?, _ textCount: Int,
    _ widths: UnsafePointer<Double>?, _ widthCount: Int, _ results: UnsafeMutablePointer<ah_measurement>?,
    _ statuses: UnsafeMutablePointer<ah_status>?, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    as input: (UnsafePointer<Unit>?, Int) -> TextInput
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        guard textCount == 0 || lengths != nil else { throw .argument("lengths is NULL") }
        var offset = 0
        try measureBatch(style, textCount, widths, widthCount, results, statuses) { index in
            defer { offset += lengths![index] }
            return input(units.map { $0 + offset }, lengths![index])
        }
    }
}

/// Measures `textCount` texts (`text(index)` gives each one's bytes, in order) at every width:
/// a failing text gets zeroed results and its status, the others go on; the first failure is
/// thrown at the end, naming its index.
func measureBatch(
    _ style: OpaquePointer?, _ textCount: Int, _ widths: UnsafePointer<Double>?, _ widthCount: Int,
    _ results: UnsafeMutablePointer<ah_measurement>?, _ statuses: UnsafeMutablePointer<ah_status>?,
    text: (Int) -> TextInput
) throws(ABIError) {
    let object = try Handle.object(style, as: StyleObject.self, name: "style")
    let widths = try Inputs.widths(widths, count: widthCount)
    guard textCount >= 0 else { throw .argument("invalid text_count \(textCount)") }
    guard let results else { throw .argument("results is NULL") }
    var firstFailure: ABIError?
    for index in 0..<textCount {
        let slots = results + index * widths.count
        do throws(ABIError) {
            try measure(text(index), object, widths, into: slots)
            statuses?[index] = AH_OK
        } catch {
            slots.update(repeating: ah_measurement(), count: widths.count)
            statuses?[index] = error.status
            if firstFailure == nil { firstFailure = ABIError(error.status, "text \(index): \(error.message)") }
        }
    }
    if let firstFailure { throw firstFailure }
}

@_cdecl("ah_lines")
public func abiLines(
    _ style: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ width: Double,
    _ lines: UnsafeMutablePointer<UnsafeMutablePointer<ah_line>?>?, _ count: UnsafeMutablePointer<Int>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        let object = try Handle.object(style, as: StyleObject.self, name: "style")
        _ = try Inputs.widths([width], count: 1)
        guard let lines, let count else { throw .argument("lines or count is NULL") }
        let text = try Inputs.text(text, length: length)
        let layouts = try converting { () throws(AutoHeightError) in try object.style.prepare(text).lines(width: width)
        }
        (lines.pointee, count.pointee) = copy(layouts)
    }
}

/// The lines as a malloc'd array (released by `ah_lines_free`).
func copy(_ layouts: [LineLayout]) -> (UnsafeMutablePointer<ah_line>, Int) {
    let buffer = UnsafeMutablePointer<ah_line>.allocate(capacity: max(layouts.count, 1))
    for (index, line) in layouts.enumerated() {
        buffer[index] = ah_line(
            start: Int64(line.range.lowerBound), end: Int64(line.range.upperBound), width: line.width,
            height: line.height, y: line.y)
    }
    return (buffer, layouts.count)
}

@_cdecl("ah_lines_free")
public func abiLinesFree(_ lines: UnsafeMutablePointer<ah_line>?) { lines?.deallocate() }

@_cdecl("ah_prepare")
public func abiPrepare(
    _ style: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        let object = try Handle.object(style, as: StyleObject.self, name: "style")
        guard let out else { throw .argument("out is NULL") }
        let text = try Inputs.text(text, length: length)
        let prepared = try converting { () throws(AutoHeightError) in try object.style.prepare(text) }
        out.pointee = Handle.make(PreparedObject(prepared: prepared, lineLimits: object.lineLimits))
    }
}

@_cdecl("ah_prepared_free")
public func abiPreparedFree(_ prepared: OpaquePointer?) { Handle.release(prepared, as: PreparedObject.self) }

@_cdecl("ah_prepared_utf16_count")
public func abiPreparedUTF16Count(_ prepared: OpaquePointer?) -> Int64 {
    guard let object = try? Handle.object(prepared, as: PreparedObject.self, name: "prepared") else { return 0 }
    return Int64(object.prepared.utf16Count)
}

@_cdecl("ah_prepared_measure")
public func abiPreparedMeasure(
    _ prepared: OpaquePointer?, _ widths: UnsafePointer<Double>?, _ widthCount: Int,
    _ results: UnsafeMutablePointer<ah_measurement>?, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        let object = try Handle.object(prepared, as: PreparedObject.self, name: "prepared")
        let widths = try Inputs.widths(widths, count: widthCount)
        guard let results else { throw .argument("results is NULL") }
        try converting { () throws(AutoHeightError) in
            for (index, width) in widths.enumerated() {
                results[index] = ah_measurement(
                    try object.prepared.measure(width: width, lineLimits: object.lineLimits))
            }
        }
    }
}

@_cdecl("ah_prepared_lines")
public func abiPreparedLines(
    _ prepared: OpaquePointer?, _ width: Double, _ lines: UnsafeMutablePointer<UnsafeMutablePointer<ah_line>?>?,
    _ count: UnsafeMutablePointer<Int>?, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        let object = try Handle.object(prepared, as: PreparedObject.self, name: "prepared")
        _ = try Inputs.widths([width], count: 1)
        guard let lines, let count else { throw .argument("lines or count is NULL") }
        let layouts = try converting { () throws(AutoHeightError) in try object.prepared.lines(width: width) }
        (lines.pointee, count.pointee) = copy(layouts)
    }
}
