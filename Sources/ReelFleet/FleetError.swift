import ReelTrace

/// What can stop a publish, each naming the server by its URL without the password.
///
/// `reel-publish` maps them to exit codes: `badURL` 64, `replayNotFound` 64, `replayUnfinished` 65,
/// `unreachable`, `server` and `timedOut` 69 (the service is unavailable, refused the run or stalled).
package enum FleetError: ReelError, Sendable, Equatable {
    /// The `--to` URL is not a PostgreSQL URL Reel can use.
    case badURL(url: String, reason: String)
    /// No connection could be made (refused, timed out, unknown host, TLS refused).
    case unreachable(url: String, reason: String)
    /// The server answered with an error (authentication, a missing database, a refused statement);
    /// `message` is the start of the server's words, control characters escaped (`serverMessage`).
    case server(url: String, sqlState: String, message: String)
    /// The server did not answer within the time allowed (`--connect-timeout`, `--statement-timeout`).
    case timedOut(url: String, seconds: Int64, waitingFor: String)
    /// The archive has no replay of that id.
    case replayNotFound(archive: String, replayID: Int64, known: [Int64])
    /// The replay is still running (or was interrupted): its verdicts are not final.
    case replayUnfinished(archive: String, replayID: Int64)

    package var description: String {
        switch self {
        case .badURL(let url, let reason): return "\(url): not a usable PostgreSQL URL: \(reason)"
        case .unreachable(let url, let reason): return "\(url): cannot connect to the PostgreSQL server: \(reason)"
        case .server(let url, let sqlState, let message): return "\(url): the server refused: \(message) (SQLSTATE \(sqlState))"
        case .timedOut(let url, let seconds, let waitingFor):
            return "\(url): the server did not answer \(waitingFor) within \(seconds) s; nothing was published"
        case .replayNotFound(let archive, let replayID, let known):
            let list = known.isEmpty ? "it has no replays" : "its replays: " + known.map(String.init).joined(separator: ", ")
            return "\(archive): no replay \(replayID) (\(list))"
        case .replayUnfinished(let archive, let replayID):
            return
                "\(archive): replay \(replayID) is still running or was interrupted; finish it (reel replay --resume \(replayID)) before publishing"
        }
    }
}

extension FleetError {
    /// A bad URL or an unknown replay is the command line's mistake, an unfinished replay bad data,
    /// and a server that cannot be reached or refuses the run is unavailable (69).
    package var failureKind: FailureKind {
        switch self {
        case .badURL, .replayNotFound: .usage
        case .replayUnfinished: .dataError
        case .unreachable, .server, .timedOut: .unavailable
        }
    }
}

extension FleetError {
    /// The characters of a server's message kept (a hostile server may send hundreds of megabytes).
    package static let messageLimit = 500

    /// A text from the server as a message shows it: at most `messageLimit` characters, control
    /// characters escaped (`UntrustedText`).
    package static func serverText(_ text: String, limit: Int = messageLimit) -> String {
        UntrustedText.sanitized(text, limit: limit)
    }
}
