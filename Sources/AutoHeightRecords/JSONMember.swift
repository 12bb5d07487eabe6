/// The raw text of a top-level member's value in one JSON object, as it was written: how a
/// record's `id` that is a number, an object or an array comes back unchanged (Foundation's
/// parse keeps no key order and no number spelling). The line must already be valid JSON.
public enum JSONMember {
    /// The bytes of the value of the last top-level member named `name` (a plain ASCII name
    /// without escapes) of the JSON object in `json` (the one Foundation's parse keeps when a
    /// name repeats), or nil when there is none.
    public static func rawValue(named name: String, in json: [UInt8]) -> String? {
        var found: String? = nil
        var index = 0
        skipSpace(json, &index)
        guard index < json.count, json[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        let key = Array(name.utf8)
        while index < json.count {
            skipSpace(json, &index)
            guard index < json.count, json[index] == UInt8(ascii: "\"") else { return nil }
            let keyStart = index + 1
            skipValue(json, &index)
            let keyEnd = index - 1
            skipSpace(json, &index)
            guard index < json.count, json[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace(json, &index)
            let valueStart = index
            skipValue(json, &index)
            if keyEnd >= keyStart, json[keyStart..<keyEnd].elementsEqual(key) {
                found = String(decoding: json[valueStart..<index], as: UTF8.self)
            }
            skipSpace(json, &index)
            guard index < json.count, json[index] == UInt8(ascii: ",") else { return found }
            index += 1
        }
        return found
    }

    private static func skipSpace(_ json: [UInt8], _ index: inout Int) {
        while index < json.count, [0x20, 0x09, 0x0A, 0x0D].contains(json[index]) { index += 1 }
    }

    /// Moves past one value: a string, an object or array (nesting and strings inside followed),
    /// or a number or literal.
    private static func skipValue(_ json: [UInt8], _ index: inout Int) {
        guard index < json.count else { return }
        var depth = 0
        repeat {
            let byte = json[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                while index < json.count, json[index] != UInt8(ascii: "\"") {
                    index += json[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                index += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                index += 1
            } else if depth == 0 {
                // A number or a literal: up to the next delimiter.
                while index < json.count, !",}] \t\r\n".utf8.contains(json[index]) { index += 1 }
                return
            } else {
                index += 1
            }
            if depth > 0 { continue }
            return
        } while index < json.count
    }
}
