import Foundation
import Testing

/// The committed man page (docs/man/autoheight.1, installed by `make install`) lists every
/// subcommand and every option of the CLI. After changing the CLI, `make man` regenerates it.
extension CLITests {
    static let manPage: String = {
        // #filePath = <repo>/Tests/AutoHeightTests/ManPageTests.swift
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: repository.appendingPathComponent("docs/man/autoheight.1"), encoding: .utf8))
            ?? ""
    }()

    @Test(arguments: ["measure", "bench", "replay", "render"])
    func theManPageListsEveryOptionOf(_ subcommand: String) throws {
        let help = try run(["help", subcommand])
        #expect(help.status == 0)
        let itemLines = Self.manPage.split(separator: "\n").filter { $0.hasPrefix(".It ") }
        if subcommand != "measure" {
            #expect(itemLines.contains { $0 == ".It Em \(subcommand)" }, "run make man: \(subcommand) is missing")
        }
        let options = Set(help.stdout.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
        #expect(!options.isEmpty)
        for option in options.sorted() {
            let spelled = " -" + option.dropFirst(2)
            let listed = itemLines.contains { $0.hasSuffix(spelled) || $0.contains(spelled + " ") }
            #expect(listed, "run make man: \(option) of \(subcommand) is missing from docs/man/autoheight.1")
        }
    }
}
