import Foundation

/// The `reel` commands the report prints for a reader to copy, with arguments quoted for a POSIX shell.
package enum ShellCommand {
    /// `reel show ARCHIVE ID`.
    package static func show(_ archive: String, _ sessionID: Int64) -> String {
        "reel show \(quoted(archive)) \(sessionID)"
    }

    /// `reel report ARCHIVE --session ID -o session-ID.html`.
    package static func sessionReport(_ archive: String, _ sessionID: Int64) -> String {
        "reel report \(quoted(archive)) --session \(sessionID) -o session-\(sessionID).html"
    }

    /// `reel report ARCHIVE --replay ID -o report.html`.
    package static func report(_ archive: String, _ replayID: Int64) -> String {
        "reel report \(quoted(archive)) --replay \(replayID) -o report.html"
    }

    /// The `reel query` listing every flipped session of replay `replayID`, by id: the saved query
    /// `regressions` (Queries/regressions.sql), so the SQL stays with the store's.
    package static func flippedSessions(_ archive: String, replayID: Int64) -> String {
        "reel query \(quoted(archive)) --saved regressions --param replay=\(replayID)"
    }

    /// `text` as is when it is made of safe characters, else in single quotes.
    static func quoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=:,@%")
        if !text.isEmpty, text.allSatisfy(safe.contains) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
