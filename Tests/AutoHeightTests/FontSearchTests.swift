import Foundation
import Testing

@testable import AutoHeight

/// Where the bundled fonts are found (``BundledFonts``): the search order, each step, and the
/// error naming every place looked in.
@Suite struct FontSearchTests {
    static let resources = BundledFonts.directory!

    /// A fresh empty folder.
    func temporaryFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "autoheight-fonts-\(name)-\(getpid())"
        ).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func placesAreTheVariableTheResourceBundleAndTheInstallPrefixInThatOrder() {
        let places = BundledFonts.searchPlaces(environment: "/srv/fonts", executable: "/opt/ah/bin/autoheight")
        #expect(
            places.map(\.description) == [
                "AUTOHEIGHT_FONTS_DIR (/srv/fonts)",
                "resource bundle (/opt/ah/bin/AutoHeight_AutoHeightFonts.resources)",
                "install prefix (/opt/ah/share/autoheight/fonts)",
            ])
        let unset = BundledFonts.searchPlaces(environment: nil, executable: "/app/MyApp")
        #expect(
            unset.map(\.description) == [
                "AUTOHEIGHT_FONTS_DIR (not set)",
                "resource bundle (/app/AutoHeight_AutoHeightFonts.resources)",
                "install prefix (/app/../share/autoheight/fonts)",
            ])
    }

    @Test func theTestBinaryFindsTheFontsInItsResourceBundle() {
        #expect(Self.resources.hasSuffix("/AutoHeight_AutoHeightFonts.resources"))
        #expect(BundledFonts.path(of: "NanumGothic.ttf") == Self.resources + "/NanumGothic.ttf")
    }

    @Test func anEarlierPlaceWinsAndFallbackFilesItLacksAreLeftOut() throws {
        // A folder whose "NotoSans-Regular.ttf" is really Nanum Gothic, before the real fonts.
        let folder = try temporaryFolder("first")
        try FileManager.default.copyItem(
            atPath: Self.resources + "/NanumGothic.ttf", toPath: folder + "/NotoSans-Regular.ttf")
        let places = [
            BundledFonts.SearchPlace(label: "first", folder: folder),
            BundledFonts.SearchPlace(label: "second", folder: Self.resources),
        ]
        let stack = try BundledFonts.loadStack(from: places) { _ in nil }
        #expect(stack.fonts.map(\.familyName) == ["NanumGothic"])
    }

    @Test func aPlaceWithoutThePrimaryFileIsSkipped() throws {
        let empty = try temporaryFolder("empty")
        let places = [
            BundledFonts.SearchPlace(label: "AUTOHEIGHT_FONTS_DIR", folder: empty),
            BundledFonts.SearchPlace(label: "unset", folder: nil),
            BundledFonts.SearchPlace(label: "resource bundle", folder: Self.resources),
        ]
        let stack = try BundledFonts.loadStack(from: places) { _ in nil }
        #expect(
            stack.fonts.map(\.familyName) == [
                "Noto Sans", "NanumGothic", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                "Noto Sans Thai",
            ])
    }

    @Test func fontconfigFamiliesComeLastAndMissingFallbacksAreLeftOut() throws {
        let empty = try temporaryFolder("fontconfig")
        var asked: [String] = []
        let stack = try BundledFonts.loadStack(from: [.init(label: "empty", folder: empty)]) { family in
            asked.append(family)
            return family == "Noto Sans" || family == "Noto Sans Hebrew" ? try? Font(family: family) : nil
        }
        #expect(asked == BundledFonts.defaultFamilies)
        #expect(stack.fonts.map(\.familyName) == ["Noto Sans", "Noto Sans Hebrew"])
        #expect(stack.primary.path == "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
    }

    @Test func nothingFoundNamesEveryPlaceLookedIn() throws {
        let places = BundledFonts.searchPlaces(environment: nil, executable: "/nowhere/bin/app")
        #expect(
            throws: AutoHeightError.bundledFontsNotFound(searched: [
                "AUTOHEIGHT_FONTS_DIR (not set)",
                "resource bundle (/nowhere/bin/AutoHeight_AutoHeightFonts.resources)",
                "install prefix (/nowhere/share/autoheight/fonts)",
                "fontconfig (family \"Noto Sans\")",
            ])
        ) {
            try BundledFonts.loadStack(from: places) { _ in nil }
        }
        let error = AutoHeightError.bundledFontsNotFound(searched: ["a (/x)", "fontconfig (family \"Noto Sans\")"])
        #expect(
            error.description
                == "bundled fonts not found; looked in: a (/x); fontconfig (family \"Noto Sans\") (set AUTOHEIGHT_FONTS_DIR to the folder holding NotoSans-Regular.ttf, or give a font)"
        )
    }
}
