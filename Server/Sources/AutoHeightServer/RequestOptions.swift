import AutoHeightOptions
import AutoHeightRecords

/// A request's options from its query string (`?fontFile=…&size=16&widths=120,240`): the
/// style options by their CLI names in camelCase, `widths` (or `width`), and `lineRanges`.
/// A record's (or the measure body's) own `style` and `widths` override them key by key.
struct RequestOptions: Sendable {
    var stylePairs: [(key: String, value: String)] = []
    var widths: [Double]?
    var lineRanges = false

    /// Reads the query's pairs in order.
    /// - Throws: the option's one-line message (`unknown style option 'x' (known: …)`,
    ///   `widths: 'x' is not a number`, …).
    init(query: some Sequence<(key: Substring, value: Substring)>) throws(StyleSettings.OptionError) {
        for (key, value) in query {
            switch key {
            case "widths", "width":
                widths = (widths ?? []) + (try RecordWidths.parse(list: String(value), option: String(key)))
            case "lineRanges", "line-ranges", "line_ranges":
                guard value == "true" || value == "false" || value.isEmpty else {
                    throw StyleSettings.OptionError("\(key) must be true or false; got '\(value)'")
                }
                lineRanges = value != "false"
            default:
                if BundledFontOption.isKey(String(key)) {
                    try BundledFontOption.check(String(value), key: String(key))
                } else if StyleSettings.canonicalKey(String(key)) == nil {
                    throw StyleSettings.OptionError(
                        "unknown option '\(key)' (known: widths, lineRanges, bundledFont, and the style options \(StyleSettings.keys.joined(separator: ", ")))"
                    )
                }
                stylePairs.append((String(key), String(value)))
            }
        }
        let checked = stylePairs.filter { !BundledFontOption.isKey($0.key) }
        if checked.isEmpty { return }
        // Checked now, so that a bad option fails the request (400), not each record.
        _ = try StyleSettings(pairs: checked)
    }

    init() {}

    /// The query's style pairs with the record's on top: a key the record gives (in any
    /// spelling) replaces the query's (`bundledFont` and `fontFile` replace each other).
    func merged(with record: [(key: String, value: String)]?) -> [(key: String, value: String)] {
        guard let record, !record.isEmpty else { return stylePairs }
        let overridden = Set(record.map { BundledFontOption.slot($0.key) })
        return stylePairs.filter { !overridden.contains(BundledFontOption.slot($0.key)) } + record
    }
}
