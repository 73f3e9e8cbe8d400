import ArgumentParser
import Foundation
import ReelJSON
import ReelStore
import ReelTrace

/// `reel prune ARCHIVE --keep-last N | --before DATE`: removes old replays' verdicts, divergences
/// and kept traces, then gives the space back.
struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove old replays (their verdicts, divergences and kept traces) and reclaim the space.",
        discussion: """
            Every replay a team runs adds verdicts and kept traces; nothing else deletes them. prune \
            removes the replays that --keep-last or --before selects, in one transaction, then \
            rewrites the file without the freed pages (VACUUM: it needs free disk about the archive's \
            size while it runs). Sessions, their recorded traces, the baselines and the baseline \
            history are never touched: a selected replay whose traces a baseline or the history names \
            (an accepted replay) is kept, and so is one still running (it may be resumed); both are \
            listed. Exit codes: 0 done, 64 usage, 65 bad data, 66 a missing archive.
            """)

    @Argument(help: "The archive.")
    var archive: String

    @Option(help: "Keep the N newest replays (by id); remove the others.")
    var keepLast: Int?

    @Option(help: "Remove the replays begun before this date or time (2026-11-01, 2026-11-01T12:00:00Z; UTC).")
    var before: String?

    @Option(help: "How to print what was removed.")
    var format: OutputFormat = .text

    func validate() throws {
        guard (keepLast == nil) != (before == nil) else {
            throw ValidationError("give exactly one of --keep-last N and --before DATE")
        }
        if let keepLast, keepLast < 0 { throw ValidationError("--keep-last must be 0 or more, not \(keepLast)") }
    }

    func run() throws {
        try reportingErrors(archive: archive) {
            guard FileManager.default.fileExists(atPath: archive) else { throw ArchiveError.missingFile(path: archive) }
            let bytesBefore = Self.fileSize(archive)
            let store = try Archive.open(archive, mode: .readWrite)
            let summary = try store.prune(keepLast.map { .keepLast($0) } ?? .before(before ?? ""))
            if !summary.pruned.isEmpty { try store.reclaimSpace() }
            let bytesAfter = Self.fileSize(archive)
            switch format {
            case .text: print(Self.text(summary, archive: archive, bytesBefore: bytesBefore, bytesAfter: bytesAfter))
            case .json: print(Self.json(summary, bytesBefore: bytesBefore, bytesAfter: bytesAfter))
            }
        }
    }

    private static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private static func ids(_ list: [Int64]) -> String { list.map(String.init).joined(separator: ", ") }

    static func text(_ s: Archive.PruneSummary, archive: String, bytesBefore: Int64, bytesAfter: Int64) -> String {
        var lines: [String] = []
        if s.pruned.isEmpty {
            lines.append("\(archive): no replay removed")
        } else {
            lines.append(
                "\(archive): removed \(counted(s.pruned.count, "replay")) (\(ids(s.pruned))): "
                    + "\(counted(Int(s.verdicts), "verdict")), \(counted(Int(s.divergences), "divergence")), "
                    + "\(counted(Int(s.traces), "kept trace"))")
            lines.append("  file: \(bytesBefore) -> \(bytesAfter) bytes")
        }
        if !s.keptAccepted.isEmpty {
            lines.append("  kept \(ids(s.keptAccepted)): accepted (a baseline or the baseline history names their traces)")
        }
        if !s.keptRunning.isEmpty { lines.append("  kept \(ids(s.keptRunning)): still running (resume or let it finish first)") }
        return lines.joined(separator: "\n")
    }

    /// `{"format":"reel.prune/2","pruned":[...],"verdicts":N,...}`, one line.
    static func json(_ s: Archive.PruneSummary, bytesBefore: Int64, bytesAfter: Int64) -> String {
        var w = JSONWriter()
        w.object { members in
            members.member("format", JSONOutput.prune.format)
            members.member("pruned") { $0.array(s.pruned) { $0.int(Int($1)) } }
            members.member("verdicts", s.verdicts)
            members.member("divergences", s.divergences)
            members.member("traces", s.traces)
            members.member("kept_accepted") { $0.array(s.keptAccepted) { $0.int(Int($1)) } }
            members.member("kept_running") { $0.array(s.keptRunning) { $0.int(Int($1)) } }
            members.member("bytes_before", bytesBefore)
            members.member("bytes_after", bytesAfter)
        }
        return w.text
    }
}
