import ArgumentParser
import Foundation
import ReelFormats
import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// `reel review ARCHIVE [--replay ID] [--decisions FILE | --interactive]`: walks a replay's flips,
/// then its other divergences, scenario by scenario, with both engines' decision arithmetic; with
/// a decisions file or interactively, stores each accept (as `reel accept` makes it) and each
/// reject (`review_rejects`) as it is decided.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Walk a replay's flips, then its other divergences, and accept or reject each session.",
        discussion: """
            Without --decisions: lists the replay's undecided diverged sessions, the flips first, each \
            scenario in turn, each with its decisions, the decision arithmetic of the baseline's engine and \
            of the candidate (`reel show` prints the same), its first divergence and the command that shows \
            it. A session an accept of this replay made the baseline of is left out, and so is one a \
            review rejected (table review_rejects; `reel info` counts them) unless --include-rejected. \
            With --decisions FILE (one line per session: `ID accept`, `ID reject` or `ID skip`; `#` starts \
            a comment), each line is applied in turn: an accepted session's baseline becomes the \
            candidate's trace exactly as `reel accept ARCHIVE --replay ID --session ID...` makes it (with \
            history), a reject is remembered, a skip writes nothing. \
            With --interactive: shows each session in the same order, with its place in the prompt \
            (`flip 3/24`), and takes one key per session, as `cargo insta review` does: a accept, \
            r reject, s skip, A accept all remaining, R reject all remaining, S skip all remaining, \
            i hide or show the details (both engines' decision arithmetic, the first divergent frame), \
            o write the session's report page (session-ID.html) and name it, q quit. On a terminal a key \
            needs no Enter (the terminal is restored on exit and on SIGINT, SIGTERM, SIGHUP, SIGQUIT); \
            otherwise one line of standard input is one answer. Each answer is stored when it is given: \
            q, the end of input or a crash keeps every answer before it. \
            Everything that can refuse is checked before the first answer is applied: the replay is \
            finished, and when a session to accept has no kept trace the candidate can run again (--engine \
            names the replay's engine: the same file, however it is spelled) and is still the engine the \
            replay ran (an exec: engine is run once on a session to say who it is). \
            Exit codes: 0 listed or applied, 64 usage (also: a candidate to run that --engine does not \
            name), 65 an unknown or unfinished replay, a decisions line that is not `ID accept|reject|skip`, \
            a session decided twice or one the replay did not diverge on, a candidate that is no longer the \
            engine the replay ran, 66 a missing archive or decisions file.
            """)

    @Argument(help: "The archive.")
    var archive: String

    @Option(help: "The replay to review (default: the latest).")
    var replay: Int64?

    @Option(help: "A file of decisions to apply: one `ID accept|reject|skip` per line.")
    var decisions: String?

    @Flag(help: "Ask for a key per session: a, r, s, A, R, S, i, o or q (no Enter on a terminal; a line each otherwise).")
    var interactive = false

    @Flag(help: "Also list and ask about the sessions an earlier review rejected.")
    var includeRejected = false

    @OptionGroup var engineOption: EngineOption
    /// The replay's candidate as `--engine` names it; nil: the one the replay recorded.
    var engine: String? { engineOption.engine }

    func run() throws {
        try reportingErrors(archive: archive) {
            if interactive, decisions != nil { throw ReelFailure(.usage, "--interactive and --decisions FILE: give one") }
            let candidate = try engine.map { text throws(ReelFailure) in try EngineSpec(parsing: text) }
            guard FileManager.default.fileExists(atPath: archive) else { throw ArchiveError.missingFile(path: archive) }
            let store = try Archive.open(archive, mode: .readOnly)
            guard let header = try store.replayHeader(id: replay) else {
                let ids = try store.replayRuns().map { String($0.id) }
                throw ReelFailure(
                    .dataError,
                    replay.map { "\(archive): no replay \($0) (its replays: \(ids.isEmpty ? "none" : ids.joined(separator: ", ")))" }
                        ?? "\(archive): no replay to review")
            }
            let items = try store.reviewItems(replayID: header.id)
            let accepted = Set(try store.sessionsAccepted(fromReplay: header.id))
            let rejected = Set(try store.rejectedSessions(replayID: header.id))
            let pending = items.filter { !accepted.contains($0.sessionID) && (includeRejected || !rejected.contains($0.sessionID)) }
            let decided = Decided(
                accepted: items.filter { accepted.contains($0.sessionID) }.count,
                rejected: includeRejected ? 0 : items.filter { rejected.contains($0.sessionID) && !accepted.contains($0.sessionID) }.count)
            if let decisions {
                let file = try ReviewDecisions(path: decisions)
                let diverged = Set(items.map(\.sessionID))
                if let stray = file.entries.first(where: { !diverged.contains($0.sessionID) }) {
                    throw ReelFailure(
                        .dataError,
                        "\(decisions):\(stray.line): replay \(header.id) did not diverge on session \(stray.sessionID) "
                            + "(`reel review \(shellQuoted(archive)) --replay \(header.id)` lists the sessions to decide)")
                }
                return try applyFile(file, replayID: header.id, candidate: candidate, undecided: items.count)
            }
            guard !pending.isEmpty else {
                printLine(
                    "\(archive): replay \(header.id): no diverged session left to review\(decided.note(archive: archive, replayID: header.id))"
                )
                return
            }
            guard interactive else {
                return try walk(pending, replayID: header.id, store: store, decided: decided)
            }
            let writer = try Archive.open(archive, mode: .readWrite)
            let acceptor = BaselineAcceptor(archive: writer, replayID: header.id, acceptedBy: AcceptCommand.who(), candidate: candidate)
            let plan = try acceptor.prepare(BaselineAcceptor.Selection(sessionIDs: pending.map(\.sessionID)))
            var prompt = ReviewPrompt(
                archivePath: archive, replayID: header.id, archive: writer, acceptor: acceptor, plan: plan, items: pending,
                decidedBy: AcceptCommand.who(), printer: try ReviewItemPrinter(archivePath: archive, replayID: header.id, store: writer))
            let tally = try prompt.run()
            printLine(
                tally.line(archive: archive, replayID: header.id, undecided: pending.count)
                    + decided.note(archive: archive, replayID: header.id))
        }
    }

    /// The sessions of the replay decided before this review: not listed nor asked about.
    private struct Decided {
        var accepted: Int
        var rejected: Int

        func note(archive: String, replayID: Int64) -> String {
            var parts: [String] = []
            if accepted > 0 { parts.append("\(accepted) accepted before") }
            if rejected > 0 {
                parts.append(
                    "\(rejected) rejected before (`reel review \(shellQuoted(archive)) --replay \(replayID) --include-rejected` asks again)"
                )
            }
            return parts.isEmpty ? "" : "; not shown: " + parts.joined(separator: ", ")
        }
    }

    /// Applies a decisions file line by line, each answer stored as it is applied, after checking
    /// that every accept can be made (`BaselineAcceptor.prepare`).
    private func applyFile(_ file: ReviewDecisions, replayID: Int64, candidate: EngineSpec?, undecided: Int) throws {
        let writer = try Archive.open(archive, mode: .readWrite)
        let acceptor = BaselineAcceptor(archive: writer, replayID: replayID, acceptedBy: AcceptCommand.who(), candidate: candidate)
        let toAccept = file.sessions(.accept)
        let plan = toAccept.isEmpty ? nil : try acceptor.prepare(BaselineAcceptor.Selection(sessionIDs: toAccept))
        var tally = ReviewPrompt.Tally()
        for entry in file.entries {
            switch entry.action {
            case .accept:
                guard let plan else { continue }
                tally.accepted += try acceptor.accept([entry.sessionID], of: plan).accepted.count
            case .reject:
                try writer.rememberRejects([entry.sessionID], replayID: replayID, rejectedBy: AcceptCommand.who())
                tally.rejected += 1
            case .skip:
                tally.skipped += 1
            }
        }
        printLine(tally.line(archive: archive, replayID: replayID, undecided: undecided))
    }

    /// The review list: flips, then the other divergences, by scenario.
    private func walk(_ items: [ReviewItem], replayID: Int64, store: Archive, decided: Decided) throws {
        let printer = try ReviewItemPrinter(archivePath: archive, replayID: replayID, store: store)
        for item in items { try printer.print(item, details: true) }
        printLine("")
        let note = decided.note(archive: archive, replayID: replayID)
        if !note.isEmpty { printLine(String(note.dropFirst(2))) }
        printLine(
            "decide: write one line per session, `ID accept`, `ID reject` or `ID skip`, to a file, then "
                + "reel review \(shellQuoted(archive)) --replay \(replayID) --decisions FILE")
    }

}

