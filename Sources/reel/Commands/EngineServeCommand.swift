import ArgumentParser
import Foundation
import ReelEngine
import ReelFormats
import ReelJSON
import ReelRunner
import ReelTrace

/// `reel engine serve`: the built-in engine on the engine protocol over stdin/stdout.
struct EngineServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer engine-protocol requests on standard input with the built-in engine (docs/PROTOCOL.md).")

    @OptionGroup var engineOption: EngineOption
    /// The engine to serve: builtin, a preset or a profile file.
    var engine: String { engineOption.engine ?? "builtin" }

    func run() throws {
        try Self.serve(engine: engine)
    }

    /// Whether `arguments` (the program's, its name first) are exactly `engine serve`: the command
    /// then runs without parsing (`Reel.main`), as it would parsed, serving the built-in engine.
    static func isPlainServe(_ arguments: [String]) -> Bool {
        arguments.count == 3 && arguments[1] == "engine" && arguments[2] == "serve"
    }

    /// Serves `engine` (builtin, a preset or a profile file) on standard input and output.
    static func serve(engine: String) throws {
        try reportingErrors {
            let factory = try EngineFactory(EngineSpec(parsing: engine))
            guard let builtin = try factory.make() as? BuiltinEngine else {
                throw ReelFailure(.usage, "engine serve runs the built-in engine: use builtin or a profile file")
            }
            // A failed read or write of the requests or answers is an I/O failure (74), not a bug.
            try EngineServer(engine: builtin).serve()
        }
    }
}
