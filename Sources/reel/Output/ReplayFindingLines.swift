import ReelRunner
import ReelStore
import ReelTrace

/// The session lines of a replay's text output, read from the archive holding its results: every
/// flipped session first (its decision changed), grouped by scenario, then the other diverged and
/// failed sessions as a count by kind, or, with `verbose`, one line each, grouped by scenario.
/// Each line names the session's scenario and the kinds it diverged in.
///
/// ```swift
/// let lines = try ReplayFindingLines.render(replayID: 2, in: results, archivePath: "a.sqlite", verbose: false)
/// ```
enum ReplayFindingLines {
    /// `archivePath` names the archive in the query that lists the rest.
    static func render(replayID: Int64, in archive: Archive, archivePath: String, verbose: Bool) throws -> [String] {
        let rows = try archive.replayResults(replayID: replayID).filter { $0.status != .matched }
        let labels = try archive.sessionLabels(replayID: replayID)
        let scenario = { (row: ReplayResultRow) in labels[row.sessionID]?.scenario ?? "?" }
        let flips = rows.filter(isFlip)
        let rest = rows.filter { !isFlip($0) }
        var lines: [String] = []
        if !flips.isEmpty {
            lines.append("  \(counted(flips.count, "flip")) (the decision changed), by scenario:")
            lines += try grouped(flips, by: scenario, replayID: replayID, in: archive)
        }
        guard !rest.isEmpty else { return lines }
        var sessionsByKind: [String: Int] = [:]
        for row in rest {
            let kinds = row.status == .error && row.kinds.isEmpty ? ["error"] : row.kinds.map(\.rawValue)
            for kind in Set(kinds) { sessionsByKind[kind, default: 0] += 1 }
        }
        let byKind = sessionsByKind.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
        let other = flips.isEmpty ? "" : "other "
        if verbose {
            lines.append("  \(counted(rest.count, "\(other)diverged or failed session")) (\(byKind.joined(separator: ", "))), by scenario:")
            lines += try grouped(rest, by: scenario, replayID: replayID, in: archive)
        } else {
            lines.append(
                "  \(counted(rest.count, "\(other)diverged or failed session")), sessions by kind: \(byKind.joined(separator: ", ")) "
                    + "(--verbose lists each, as does: reel query \(shellQuoted(archivePath)) \"SELECT * FROM replay_results "
                    + "WHERE replay_id = \(replayID) AND status <> 'matched'\")")
        }
        return lines
    }

    /// A flip: both decisions known and different (the `regressions` view's rule).
    static func isFlip(_ row: ReplayResultRow) -> Bool {
        guard let expected = row.decisionExpected, let actual = row.decisionActual else { return false }
        return expected != actual
    }

    /// "  scenario (N):" then one "  session ID: status: first divergence [scenario; kinds]" line per session.
    private static func grouped(
        _ rows: [ReplayResultRow], by scenario: (ReplayResultRow) -> String, replayID: Int64, in archive: Archive
    ) throws -> [String] {
        var order: [String] = []
        var groups: [String: [ReplayResultRow]] = [:]
        for row in rows {
            let name = scenario(row)
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(row)
        }
        var lines: [String] = []
        for name in order.sorted(by: { (groups[$1]!.count, $0) < (groups[$0]!.count, $1) }) {
            let members = groups[name]!
            let shownName = shown(name, limit: 200)
            lines.append("  \(shownName) (\(members.count)):")
            for row in members {
                let first =
                    try archive.firstDivergenceDetail(replayID: replayID, sessionID: row.sessionID) ?? row.errorMessage ?? ""
                let kinds = row.kinds.map(\.rawValue).sorted().joined(separator: ", ")
                lines.append(
                    "  session \(row.sessionID): \(row.status.rawValue): \(shown(forPeople(first), limit: 1000))"
                        + " [\(shownName)\(kinds.isEmpty ? "" : "; " + kinds)]")
            }
        }
        return lines
    }
}
