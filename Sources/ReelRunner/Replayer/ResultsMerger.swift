import Foundation
import ReelStore
import ReelTrace

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
///
/// The merged replay is written running and marked finished in the transaction that writes its
/// last rows; `reel merge` writes to a temporary file beside OUT and renames it at the end, so
/// an interrupted merge leaves no OUT at all (docs/RELIABILITY.md, "Merge atomicity").
package struct ResultsMerger {
    package let inputs: [String]
    package let output: String

    package init(inputs: [String], output: String) {
        self.inputs = inputs
        self.output = output
    }

    /// Checks the inputs, writes the output and returns the merged replay's id in it.
    package func merge() throws -> Int64 {
        guard !inputs.isEmpty else { throw ReelFailure(.usage, "merge needs at least one results archive") }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw ReelFailure(.usage, "\(output) already exists; merge writes a new results archive")
        }
        let shards = try Self.oneReplay(try inputs.map(ShardResults.init(path:)))
        try check(shards)
        do {
            return try write(shards)
        } catch {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: output + suffix) }
            throw error
        }
    }

    /// The inputs when they are shards of one replay (same candidate, tolerances, selection,
    /// sessions and shard count); a failure listing the replays found, each with its files and
    /// missing shards, when they are not.
    private static func oneReplay(_ shards: [ShardResults]) throws -> [ShardResults] {
        var groups: [[ShardResults]] = []
        for shard in shards {
            if let group = groups.firstIndex(where: { shard.mismatch(with: $0[0]) == nil }) {
                groups[group].append(shard)
            } else {
                groups.append([shard])
            }
        }
        guard groups.count > 1 else { return shards }
        let described = groups.enumerated().map { number, group in
            let count = group[0].shard.count
            let missing = Set(1...count).subtracting(group.map(\.shard.index)).sorted().map { "\($0)/\(count)" }
            return "replay \(number + 1) (\(group[0].candidateDescription), \(count) shards): "
                + group.map { "\($0.path) [\($0.shard)]" }.joined(separator: ", ")
                + (missing.isEmpty ? "" : "; missing \(shortList(missing))")
        }
        let firstOther = groups[1][0]
        throw ReelFailure(
            .dataError,
            "cannot merge: the inputs hold shards of \(groups.count) different replays; merge one replay's files at a time: "
                + described.joined(separator: " | ") + ". \(firstOther.path) is not a shard of \(groups[0][0].path)'s replay: "
                + firstOther.mismatch(with: groups[0][0])!)
    }

    /// Checks the shards of one replay (`oneReplay` grouped them) for a shard given twice, a session
    /// outside its shard, missing shards and unjudged sessions.
    private func check(_ shards: [ShardResults]) throws {
        let first = shards[0]
        var byIndex: [Int: ShardResults] = [:]
        for shard in shards {
            if let other = byIndex[shard.shard.index] {
                throw ShardResults.failure(shard.path, "\(other.path) holds shard \(shard.shard) too")
            }
            byIndex[shard.shard.index] = shard
            if let stray = shard.strayJudged {
                throw ShardResults.failure(shard.path, "session \(stray) is not in shard \(shard.shard)")
            }
        }
        let missingShards = (1...first.shard.count).filter { byIndex[$0] == nil }
        if !missingShards.isEmpty {
            let names = missingShards.map { "\($0)/\(first.shard.count)" }
            throw ReelFailure(
                .dataError,
                "cannot merge: shard\(names.count == 1 ? "" : "s") \(shortList(names)) missing; "
                    + "run `reel replay ARCHIVE --shard I/N --results FILE` for \(names.count == 1 ? "it" : "them")")
        }
        let judgedCount = shards.reduce(0) { $0 + $1.judgedCount }
        if judgedCount != first.sessionCount {
            // Each shard holds the headers of its share (an earlier Reel's, of every selected session).
            let judged = Set(try shards.flatMap { try $0.judged() })
            let unjudged = Set(try shards.flatMap { try $0.sessionIDs() }).subtracting(judged).sorted()
            throw ReelFailure(
                .dataError,
                "cannot merge: \(unjudged.count) of \(first.sessionCount) selected sessions have no "
                    + "verdict in any shard: \(shortList(unjudged.map(String.init)))")
        }
    }

    private func write(_ shards: [ShardResults]) throws -> Int64 {
        let merged = try Archive.open(output, mode: .readWrite)
        try merged.attach(shards[0].path, as: "shard")
        try merged.write {
            for table in HeaderTable.allCases { try merged.copyRows(of: table, fromAttached: "shard") }
        }
        try merged.detach("shard")
        // Each shard holds the session headers of its own share: the merged archive gets them all.
        for shard in shards.dropFirst() {
            try merged.attach(shard.path, as: "shard")
            try merged.write { try merged.copyMissingRows(of: .sessions, fromAttached: "shard") }
            try merged.detach("shard")
        }
        let replayID = try merged.write {
            try merged.insertReplayRun(
                ReplayRunRow(
                    id: 0, engineID: merged.engineID(for: shards[0].candidate), candidate: shards[0].run.candidate,
                    startedAt: shards.map(\.run.startedAt).min()!, finishedAt: nil,
                    tolerancesJSON: shards[0].run.tolerancesJSON, shard: nil, status: .running,
                    selectionJSON: shards.lazy.compactMap(\.selectionJSON).first, runner: nil,
                    metadataJSON: shards.lazy.compactMap(\.run.metadataJSON).first))
        }
        try merged.mergeShardVerdicts(
            shards.map { ($0.path, $0.run.id) }, into: replayID, finishedAt: shards.compactMap(\.run.finishedAt).max())
        return replayID
    }
}
