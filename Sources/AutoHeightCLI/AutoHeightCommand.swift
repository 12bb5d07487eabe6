import ArgumentParser
import AutoHeight

@main
struct AutoHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autoheight",
        abstract: "Exact line counts and heights of wrapped text (HarfBuzz + FreeType + ICU).",
        version: LibraryVersion.current,
        subcommands: [MeasureCommand.self, BenchCommand.self, ReplayCommand.self, RenderCommand.self],
        defaultSubcommand: MeasureCommand.self)
}
