import ReelJSON
import ReelRunner
import ReelStore
import ReelTrace

/// One replay of an archive as `reel info` lists it: id, status, candidate engine, when it started,
/// shard, verdict counts and decision flips.
struct ReplayListing {
    var id: Int64
    var status: String
    var candidate: String
    /// The candidate engine's name and version as it identified itself.
    var engine: String
    var startedAt: String
    var shard: String?
    var sessions: Int
    var matched: Int
    var diverged: Int
    var errors: Int
    /// Sessions whose completion decision flipped.
    var flips: Int
    /// Where the run ran (commit, branch, pull request, CI URL, host, `--meta`); nil when not stored.
    var metadata: RunMetadata?
    /// Sessions whose baseline `reel accept --replay` took from this replay (`baseline_history.replay_id`).
    var accepted = 0

    /// Every replay of `archive`, in id order.
    static func read(_ archive: Archive) throws -> [ReplayListing] {
        let accepted = try archive.acceptedSessionCounts()
        return try archive.replayOverviews().map { row in
            ReplayListing(
                id: row.id, status: row.status, candidate: row.candidate, engine: row.engine, startedAt: row.startedAt,
                shard: row.shard, sessions: row.sessions, matched: row.matched, diverged: row.diverged, errors: row.errors,
                flips: row.flips, metadata: try archive.runMetadata(replayID: row.id), accepted: accepted[row.id] ?? 0)
        }
    }

    /// Aligned lines: "replay 4  finished  2026-11-23T21:02:11Z  builtin 0.4.0 (tuned.json)  500 sessions: 480 matched,
    /// 20 diverged, 0 errors, 3 flips".
    static func table(_ listings: [ReplayListing]) -> [String] {
        let ids = listings.map { "replay \($0.id)" }
        let statuses = listings.map(\.status)
        let started = listings.map(\.startedAt)
        let candidates = listings.map {
            shown($0.engine, limit: 80) + " (\(shown($0.candidate, limit: 200)))"
                + ($0.shard.map { " (shard \($0))" } ?? "")
        }
        func pad(_ texts: [String]) -> [String] {
            let width = texts.map(\.count).max() ?? 0
            return texts.map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }
        }
        let columns = [pad(ids), pad(statuses), pad(started), pad(candidates)]
        return listings.indices.flatMap { index in
            let r = listings[index]
            let line =
                columns.map { $0[index] }.joined(separator: "  ") + "  \(counted(r.sessions, "session")): \(r.matched) matched, "
                + "\(r.diverged) diverged, \(counted(r.errors, "error")), \(counted(r.flips, "flip"))"
                + (r.accepted > 0 ? ", \(counted(r.accepted, "session")) accepted" : "")
            guard let metadata = r.metadata, !metadata.values.isEmpty else { return [line] }
            return [line, "    ran at: " + shown(metadata.summary, limit: 400)]
        }
    }

    /// `{"id":4,"status":"finished",...}`: one element of `reel info`'s `replays`.
    func write(to w: inout JSONWriter) {
        w.object { members in
            members.member("id", id)
            members.member("status", status)
            members.member("candidate", candidate)
            members.member("engine", engine)
            members.member("started_at", startedAt)
            members.member("shard", shard)
            members.member("sessions", sessions)
            members.member("matched", matched)
            members.member("diverged", diverged)
            members.member("errors", errors)
            members.member("flips", flips)
            members.member("metadata") { w in
                if let metadata {
                    w.object(metadata.values.sorted { $0.key < $1.key }, key: \.key) { w, entry in w.string(entry.value) }
                } else {
                    w.null()
                }
            }
        }
    }
}
