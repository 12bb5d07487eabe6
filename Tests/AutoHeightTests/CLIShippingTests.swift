import Foundation
import Testing

@testable import AutoHeight

/// The CLI as a user outside the repository meets it: `--version`, `--font` by family name,
/// unknown options, and a copied binary finding (or naming where it looked for) its fonts.
extension CLITests {
    /// Runs `executable` with `arguments` and exactly `environment`.
    func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    @Test func versionIsTheLibrarysVersion() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == LibraryVersion.current + "\n")
        #expect(LibraryVersion.current.split(separator: ".").count == 3)
    }

    @Test func fontTakesAFamilyStyleAndSize() throws {
        let result = try run(["measure", "--font", "Noto Sans 20px", "--width", "200", "--text", "hello"])
        #expect(result.stderr == "")
        #expect(result.stdout == "<text>: 1 line, 27.2 px\n")
        let bold = try run(["measure", "--font", "Noto Sans Bold", "--width", "50", "--text", "mmm mmm"])
        let regular = try run(["measure", "--font", "Noto Sans", "--width", "50", "--text", "mmm mmm"])
        #expect(bold.stdout == "<text>: 4 lines, 92.6 px\n")
        #expect(regular.stdout == "<text>: 2 lines, 46.3 px\n")
    }

    @Test func anUninstalledFamilyIsAMissingFont() throws {
        let result = try run(["measure", "--font", "Noto Sans Black 17", "--width", "200", "--text", "hello"])
        #expect(result.status == 66)
        #expect(
            result.stderr
                == "autoheight: no font \"Noto Sans\" style \"Black\" installed (fontconfig's closest: /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf (Noto Sans Regular))\n"
        )
    }

    @Test func fontAndFontFileTogetherAreAUsageError() throws {
        let result = try run(["--font", "Noto Sans", "--font-file", Self.noto, "--width", "9", "--text", "a"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix("Error: give either --font (a family name) or --font-file (a path), not both\n"))
    }

    @Test func anUnknownOptionBesideTextIsReportedAsUnknown() throws {
        let result = try run(["--text", "hi", "--width", "100", "--bogus", "3"])
        #expect(result.status == 64)
        // ArgumentParser may add a suggestion ("Did you mean '--jobs'?") on the same line.
        #expect(result.stderr.hasPrefix("Error: Unknown option '--bogus'"))
        let both = try run(["--text", "hi", "--width", "100", "notes.txt"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: give either files or --text, not both\n"))
    }

    /// The binary alone in a `bin/` folder: no resource bundle beside it. With the fonts under
    /// `../share/autoheight/fonts` it measures; without them and without fontconfig's fonts, it
    /// names every place it looked in.
    @Test func aCopiedBinaryFindsTheInstallPrefixOrSaysWhereItLooked() throws {
        let files = FileManager.default
        let prefix = files.temporaryDirectory.appendingPathComponent("autoheight-prefix-\(getpid())").path
        try? files.removeItem(atPath: prefix)
        try files.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        defer { try? files.removeItem(atPath: prefix) }
        try files.copyItem(atPath: Self.executable.path, toPath: prefix + "/bin/autoheight")
        let noFonts = prefix + "/empty-fonts.conf"
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: URL(fileURLWithPath: noFonts))
        let environment = ["FONTCONFIG_FILE": noFonts, "PATH": "/usr/bin:/bin"]
        let arguments = ["measure", "--text", "hello", "--width", "200"]

        let lost = try run(prefix + "/bin/autoheight", arguments, environment: environment)
        #expect(lost.status == 66)
        #expect(
            lost.stderr
                == "autoheight: bundled fonts not found; looked in: AUTOHEIGHT_FONTS_DIR (not set); resource bundle (\(prefix)/bin/AutoHeight_AutoHeightFonts.resources); install prefix (\(prefix)/share/autoheight/fonts); fontconfig (family \"Noto Sans\") (set AUTOHEIGHT_FONTS_DIR to the folder holding NotoSans-Regular.ttf, or give a font)\n"
        )

        try files.createDirectory(atPath: prefix + "/share/autoheight", withIntermediateDirectories: true)
        try files.copyItem(atPath: BundledFonts.directory!, toPath: prefix + "/share/autoheight/fonts")
        let installed = try run(
            prefix + "/bin/autoheight", arguments + ["--fallback", "none"], environment: environment)
        #expect(installed.stderr == "")
        #expect(installed.stdout == "<text>: 1 line, 23.2 px\n")
    }
}
