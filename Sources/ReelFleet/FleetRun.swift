import ReelStore
import ReelTrace

/// One session's verdict as the fleet database keeps it: keyed by the session's content hash (the
/// same in every archive that recorded the same input), not by an archive's row id.
package struct FleetVerdict: Sendable, Hashable {
    package var sessionHash: String
    package var scenario: String
    package var tags: [String]
    package var status: VerdictStatus
    package var decisionExpected: Decision?
    package var decisionActual: Decision?
    package var firstDivergentFrame: Int?
    package var maxError: Double?
    package var errorMessage: String?
    package var kinds: [DivergenceKind]
    /// The divergences of this session in the replay, in the archive's order.
    package var divergences: [Divergence]

    /// Whether the completion decision changed (both decisions known and different).
    package var flipped: Bool {
        guard let decisionExpected, let decisionActual else { return false }
        return decisionExpected != decisionActual
    }
}

/// A replay of an archive, read for publishing: the run's identity, its candidate engine and every
/// verdict with its divergences.
///
/// ```
/// let run = try FleetRun.read(archive: "corpus.sqlite", replayID: 3)
/// run.runKey      // the same for every publish of this replay, whichever copy of the archive
/// run.verdicts.count
/// ```
package struct FleetRun: Sendable, Hashable {
    package var replayID: Int64
    package var candidate: String
    package var engine: EngineIdentity
    package var status: ReplayStatus
    package var shard: String?
    /// As the archive stores them (ISO 8601, UTC, milliseconds).
    package var startedAt: String
    package var finishedAt: String?
    /// Where the replay ran, as `reel replay` stored it (`replays.metadata_json`); nil for a replay
    /// that stored none (recorded before Reel stored run metadata).
    package var storedMetadata: RunMetadata?
    package var verdicts: [FleetVerdict]

    /// The SHA-256 of the sorted content hashes of the sessions the replay judged: what the
    /// archive's replay was run on, the same in a copy of the archive or after sessions are added.
    package var archiveIdentity: String {
        SHA256.hex(of: Array(verdicts.map(\.sessionHash).sorted().joined(separator: "\n").utf8))
    }

    /// The run's natural key: archive identity, replay id and start time. Publishing the same replay
    /// again finds this key and adds nothing.
    package var runKey: String {
        SHA256.hex(of: Array("reel-fleet-run-1\n\(archiveIdentity)\n\(replayID)\n\(startedAt)".utf8))
    }

    /// How many sessions are read from the archive at once (bounds memory for a large replay).
    static let chunk = 512

    /// Reads replay `replayID` of the archive at `path` (opened read-only) through ReelStore's
    /// readers. Throws `FleetError.replayNotFound` or `.replayUnfinished`, and the archive's errors.
    package static func read(archive path: String, replayID: Int64) throws -> FleetRun {
        let archive = try Archive.open(path, mode: .readOnly)
        let runs = try archive.replayRuns()
        guard let replay = runs.first(where: { $0.id == replayID }) else {
            throw FleetError.replayNotFound(archive: path, replayID: replayID, known: runs.map(\.id))
        }
        guard replay.status != .running else { throw FleetError.replayUnfinished(archive: path, replayID: replayID) }
        let engine =
            try archive.engine(id: replay.engineID)
            ?? EngineIdentity(name: "?", version: "?", fingerprint: "?", profileJSON: "{}")
        let results = try archive.replayResults(replayID: replayID)
        var divergences: [Int64: [Divergence]] = [:]
        for row in try archive.divergences(replayID: replayID) { divergences[row.sessionID, default: []].append(row.divergence) }
        var verdicts: [FleetVerdict] = []
        verdicts.reserveCapacity(results.count)
        let headerOnly = SessionContents(frames: false, events: false, tags: true, hierarchy: false)
        for start in stride(from: 0, to: results.count, by: chunk) {
            let slice = results[start..<min(start + chunk, results.count)]
            let sessions = try archive.loadSessions(slice.map(\.sessionID), contents: headerOnly)
            var headers: [Int64: SessionHeader] = [:]
            for session in sessions { headers[session.id] = session.header }
            for row in slice {
                guard let header = headers[row.sessionID] else { continue }
                verdicts.append(
                    FleetVerdict(
                        sessionHash: header.contentHash, scenario: header.scenarioName, tags: header.tags, status: row.status,
                        decisionExpected: row.decisionExpected, decisionActual: row.decisionActual,
                        firstDivergentFrame: row.firstDivergentFrame, maxError: row.maxError, errorMessage: row.errorMessage,
                        kinds: row.kinds, divergences: divergences[row.sessionID] ?? []))
            }
        }
        return FleetRun(
            replayID: replayID, candidate: replay.candidate, engine: engine, status: replay.status, shard: replay.shard,
            startedAt: replay.startedAt, finishedAt: replay.finishedAt, storedMetadata: try archive.runMetadata(replayID: replayID),
            verdicts: verdicts)
    }
}
