import ReelReplay
import ReelStore

/// One replay of an archive as `reel info` lists it: id, status, candidate, shard and verdict counts.
struct ReplayListing {
    var id: Int64
    var status: String
    var candidate: String
    var shard: String?
    var sessions: Int
    var matched: Int
    var diverged: Int
    var errors: Int

    /// Every replay of `archive`, in id order.
    static func read(_ archive: Archive) throws -> [ReplayListing] {
        let statement = try archive.database.prepare(
            """
            SELECT r.id, r.status, r.candidate, r.shard, count(rr.session_id),
                   coalesce(sum(rr.status = 'matched'), 0), coalesce(sum(rr.status = 'diverged'), 0),
                   coalesce(sum(rr.status = 'error'), 0)
            FROM replays AS r LEFT JOIN replay_results AS rr ON rr.replay_id = r.id
            GROUP BY r.id ORDER BY r.id
            """)
        var listings: [ReplayListing] = []
        while try statement.step() {
            listings.append(
                ReplayListing(
                    id: statement.int64(at: 0), status: statement.string(at: 1), candidate: statement.string(at: 2),
                    shard: statement.optionalString(at: 3), sessions: statement.int(at: 4), matched: statement.int(at: 5),
                    diverged: statement.int(at: 6), errors: statement.int(at: 7)))
        }
        return listings
    }

    /// Aligned lines: "4  finished  tuned.json  500 sessions: 480 matched, 20 diverged, 0 errors".
    static func table(_ listings: [ReplayListing]) -> [String] {
        let ids = listings.map { "replay \($0.id)" }
        let statuses = listings.map(\.status)
        let candidates = listings.map { $0.candidate + ($0.shard.map { " (shard \($0))" } ?? "") }
        func pad(_ texts: [String]) -> [String] {
            let width = texts.map(\.count).max() ?? 0
            return texts.map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }
        }
        return zip(zip(pad(ids), pad(statuses)), zip(pad(candidates), listings)).map { left, right in
            let r = right.1
            return "\(left.0)  \(left.1)  \(right.0)  \(counted(r.sessions, "session")): \(r.matched) matched, "
                + "\(r.diverged) diverged, \(counted(r.errors, "error"))"
        }
    }

    var json: String {
        var w = JSONWriter()
        w.raw("{\"id\":")
        w.int(Int(id))
        w.raw(",\"status\":")
        w.string(status)
        w.raw(",\"candidate\":")
        w.string(candidate)
        w.raw(",\"shard\":")
        if let shard { w.string(shard) } else { w.null() }
        w.raw(",\"sessions\":")
        w.int(sessions)
        w.raw(",\"matched\":")
        w.int(matched)
        w.raw(",\"diverged\":")
        w.int(diverged)
        w.raw(",\"errors\":")
        w.int(errors)
        w.raw("}")
        return w.text
    }
}
