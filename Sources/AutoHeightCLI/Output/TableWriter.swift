/// A table streamed row by row: the first `sizingRows` rows are held to size the columns, then
/// every row is written at once; a later, wider cell pushes its row's cells to the right instead
/// of widening the column. Memory: at most `sizingRows` rows.
struct TableWriter {
    static let sizingRows = 100

    private let header: [String]
    private var held: [[String]] = []
    private var columns: [Int]? = nil

    init(header: [String]) { self.header = header }

    mutating func append(_ row: [String], to output: FileHandleOutput) {
        if let columns {
            output.write(Self.format(row, columns: columns))
            return
        }
        held.append(row)
        if held.count == Self.sizingRows { flushHeld(to: output) }
    }

    mutating func finish(to output: FileHandleOutput) {
        if columns == nil { flushHeld(to: output) }
    }

    private mutating func flushHeld(to output: FileHandleOutput) {
        let rows = [header] + held
        let columns = header.indices.map { column in
            rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0
        }
        output.write(Self.format(header, columns: columns))
        output.write(columns.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n")
        for row in held { output.write(Self.format(row, columns: columns)) }
        held = []
        self.columns = columns
    }

    /// The first cell left-aligned, the others right-aligned, two spaces apart.
    private static func format(_ row: [String], columns: [Int]) -> String {
        let padded = row.enumerated().map { column, cell in
            let width = column < columns.count ? columns[column] : 0
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            return column == 0 ? cell + padding : padding + cell
        }
        return padded.joined(separator: "  ") + "\n"
    }
}
