import Foundation

/// Minimal JSON writing: strings and numbers, written straight into the output.
public enum JSONText {
    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number in the shortest form that reads back as the same Double (`91.0` → `91`).
    public static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension NSNumber {
    /// Whether Foundation's JSON parse made this number from `true` or `false` (a boolean
    /// NSNumber, objCType "c", whose stringValue is "1"/"0"; numbers are "i", "q" or "d").
    /// Reads the type's one character, without making a String.
    public var isJSONBoolean: Bool { objCType.pointee == CChar(UInt8(ascii: "c")) }
}
