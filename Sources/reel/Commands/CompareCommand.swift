import ArgumentParser
import Foundation
import ReelJSON
import ReelRunner
import ReelStore
import ReelTrace

/// `reel compare ARCHIVE [R1 R2]`: the sessions whose verdict changed between two replays.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "List the sessions whose verdict changed between two replays: new and fixed flips, newly diverged, newly matched.",
        discussion: """
            Both replays must be in ARCHIVE (the recorded archive, or a results archive both were written \
            to with --results), or, with --against FILE, the earlier in ARCHIVE and the later in FILE: two \
            results archives of `reel replay --results`, or a results archive and the recorded archive, \
            of the same sessions (a session both hold must have the same touches). A verdict is matched, diverged, flipped (the completion decision changed) \
            or error; the changes are those of the saved query verdict-changes (docs/SCHEMA.md), which \
            reel query ARCHIVE --saved verdict-changes --param earlier=R1 --param later=R2 prints too. Sessions \
            only one replay judged are counted, not compared. Given no ids, the archive's last two replays \
            are compared; with --against, the last replay of each archive. Exit codes: 0 compared (whatever \
            changed; with --fail-on, 1 when a change of a listed kind is found), 64 usage (one id, or the same \
            replay twice), 65 a replay ARCHIVE or FILE does not have (or fewer than two replays), or archives \
            of different sessions, 66 a missing archive. A change of a session whose baseline a `reel accept` \
            replaced between the two replays is said to come from the accept and counted apart: the replays \
            compared against different baselines. Replays of different candidates or selections are said \
            so first.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Argument(help: "The archive holding both replays.")
    var archive: String

    @Argument(help: "The earlier and the later replay id (none: the archive's last two replays).")
    var replays: [Int64] = []

    @Option(help: "The archive holding the later replay, when it is not ARCHIVE (for example another --results file).")
    var against: String?

    @Option(
        help: "How to print the changes (markdown: a summary for a pull request, at most \(MarkdownSummary.listedLimit) sessions listed).")
    var format: Format = .text

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 when a change of one of these kinds is found, comma-separated: "
                + VerdictChanges.Change.allCases.map(\.optionName).joined(separator: ", ") + ".",
            valueName: "kinds"))
    var failOn: String?

    func run() throws {
        try reportingErrors(archive: archive) {
            guard FileManager.default.fileExists(atPath: archive) else { throw ArchiveError.missingFile(path: archive) }
            if let against, !FileManager.default.fileExists(atPath: against) { throw ArchiveError.missingFile(path: against) }
            let failing = try failingChanges()
            let store = try Archive.open(archive, mode: .readOnly)
            let (earlier, later) = try chosenReplays(store)
            let changes = try VerdictChanges(archive: store, earlier: earlier, later: later, laterPath: against)
            for name in try changes.unfinished() {
                printWarning("\(shown(name)) has not finished or lacks part of its verdicts: only the sessions it judged are compared")
            }
            let notes = try changes.differences()
            var found: [VerdictChanges.Change: Int] = [:]
            switch format {
            case .text:
                for note in notes { printLine("note: " + note) }
                found = try printText(changes)
            case .json: found = try printJSON(changes, notes: notes)
            case .markdown:
                let (text, counts) = try CompareMarkdown.render(changes, archivePath: archive, notes: notes)
                print(text)
                found = counts
            }
            if failing.contains(where: { (found[$0] ?? 0) > 0 }) { throw ExitCode(ExitStatus.diverged.rawValue) }
        }
    }

    /// The kinds of `--fail-on` (none without it).
    private func failingChanges() throws(ReelFailure) -> Set<VerdictChanges.Change> {
        guard let failOn else { return [] }
        var kinds = Set<VerdictChanges.Change>()
        for name in failOn.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let kind = VerdictChanges.Change.allCases.first(where: { $0.optionName == name || $0.rawValue == name }) else {
                throw ReelFailure(
                    .usage,
                    "--fail-on \(name): not a change kind (\(VerdictChanges.Change.allCases.map(\.optionName).joined(separator: ", ")))")
            }
            kinds.insert(kind)
        }
        guard !kinds.isEmpty else { throw ReelFailure(.usage, "--fail-on needs at least one change kind") }
        return kinds
    }

    /// The two replays given, or the archive's last two (with --against, the last of each archive).
    private func chosenReplays(_ store: Archive) throws -> (Int64, Int64) {
        switch replays.count {
        case 2: return (replays[0], replays[1])
        case 0 where against != nil:
            let last = { (archive: Archive) throws -> Int64 in
                guard let id = try archive.replayRuns().map(\.id).max() else {
                    throw ReelFailure(.dataError, "\(archive.path): no replay to compare")
                }
                return id
            }
            return (try last(store), try last(Archive.open(against!, mode: .readOnly)))
        case 0:
            let ids = try store.replayRuns().map(\.id).sorted()
            guard ids.count >= 2 else {
                throw ReelFailure(.dataError, "\(archive): \(counted(ids.count, "replay")); compare needs two")
            }
            return (ids[ids.count - 2], ids[ids.count - 1])
        default: throw ReelFailure(.usage, "give two replay ids, or none for the archive's last two (with --against, the last of each)")
        }
    }

    /// One line per changed session as it is read, then the counts (the engines' changes, then
    /// those from accepts); returns every change counted, from accepts or not.
    private func printText(_ changes: VerdictChanges) throws -> [VerdictChanges.Change: Int] {
        var counts: [VerdictChanges.Change: Int] = [:]
        var fromAccepts: [VerdictChanges.Change: Int] = [:]
        try changes.forEachChange { row in
            if row.fromAccept != nil { fromAccepts[row.change, default: 0] += 1 } else { counts[row.change, default: 0] += 1 }
            printLine(
                "session \(row.sessionID)  \(shown(row.scenario))  \(row.change.words)"
                    + (row.fromAccept.map { ", from an accept (\(Self.acceptWords($0)))" } ?? "") + ": "
                    + "\(Self.verdict(row.before, row.decisionBefore)) -> \(Self.verdict(row.after, row.decisionAfter))")
        }
        let coverage = try changes.coverage()
        let total = counts.values.reduce(0, +) + fromAccepts.values.reduce(0, +)
        printLine(
            "\(changes.earlierName) -> \(changes.laterName): \(counted(total, "session")) changed verdict of \(coverage.both) judged by both"
                + " (\(coverage.onlyEarlier) only by \(changes.earlierName), \(coverage.onlyLater) only by \(changes.laterName))")
        printLine("  " + VerdictChanges.Change.allCases.map { "\($0.countHeading) \(counts[$0] ?? 0)" }.joined(separator: ", "))
        if !fromAccepts.isEmpty {
            printLine(
                "  from accepts: "
                    + VerdictChanges.Change.allCases.compactMap { change in fromAccepts[change].map { "\(change.countHeading) \($0)" } }
                    .joined(separator: ", ") + " (the baseline was replaced between the replays, not the engine's doing)")
        }
        for (name, facts) in try changes.runFacts() {
            printLine("  \(name): " + shown(facts?.words ?? "?", limit: 600))
        }
        return counts.merging(fromAccepts, uniquingKeysWith: +)
    }

    /// "user@host accepted replay 3".
    static func acceptWords(_ accept: BaselineReplacement) -> String {
        "\(accept.acceptedBy) accepted " + (accept.replayID.map { "replay \($0)" } ?? "another trace")
    }

    /// `{"format":"reel.compare/1","archive":...}` (docs/JSON.md, docs/schemas/compare-1.schema.json), the
    /// changes written as they are read; returns every change counted, from accepts or not.
    private func printJSON(_ changes: VerdictChanges, notes: [String]) throws -> [VerdictChanges.Change: Int] {
        var counts: [VerdictChanges.Change: Int] = [:]
        var fromAccepts: [VerdictChanges.Change: Int] = [:]
        let runs = try changes.runFacts()
        var w = JSONWriter()
        try w.object { members in
            members.member("format", JSONOutput.compare.format)
            members.member("archive", archive)
            members.member("earlier", changes.earlier)
            members.member("later", changes.later)
            if let laterPath = changes.laterPath { members.member("later_archive", laterPath) }
            for (key, (_, facts)) in zip(["earlier_run", "later_run"], runs) {
                members.member(key) { w in
                    if let facts { facts.write(to: &w) } else { w.null() }
                }
            }
            members.member("notes") { $0.array(notes) { $0.string($1) } }
            try members.member("changes") { w in
                try w.array(forEach: { body in try changes.forEachChange(body) }) { w, row in
                    if row.fromAccept != nil { fromAccepts[row.change, default: 0] += 1 } else { counts[row.change, default: 0] += 1 }
                    Self.write(row, to: &w)
                }
            }
            let coverage = try changes.coverage()
            members.member("counts") { $0.object(VerdictChanges.Change.allCases, key: \.rawValue) { $0.int(counts[$1] ?? 0) } }
            members.member("from_accepts") {
                $0.object(VerdictChanges.Change.allCases, key: \.rawValue) { $0.int(fromAccepts[$1] ?? 0) }
            }
            members.member("judged_by_both", coverage.both)
            members.member("only_earlier", coverage.onlyEarlier)
            members.member("only_later", coverage.onlyLater)
        }
        print(w.text)
        return counts.merging(fromAccepts, uniquingKeysWith: +)
    }

    /// One element of the JSON's `changes`: the session, its change and verdicts, and the accept it comes from.
    private static func write(_ row: VerdictChanges.Row, to w: inout JSONWriter) {
        w.object { members in
            members.member("session", row.sessionID)
            members.member("scenario", row.scenario)
            members.member("change", row.change.rawValue)
            members.member("earlier", row.before)
            members.member("later", row.after)
            if let accept = row.fromAccept {
                members.member("from_accept") { w in
                    w.object { members in
                        members.member("accepted_by", accept.acceptedBy)
                        members.member("replaced_at", accept.replacedAt)
                        members.member("replay", accept.replayID)
                    }
                }
            }
        }
    }

    /// "flipped (cancelled)", "matched", "error".
    static func verdict(_ verdict: String, _ decision: String?) -> String {
        verdict == "flipped" ? "flipped (\(decision ?? "?"))" : verdict
    }
}
