import Foundation
import Testing

@testable import AutoHeight

/// Bad input gets a specific, typed error: never a crash or a silent wrong number.
@Suite struct ErrorTests {
    @Test func missingFontFile() {
        #expect(throws: AutoHeightError.fontFileNotFound(path: "/no/such/font.ttf")) {
            try Font(path: "/no/such/font.ttf")
        }
        #expect(AutoHeightError.fontFileNotFound(path: "/x.ttf").description == "font file not found: /x.ttf")
    }

    @Test func directoryIsUnreadable() {
        #expect(throws: AutoHeightError.fontFileUnreadable(path: "/tmp", reason: "not a regular file")) {
            try Font(path: "/tmp")
        }
    }

    @Test func notAFontNamesFreeTypesError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("autoheight-not-a-font.ttf").path
        try Data(String(repeating: "this is not a font. ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Font(path: path)
            Issue.record("a text file loaded as a font")
        } catch .notAFont(let errorPath, let reason) {
            #expect(errorPath == path)
            #expect(reason.contains("unknown file format"))
        } catch {
            Issue.record("wrong error \(error)")
        }
        #expect(throws: AutoHeightError.notAFont(path: "empty", reason: "the file is empty")) {
            try Font(data: [], name: "empty")
        }
    }

    @Test func truncatedFontIsAnError() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: BundledFonts.path(of: "NotoSans-Regular.ttf"))))
        #expect(throws: AutoHeightError.self) {
            let font = try Font(data: Array(bytes.prefix(64)), name: "truncated")
            // If FreeType accepted the header, measuring must still not crash.
            _ = try TextStyle(font: font).measure("abc", width: 100)
            throw AutoHeightError.unusableFont(path: "truncated", reason: "accepted")
        }
    }

    @Test func faceIndexOutOfRange() {
        let path = BundledFonts.path(of: "NotoSans-Regular.ttf")
        #expect(throws: AutoHeightError.faceIndexOutOfRange(path: path, index: 3, faceCount: 1)) {
            try Font(path: path, faceIndex: 3)
        }
        #expect(
            AutoHeightError.faceIndexOutOfRange(path: "a.ttc", index: 5, faceCount: 4).description
                == "face index 5 out of range: a.ttc has 4 faces (0...3)")
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, 20_000])
    func invalidFontSize(size: Double) {
        #expect(throws: AutoHeightError.self) { try Fixtures.style(size: size).measure("a", width: 100) }
        do {
            _ = try Fixtures.style(size: size).measure("a", width: 100)
        } catch .invalidFontSize(let reported) {
            #expect(reported == size || (reported.isNaN && size.isNaN))
        } catch {
            Issue.record("wrong error \(error)")
        }
    }

    @Test(arguments: [0.0, -5, .nan, .infinity, -.infinity])
    func invalidWidth(width: Double) throws {
        let prepared = try Fixtures.style().prepare("a")
        do {
            _ = try prepared.measure(width: width)
            Issue.record("width \(width) accepted")
        } catch .invalidWidth(let reported) {
            #expect(reported == width || (reported.isNaN && width.isNaN))
        } catch {
            Issue.record("wrong error \(error)")
        }
    }

    @Test func invalidSpacingHeightLimitsLanguageTabs() throws {
        #expect(throws: AutoHeightError.invalidLineSpacing(-1)) {
            try Fixtures.style(lineSpacing: -1).measure("a", width: 100)
        }
        #expect(throws: AutoHeightError.invalidLineHeight("0.0")) {
            try Fixtures.style(lineHeight: .fixed(0)).measure("a", width: 100)
        }
        #expect(throws: AutoHeightError.invalidLineLimits(minimum: 4, maximum: 2)) {
            try Fixtures.style().measure("a", width: 100, lineLimits: LineLimits(minimum: 4, maximum: 2))
        }
        #expect(throws: AutoHeightError.invalidLanguageTag("not a tag!")) {
            try Fixtures.style(language: "not a tag!").measure("a", width: 100)
        }
        var style = Fixtures.style()
        style.tabWidth = 0
        #expect(throws: AutoHeightError.invalidTabWidth(0)) { try style.measure("a", width: 100) }
    }

    @Test func lineHeightParsing() {
        #expect(LineHeight(parsing: "metrics") == .metrics)
        #expect(LineHeight(parsing: "em") == .em)
        #expect(LineHeight(parsing: "24") == .fixed(24))
        #expect(LineHeight(parsing: "1.5x") == .multiple(1.5))
        #expect(LineHeight(parsing: "-2") == nil)
        #expect(LineHeight(parsing: "x") == nil)
        #expect(LineHeight(parsing: "nanx") == nil)
    }
}
