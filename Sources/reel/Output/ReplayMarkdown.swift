import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// `--format markdown` of `reel replay` and `reel merge`: whether the replay fails under
/// `--fail-on`, sessions per divergence kind with the failing kinds marked, and the flipped
/// sessions, one table row each (scenario, both decisions, release point and the command that
/// shows it), then both engines' decision arithmetic of each listed flip in a collapsed
/// `<details>` block, so the rows and their commands stay on the first screen.
enum ReplayMarkdown {
    /// Where the sessions' recorded traces are, for release points and `reel show` commands.
    struct Recorded {
        /// The path as the user gave it (printed in commands).
        var path: String
        /// The open archive; nil when it was not given (`reel merge` without `--recorded`).
        var archive: Archive?
        /// Whether the replay's results are in this archive too (so `reel show --replay` finds them).
        var holdsResults: Bool
    }

    static func render(
        _ s: Replayer.Summary, tally: VerdictTally, results: Archive, resultsPath: String, recorded: Recorded
    ) throws -> String {
        var out = MarkdownSummary()
        let policy = tally.policy
        let engine = s.candidate.map { "\($0.name) \($0.version)" } ?? "?"
        let verdict =
            if tally.errors > 0 {
                "❌ fails: the engine could not run \(counted(tally.errors, "session"))"
            } else if tally.failingSessions > 0 { "❌ fails: \(counted(tally.failingSessions, "session")) diverged in a failing kind" } else
            { "✅ passes" }
        out.add("## Reel replay \(s.replayID) on \(MarkdownSummary.cell(engine)): \(verdict)")
        out.add("")
        var counts = "\(counted(s.sessions, "session")): \(s.matched) matched, \(s.diverged) diverged, \(counted(s.errors, "error"))."
        if tally.passingDivergedSessions > 0 {
            counts +=
                " \(counted(tally.passingDivergedSessions, "session")) diverged only in "
                + tally.passingKinds.map(\.rawValue).joined(separator: ", ") + ", which do not fail."
        }
        out.add(counts)
        out.add("")
        if let facts = try RunFacts.read(results, replayID: s.replayID) {
            out.add("Ran: \(MarkdownSummary.cell(facts.words, limit: 600)).")
            out.add("")
        }
        out.add("Failing kinds (`--fail-on`): \(policy.failsEveryKind ? "every kind" : policy.argument) (error always fails).")
        if !tally.sessionsByKind.isEmpty {
            out.add("")
            out.add("| kind | sessions | divergences | fails |")
            out.add("|---|---:|---:|---|")
            let rows = Dictionary(uniqueKeysWithValues: s.byKind.map { ($0.kind, $0.count) })
            for (kind, sessions) in tally.orderedSessionsByKind {
                out.add("| \(kind.rawValue) | \(sessions) | \(rows[kind] ?? 0) | \(policy.failing.contains(kind) ? "**yes**" : "no") |")
            }
        }
        out.add("")
        try addFlips(s.replayID, total: tally.flips, results: results, resultsPath: resultsPath, recorded: recorded, to: &out)
        return out.text
    }

    private static func addFlips(
        _ replayID: Int64, total: Int, results: Archive, resultsPath: String, recorded: Recorded, to out: inout MarkdownSummary
    ) throws {
        guard total > 0 else {
            out.add("No decision flipped.")
            return
        }
        out.add("### \(counted(total, "flipped session"))")
        out.add("")
        if recorded.archive == nil {
            out.add(
                "Release points and `reel show` need the recorded archive, which this results archive is not: "
                    + "give it with `reel merge --recorded ARCHIVE`; the commands below name it ARCHIVE.")
            out.add("")
        }
        let flips = try results.flippedSessions(replayID: replayID)
        let candidate = try results.replayRun(id: replayID).flatMap { try results.engine(id: $0.engineID) }
        let whyLines = try out.addTable(
            header: [
                "| session | scenario | recorded | replayed | release progress | release velocity (pt/s) | see it |",
                "|---:|---|---|---|---:|---:|---|",
            ],
            total: total,
            more: "reel query \(shellQuoted(resultsPath)) --saved regressions --param replay=\(replayID)",
            detailsRoom: whyBlock([]).utf8.count + 2
        ) { () -> (row: String, detail: String?)? in
            guard let flip = try flips.next() else { return nil }
            let id = flip.sessionID
            let release = try recorded.archive.flatMap { try SessionRelease.read(sessionID: id, in: $0) }
            let show = "reel show \(shellQuoted(recorded.path)) \(id)" + (recorded.holdsResults ? " --replay \(replayID)" : "")
            let why = try self.why(id, replayID: replayID, recorded: recorded, candidate: candidate)
            let row =
                "| \(id) | \(MarkdownSummary.cell(flip.scenario)) | \(MarkdownSummary.cell(flip.decisionExpected)) | "
                + "\(MarkdownSummary.cell(flip.decisionActual)) | \(MarkdownSummary.releaseCells(release, decisions: why.decisions)) | "
                + "\(MarkdownSummary.code(show)) |"
            // Without the recorded archive there is no arithmetic to show (and no block).
            return (row, recorded.archive == nil ? nil : "- session \(id): \(why.text)")
        }
        if !whyLines.isEmpty {
            out.add("")
            out.add(whyBlock(whyLines))
        }
    }

    /// The collapsed block of the listed flips' decision arithmetic, one line a session.
    private static func whyBlock(_ lines: [String]) -> String {
        (["<details><summary>Why each listed session flipped: both engines' decision arithmetic</summary>", ""] + lines + [
            "", "</details>",
        ])
        .joined(separator: "\n")
    }

    /// Both engines' decision arithmetic for a flipped session, one line per side (`reel show`'s
    /// lines): the baseline the replay was judged against, then the candidate; "–" for a side that
    /// cannot be explained here (no recorded archive, an engine this build cannot re-run).
    private static func why(
        _ sessionID: Int64, replayID: Int64, recorded: Recorded, candidate: EngineIdentity?
    ) throws -> (text: String, decisions: [(side: String, decision: ExplainedDecision)]) {
        guard let archive = recorded.archive else { return ("–", []) }
        let baselineEngine =
            try (recorded.holdsResults ? archive.judgedBaseline(sessionID: sessionID, replayID: replayID)?.engineID : nil)
            ?? archive.baselineEngineID(sessionID: sessionID)
        var decisions: [(side: String, decision: ExplainedDecision)] = []
        func line(_ identity: EngineIdentity?, _ side: String) throws -> String {
            guard let identity,
                case .success(let decision?) = try SessionDecision.explain(sessionID: sessionID, engine: identity, in: archive)
            else { return "\(side): –" }
            decisions.append((side, decision))
            return "\(side): " + decision.line
        }
        let text =
            MarkdownSummary.cell(try line(archive.engine(id: baselineEngine), "recorded"), limit: 600) + "; "
            + MarkdownSummary.cell(try line(candidate, "replayed"), limit: 600)
        return (text, decisions)
    }
}
