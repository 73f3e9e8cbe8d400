import Foundation
import PostgresNIO
import ReelStore
import ReelTrace

/// What a publish did.
package struct PublishOutcome: Sendable, Equatable {
    /// `fleet_runs.id` of the run (the existing one when it was already published).
    package var runID: Int64
    /// False when the run was already in the database and nothing was written.
    package var inserted: Bool
    package var verdicts: Int
    package var divergences: Int
    package var runKey: String
}

/// Writes a replay to the fleet database: the run, its metadata, its verdicts and divergences, in
/// one transaction, once per run (`FleetRun.runKey`). Every value goes as a bind parameter.
///
/// ```
/// let run = try FleetRun.read(archive: "corpus.sqlite", replayID: 3)
/// let database = try await FleetDatabase.connect(to: server)
/// let outcome = try await FleetPublisher(database: database).publish(run, metadata: metadata)
/// ```
package struct FleetPublisher: Sendable {
    package let database: FleetDatabase
    /// Seconds to wait inside the transaction after the rows are written and before COMMIT, with
    /// a line on standard error when the wait starts: how the tests kill a publish mid-transaction
    /// (`REEL_PUBLISH_TEST_PAUSE_SECONDS`). Zero in normal use.
    package var pauseBeforeCommit: Double = 0

    /// Rows per multi-row INSERT (well under PostgreSQL's 65,535 parameters a statement).
    static let rowsPerInsert = 400

    package init(database: FleetDatabase, pauseBeforeCommit: Double = 0) {
        self.database = database
        self.pauseBeforeCommit = pauseBeforeCommit
    }

    /// Creates the schema if missing, then publishes `run` unless its key is already there.
    package func publish(_ run: FleetRun, metadata: RunMetadata) async throws -> PublishOutcome {
        try await database.createSchema()
        let divergenceCount = run.verdicts.reduce(0) { $0 + $1.divergences.count }
        return try await database.transaction {
            guard let runID = try await insertRun(run, metadata: metadata) else {
                let existing = try await existingRunID(run.runKey)
                return PublishOutcome(runID: existing, inserted: false, verdicts: 0, divergences: 0, runKey: run.runKey)
            }
            for pair in metadata.extra {
                try await database.run("INSERT INTO fleet_run_metadata (run_id, key, value) VALUES (\(runID), \(pair.key), \(pair.value))")
            }
            try await insertVerdicts(run.verdicts, runID: runID)
            try await insertDivergences(run.verdicts, runID: runID)
            if pauseBeforeCommit > 0 {
                FileHandle.standardError.write(Data("reel-publish: rows written, pausing before COMMIT (test hook)\n".utf8))
                try await Task.sleep(for: .seconds(pauseBeforeCommit))
            }
            return PublishOutcome(
                runID: runID, inserted: true, verdicts: run.verdicts.count, divergences: divergenceCount, runKey: run.runKey)
        }
    }

    /// Inserts the run's row; nil when a run of the same key exists (then nothing was written).
    private func insertRun(_ run: FleetRun, metadata: RunMetadata) async throws -> Int64? {
        let verdicts = run.verdicts
        let matched = verdicts.count(where: { $0.status == .matched })
        let diverged = verdicts.count(where: { $0.status == .diverged })
        let errors = verdicts.count(where: { $0.status == .error })
        let flips = verdicts.count(where: \.flipped)
        // Its rows are read inside `run`, so a server's error on this INSERT is a `FleetError` (69)
        // like any other statement's.
        return try await database.firstValue(
            """
            INSERT INTO fleet_runs (run_key, archive_identity, replay_id, candidate, engine_name, engine_version,
                engine_fingerprint, replay_status, shard, started_at, finished_at, ci_system, commit_sha, branch,
                pull_request, ci_url, host, sessions, matched, diverged, errors, flips)
            VALUES (\(run.runKey), \(run.archiveIdentity), \(run.replayID), \(run.candidate), \(run.engine.name),
                \(run.engine.version), \(run.engine.fingerprint), \(run.status.rawValue), \(run.shard),
                \(run.startedAt)::timestamptz, \(run.finishedAt)::timestamptz, \(metadata.ciSystem), \(metadata.commit),
                \(metadata.branch), \(metadata.pullRequest), \(metadata.ciURL), \(metadata.host), \(verdicts.count),
                \(matched), \(diverged), \(errors), \(flips))
            ON CONFLICT (run_key) DO NOTHING
            RETURNING id
            """, as: Int64.self)
    }

    private func existingRunID(_ runKey: String) async throws -> Int64 {
        if let id = try await database.firstValue("SELECT id FROM fleet_runs WHERE run_key = \(runKey)", as: Int64.self) { return id }
        throw FleetError.server(url: database.server.displayURL, sqlState: "?", message: "run \(runKey) vanished during the publish")
    }

    private func insertVerdicts(_ verdicts: [FleetVerdict], runID: Int64) async throws {
        let columns =
            "run_id, session_hash, scenario, tags, status, decision_expected, decision_actual, flipped, first_divergent_frame, max_error, error_message, kinds"
        for start in stride(from: 0, to: verdicts.count, by: Self.rowsPerInsert) {
            var binds = PostgresBindings()
            var placeholders: [String] = []
            for verdict in verdicts[start..<min(start + Self.rowsPerInsert, verdicts.count)] {
                binds.append(runID)
                binds.append(verdict.sessionHash)
                binds.append(verdict.scenario)
                binds.append(verdict.tags)
                binds.append(verdict.status.rawValue)
                binds.append(verdict.decisionExpected?.rawValue)
                binds.append(verdict.decisionActual?.rawValue)
                binds.append(verdict.flipped)
                binds.append(verdict.firstDivergentFrame)
                binds.append(verdict.maxError)
                binds.append(verdict.errorMessage)
                binds.append(verdict.kinds.map(\.rawValue))
                placeholders.append(Self.placeholders(row: placeholders.count, width: 12))
            }
            try await database.run(
                PostgresQuery(
                    unsafeSQL: "INSERT INTO fleet_verdicts (\(columns)) VALUES " + placeholders.joined(separator: ", "), binds: binds))
        }
    }

    private func insertDivergences(_ verdicts: [FleetVerdict], runID: Int64) async throws {
        let columns = "run_id, session_hash, seq, kind, frame_index, view_key, property, expected, actual, delta, detail"
        var binds = PostgresBindings()
        var placeholders: [String] = []
        func flush() async throws {
            guard !placeholders.isEmpty else { return }
            try await database.run(
                PostgresQuery(
                    unsafeSQL: "INSERT INTO fleet_divergences (\(columns)) VALUES " + placeholders.joined(separator: ", "), binds: binds))
            binds = PostgresBindings()
            placeholders = []
        }
        for verdict in verdicts {
            for (seq, divergence) in verdict.divergences.enumerated() {
                binds.append(runID)
                binds.append(verdict.sessionHash)
                binds.append(seq)
                binds.append(divergence.kind.rawValue)
                binds.append(divergence.frameIndex)
                binds.append(divergence.viewKey)
                binds.append(divergence.property)
                binds.append(divergence.expected)
                binds.append(divergence.actual)
                binds.append(divergence.delta)
                binds.append(divergence.detail)
                placeholders.append(Self.placeholders(row: placeholders.count, width: 11))
                if placeholders.count == Self.rowsPerInsert { try await flush() }
            }
        }
        try await flush()
    }

    /// `($k+1, ..., $k+width)` for row `row` of a multi-row VALUES list: numbers only, the values
    /// themselves are bind parameters.
    static func placeholders(row: Int, width: Int) -> String {
        "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ")"
    }
}
