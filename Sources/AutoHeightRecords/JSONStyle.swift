import AutoHeightOptions
import Foundation

/// A JSON `"style"` object (the style options by their CLI names in camelCase, `size` for
/// `font-size`: `{"fontFile": "…", "size": 16, "fallbackFont": ["a.ttf", "b.ttf"]}`) as the
/// option pairs ``AutoHeightOptions/StyleSettings/init(pairs:)`` takes.
public enum JSONStyle {
    /// The pairs of `object` (a parsed JSON value), keys in sorted order, an array giving one
    /// pair per element (the repeatable `fallbackFont`).
    /// - Throws: a one-line message when `object` is not an object or a value is not a string,
    ///   a number or an array of those.
    public static func pairs(_ object: Any) throws(StyleSettings.OptionError) -> [(key: String, value: String)] {
        guard let style = object as? [String: Any] else {
            throw StyleSettings.OptionError("\"style\" must be a JSON object of style options")
        }
        var pairs: [(key: String, value: String)] = []
        for key in style.keys.sorted() {
            if let items = style[key] as? [Any] {
                for item in items { pairs.append((key, try text(item, key: key))) }
            } else {
                pairs.append((key, try text(style[key]!, key: key)))
            }
        }
        return pairs
    }

    /// A JSON scalar as the option's text: a string as is, a number in its shortest form, a
    /// boolean as `true`/`false` (which the option then refuses in its own words).
    static func text(_ value: Any, key: String) throws(StyleSettings.OptionError) -> String {
        switch value {
        case let string as String: return string
        case let number as NSNumber where number.isJSONBoolean: return number.boolValue ? "true" : "false"
        case let number as NSNumber: return JSONText.number(number.doubleValue)
        default: throw StyleSettings.OptionError("style option '\(key)' must be a string or a number")
        }
    }
}
