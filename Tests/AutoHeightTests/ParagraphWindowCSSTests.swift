import Testing

@testable import AutoHeight

/// Windows and pieces under the CSS text properties that change breaking and spacing:
/// `white-space: normal` (collapsing; the whole text is one paragraph, so a long note is one
/// long paragraph) and `break-spaces`, `word-break: break-all`, `line-break: anywhere`. Each
/// edit is compared with the new text prepared and measured whole.
struct ParagraphWindowCSSTests {
    typealias Generator = EditableTextTests.Generator

    static var styles: [(name: String, style: TextStyle)] {
        var normal = EditableTextTests.style
        normal.whiteSpace = .normal
        var breakSpaces = EditableTextTests.style
        breakSpaces.whiteSpace = .breakSpaces
        var breakAll = EditableTextTests.style
        breakAll.lineBreakRules.wordBreak = .breakAll
        var anywhere = EditableTextTests.style
        anywhere.lineBreakRules.strictness = .anywhere
        var webNormal = normal
        webNormal.profile = .web
        webNormal.lineBreakRules.wordBreak = .breakAll
        return [
            ("normal", normal), ("break-spaces", breakSpaces), ("break-all", breakAll), ("anywhere", anywhere),
            ("web, normal, break-all", webNormal),
        ]
    }

    /// Rule: random edits in long paragraphs take the window in every one of these modes, and
    /// every result is the whole text's, to the last bit.
    @Test(arguments: 0..<5) func randomEditsMatchTheFullPath(_ index: Int) throws {
        let (name, style) = Self.styles[index]
        var generator = Generator(state: 70 + UInt64(index))
        var texts = (0..<2).map { _ in ParagraphWindowTests.paragraph(100, generator: &generator, latinOnly: false) }
        // Collapsible runs: line feeds and tabs inside the paragraph (one paragraph with `normal`).
        texts.append(
            texts[0].replacing("fox ", with: "fox\n").replacing("dog ", with: "dog \t "))
        let windows = try ParagraphWindowTests.checkScripts(
            texts, style: style, steps: 25, seed: 80 + UInt64(index), width: index == 3 ? 41 : 150)
        #expect(windows > 20, "\(name)")
    }

    /// Rule: in every one of these modes a long paragraph is kept in pieces, measured as the
    /// whole paragraph at every width, and edits on and around the piece boundaries give the
    /// whole text's preparation and lines.
    @Test(arguments: 0..<5) func piecesAndEditsAtTheirBoundariesMatchTheFullPath(_ index: Int) throws {
        let (name, style) = Self.styles[index]
        var (editor, expected) = try ParagraphWindowTests.piecedEditor(
            words: 400, seed: [90, 91, 92, 93, 95][index], style: style)  // 94 joins words with two spaces: no cut
        try #require(editor.store.paragraph(0).pieces.count > 20, "\(name)")
        let whole = try style.prepare(String(decoding: expected, as: UTF16.self))
        for width in [12.0, 57, 333] {
            #expect(try editor.measure(width: width) == whole.measure(width: width), "\(name) width \(width)")
            #expect(try editor.lines(width: width) == whole.lines(width: width), "\(name) width \(width)")
        }
        // A line feed ends the paragraph except under `normal`, which keeps the text one paragraph.
        let feed = style.whiteSpace == .normal ? "\n" : "\t"
        let edits: [(Int, String)] = [(0, "x"), (1, ""), (0, " "), (2, "ab "), (0, feed), (1, "\t")]
        try ParagraphWindowTests.checkEditsAtPieceBoundaries(
            &editor, expected: &expected, style: style, edits: edits, steps: 40, seed: 100 + UInt64(index),
            label: "\(name) ")
        #expect(editor.windowEditCount > 20, "\(name)")
    }
}
