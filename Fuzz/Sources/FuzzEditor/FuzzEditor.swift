@_spi(Fuzzing) import AutoHeight
import AutoHeightEditor
import FuzzSupport

/// Pieces an edit inserts: letters, spaces, breaks, marks, joiners, other scripts, emoji.
private let pieces = [
    "a", "word ", " ", "  ", "\n", "\r\n", "\t", "\u{301}", "\u{200D}", "\u{FE0F}", "회의", "مرحبا ", "שלום",
    "नमस्ते", "สวัสดี", "👩‍👩‍👧", "🇰🇷", "x\u{2028}y", "\u{2029}", "long-unbreakable-word-without-spaces", "。", "「",
    "e\u{301}\u{302}", "\u{0}", "0123456789",
    // CJK without spaces (ideograph cuts), with brackets and kana.
    "漢字文書", "ひらがな", "カタカナ", "한국어문장", "「引用」", "中文没有空格的句子",
    // Bidi around windows in right-to-left paragraphs (BidiCut): Latin words, marks, Arabic
    // digits, an embedding and an isolate, a B that UAX #9 alone sees, a final period.
    "lorem ipsum ", "b c.", "\u{200E}", "\u{200F}", "\u{0663}", "\u{202B}", "\u{2067}x\u{2069}", "\u{1C}",
    "שלום lorem ",
]

/// (edit events) → the editor model, checked after every event against a full re-measure of its
/// text: the incremental path must give the same lines and height.
@_cdecl("FuzzEditor_main")
public func fuzzEditorMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzEditor(data, size) }
}

private func fuzzEditor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    // Half the inputs send every edit inside a paragraph through the window (ParagraphWindow),
    // in paragraphs kept in pieces of 32 units (so that edits meet piece boundaries), the rest
    // only paragraphs of 2,048 units or more, as apps do.
    let everyEdit = input.byte() & 1 == 0
    EditableText.defaultWindowMinimumLength = everyEdit ? 0 : 2048
    EditableText.defaultPieceLength = everyEdit ? 32 : 4096
    var style = TextStyle(fonts: fuzzFonts, fontSize: 17, lineSpacing: Double(input.number(in: 0...3)))
    style.language = ["en", "ko", "ar", "th", "ja", "zh"][input.number(in: 0...5)]
    // The CSS properties that change breaking and spacing (each keeps windows and pieces).
    let css = input.byte()
    style.whiteSpace = [.preWrap, .normal, .breakSpaces][Int(css % 3)]
    style.lineBreakRules.wordBreak = [.normal, .breakAll, .keepAll, .normal][Int(css / 3 % 4)]
    if css / 12 % 4 == 1 { style.lineBreakRules.strictness = .anywhere }
    if css / 48 % 2 == 1 { style.profile = .web }
    var configuration = EditorConfiguration(style: style, containerWidth: Double(input.number(in: 40...255)) * 2)
    configuration.lineLimits = LineLimits(
        minimum: input.number(in: 0...2), maximum: [nil, 3, 6][input.number(in: 0...2)])
    configuration.placeholder = input.byte() & 1 == 0 ? "" : "Message"
    let editor: EditorModel
    do {
        editor = try EditorModel(configuration: configuration)
    } catch {
        fuzzFailure("configuration: \(error)")
    }
    var events = 0
    while !input.isAtEnd, events < 64 {
        events += 1
        let utf16 = Array(editor.text.utf16)
        switch input.byte() % 8 {
        case 0...3:  // replace a range with a piece (repeated)
            var lower = utf16.isEmpty ? 0 : Int(input.byte()) % (utf16.count + 1)
            var upper = min(utf16.count, lower + Int(input.byte() % 8))
            // Ranges on scalar boundaries (the editor rejects others, which is checked too).
            if input.byte() & 1 == 0 {
                while lower > 0, lower < utf16.count, UTF16.isTrailSurrogate(utf16[lower]) { lower -= 1 }
                while upper < utf16.count, UTF16.isTrailSurrogate(utf16[upper]) { upper += 1 }
            }
            let piece = pieces[Int(input.byte()) % pieces.count]
            let replacement = String(repeating: piece, count: 1 + Int(input.byte() % 4))
            let result = editor.replace(utf16Range: lower..<upper, with: replacement)
            if case .rejected(let reason) = result, case .invalidRange = reason {
                break
            }
        case 4:  // Enter or Backspace anywhere: splits or joins paragraphs, pieced ones too
            breakEvent(editor, utf16, choice: input.byte(), at: Int(input.byte()) << 8 | Int(input.byte()))
        case 5:
            try? editor.setContainerWidth(Double(input.number(in: 20...255)) * 2)
        case 6:
            try? editor.setText(
                String(repeating: pieces[Int(input.byte()) % pieces.count], count: Int(input.byte() % 6)))
        default:
            editor.setEnabled(input.byte() & 3 != 0)
        }
        verify(editor, configuration: configuration)
    }
    return 0
}

/// Types a break (LF, CR LF, a lone CR, U+2029) at `at` (modulo the length, on a scalar
/// boundary), or deletes the first break at or after it (whole, or the LF of a CR LF, leaving a
/// lone CR), as Enter and Backspace do in a long paragraph kept in pieces (BreakWindow).
private func breakEvent(_ editor: EditorModel, _ utf16: [UInt16], choice: UInt8, at: Int) {
    var offset = at % (utf16.count + 1)
    while offset < utf16.count, UTF16.isTrailSurrogate(utf16[offset]) { offset += 1 }
    let breaks = utf16.indices.filter { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(utf16[$0]) }
    guard choice & 1 == 1, let first = breaks.first(where: { $0 >= offset }) ?? breaks.first else {
        let enter = ["\n", "\r\n", "\r", "\u{2029}"][Int(choice >> 1) % 4]
        _ = editor.replace(utf16Range: offset..<offset, with: enter)
        return
    }
    let isPair = utf16[first] == 0x0D && first + 1 < utf16.count && utf16[first + 1] == 0x0A
    let range = isPair && choice & 2 == 2 ? (first + 1)..<(first + 2) : first..<(first + (isPair ? 2 : 1))
    _ = editor.replace(utf16Range: range, with: "")
}

private func verify(_ editor: EditorModel, configuration: EditorConfiguration) {
    let text = editor.text
    let context = "text \(Array(text.unicodeScalars)) at \(editor.textWidth) px"
    do {
        let full = try configuration.style.measure(text, width: editor.textWidth, lineLimits: configuration.lineLimits)
        let incremental = editor.textMeasurement
        if full.lineCount != incremental.lineCount || full.height != incremental.height
            || full.maxLineWidth != incremental.maxLineWidth
        {
            fuzzFailure("editor \(incremental) ≠ full re-measure \(full): \(context)")
        }
        if !text.isEmpty, editor.state.lineCount != full.lineCount {
            fuzzFailure("state \(editor.state.lineCount) lines ≠ \(full.lineCount): \(context)")
        }
    } catch {
        fuzzFailure("re-measure threw \(error): \(context)")
    }
}
