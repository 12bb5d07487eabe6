import AutoHeight
import AutoHeightOptions
import Foundation

/// Wrap widths as every surface checks them: `--widths 120,240` (the CLI), `widths=120,240`
/// (the HTTP service's query), `"widths": [120, 240]` (a JSON record).
public enum RecordWidths {
    /// The widths of a comma-separated list, named `option` in messages (`--widths`).
    /// - Throws: `'x' is not a number`, or an invalid width (``check(_:)``).
    public static func parse(list: String, option: String) throws(StyleSettings.OptionError) -> [Double] {
        var widths: [Double] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Double(trimmed(item)) else {
                throw StyleSettings.OptionError("\(option): '\(item)' is not a number")
            }
            widths.append(value)
        }
        return widths
    }

    /// Checks each width: finite, > 0 and at most ``AutoHeight/AutoHeightError/maximumWidth``.
    public static func check(_ widths: [Double]) throws(StyleSettings.OptionError) {
        for value in widths where !(value.isFinite && value > 0 && value <= AutoHeightError.maximumWidth) {
            throw StyleSettings.OptionError(
                "invalid width \(value): must be finite, > 0 and ≤ \(AutoHeightError.maximumWidth) px")
        }
    }

    /// A JSON `"widths"` value: an array of numbers (or one number).
    static func numbers(_ value: Any) throws(StyleSettings.OptionError) -> [Double] {
        if let number = value as? NSNumber, !number.isJSONBoolean { return [number.doubleValue] }
        guard let items = value as? [Any] else {
            throw StyleSettings.OptionError("\"widths\" must be an array of numbers")
        }
        var widths: [Double] = []
        widths.reserveCapacity(items.count)
        for item in items {
            guard let number = item as? NSNumber, !number.isJSONBoolean else {
                throw StyleSettings.OptionError("\"widths\" must be an array of numbers")
            }
            widths.append(number.doubleValue)
        }
        return widths
    }

    private static func trimmed(_ item: Substring) -> Substring {
        var result = item
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
