import AutoHeight
import AutoHeightEditor
import Benchmark

/// An `EditorModel` holding a note of 40-character paragraphs (39 letters and spaces, then a
/// line break) at a 330 px container (320 px of text with `UITextView`'s 2 × 5 px padding), kept
/// across iterations: the editor a person types into.
final class EditorModelSession {
    let editor: EditorModel

    /// A note of about `characters` characters.
    init(characters: Int) throws {
        let words = "the quick brown fox jumps over a lazy dog while seven wizards quietly hex".split(separator: " ")
        var paragraphs: [String] = []
        for index in 0..<max(1, characters / 40) {
            var line = ""
            var word = index
            while line.count + words[word % words.count].count + 1 <= 39 {
                line += (line.isEmpty ? "" : " ") + words[word % words.count]
                word += 7
            }
            paragraphs.append(line.padding(toLength: 39, withPad: ".", startingAt: 0) + "\n")
        }
        let style = TextStyle(fonts: try FontStack.bundled(), fontSize: Setting.fontSize, language: "en")
        editor = try EditorModel(
            text: paragraphs.joined() + "typed", configuration: EditorConfiguration(style: style, containerWidth: 330))
    }

    /// Measures typing one character at the end of the short last paragraph (what
    /// `shouldChangeTextIn` passes) and reading the new height, then deletes it again outside
    /// the measurement.
    func measureTyping(_ benchmark: Benchmark) {
        let end = editor.state.utf16Count
        benchmark.startMeasurement()
        blackHole(editor.replace(utf16Range: end..<end, with: "x").state?.height)
        benchmark.stopMeasurement()
        _ = editor.replace(utf16Range: end..<(end + 1), with: "")
    }
}
