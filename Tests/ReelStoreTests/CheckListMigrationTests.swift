import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// Migration 0002 rewrites the CHECKs of touches, replays, replay_results and divergences without
/// IN lists: same rows, same views, same refusals, and no temporary b-tree per inserted row.
@Suite struct CheckListMigrationTests {
    static let tables = [
        "engines", "scenarios", "sessions", "touches", "frames", "view_keys", "frame_views", "events", "outcomes",
        "replays", "replay_results", "divergences", "regressions", "divergence_summary",
    ]

    /// A version 1 archive with two sessions, one finished replay of both and its divergences.
    static func makeVersion1Archive(_ path: String) throws {
        let archive = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(1)))
        #expect(archive.schemaVersion == 1)
        let recorder = try archive.engineID(for: sampleEngine)
        let candidate = try archive.engineID(for: candidateEngine)
        let first = try insertVersion3Session(sampleSession(contentHash: "1", externalID: "ext-1"), engineID: recorder, into: archive)
        let second = try insertVersion3Session(sampleSession(contentHash: "2"), engineID: recorder, into: archive)
        // As a version 1 reel began replays (the columns of later versions do not exist yet).
        try archive.database.execute(
            """
            INSERT INTO replays (engine_id, candidate, started_at, tolerances_json, shard, status)
            VALUES (\(candidate), 'p.json', '2025-01-31T12:00:00.000Z', '{}', NULL, 'running')
            """)
        let replay = archive.database.lastInsertRowID
        try archive.write {
            try archive.insertReplayResult(
                ReplayResultRow(
                    replayID: replay, sessionID: first, status: .diverged, decisionExpected: .finished,
                    decisionActual: .cancelled, firstDivergentFrame: 1, maxError: 3.5, kinds: [.decision, .frame]))
            try archive.insertReplayResult(
                ReplayResultRow(
                    replayID: replay, sessionID: second, status: .matched, decisionExpected: .finished,
                    decisionActual: .finished, firstDivergentFrame: nil, maxError: 0, kinds: []))
            try archive.insertDivergence(
                DivergenceRow(
                    replayID: replay, sessionID: first,
                    divergence: Divergence(
                        kind: .decision, expected: "finished", actual: "cancelled", detail: "recorded finished, replay cancelled")))
            try archive.insertDivergence(
                DivergenceRow(
                    replayID: replay, sessionID: first,
                    divergence: Divergence(
                        kind: .frame, frameIndex: 1, viewKey: "B.view", property: "x", expected: "1", actual: "4.5", delta: 3.5,
                        detail: "B.view.x")))
        }
        try archive.finishReplay(replay)
    }

    /// Every row of `table`, each value as SQLite's quote() gives it, in a fixed order.
    static func rows(_ table: String, in database: Database) throws -> [String] {
        let shape = try database.prepare("SELECT * FROM \(table) LIMIT 0")
        let list = (0..<shape.columnCount).map { "quote(\"\(shape.columnName(at: $0))\")" }
        let statement = try database.prepare(
            "SELECT \(list.joined(separator: " || '|' || ")) AS row FROM \(table) ORDER BY row")
        var rows: [String] = []
        while try statement.step() { rows.append(statement.string(at: 0)) }
        return rows
    }

    @Test func keepsEveryRowAndTheViews() throws {
        let path = temporaryPath("v1.sqlite")
        try Self.makeVersion1Archive(path)
        let before = try Archive.open(path, mode: .readOnly, migrations: Array(EmbeddedMigration.all.prefix(1)))
        let expected = try Self.tables.map { try Self.rows($0, in: before.database) }
        #expect(expected[Self.tables.firstIndex(of: "regressions")!].count == 1)
        #expect(expected[Self.tables.firstIndex(of: "touches")!].count == 8)

        let migrated = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(2)))
        #expect(migrated.migrationsApplied.map(\.name) == ["check_lists"])
        #expect(migrated.schemaVersion == 2)
        #expect(try Self.tables.map { try Self.rows($0, in: migrated.database) } == expected)
        #expect(try migrated.database.prepare("PRAGMA foreign_key_check").step() == false)
        let integrity = try migrated.database.prepare("PRAGMA integrity_check")
        #expect(try integrity.step() && integrity.string(at: 0) == "ok")
        // Foreign keys are enforced again after the migration: deleting a session cascades.
        try migrated.database.execute("DELETE FROM sessions WHERE content_hash = '1'")
        #expect(try migrated.database.scalarInt64("SELECT count(*) FROM divergences") == 0)
        #expect(try migrated.database.scalarInt64("SELECT count(*) FROM touches") == 4)
    }

    @Test func stillRefusesValuesOutsideEachList() throws {
        let archive = try Archive.open(temporaryPath("refusals.sqlite"), mode: .readWrite)
        let session = try archive.insert(sampleSession(), engineID: try archive.engineID(for: sampleEngine))
        let replay = try archive.beginReplay(
            engineID: try archive.engineID(for: candidateEngine), candidate: "c", tolerancesJSON: "{}", shard: nil)
        let refused = [
            "INSERT INTO touch_rows VALUES (\(session), 99, 0, 0, 'hovering', 0, 0)",
            "UPDATE replays SET status = 'paused' WHERE id = \(replay)",
            "INSERT INTO replay_results (replay_id, session_id, status) VALUES (\(replay), \(session), 'maybe')",
            "INSERT INTO replay_results (replay_id, session_id, status) VALUES (\(replay), \(session), 'MATCHED')",
        ]
        for sql in refused {
            let error = #expect(throws: SQLiteError.self) { try archive.database.execute(sql) }
            #expect(error?.description.contains("CHECK constraint failed") == true, "\(sql)")
        }
        try archive.database.execute(
            "INSERT INTO replay_results (replay_id, session_id, status) VALUES (\(replay), \(session), 'error')")
        let divergence = #expect(throws: SQLiteError.self) {
            try archive.database.execute(
                "INSERT INTO divergences (replay_id, session_id, kind) VALUES (\(replay), \(session), 'wobble')")
        }
        #expect(divergence?.description.contains("CHECK constraint failed") == true)
        for (seq, phase) in ["began", "moved", "stationary", "ended", "cancelled"].enumerated() {
            try archive.database.execute("INSERT INTO touch_rows VALUES (\(session), \(100 + seq), 0, 0, '\(phase)', 0, 0)")
        }
    }

    /// The reason for the migration, as SQLite's own plan shows it: inserting a row builds no
    /// temporary b-tree (`OpenEphemeral`) to check a column against a list of allowed values.
    @Test func insertsBuildNoTemporaryTreeForChecks() throws {
        let archive = try Archive.open(temporaryPath("plans.sqlite"), mode: .readWrite)
        let inserts = [
            "INSERT INTO touch_rows VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            "INSERT INTO touch_packs VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            "INSERT INTO replays (engine_id, candidate, started_at, tolerances_json, selection_json, runner) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            "INSERT INTO replay_results (replay_id, session_id, status, decision_expected, decision_actual) VALUES (?1, ?2, ?3, ?4, ?5)",
            "INSERT INTO divergences (replay_id, session_id, kind) VALUES (?1, ?2, ?3)",
            "INSERT INTO traces (session_id, engine_id, frame_count, first_tick, decision, completed_at, hierarchy_json, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            "INSERT INTO trace_views VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
            "INSERT INTO view_change_packs VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
            "INSERT INTO trace_event_packs VALUES (?1, ?2, ?3, ?4)",
            "INSERT INTO trace_event_times VALUES (?1, ?2, ?3)",
        ]
        for sql in inserts {
            let plan = try archive.database.prepare("EXPLAIN " + sql)
            var opcodes: [String] = []
            while try plan.step() { opcodes.append(plan.string(at: 1)) }
            #expect(opcodes.contains("Insert") || opcodes.contains("IdxInsert"), "\(sql)")
            #expect(!opcodes.contains("OpenEphemeral"), "\(sql)")
        }
        // The plan of version 1's touches insert did build one: the check this migration removes.
        let v1 = try Archive.open(
            temporaryPath("plans-v1.sqlite"), mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(1)))
        let plan = try v1.database.prepare("EXPLAIN INSERT INTO touches VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        var opcodes: [String] = []
        while try plan.step() { opcodes.append(plan.string(at: 1)) }
        #expect(opcodes.contains("OpenEphemeral"))
    }

    @Test func aMigrationThatBreaksAForeignKeyIsRolledBack() throws {
        let path = temporaryPath("broken-fk.sqlite")
        try Self.makeVersion1Archive(path)
        let v1 = EmbeddedMigration.all[0]
        let breaking = EmbeddedMigration(version: 2, name: "drop_engines", sql: "DELETE FROM engines;")
        let error = #expect(throws: ArchiveError.self) {
            try Archive.open(path, mode: .readWrite, migrations: [v1, breaking])
        }
        #expect(error?.description.contains("migration 0002_drop_engines.sql would leave rows of") == true)
        #expect(error?.description.contains("referencing missing rows of engines; nothing was changed") == true)
        let archive = try Archive.open(path, mode: .readOnly, migrations: [v1])
        #expect(archive.schemaVersion == 1)
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM engines") == 2)
    }
}
