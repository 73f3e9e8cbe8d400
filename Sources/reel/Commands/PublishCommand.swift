import ArgumentParser
import Foundation
import ReelTrace

/// `reel publish ARCHIVE --replay ID --to postgres://...`: runs `reel-publish` with the same
/// arguments, so `reel` itself does not link PostgresNIO (docs/FLEET.md).
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a replay's verdicts to a shared PostgreSQL database (runs reel-publish).",
        discussion: """
            Runs the reel-publish executable found next to reel or on PATH with these arguments \
            (reel-publish --help lists them: --replay ID, --to postgres://..., --meta KEY=VALUE). \
            Exit codes are reel-publish's; 69 when it is missing.
            """)

    @Argument(parsing: .allUnrecognized, help: "ARCHIVE --replay ID --to postgres://USER@HOST:PORT/DB [--meta KEY=VALUE]...")
    var arguments: [String] = []

    func run() throws {
        guard let tool = PublishToolLocator.find() else {
            FileHandle.standardError.write(Data("reel: error: \(PublishToolLocator.howToGet)\n".utf8))
            throw ExitCode(ExitStatus.unavailable.rawValue)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        if status != 0 { throw ExitCode(status) }
    }
}
