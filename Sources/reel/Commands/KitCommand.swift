import ArgumentParser

/// `reel kit ...`: ReelKit, a team's own UIKit-style transition code as an engine (docs/KIT.md).
struct KitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kit", abstract: "Start a package of your own UIKit-style transition code served as an engine (ReelKit).",
        subcommands: [KitInitCommand.self, KitPortCommand.self])
}
