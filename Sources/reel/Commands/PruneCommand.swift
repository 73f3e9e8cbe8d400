import ArgumentParser
import Foundation
import ReelJSON
import ReelStore
import ReelTrace

/// `reel prune ARCHIVE --keep-last N | --before DATE`: removes old replays' verdicts, divergences
/// and kept traces, then gives the space back when it is worth a rewrite (`--vacuum`).
struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove old replays (their verdicts, divergences and kept traces) and free their space.",
        discussion: """
            Every replay a team runs adds verdicts and kept traces; nothing else deletes them. prune \
            removes the replays that --keep-last or --before selects, in one transaction. Their rows' \
            pages become free pages inside the file, which the next replays fill before the file \
            grows. Giving them back to the file system takes a VACUUM, which rewrites the whole \
            archive (at a million sessions, 3.7 GB written twice, for any prune) and needs free disk \
            about its size while it runs. --vacuum auto (the default) rewrites only when at least a \
            quarter of the file's pages are free; otherwise it keeps them for later writes and says \
            how much is free. --vacuum always rewrites every time (even when nothing is removed: a \
            way to compact an archive), --vacuum never leaves them. Sessions, their recorded traces, \
            the baselines and the baseline history are never touched: a selected replay whose traces a baseline or the history names \
            (an accepted replay, or one whose traces a later replay of the same engine reused and had accepted) is kept, \
            and so is one still running (it may be resumed); both are listed, each with the accepts it is kept for. Exit codes: 0 done, 64 usage, 65 bad data, 66 a missing archive.
            """)

    @Argument(help: "The archive.")
    var archive: String

    @Option(help: "Keep the N newest replays (by id); remove the others.")
    var keepLast: Int?

    @Option(help: "Remove the replays begun before this date or time (2026-11-01, 2026-11-01T12:00:00Z; UTC).")
    var before: String?

    /// `--vacuum`'s values: when the file is rewritten to give its free pages back.
    enum Vacuum: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never

        var policy: Archive.VacuumPolicy {
            switch self {
            case .auto: .auto
            case .always: .always
            case .never: .never
            }
        }
    }

    @Option(
        help: """
            When to rewrite the file (VACUUM) to give the free pages back; auto: when they are at \
            least a quarter of its pages.
            """)
    var vacuum: Vacuum = .auto

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
            let usage = try store.pageUsage()
            let vacuumed = vacuum.policy.vacuums(usage)
            if vacuumed { try store.reclaimSpace() } else { try store.foldWriteAheadLog() }
            let space = Space(
                policy: vacuum.policy, usage: usage, vacuumed: vacuumed, bytesBefore: bytesBefore,
                bytesAfter: Self.fileSize(archive))
            switch format {
            case .text: print(Self.text(summary, archive: archive, space: space))
            case .json: print(Self.json(summary, space: space))
            }
        }
    }

    /// The file before and after, the free pages found once the replays were removed, and what
    /// the policy made of them.
    struct Space {
        var policy: Archive.VacuumPolicy
        var usage: Archive.PageUsage
        var vacuumed: Bool
        var bytesBefore: Int64
        var bytesAfter: Int64

        /// "12.5% of the file": the free pages' share, for people.
        var freeShare: String {
            let percent = usage.pages > 0 ? Double(usage.freePages) * 100 / Double(usage.pages) : 0
            return String(format: "%.1f%% of the file", percent)
        }
    }

    private static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private static func ids(_ list: [Int64]) -> String { list.map(String.init).joined(separator: ", ") }

    static func text(_ s: Archive.PruneSummary, archive: String, space: Space) -> String {
        var lines: [String] = []
        if s.pruned.isEmpty {
            lines.append("\(archive): no replay removed")
        } else {
            lines.append(
                "\(archive): removed \(counted(s.pruned.count, "replay")) (\(ids(s.pruned))): "
                    + "\(counted(Int(s.verdicts), "verdict")), \(counted(Int(s.divergences), "divergence")), "
                    + "\(counted(Int(s.traces), "kept trace"))")
        }
        let free = "\(space.usage.freeBytes) bytes free (\(space.freeShare))"
        if space.vacuumed {
            lines.append("  file: \(space.bytesBefore) -> \(space.bytesAfter) bytes (rewritten: \(free))")
        } else if !s.pruned.isEmpty || space.usage.freePages > 0 {
            let why =
                space.policy == .never
                ? "--vacuum never" : "under a quarter: not worth rewriting the file; --vacuum always does"
            lines.append(
                "  file: \(space.bytesAfter) bytes, \(free), kept for later writes to reuse (\(why))")
        }
        // Called accepted only when an accept named it; otherwise the accepts that took its traces.
        let accepted = s.keptAccepted.filter { s.keptFor[$0, default: []].contains($0) }
        if !accepted.isEmpty {
            lines.append("  kept \(ids(accepted)): accepted (a baseline or the baseline history names their traces)")
        }
        for id in s.keptAccepted where !accepted.contains(id) {
            let through = s.keptFor[id, default: []]
            let why =
                through.isEmpty
                ? "a baseline or the baseline history names its traces"
                : "its traces became baselines through the accept of \(through.count == 1 ? "replay" : "replays") \(ids(through)) "
                    + "(a later replay of the same engine reuses the traces an earlier one kept)"
            lines.append("  kept \(id): not accepted itself; \(why)")
        }
        if !s.keptRunning.isEmpty { lines.append("  kept \(ids(s.keptRunning)): still running (resume or let it finish first)") }
        return lines.joined(separator: "\n")
    }

    /// `{"format":"reel.prune/2","pruned":[...],"verdicts":N,...}`, one line.
    static func json(_ s: Archive.PruneSummary, space: Space) -> String {
        var w = JSONWriter()
        w.object { members in
            members.member("format", JSONOutput.prune.format)
            members.member("pruned") { $0.array(s.pruned) { $0.int(Int($1)) } }
            members.member("verdicts", s.verdicts)
            members.member("divergences", s.divergences)
            members.member("traces", s.traces)
            members.member("kept_accepted") { $0.array(s.keptAccepted) { $0.int(Int($1)) } }
            members.member("kept_accepted_through") { writer in
                writer.object { kept in
                    for id in s.keptAccepted {
                        kept.member(String(id)) { $0.array(s.keptFor[id, default: []]) { $0.int(Int($1)) } }
                    }
                }
            }
            members.member("kept_running") { $0.array(s.keptRunning) { $0.int(Int($1)) } }
            members.member("bytes_before", space.bytesBefore)
            members.member("bytes_after", space.bytesAfter)
            members.member("free_bytes", space.usage.freeBytes)
            members.member("vacuum", space.policy.rawValue)
            members.member("vacuumed", space.vacuumed)
        }
        return w.text
    }
}
