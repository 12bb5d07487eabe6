import AutoHeight

/// Reads a fuzzer's bytes front to back: small numbers for options first, the rest as text.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `range`, from the next byte.
    public mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.count)
    }

    /// The next `count` bytes (fewer at the end).
    public mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return bytes[position..<end]
    }

    /// Everything left, decoded as UTF-8 (invalid sequences repaired, as `String` does).
    public mutating func rest() -> String {
        String(decoding: take(bytes.count), as: UTF8.self)
    }
}

/// Stops the fuzzer with a message: an invariant broke.
public func fuzzFailure(_ message: String) -> Never {
    fatalError("invariant broken: \(message)")
}

/// The bundled fonts, loaded once (no system fallback: runs are reproducible on any machine).
public let fuzzFonts: FontStack = {
    do {
        return try FontStack.bundled()
    } catch {
        fatalError("bundled fonts: \(error)")
    }
}()

/// Checks what every measurement must satisfy: `lines` cover the text in order without gaps
/// other than explicit breaks, their count is the measurement's, heights are finite.
public func checkLines(
    _ lines: [LineLayout], measurement: TextMeasurement, utf16Count: Int, context: @autoclosure () -> String
) {
    if lines.count != measurement.lineCount {
        fuzzFailure("\(lines.count) lines laid out, \(measurement.lineCount) measured: \(context())")
    }
    if measurement.lineCount < 1 || !measurement.height.isFinite || measurement.height < 0 {
        fuzzFailure("measurement \(measurement): \(context())")
    }
    var end = 0
    for line in lines {
        // Lines follow each other; only an explicit break (at most 2 units: CR LF) lies between.
        if line.range.lowerBound < end || line.range.lowerBound > end + 2 || line.range.upperBound > utf16Count {
            fuzzFailure("line \(line.range) after \(end) in \(utf16Count) units: \(context())")
        }
        if !line.width.isFinite || !line.height.isFinite || line.height <= 0 {
            fuzzFailure("line \(line): \(context())")
        }
        end = line.range.upperBound
    }
    if utf16Count - end > 2 {
        fuzzFailure("lines end at \(end) of \(utf16Count): \(context())")
    }
}
