import ArgumentParser

@main
struct AutoHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autoheight",
        abstract: "Exact line counts and heights of wrapped text (HarfBuzz + FreeType + ICU).",
        subcommands: [MeasureCommand.self, BenchCommand.self, ReplayCommand.self],
        defaultSubcommand: MeasureCommand.self)
}
