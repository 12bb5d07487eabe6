/// The output format (`-O`). Each has one fixed shape, whatever the number of inputs and widths.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One line per text per width.
    case text
    /// One JSON array of objects (`[]` when there is nothing), streamed.
    case json
    /// One JSON object per line.
    case jsonl
    /// A table for people: a header, then one row per text; column widths from the first rows.
    case table
}
