import Testing

@testable import AutoHeight
@testable import AutoHeightEditor

/// Placeholders: shown only while the text is empty, driving the empty editor's height in their
/// own style; the disabled placeholder; the accessory narrowing them too.
@Suite struct EditorPlaceholderTests {
    typealias F = EditorFixtures

    /// "Write something nice" at 16 px and 100 px: 3 lines ("Write " / "something " / "nice").
    static let placeholder = "Write something nice"

    /// Rule: an empty editor is as tall as its placeholder's lines, clamped to min/max, as a grown
    /// TextField is; typing hides the placeholder and the text drives the height.
    @Test func placeholderDrivesTheEmptyEditorsHeight() throws {
        let editor = try F.editor { $0.placeholder = Self.placeholder }
        #expect(editor.state.display == .placeholder)
        #expect(editor.state.isPlaceholderVisible)
        #expect(editor.state.lineCount == 1, "the text itself is one (empty) line")
        #expect(editor.state.visibleLineCount == 3)
        #expect(close(editor.state.height, F.height(lines: 3)))
        #expect(!editor.state.isScrollEnabled)

        let typed = try editor.replace(utf16Range: 0..<0, with: "W").acceptedState()
        #expect(!typed.isPlaceholderVisible)
        #expect(typed.visibleLineCount == 1)
        #expect(close(typed.height, F.height(lines: 1)))

        let cleared = try editor.replace(utf16Range: 0..<1, with: "").acceptedState()
        #expect(cleared.isPlaceholderVisible)
        #expect(cleared.visibleLineCount == 3)
    }

    @Test func placeholderHeightIsClampedToTheLineLimits() throws {
        let capped = try F.editor {
            $0.placeholder = Self.placeholder
            $0.lineLimits = LineLimits(minimum: 1, maximum: 2)
        }
        #expect(capped.state.visibleLineCount == 2)
        #expect(close(capped.state.height, F.height(lines: 2)))
        #expect(close(capped.state.contentHeight, F.height(lines: 3)))
        #expect(!capped.state.isScrollEnabled, "a placeholder never scrolls")

        let tall = try F.editor {
            $0.placeholder = "Hi"
            $0.lineLimits = LineLimits(minimum: 4)
        }
        #expect(tall.state.visibleLineCount == 4)
        #expect(close(tall.state.height, F.height(lines: 4)))
    }

    /// Rule: the placeholder keeps its own style (a smaller footnote size): its lines use its
    /// line height; the editor is never shorter than its own empty line(s).
    @Test func placeholderInItsOwnStyle() throws {
        let footnote = Fixtures.style(size: 12, lineSpacing: 2)
        let footnoteLine = 16.344  // (1069 + 293) / 1000 × 12
        let editor = try F.editor {
            $0.placeholder = Self.placeholder  // 2 lines at 12 px: "Write something " / "nice"
            $0.placeholderStyle = footnote
        }
        #expect(editor.state.visibleLineCount == 2)
        #expect(close(editor.state.height, 16 + 2 * footnoteLine + 2))

        let short = try F.editor {
            $0.placeholder = "Hi"
            $0.placeholderStyle = footnote
        }
        #expect(close(short.state.height, F.height(lines: 1)), "one 16 px caret line is taller than one 12 px line")

        let minimum = try F.editor {
            $0.placeholder = Self.placeholder
            $0.placeholderStyle = footnote
            $0.lineLimits = LineLimits(minimum: 2)
        }
        #expect(close(minimum.state.height, F.height(lines: 2)), "two 16 px lines beat two 12 px lines")
    }

    /// Rule: placeholders re-prepare only when they change; the text is not re-prepared.
    @Test func changingThePlaceholderPreparesOnlyPlaceholders() throws {
        let editor = try F.editor { $0.placeholder = "Hi" }
        #expect(editor.state.visibleLineCount == 1)
        let prepared = editor.preparationCount
        try editor.setPlaceholder(Self.placeholder)
        #expect(editor.state.visibleLineCount == 3)
        #expect(
            editor.preparationCount == prepared + 1,
            "the placeholder alone: the disabled one is empty, the text untouched")
        try editor.setPlaceholder(Self.placeholder, style: Fixtures.style(size: 12, lineSpacing: 2))
        #expect(editor.state.visibleLineCount == 2)
        try editor.setPlaceholder("")
        #expect(!editor.state.isPlaceholderVisible)
        #expect(editor.state.display == .text)
    }

    /// Rule: a trailing accessory narrows the placeholder as it narrows the text
    /// (`useIncreasedRightPadding`).
    @Test func accessoryWidthNarrowsThePlaceholder() throws {
        let editor = try F.editor(width: F.wide) { $0.placeholder = F.sentence }
        #expect(editor.state.visibleLineCount == 1)
        try editor.setAccessoryWidth(80)
        #expect(editor.state.visibleLineCount == 2)
        #expect(close(editor.state.height, F.height(lines: 2)))
        try editor.setContainerWidth(F.wide + 100)
        #expect(editor.state.visibleLineCount == 1)
    }

    /// Rule: while disabled, the disabled placeholder drives the height. By default it replaces
    /// the text (as AutoHeightEditor shows `disabledPlaceholder` instead of the text).
    @Test func disabledPlaceholderReplacesTheText() throws {
        let editor = try F.editor(F.sentence + "\nmore") {
            $0.disabledPlaceholder = "Off"
            $0.lineLimits = LineLimits(minimum: 1, maximum: 2)
        }
        #expect(editor.state.isScrollEnabled)
        editor.setEnabled(false)
        #expect(editor.state.display == .disabledPlaceholder)
        #expect(editor.state.isPlaceholderVisible)
        #expect(editor.state.lineCount == 3, "the text keeps its lines")
        #expect(editor.state.visibleLineCount == 1)
        #expect(close(editor.state.height, F.height(lines: 1)))
        #expect(!editor.state.isScrollEnabled)
        editor.setEnabled(true)
        #expect(editor.state.display == .text)
        #expect(editor.state.visibleLineCount == 2)
        #expect(editor.state.isScrollEnabled)
    }

    @Test func disabledPlaceholderWhenEmptyReplacesOnlyThePlaceholder() throws {
        let editor = try F.editor {
            $0.placeholder = "Hi"
            $0.disabledPlaceholder = Self.placeholder
            $0.disabledPlaceholderMode = .whenEmpty
        }
        #expect(editor.state.display == .placeholder)
        editor.setEnabled(false)
        #expect(editor.state.display == .disabledPlaceholder)
        #expect(editor.state.visibleLineCount == 3)
        editor.setEnabled(true)
        _ = editor.replace(utf16Range: 0..<0, with: F.sentence)
        editor.setEnabled(false)
        #expect(editor.state.display == .text)
        #expect(editor.state.visibleLineCount == 2)

        // Without a disabled placeholder, disabling changes nothing shown.
        let plain = try F.editor { $0.placeholder = "Hi" }
        plain.setEnabled(false)
        #expect(plain.state.display == .placeholder)
    }

    @Test func disabledPlaceholderCanChange() throws {
        let editor = try F.editor(isEnabled: false)
        #expect(editor.state.display == .text)
        try editor.setDisabledPlaceholder(Self.placeholder)
        #expect(editor.state.display == .disabledPlaceholder)
        #expect(editor.state.visibleLineCount == 3)
        try editor.setDisabledPlaceholder("")
        #expect(editor.state.display == .text)
    }
}
