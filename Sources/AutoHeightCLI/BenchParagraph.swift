import AutoHeight

extension BenchCommand {
    /// Bytes of the long paragraph of the `paragraph` scenario.
    static let longParagraphBytes = 10_000_000

    /// The `paragraph` scenario (run only when asked for: preparing its paragraph takes
    /// seconds): the input texts joined by spaces into one paragraph of
    /// ``longParagraphBytes`` bytes and into one of about 200 bytes, each prepared as an
    /// ``EditableText``, then one character typed in the middle and the text re-measured at
    /// `width`, `keystrokes` times. Returns nanoseconds per keystroke (fastest of `repetitions`
    /// rounds) in the long and the short paragraph.
    func paragraphKeystrokes(
        texts: [String], style: TextStyle, width: Double, sink: inout Int
    ) throws(AutoHeightError) -> (long: Double, short: Double) {
        var words: [Substring] = []
        for text in texts {
            words.append(contentsOf: text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }))
        }
        guard !words.isEmpty else { return (0, 0) }
        var long = ""
        long.reserveCapacity(Self.longParagraphBytes + 64)
        var short = ""
        var index = 0
        while long.utf8.count < Self.longParagraphBytes {
            if !long.isEmpty { long += " " }
            long += words[index % words.count]
            if short.isEmpty && long.utf8.count >= 200 { short = long }
            index += 1
        }
        if short.isEmpty { short = long }
        var results: [Double] = []
        for text in [long, short] {
            var editor = try EditableText(text, style: style)
            sink &+= try editor.measure(width: width).lineCount
            let middle = editor.utf16Count / 2
            let keystrokes = 20
            results.append(
                try fastest { () throws(AutoHeightError) in
                    for stroke in 0..<keystrokes {
                        try editor.replace(utf16Range: middle..<middle, with: stroke % 8 == 7 ? " " : "a")
                        sink &+= try editor.measure(width: width).lineCount
                    }
                } / Double(keystrokes))
        }
        return (results[0], results[1])
    }
}
