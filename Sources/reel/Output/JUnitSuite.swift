import Foundation
import ReelStore

/// The suite-level values of `reel replay --format junit` that Ant's JUnit format requires, each
/// read from the archive so the same archive gives the same text (docs/CI.md).
enum JUnitSuite {
    /// `<error type=...>` of a session the candidate engine could not run.
    static let engineErrorType = "engine_error"

    /// `replays.started_at` (`2025-01-31T12:00:00.123Z`) as Ant's timestamp: to the second, no zone
    /// (`2025-01-31T12:00:00`; UTC); the Unix epoch for a value that is not such a time.
    ///
    ///     JUnitSuite.timestamp("2025-01-31T12:00:00.123Z")  // "2025-01-31T12:00:00"
    static func timestamp(_ startedAt: String?) -> String {
        let epoch = "1970-01-01T00:00:00"
        guard let startedAt, startedAt.utf8.count >= 19 else { return epoch }
        let prefix = String(startedAt.prefix(19))
        let shape = prefix.unicodeScalars.enumerated().allSatisfy { index, scalar in
            switch index {
            case 4, 7: scalar == "-"
            case 10: scalar == "T"
            case 13, 16: scalar == ":"
            default: ("0"..."9").contains(scalar)
            }
        }
        return shape ? prefix : epoch
    }

    /// The stored host, or "localhost" (what Ant writes when it cannot tell) when there is none.
    static func hostname(_ host: String?) -> String {
        guard let host, !host.allSatisfy(\.isWhitespace) else { return "localhost" }
        return host
    }

    /// Seconds to the microsecond (`0.001234`); 0 for a value that is not a time.
    static func seconds(_ value: Double?) -> String {
        guard let value, value.isFinite, value >= 0 else { return "0.000000" }
        return String(format: "%.6f", value)
    }

    /// A stored replay's seconds from its start to its end (`replays.started_at`, `finished_at`),
    /// nil when either is missing or unreadable.
    static func storedSeconds(_ run: ReplayRunRow?) -> Double? {
        guard let run, let finished = run.finishedAt, let start = date(run.startedAt), let end = date(finished) else { return nil }
        return max(0, end.timeIntervalSince(start))
    }

    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
