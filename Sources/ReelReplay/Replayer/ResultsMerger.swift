import Foundation
import ReelStore

/// Combines the results archives of shard runs (`reel replay ARCHIVE --shard I/N --results R_I`)
/// into one new results archive holding exactly what one unsharded run would have written: the
/// same `replay_results` and `divergences` rows (divergences in session order) under a single
/// `replays` row without a shard, started when the first shard started and finished when the last
/// one finished.
///
/// Inputs merge when each holds one finished replay and together they are the shards 1/N ... N/N
/// of one replay: the same selected sessions of the same archive (ids and content hashes), the
/// same candidate engine (fingerprint), the same tolerances and the same recorded selection
/// (`--session`, `--scenario`; shards written before schema v3 recorded none), every session judged
/// by exactly one shard. The merged replay records that selection and no runner. Anything else is
/// a `ReelFailure` naming the input and the reason, and no output.
public struct ResultsMerger {
    public let inputs: [String]
    public let output: String

    public init(inputs: [String], output: String) {
        self.inputs = inputs
        self.output = output
    }

    /// Checks the inputs, writes the output and returns the merged replay's id in it.
    public func merge() throws -> Int64 {
        guard !inputs.isEmpty else { throw ReelFailure(.usage, "merge needs at least one results archive") }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw ReelFailure(.usage, "\(output) already exists; merge writes a new results archive")
        }
        let shards = try inputs.map(ShardResults.init(path:))
        try check(shards)
        do {
            return try write(shards)
        } catch {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: output + suffix) }
            throw error
        }
    }

    private func check(_ shards: [ShardResults]) throws {
        let first = shards[0]
        var byIndex: [Int: ShardResults] = [:]
        for shard in shards {
            if shard.candidate.fingerprint != first.candidate.fingerprint {
                throw ShardResults.failure(
                    shard.path, "its candidate engine \(shard.candidateDescription) is not \(first.path)'s "
                        + "\(first.candidateDescription) (an external engine that never answered is \"exec unknown\")")
            }
            if shard.run.tolerancesJSON != first.run.tolerancesJSON {
                throw ShardResults.failure(
                    shard.path, "its tolerances \(shard.run.tolerancesJSON) are not \(first.path)'s \(first.run.tolerancesJSON)")
            }
            if let selection = shard.run.selectionJSON, let firstSelection = first.run.selectionJSON,
                selection != firstSelection
            {
                throw ShardResults.failure(
                    shard.path, "it was run for \(ReplaySelection(json: selection).map(\.description) ?? selection), "
                        + "\(first.path) for \(ReplaySelection(json: firstSelection).map(\.description) ?? firstSelection): "
                        + "shards must replay the same archive with the same --scenario and --session options")
            }
            if shard.sessionsDigest != first.sessionsDigest {
                throw ShardResults.failure(
                    shard.path, "it selected other sessions than \(first.path) (\(shard.sessionCount) and "
                        + "\(first.sessionCount) sessions, or different contents): shards must replay the same archive "
                        + "with the same --scenario and --session options")
            }
            if shard.shard.count != first.shard.count {
                throw ShardResults.failure(shard.path, "it is shard \(shard.shard) but \(first.path) is shard \(first.shard)")
            }
            if let other = byIndex[shard.shard.index] {
                throw ShardResults.failure(shard.path, "\(other.path) holds shard \(shard.shard) too")
            }
            byIndex[shard.shard.index] = shard
            if let stray = shard.judged.first(where: { !shard.shard.contains(sessionID: $0) }) {
                throw ShardResults.failure(shard.path, "session \(stray) is not in shard \(shard.shard)")
            }
        }
        let missingShards = (1...first.shard.count).filter { byIndex[$0] == nil }
        if !missingShards.isEmpty {
            let names = missingShards.map { "\($0)/\(first.shard.count)" }
            throw ReelFailure(
                .dataError, "cannot merge: shard\(names.count == 1 ? "" : "s") \(shortList(names)) missing; "
                    + "run `reel replay ARCHIVE --shard I/N --results FILE` for \(names.count == 1 ? "it" : "them")")
        }
        let judgedCount = shards.reduce(0) { $0 + $1.judged.count }
        if judgedCount != first.sessionCount {
            let archive = try Archive.open(first.path, mode: .readOnly)
            let judged = Set(shards.flatMap(\.judged))
            let unjudged = try archive.sessionIDs().filter { !judged.contains($0) }
            throw ReelFailure(
                .dataError, "cannot merge: \(unjudged.count) of \(first.sessionCount) selected sessions have no "
                    + "verdict in any shard: \(shortList(unjudged.map(String.init)))")
        }
    }

    private func write(_ shards: [ShardResults]) throws -> Int64 {
        let merged = try Archive.open(output, mode: .readWrite)
        let db = merged.database
        try merged.attach(shards[0].path, as: "shard")
        try merged.write {
            for table in ["engines", "scenarios", "sessions"] {
                try db.execute("INSERT INTO main.\(table) SELECT * FROM shard.\(table)")
            }
        }
        try merged.detach("shard")
        let replayID = try merged.write {
            try merged.insertReplayRun(
                ReplayRunRow(
                    id: 0, engineID: merged.engineID(for: shards[0].candidate), candidate: shards[0].run.candidate,
                    startedAt: shards.map(\.run.startedAt).min()!,
                    finishedAt: shards.compactMap(\.run.finishedAt).max(),
                    tolerancesJSON: shards[0].run.tolerancesJSON, shard: nil, status: .finished,
                    selectionJSON: shards.lazy.compactMap(\.run.selectionJSON).first, runner: nil))
        }
        try db.execute("""
            CREATE TEMP TABLE merged_divergences (
                shard_divergence_id INTEGER, session_id INTEGER, kind TEXT, frame_index INTEGER, view_key TEXT,
                property TEXT, expected TEXT, actual TEXT, delta REAL, detail TEXT)
            """)
        for shard in shards {
            try merged.attach(shard.path, as: "shard")
            try merged.write {
                try db.execute("""
                    INSERT INTO main.replay_results
                    SELECT \(replayID), session_id, status, decision_expected, decision_actual, first_divergent_frame,
                        max_error, error_message, kinds_json
                    FROM shard.replay_results WHERE replay_id = \(shard.run.id);
                    INSERT INTO temp.merged_divergences
                    SELECT id, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail
                    FROM shard.divergences WHERE replay_id = \(shard.run.id);
                    """)
            }
            try merged.detach("shard")
        }
        try merged.write {
            // One unsharded run writes its divergences in session order.
            try db.execute("""
                INSERT INTO main.divergences
                    (replay_id, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail)
                SELECT \(replayID), session_id, kind, frame_index, view_key, property, expected, actual, delta, detail
                FROM temp.merged_divergences ORDER BY session_id, shard_divergence_id;
                DROP TABLE temp.merged_divergences;
                """)
        }
        return replayID
    }
}
