import ReelJSON
import ReelRunner
import ReelStore

/// When and where a replay ran, as `reel compare` and the Markdown summaries show it: its start and
/// end (`replays.started_at`, `finished_at`, UTC) and its stored metadata (commit, branch, pull
/// request, host, CI URL, `--meta`; none for a replay recorded before Reel stored it).
///
/// ```swift
/// try RunFacts.read(archive, replayID: 3)?.words
/// // "started 2026-11-26T16:00:00.000Z, finished 2026-11-26T16:00:04.210Z; commit 3f2a9c0d1e2b, branch main, host ci-7"
/// ```
struct RunFacts {
    var startedAt: String
    var finishedAt: String?
    var metadata: RunMetadata?

    /// Replay `replayID` of `archive`'s facts; nil when it has no such replay.
    static func read(_ archive: Archive, replayID: Int64) throws -> RunFacts? {
        guard let run = try archive.replayRun(id: replayID) else { return nil }
        return RunFacts(startedAt: run.startedAt, finishedAt: run.finishedAt, metadata: try archive.runMetadata(replayID: replayID))
    }

    /// One line, the archive's text made safe for a terminal or a Markdown cell by the caller.
    var words: String {
        let when = "started \(startedAt)" + (finishedAt.map { ", finished \($0)" } ?? "")
        guard let metadata, !metadata.values.isEmpty else { return when + "; no run metadata stored" }
        return when + "; " + metadata.summary
    }

    /// `{"started_at":...,"finished_at":...,"metadata":{...}|null}`.
    func write(to w: inout JSONWriter) {
        w.object { members in
            members.member("started_at", startedAt)
            members.member("finished_at", finishedAt)
            members.member("metadata") { w in
                guard let metadata else { return w.null() }
                w.object(metadata.values.sorted { $0.key < $1.key }, key: \.key) { w, entry in w.string(entry.value) }
            }
        }
    }
}

extension VerdictChanges {
    /// The two replays compared, each with its name ("replay 3", "replay 1 of FILE") and facts.
    func runFacts() throws -> [(name: String, facts: RunFacts?)] {
        let laterArchive = try laterPath.map { try Archive.open($0, mode: .readOnly) } ?? archive
        return [
            (earlierName, try RunFacts.read(archive, replayID: earlier)), (laterName, try RunFacts.read(laterArchive, replayID: later)),
        ]
    }
}
