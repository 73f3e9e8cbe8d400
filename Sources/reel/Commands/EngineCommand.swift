import ArgumentParser
import Foundation
import ReelEngine
import ReelFormats
import ReelJSON
import ReelRunner
import ReelTrace

/// `reel engine ...`: the engine's parameters and the engine protocol server.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine", abstract: "Inspect the engine's parameters and preset profiles or serve it over the engine protocol.",
        subcommands: [EngineParamsCommand.self, EngineProfilesCommand.self, EngineServeCommand.self])
}
