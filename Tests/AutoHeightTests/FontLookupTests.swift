import Testing

@testable import AutoHeight
@testable import AutoHeightCLI
import AutoHeightOptions

/// Fonts by family name through fontconfig (`Font(family:style:)`, `FontStack(families:)`) and
/// the CLI's `--font` description. Needs Debian's `fonts-noto-core` (installed by `make test`).
@Suite struct FontLookupTests {
    @Test func aFamilyIsItsRegularFace() throws {
        let font = try Font(family: "Noto Sans")
        #expect(font.path == "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
        #expect(font.familyName == "Noto Sans")
        #expect(font.styleName == "Regular")
    }

    @Test func aStyleIsThatFace() throws {
        let font = try Font(family: "noto sans", style: "Bold")
        #expect(font.path == "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf")
        #expect(font.styleName == "Bold")
    }

    @Test func aStackTakesItsFamiliesInOrder() throws {
        let stack = try FontStack(families: ["Noto Sans Arabic", "Noto Sans"])
        #expect(stack.fonts.map(\.familyName) == ["Noto Sans Arabic", "Noto Sans"])
        #expect(stack.systemFallback == nil)
    }

    @Test func anUnknownFamilyIsAnErrorNamingFontconfigsSubstitute() throws {
        do {
            _ = try Font(family: "No Such Family 42")
            Issue.record("an unknown family loaded")
        } catch {
            guard case .fontNotFound(let family, let style, let closest) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(family == "No Such Family 42")
            #expect(style == nil)
            #expect(closest != nil)
            #expect(error.description.hasPrefix("no font \"No Such Family 42\" installed (fontconfig's closest: /"))
        }
    }

    @Test func aStyleTheFamilyLacksIsAnError() {
        #expect(
            throws: AutoHeightError.fontNotFound(
                family: "Noto Sans", style: "Black",
                closest: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf (Noto Sans Regular)")
        ) {
            try Font(family: "Noto Sans", style: "Black")
        }
    }

    @Test func matchesAreCheckedAgainstTheNamesAskedFor() {
        let match = FontconfigMatch(
            path: "/f.ttf", faceIndex: 0, familyNames: ["Noto Sans", "Noto Sans Display"],
            styleNames: ["Bold", "Fett"])
        #expect(FontLookup.accepts(match, family: "NotoSans", style: nil))
        #expect(FontLookup.accepts(match, family: "noto sans display", style: "fett"))
        #expect(FontLookup.accepts(match, family: "sans-serif", style: "Bold"))
        #expect(!FontLookup.accepts(match, family: "DejaVu Sans", style: nil))
        #expect(!FontLookup.accepts(match, family: "Noto Sans", style: "Italic"))
    }

    @Test func descriptionsSplitFamiliesStyleAndSize() throws {
        #expect(try FontDescription(parsing: "Noto Sans 17px") == .init(families: ["Noto Sans"], style: nil, size: 17))
        #expect(
            try FontDescription(parsing: "Noto Sans Bold Italic 20")
                == .init(families: ["Noto Sans"], style: "Bold Italic", size: 20))
        #expect(
            try FontDescription(parsing: "Noto Sans, NanumGothic 16.5")
                == .init(families: ["Noto Sans", "NanumGothic"], style: nil, size: 16.5))
        #expect(
            try FontDescription(parsing: "Noto Sans Normal") == .init(families: ["Noto Sans"], style: nil, size: nil))
        #expect(try FontDescription(parsing: "Bold") == .init(families: ["Bold"], style: nil, size: nil))
        #expect(throws: FontDescription.DescriptionError.self) { try FontDescription(parsing: " 17px") }
    }
}
