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
        let child = Self.childInvocation(arguments, environment: ProcessInfo.processInfo.environment)
        if child.movedPassword {
            printWarning(
                "the --to URL holds a password, which any local user can read in the process list (/proc/PID/cmdline) while "
                    + "reel runs; give it in PGPASSWORD or a password file (PGPASSFILE, ~/.pgpass), or the URL in a file with "
                    + "--to-file (reel-publish gets it in PGPASSWORD, not in its arguments)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = child.arguments
        process.environment = child.environment
        try process.run()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        if status != 0 { throw ExitCode(status) }
    }

    /// The arguments and environment `reel-publish` runs with: those of `reel publish`, except that
    /// a password in the `--to` URL (`--to URL` or `--to=URL`) is taken out of the URL and given in
    /// `PGPASSWORD` (percent-decoded), so no password is in the child's arguments.
    static func childInvocation(_ arguments: [String], environment: [String: String]) -> (
        arguments: [String], environment: [String: String], movedPassword: Bool
    ) {
        var out = arguments
        var environment = environment
        var moved = false
        var index = 0
        while index < out.count {
            if out[index] == "--" { break }
            let isOption = out[index] == "--to"
            let valueIndex = isOption ? index + 1 : index
            let prefix = isOption ? "" : "--to="
            if isOption || out[index].hasPrefix("--to="), valueIndex < out.count,
                let split = DatabaseURLPassword.split(String(out[valueIndex].dropFirst(prefix.count)))
            {
                out[valueIndex] = prefix + split.url
                environment["PGPASSWORD"] = split.password
                moved = true
            }
            index = valueIndex + 1
        }
        return (out, environment, moved)
    }
}

/// The password part of a `postgres://USER:PASSWORD@HOST/DB` URL, found as the URL's grammar places
/// it (RFC 3986: the user information ends at the authority's last `@`, the password after its
/// first `:`).
enum DatabaseURLPassword {
    /// The URL without `:PASSWORD`, and the password percent-decoded; nil when it has none.
    static func split(_ url: String) -> (url: String, password: String)? {
        guard let scheme = url.range(of: "://") else { return nil }
        let authorityEnd = url[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        let authority = url[scheme.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return nil }
        let encoded = String(url[url.index(after: colon)..<at])
        return (String(url[..<colon]) + String(url[at...]), encoded.removingPercentEncoding ?? encoded)
    }
}
