import ArgumentParser
import Foundation
import ReelFormats
import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// `reel review ARCHIVE [--replay ID] [--decisions FILE]`: walks a replay's flips, then its other
/// divergences, scenario by scenario, with both engines' decision arithmetic; with a decisions
/// file, applies its accepts as `reel accept` does.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Walk a replay's flips, then its other divergences, and accept or reject each session.",
        discussion: """
            Without --decisions: lists the replay's diverged sessions, the flips first, each scenario in \
            turn, each with its decisions, the decision arithmetic of the baseline's engine and of the \
            candidate (`reel show` prints the same), its first divergence and the command that shows it. \
            With --decisions FILE (one line per session: `ID accept`, `ID reject` or `ID skip`; `#` starts \
            a comment), the accepted sessions' baselines become the candidate's traces exactly as \
            `reel accept ARCHIVE --replay ID --session ID...` makes them (with history); rejected and \
            skipped sessions are counted and left as they are. Exit codes: 0 listed or applied, 64 usage, \
            65 an unknown or unfinished replay, a decisions line that is not `ID accept|reject|skip`, a \
            session decided twice or one the replay did not diverge on, 66 a missing archive or decisions file. \
            With --interactive: shows each session in the same order and asks for a key per session \
            (a accept, r reject, s skip, o the command that writes its report page, q quit), reading one \
            line of standard input per answer, so a terminal or a script can answer; the accepts are \
            applied when the list ends, at q or at the end of input, exactly as with --decisions.
            """)

    @Argument(help: "The archive.")
    var archive: String

    @Option(help: "The replay to review (default: the latest).")
    var replay: Int64?

    @Option(help: "A file of decisions to apply: one `ID accept|reject|skip` per line.")
    var decisions: String?

    @Flag(help: "Ask for accept, reject, skip, open or quit after each session (one line of standard input each).")
    var interactive = false

    @OptionGroup var engineOption: EngineOption
    /// The replay's candidate as `--engine` names it; nil: the one the replay recorded.
    var engine: String? { engineOption.engine }

    func run() throws {
        try reportingErrors(archive: archive) {
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
            if interactive, decisions != nil { throw ReelFailure(.usage, "--interactive and --decisions FILE: give one") }
            if interactive {
                let answers = try ask(items, replayID: header.id, store: store)
                return try apply(answers, of: items, replayID: header.id)
            }
            guard let decisions else { return try walk(items, replayID: header.id, store: store) }
            let file = try ReviewDecisions(path: decisions)
            let diverged = Set(items.map(\.sessionID))
            if let stray = file.entries.first(where: { !diverged.contains($0.sessionID) }) {
                throw ReelFailure(
                    .dataError,
                    "\(decisions):\(stray.line): replay \(header.id) did not diverge on session \(stray.sessionID) "
                        + "(`reel review \(shellQuoted(archive)) --replay \(header.id)` lists the sessions to decide)")
            }
            var answers: [Int64: ReviewDecisions.Action] = [:]
            for entry in file.entries { answers[entry.sessionID] = entry.action }
            try apply(answers, of: items, replayID: header.id)
        }
    }

    /// Accepts the sessions answered `accept` as `reel accept --session ...` does and prints what
    /// was decided: the same for a decisions file and for answers typed in `--interactive`.
    private func apply(_ answers: [Int64: ReviewDecisions.Action], of items: [ReviewItem], replayID: Int64) throws {
        let accepted = items.map(\.sessionID).filter { answers[$0] == .accept }
        var line = "\(archive): review of replay \(replayID): "
        if !accepted.isEmpty {
            let progress = ProgressLine()
            let candidate = try engine.map { text throws(ReelFailure) in try EngineSpec(parsing: text) }
            let summary = try BaselineAcceptor(
                archivePath: archive, replayID: replayID, acceptedBy: AcceptCommand.who(), candidate: candidate
            ).run(
                BaselineAcceptor.Selection(sessionIDs: accepted)
            ) { done, total in progress.update("accepted \(done)/\(counted(total, "session"))") }
            progress.finish()
            line += "accepted \(counted(summary.accepted.count, "session")) (their baseline is now the candidate's trace), "
        } else {
            line += "accepted none, "
        }
        let rejected = answers.values.filter { $0 == .reject }.count
        let skipped = answers.values.filter { $0 == .skip }.count
        let undecided = items.count - answers.count
        print(line + "rejected \(rejected), skipped \(skipped), \(undecided) undecided")
    }

    /// `--interactive`: each session's block (as the list prints it), then a question on standard
    /// error, answered by one line of standard input: a, r, s (accept, reject, skip), o (print the
    /// command that writes the session's report page, then ask again), q (stop asking). The end of
    /// input stops asking too; an unknown answer is asked again.
    private func ask(_ items: [ReviewItem], replayID: Int64, store: Archive) throws -> [Int64: ReviewDecisions.Action] {
        var answers: [Int64: ReviewDecisions.Action] = [:]
        guard !items.isEmpty else {
            print("\(archive): replay \(replayID) diverged on no session: nothing to review")
            return answers
        }
        let candidate = try store.replayRun(id: replayID).flatMap { try store.engine(id: $0.engineID) }
        var heading = ""
        sessions: for (index, item) in items.enumerated() {
            try printItem(item, replayID: replayID, store: store, candidate: candidate, heading: &heading)
            while true {
                FileHandle.standardError.write(
                    Data("[\(index + 1)/\(items.count)] session \(item.sessionID): a accept, r reject, s skip, o report, q quit? ".utf8))
                guard let answer = readLine(strippingNewline: true) else { break sessions }
                switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
                case "a", "accept": answers[item.sessionID] = .accept
                case "r", "reject": answers[item.sessionID] = .reject
                case "s", "skip": answers[item.sessionID] = .skip
                case "q", "quit": break sessions
                case "o", "open":
                    print(
                        "  reel report \(shellQuoted(archive)) --replay \(replayID) --session \(item.sessionID) "
                            + "-o session-\(item.sessionID).html")
                    continue
                default:
                    FileHandle.standardError.write(Data("answer a, r, s, o or q\n".utf8))
                    continue
                }
                continue sessions
            }
        }
        return answers
    }

    /// The review list: flips, then the other divergences, by scenario.
    private func walk(_ items: [ReviewItem], replayID: Int64, store: Archive) throws {
        guard !items.isEmpty else {
            print("\(archive): replay \(replayID) diverged on no session: nothing to review")
            return
        }
        let candidate = try store.replayRun(id: replayID).flatMap { try store.engine(id: $0.engineID) }
        var heading = ""
        for item in items {
            try printItem(item, replayID: replayID, store: store, candidate: candidate, heading: &heading)
        }
        print("")
        print(
            "decide: write one line per session, `ID accept`, `ID reject` or `ID skip`, to a file, then "
                + "reel review \(shellQuoted(archive)) --replay \(replayID) --decisions FILE")
    }

    /// One session's block of the review list (a heading first when its group changes): its
    /// decisions, first divergence, both engines' decision arithmetic and the `reel show` command.
    private func printItem(
        _ item: ReviewItem, replayID: Int64, store: Archive, candidate: EngineIdentity?, heading: inout String
    ) throws {
        let group = "\(item.flipped ? "flips" : "other divergences") of \(item.scenario)"
        if group != heading {
            heading = group
            print("== \(UntrustedText.sanitized(group, limit: 200))")
        }
        let decided =
            item.flipped
            ? "flipped: recorded \(item.decisionExpected ?? "?"), replayed \(item.decisionActual ?? "?")" : "diverged"
        let first = try store.divergences(replayID: replayID, sessionID: item.sessionID).first
        print(
            "session \(item.sessionID)  \(decided)"
                + (item.firstDivergentFrame.map { "; first divergent frame \($0)" } ?? "")
                + (first.map { ": \(forPeople($0.detail.isEmpty ? $0.kind.rawValue : $0.detail))" } ?? ""))
        let baseline =
            try store.judgedBaseline(sessionID: item.sessionID, replayID: replayID)?.engineID
            ?? store.baselineEngineID(sessionID: item.sessionID)
        for (identity, side) in [(try store.engine(id: baseline), "recorded"), (candidate, "replayed")] {
            guard let identity else { continue }
            switch try SessionDecision.explain(sessionID: item.sessionID, engine: identity, in: store) {
            case .success(let decision?): print("  \(side): \(decision.line)")
            case .success(nil): break
            case .failure(let failure): print("  \(side): not explained: \(failure.message)")
            }
        }
        print("  reel show \(shellQuoted(archive)) \(item.sessionID) --replay \(replayID)")
    }
}
