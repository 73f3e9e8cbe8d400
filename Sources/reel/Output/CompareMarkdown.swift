import ReelReport
import ReelStore

/// `reel compare --format markdown`: the changes counted by kind, then the changed sessions with
/// their scenario, release point (when the archive holds the touches: not a results archive) and
/// the command that shows each under the later replay.
enum CompareMarkdown {
    /// The summary, and every change counted (from accepts or not). `notes` (what makes the
    /// replays not like for like) come first.
    static func render(
        _ changes: VerdictChanges, archivePath: String, notes: [String] = []
    ) throws -> (text: String, counts: [VerdictChanges.Change: Int]) {
        // One pass: every row counted, the first ones kept for the table.
        var counts: [VerdictChanges.Change: Int] = [:]
        var fromAccepts = 0
        var all: [VerdictChanges.Change: Int] = [:]
        var rows: [VerdictChanges.Row] = []
        try changes.forEachChange { row in
            all[row.change, default: 0] += 1
            if row.fromAccept != nil { fromAccepts += 1 } else { counts[row.change, default: 0] += 1 }
            if rows.count < MarkdownSummary.listedLimit { rows.append(row) }
        }
        let total = all.values.reduce(0, +)
        let coverage = try changes.coverage()
        let (r1, r2) = (changes.earlier, changes.later)
        var out = MarkdownSummary()
        let headline = (counts[.newFlip] ?? 0) + (counts[.newlyError] ?? 0) > 0 ? "❌" : "✅"
        let (name1, name2) = (changes.earlierName, changes.laterName)
        out.add("## Reel: \(name1) → \(name2): \(headline) \(counted(total, "session")) changed verdict")
        out.add("")
        for note in notes { out.add("> **Note:** \(MarkdownSummary.cell(note))") }
        if !notes.isEmpty { out.add("") }
        for (name, facts) in try changes.runFacts() { out.add("- \(name): \(MarkdownSummary.cell(facts?.words ?? "?", limit: 600))") }
        out.add("")
        out.add(
            "\(coverage.both) sessions judged by both (\(coverage.onlyEarlier) only by \(name1), \(coverage.onlyLater) only by \(name2)).")
        out.add("")
        out.add("| change | sessions |")
        out.add("|---|---:|")
        for change in VerdictChanges.Change.allCases { out.add("| \(change.countHeading) | \(counts[change] ?? 0) |") }
        if fromAccepts > 0 { out.add("| from accepts (the baseline was replaced, not the engine's doing) | \(fromAccepts) |") }
        guard total > 0 else { return (out.text, all) }
        out.add("")
        out.add("### Changed sessions")
        out.add("")
        var next = rows.makeIterator()
        try out.addTable(
            header: [
                "| session | scenario | change | replay \(r1) | replay \(r2) | release progress | release velocity (pt/s) | see it |",
                "|---:|---|---|---|---|---:|---:|---|",
            ],
            total: total,
            more: "reel compare \(shellQuoted(archivePath)) \(r1) \(r2)" + (changes.laterPath.map { " --against \(shellQuoted($0))" } ?? "")
        ) {
            guard let row = next.next() else { return nil }
            let show = "reel show \(shellQuoted(changes.laterPath ?? archivePath)) \(row.sessionID) --replay \(r2)"
            let change = row.change.words + (row.fromAccept.map { ", from an accept (\(CompareCommand.acceptWords($0)))" } ?? "")
            return "| \(row.sessionID) | \(MarkdownSummary.cell(row.scenario)) | \(MarkdownSummary.cell(change)) | "
                + "\(CompareCommand.verdict(row.before, row.decisionBefore)) | \(CompareCommand.verdict(row.after, row.decisionAfter)) | "
                + MarkdownSummary.releaseCells(try SessionRelease.read(sessionID: row.sessionID, in: changes.archive)) + " | "
                + MarkdownSummary.code(show) + " |"
        }
        return (out.text, all)
    }
}
