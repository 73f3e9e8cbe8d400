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
            changed), 64 usage (one id, or the same replay twice), 65 a replay ARCHIVE or FILE does not have \
            (or fewer than two replays), or archives of different sessions, 66 a missing archive.
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

    func run() throws {
        try reportingErrors {
            guard FileManager.default.fileExists(atPath: archive) else { throw ArchiveError.missingFile(path: archive) }
            if let against, !FileManager.default.fileExists(atPath: against) { throw ArchiveError.missingFile(path: against) }
            let store = try Archive.open(archive, mode: .readOnly)
            let (earlier, later) = try chosenReplays(store)
            let changes = try VerdictChanges(archive: store, earlier: earlier, later: later, laterPath: against)
            for name in try changes.unfinished() {
                printWarning("\(name) has not finished or lacks part of its verdicts: only the sessions it judged are compared")
            }
            switch format {
            case .text: try printText(changes)
            case .json: try printJSON(changes)
            case .markdown: print(try CompareMarkdown.render(changes, archivePath: archive))
            }
        }
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

    /// One line per changed session as it is read, then the counts.
    private func printText(_ changes: VerdictChanges) throws {
        var counts: [VerdictChanges.Change: Int] = [:]
        try changes.forEachChange { row in
            counts[row.change, default: 0] += 1
            print(
                "session \(row.sessionID)  \(UntrustedText.sanitized(row.scenario, limit: 200))  \(row.change.words): "
                    + "\(Self.verdict(row.before, row.decisionBefore)) -> \(Self.verdict(row.after, row.decisionAfter))")
        }
        let coverage = try changes.coverage()
        let total = counts.values.reduce(0, +)
        print(
            "\(changes.earlierName) -> \(changes.laterName): \(counted(total, "session")) changed verdict of \(coverage.both) judged by both"
                + " (\(coverage.onlyEarlier) only by \(changes.earlierName), \(coverage.onlyLater) only by \(changes.laterName))")
        print("  " + VerdictChanges.Change.allCases.map { "\($0.countHeading) \(counts[$0] ?? 0)" }.joined(separator: ", "))
    }

    private func printJSON(_ changes: VerdictChanges) throws {
        var counts: [VerdictChanges.Change: Int] = [:]
        var w = JSONWriter()
        w.raw("{\"archive\":")
        w.string(archive)
        w.raw(",\"earlier\":")
        w.int(Int(changes.earlier))
        w.raw(",\"later\":")
        w.int(Int(changes.later))
        if let laterPath = changes.laterPath {
            w.raw(",\"later_archive\":")
            w.string(laterPath)
        }
        w.raw(",\"changes\":[")
        try changes.forEachChange { row in
            if !counts.isEmpty { w.raw(",") }
            counts[row.change, default: 0] += 1
            w.raw("{\"session\":")
            w.int(Int(row.sessionID))
            w.raw(",\"scenario\":")
            w.string(row.scenario)
            w.raw(",\"change\":")
            w.string(row.change.rawValue)
            w.raw(",\"earlier\":")
            w.string(row.before)
            w.raw(",\"later\":")
            w.string(row.after)
            w.raw("}")
        }
        let coverage = try changes.coverage()
        w.raw("],\"counts\":")
        w.object(VerdictChanges.Change.allCases, key: \.rawValue) { $0.int(counts[$1] ?? 0) }
        w.raw(",\"judged_by_both\":")
        w.int(coverage.both)
        w.raw(",\"only_earlier\":")
        w.int(coverage.onlyEarlier)
        w.raw(",\"only_later\":")
        w.int(coverage.onlyLater)
        w.raw("}")
        print(w.text)
    }

    /// "flipped (cancelled)", "matched", "error".
    static func verdict(_ verdict: String, _ decision: String?) -> String {
        verdict == "flipped" ? "flipped (\(decision ?? "?"))" : verdict
    }
}
