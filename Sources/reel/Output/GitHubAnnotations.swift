import Foundation
import ReelReport
import ReelRunner
import ReelStore

/// `--format github` of `reel replay` and `reel merge`: GitHub Actions workflow commands that the
/// runner turns into annotations on the run and the pull request, one `::error` line per flipped
/// session, then what is not shown.
///
/// ```
/// ::error title=Reel%3A session 17 flipped (nav.interactive-pop),file=gestures.sqlite::recorded finished, replayed cancelled (release progress 0.452, 120 pt/s); see it: reel show gestures.sqlite 17 --replay 1
/// ::notice title=Reel replay 1::31 more flipped sessions not annotated (GitHub shows 10 error annotations a step): reel query ...
/// ```
///
/// Values are escaped as GitHub's toolkit escapes them (`@actions/core`, `issueCommand`): in the
/// message `%`, carriage return and line feed as `%25`, `%0D`, `%0A`; in a property (`title`,
/// `file`) also `:` and `,` as `%3A` and `%2C`. So a scenario or archive name cannot end the line,
/// start another command or add a property.
enum GitHubAnnotations {
    /// Error annotations at most: GitHub shows 10 of a step (its documented annotation limits).
    static let errorLimit = 10

    static func render(
        _ s: Replayer.Summary, tally: VerdictTally, results: Archive, resultsPath: String, recorded: ReplayMarkdown.Recorded
    ) throws -> String {
        var lines: [String] = []
        let file = recorded.path
        if tally.errors > 0 {
            lines.append(
                command(
                    "error", title: "Reel replay \(s.replayID): the engine failed on \(counted(tally.errors, "session"))", file: file,
                    message: "replay \(s.replayID) has no verdict on them; see: reel show \(shellQuoted(recorded.path)) ID"
                        + (recorded.holdsResults ? " --replay \(s.replayID)" : "")))
        }
        let flips = try results.flippedSessions(replayID: s.replayID)
        var shown = 0
        while lines.count < errorLimit, let flip = try flips.next() {
            let release = try recorded.archive.flatMap { try SessionRelease.read(sessionID: flip.sessionID, in: $0) }
            let place = release.map { String(format: " (release progress %.3f, %.0f pt/s)", $0.progress, $0.velocity) } ?? ""
            let show =
                "reel show \(shellQuoted(recorded.path)) \(flip.sessionID)" + (recorded.holdsResults ? " --replay \(s.replayID)" : "")
            lines.append(
                command(
                    "error", title: "Reel: session \(flip.sessionID) flipped (\(cut(flip.scenario)))", file: file,
                    message: "recorded \(flip.decisionExpected), replayed \(flip.decisionActual)\(place); see it: \(show)"))
            shown += 1
        }
        if tally.flips > shown {
            lines.append(
                command(
                    "notice", title: "Reel replay \(s.replayID)", file: nil,
                    message:
                        "\(tally.flips - shown) more flipped sessions not annotated (GitHub shows \(errorLimit) error annotations a step): "
                        + "reel query \(shellQuoted(resultsPath)) --saved regressions --param replay=\(s.replayID)"))
        }
        if tally.flips == 0 && tally.failingSessions > 0 {
            lines.append(
                command(
                    "error", title: "Reel replay \(s.replayID) fails", file: file,
                    message:
                        "\(counted(tally.failingSessions, "session")) diverged in a failing kind (--fail-on \(tally.policy.argument)), "
                        + "no decision flipped; see: reel report \(shellQuoted(resultsPath)) --replay \(s.replayID)"))
        }
        return lines.joined(separator: "\n")
    }

    /// `::KIND title=...,file=...::message`, each part escaped for where it stands.
    static func command(_ kind: String, title: String, file: String?, message: String) -> String {
        var properties = ["title=" + escapedProperty(title)]
        if let file { properties.append("file=" + escapedProperty(file)) }
        return "::\(kind) " + properties.joined(separator: ",") + "::" + escapedData(message)
    }

    /// A message: `%`, CR and LF escaped.
    static func escapedData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: the message's escapes, and `:` and `,`, which end a value or a property.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Text from an archive, cut to the Markdown summary's cell length.
    private static func cut(_ text: String) -> String {
        text.count > MarkdownSummary.cellLimit ? String(text.prefix(MarkdownSummary.cellLimit - 1)) + "…" : text
    }
}
