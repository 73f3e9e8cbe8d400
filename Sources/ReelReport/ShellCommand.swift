import Foundation

/// The `reel` commands the report prints for a reader to copy, with arguments quoted for a POSIX shell.
public enum ShellCommand {
    /// `reel show ARCHIVE ID`.
    public static func show(_ archive: String, _ sessionID: Int64) -> String {
        "reel show \(quoted(archive)) \(sessionID)"
    }

    /// `text` as is when it is made of safe characters, else in single quotes.
    static func quoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=:,@%")
        if !text.isEmpty, text.allSatisfy(safe.contains) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
