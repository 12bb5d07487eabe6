import AutoHeight
import AutoHeightEditor

extension BenchCommand {
    /// Bytes of the long paragraph of the `paragraph` scenario.
    static let longParagraphBytes = 10_000_000

    /// Nanoseconds per keystroke of the `paragraph` scenario, through ``EditableText`` and
    /// through ``EditorModel``, in the long and the short paragraph.
    struct ParagraphKeystrokes {
        var long = 0.0
        var short = 0.0
        var editorLong = 0.0
        var editorShort = 0.0
    }

    /// The `paragraph` scenario (run only when asked for: preparing its paragraph takes
    /// seconds): the words of the input texts, those of right-to-left scripts left out (a
    /// paragraph with bidi is prepared whole on every edit, `docs/limits.md`), in a fixed
    /// pseudo-random order, joined by spaces into one paragraph of ``longParagraphBytes`` bytes
    /// and into one of about 200 bytes. Each is prepared as an ``EditableText`` and as an
    /// ``EditorModel`` as wide as `width`; then one character is typed in the middle and the
    /// text re-measured, `keystrokes` times. Reports nanoseconds per keystroke (fastest of
    /// `repetitions` rounds).
    func paragraphKeystrokes(
        texts: [String], style: TextStyle, width: Double, sink: inout Int
    ) throws -> ParagraphKeystrokes {
        var words: [Substring] = []
        for text in texts {
            for word in text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
            where !word.utf16.contains(where: Self.mayStartRightToLeft) {
                words.append(word)
            }
        }
        guard !words.isEmpty else { return ParagraphKeystrokes() }
        var long = ""
        long.reserveCapacity(Self.longParagraphBytes + 64)
        var short = ""
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        while long.utf8.count < Self.longParagraphBytes {
            if !long.isEmpty { long += " " }
            // xorshift64: the same order on every run.
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            long += words[Int(random % UInt64(words.count))]
            if short.isEmpty && long.utf8.count >= 200 { short = long }
        }
        if short.isEmpty { short = long }
        let keystrokes = 20
        var results = ParagraphKeystrokes()
        for (index, text) in [long, short].enumerated() {
            var editable = try EditableText(text, style: style)
            sink &+= try editable.measure(width: width).lineCount
            let middle = editable.utf16Count / 2
            let perKeystroke =
                try fastest { () throws(AutoHeightError) in
                    for stroke in 0..<keystrokes {
                        try editable.replace(utf16Range: middle..<middle, with: stroke % 8 == 7 ? " " : "a")
                        sink &+= try editable.measure(width: width).lineCount
                    }
                } / Double(keystrokes)
            let editor = try EditorModel(
                text: text, configuration: EditorConfiguration(style: style, containerWidth: width, insets: .zero))
            let perEditorKeystroke =
                try fastest { () throws(AutoHeightError) in
                    for stroke in 0..<keystrokes {
                        _ = editor.replace(utf16Range: middle..<middle, with: stroke % 8 == 7 ? " " : "a")
                        sink &+= editor.state.lineCount
                    }
                } / Double(keystrokes)
            if index == 0 {
                results.long = perKeystroke
                results.editorLong = perEditorKeystroke
            } else {
                results.short = perKeystroke
                results.editorShort = perEditorKeystroke
            }
        }
        return results
    }

    /// Whether a UTF-16 unit may start right-to-left text or is a bidi control (the library's
    /// test for a paragraph that needs bidi).
    private static func mayStartRightToLeft(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xD802,
            0xD803, 0xD83A, 0xD83B:
            return true
        default:
            return false
        }
    }
}
