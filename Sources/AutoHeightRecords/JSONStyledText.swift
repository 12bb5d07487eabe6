import AutoHeight
import AutoHeightOptions
import Foundation

/// A record's `"runs"` and `"boxes"` (rich text): `{"start", "end", "family", "weight", "style",
/// "size", "letterSpacing"}` and `{"width", "height"}`, checked for their JSON types here and for
/// their fit to the text by the library (``AutoHeight/StyledText``).
enum JSONStyledText {
    static func runs(_ value: Any) throws(StyleSettings.OptionError) -> [StyleRun] {
        guard let items = value as? [Any] else {
            throw StyleSettings.OptionError("\"runs\" must be an array of objects")
        }
        var runs: [StyleRun] = []
        runs.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let object = item as? [String: Any] else {
                throw StyleSettings.OptionError("run \(index): not a JSON object")
            }
            func fail(_ problem: String) -> StyleSettings.OptionError {
                StyleSettings.OptionError("run \(index): \(problem)")
            }
            for key in object.keys
            where !["start", "end", "family", "weight", "style", "size", "letterSpacing"].contains(key) {
                throw fail("unknown key \"\(key)\" (runs take start, end, family, weight, style, size, letterSpacing)")
            }
            guard let start = try integer(object["start"], "start", fail),
                let end = try integer(object["end"], "end", fail)
            else { throw fail("needs integer \"start\" and \"end\" (UTF-16 offsets)") }
            var run = StyleRun(start: start, end: end)
            if let family = object["family"] {
                guard let name = family as? String else { throw fail("\"family\" must be a string") }
                run.family = name
            }
            run.weight = try integer(object["weight"], "weight", fail)
            if let style = object["style"] {
                switch style as? String {
                case "normal": run.italic = false
                case "italic": run.italic = true
                default: throw fail("\"style\" must be \"normal\" or \"italic\"")
                }
            }
            run.size = try number(object["size"], "size", fail)
            run.letterSpacing = try number(object["letterSpacing"], "letterSpacing", fail)
            runs.append(run)
        }
        return runs
    }

    static func boxes(_ value: Any) throws(StyleSettings.OptionError) -> [InlineBox] {
        guard let items = value as? [Any] else {
            throw StyleSettings.OptionError("\"boxes\" must be an array of objects")
        }
        var boxes: [InlineBox] = []
        boxes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            func fail(_ problem: String) -> StyleSettings.OptionError {
                StyleSettings.OptionError("box \(index): \(problem)")
            }
            guard let object = item as? [String: Any] else { throw fail("not a JSON object") }
            for key in object.keys where key != "width" && key != "height" {
                throw fail("unknown key \"\(key)\" (boxes take width, height)")
            }
            guard let width = try number(object["width"], "width", fail),
                let height = try number(object["height"], "height", fail)
            else { throw fail("needs numbers \"width\" and \"height\" (px)") }
            boxes.append(InlineBox(width: width, height: height))
        }
        return boxes
    }

    private static func number(
        _ value: Any?, _ name: String, _ fail: (String) -> StyleSettings.OptionError
    ) throws(StyleSettings.OptionError) -> Double? {
        guard let value else { return nil }
        guard let number = value as? NSNumber, !number.isJSONBoolean else { throw fail("\"\(name)\" must be a number") }
        return number.doubleValue
    }

    private static func integer(
        _ value: Any?, _ name: String, _ fail: (String) -> StyleSettings.OptionError
    ) throws(StyleSettings.OptionError) -> Int? {
        guard let number = try self.number(value, name, fail) else { return nil }
        guard let integer = Int(exactly: number), abs(integer) < 1 << 53 else {
            throw fail("\"\(name)\" must be an integer, not \(number)")
        }
        return integer
    }
}