/// Prints the blocks of the review list: a heading when the group (flips or other divergences of a
/// scenario) changes, then each session's decisions; with `details` its first divergent frame
/// and divergence and both engines' decision arithmetic; then the `reel show` command.
final class ReviewItemPrinter {
    private let archivePath: String
    private let replayID: Int64
    private let store: Archive
    private let candidate: EngineIdentity?
    private var heading = ""

    init(archivePath: String, replayID: Int64, store: Archive) throws {
        self.archivePath = archivePath
        self.replayID = replayID
        self.store = store
        candidate = try store.replayRun(id: replayID).flatMap { try store.engine(id: $0.engineID) }
    }

    /// Every line goes out through `printLine`, each stored text in it through `shown`: a scenario
    /// name, a decision or a divergence detail from the archive cannot act on the terminal.
    func print(_ item: ReviewItem, details: Bool) throws {
        let group = "\(item.flipped ? "flips" : "other divergences") of \(shown(item.scenario))"
        if group != heading {
            heading = group
            printLine("== \(group)")
        }
        let decided =
            item.flipped
            ? "flipped: recorded \(shown(item.decisionExpected ?? "?")), replayed \(shown(item.decisionActual ?? "?"))" : "diverged"
        guard details else {
            printLine("session \(item.sessionID)  \(decided)")
            printLine("  reel show \(shellQuoted(archivePath)) \(item.sessionID) --replay \(replayID)")
            return
        }
        let first = try store.divergences(replayID: replayID, sessionID: item.sessionID).first
        printLine(
            "session \(item.sessionID)  \(decided)"
                + (item.firstDivergentFrame.map { "; first divergent frame \($0)" } ?? "")
                + (first.map { ": \(shown(forPeople($0.detail.isEmpty ? $0.kind.rawValue : $0.detail)))" } ?? ""))
        let baseline =
            try store.judgedBaseline(sessionID: item.sessionID, replayID: replayID)?.engineID
            ?? store.baselineEngineID(sessionID: item.sessionID)
        for (identity, side) in [(try store.engine(id: baseline), "recorded"), (candidate, "replayed")] {
            guard let identity else { continue }
            switch try SessionDecision.explain(sessionID: item.sessionID, engine: identity, in: store) {
            case .success(let decision?): printLine("  \(side): \(decision.line)")
            case .success(nil): break
            case .failure(let failure): printLine("  \(side): not explained: \(failure.message)")
            }
        }
        printLine("  reel show \(shellQuoted(archivePath)) \(item.sessionID) --replay \(replayID)")
    }
}
