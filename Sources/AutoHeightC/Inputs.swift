import AutoHeight
import AutoHeightOptions
import CAutoHeight

/// Reading the caller's arguments: texts, widths, option pairs.
enum Inputs {
    /// `length` bytes of UTF-8 at `bytes`, checked well-formed: invalid UTF-8 is an input error
    /// naming the first bad byte.
    static func utf8(_ bytes: UnsafePointer<CChar>?, length: Int) throws(ABIError) -> UnsafeBufferPointer<UInt8> {
        guard length > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        guard let bytes else { throw .argument("text is NULL") }
        let units = UnsafeBufferPointer(
            start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
        do {
            _ = try UTF8Span(validating: units.span)
        } catch {
            throw ABIError(AH_ERROR_INPUT, "invalid UTF-8 at byte offset \(error.byteOffsets.lowerBound)")
        }
        return units
    }

    /// `length` bytes of UTF-8 at `bytes` as a string (checked as ``utf8(_:length:)`` does).
    static func text(_ bytes: UnsafePointer<CChar>?, length: Int) throws(ABIError) -> String {
        String(decoding: try utf8(bytes, length: length), as: UTF8.self)
    }

    /// `length` UTF-16 units at `units` (checked by the measure itself, or by ``string(utf16:)``).
    static func utf16(_ units: UnsafePointer<UInt16>?, length: Int) throws(ABIError) -> UnsafeBufferPointer<UInt16> {
        guard length > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        guard let units else { throw .argument("text is NULL") }
        return UnsafeBufferPointer(start: units, count: length)
    }

    /// UTF-16 units as a string; a lone surrogate is an input error naming its offset.
    static func string(utf16 units: UnsafeBufferPointer<UInt16>) throws(ABIError) -> String {
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit & 0xF800 == 0xD800 {
                guard unit < 0xDC00, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 else {
                    throw ABIError(AutoHeightError.loneSurrogate(utf16Offset: index))
                }
                index += 1
            }
            index += 1
        }
        return String(utf16Units: units)
    }

    /// The widths, each checked as the library checks a width.
    static func widths(_ widths: UnsafePointer<Double>?, count: Int) throws(ABIError) -> UnsafeBufferPointer<Double> {
        guard count > 0 else { throw .argument("no widths (width_count is 0)") }
        guard let widths else { throw .argument("widths is NULL") }
        let buffer = UnsafeBufferPointer(start: widths, count: count)
        for width in buffer where !(width.isFinite && width > 0 && width <= AutoHeightError.maximumWidth) {
            throw ABIError(AutoHeightError.invalidWidth(width))
        }
        return buffer
    }

    /// The style's settings from the caller's key and value arrays.
    static func settings(
        keys: UnsafePointer<UnsafePointer<CChar>?>?, values: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
    ) throws(ABIError) -> StyleSettings {
        var pairs: [(key: String, value: String)] = []
        if count > 0 {
            guard let keys, let values else { throw .argument("keys or values is NULL with count \(count)") }
            for index in 0..<count {
                guard let key = keys[index], let value = values[index] else {
                    throw .argument("option \(index): key or value is NULL")
                }
                guard let keyText = String(validatingCString: key), let valueText = String(validatingCString: value)
                else { throw .argument("option \(index): not UTF-8") }
                pairs.append((keyText, valueText))
            }
        }
        do { return try StyleSettings(pairs: pairs) } catch { throw ABIError(error) }
    }
}

extension ah_measurement {
    init(_ measurement: TextMeasurement) {
        self.init(
            width: measurement.width, lines: Int64(measurement.lineCount), height: measurement.height,
            max_line_width: measurement.maxLineWidth, visible_lines: Int64(measurement.visibleLineCount),
            visible_height: measurement.visibleHeight, missing_glyphs: Int64(measurement.missingGlyphCount),
            overflows: measurement.overflows ? 1 : 0, reserved: 0)
    }
}
