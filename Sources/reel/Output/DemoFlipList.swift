import ReelStore
import ReelTrace

/// `reel demo`'s list of flipped sessions: every scenario that flipped, with its count and its
/// first few sessions by id, then how many flipped sessions are not listed and the command that
/// lists them all (the demo's summary stays short, and no scenario is cut off unseen).
enum DemoFlipList {
    /// Sessions named per scenario.
    static let sessionsPerScenario = 3

    /// The lines, indented by two spaces; empty when nothing flipped.
    static func lines(replayID: Int64, in archive: Archive, archivePath: String) throws -> [String] {
        let flips = try archive.replayResults(replayID: replayID).filter(ReplayFindingLines.isFlip)
        guard !flips.isEmpty else { return [] }
        let labels = try archive.sessionLabels(replayID: replayID)
        var groups: [String: [Int64]] = [:]
        for row in flips { groups[labels[row.sessionID]?.scenario ?? "?", default: []].append(row.sessionID) }
        let order = groups.keys.sorted { (groups[$1]!.count, $0) < (groups[$0]!.count, $1) }
        var lines = ["  \(counted(flips.count, "flip")) (the decision changed) in \(counted(order.count, "scenario")):"]
        var listed = 0
        for name in order {
            let ids = groups[name]!.sorted()
            let shown = ids.prefix(sessionsPerScenario)
            listed += shown.count
            lines.append(
                "    \(UntrustedText.sanitized(name, limit: 200)): \(counted(ids.count, "flip")), "
                    + (ids.count == 1 ? "session " : ids.count > shown.count ? "first sessions " : "sessions ")
                    + shown.map(String.init).joined(separator: ", "))
        }
        if listed < flips.count {
            lines.append(
                "  \(flips.count - listed) more flipped sessions not listed; all of them: "
                    + "reel query \(shellQuoted(archivePath)) --saved regressions --param replay=\(replayID)")
        }
        return lines
    }
}
