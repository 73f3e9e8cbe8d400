import ReelStore
import ReelTestSupport
import Testing

/// Migration 0003 adds replays.selection_json and replays.runner in place: every row and every other
/// table stays as it was, old replays get NULL in both, and both columns take only JSON objects.
@Suite struct SelectionRunnerMigrationTests {
    /// A version 2 archive holding what `CheckListMigrationTests.makeVersion1Archive` writes.
    private func makeVersion2Archive(_ path: String) throws {
        try CheckListMigrationTests.makeVersion1Archive(path)
        let archive = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(2)))
        #expect(archive.schemaVersion == 2)
    }

    @Test func addsTwoNullColumnsToReplaysWithoutRebuildingIt() throws {
        let path = temporaryPath("v2.sqlite")
        try makeVersion2Archive(path)
        let before = try Archive.open(path, mode: .readOnly, migrations: Array(EmbeddedMigration.all.prefix(2)))
        let tables = CheckListMigrationTests.tables
        let expected = try tables.map { try CheckListMigrationTests.rows($0, in: before.database) }
        let rootPage = "SELECT rootpage FROM sqlite_schema WHERE name = 'replays'"
        let replaysPage = try before.database.scalarInt64(rootPage)

        let migrated = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(3)))
        #expect(migrated.migrationsApplied.map(\.name) == ["replay_selection_runner"])
        #expect(migrated.schemaVersion == 3)
        let replaysIndex = try #require(tables.firstIndex(of: "replays"))
        var expectedAfter = expected
        expectedAfter[replaysIndex] = expected[replaysIndex].map { $0 + "|NULL|NULL" }
        #expect(try tables.map { try CheckListMigrationTests.rows($0, in: migrated.database) } == expectedAfter)
        #expect(try migrated.database.scalarInt64(rootPage) == replaysPage)
        let run = try #require(try migrated.replayRuns().first)
        #expect(run.selectionJSON == nil && run.runner == nil)
    }

    @Test func bothColumnsTakeNullOrAJSONObjectOnly() throws {
        let archive = try Archive.open(temporaryPath("v3.sqlite"), mode: .readWrite)
        let replay = try archive.beginReplay(
            engineID: try archive.engineID(for: candidateEngine), candidate: "c", tolerancesJSON: "{}", shard: nil)
        for column in ["selection_json", "runner"] {
            for refused in ["'[1, 2]'", "'\"x\"'", "'{not json'", "3"] {
                let error = #expect(throws: SQLiteError.self) {
                    try archive.database.execute("UPDATE replays SET \(column) = \(refused) WHERE id = \(replay)")
                }
                #expect(error?.description.contains("CHECK constraint failed") == true, "\(column) = \(refused)")
            }
            for accepted in ["NULL", "'{}'", "'{\"scenario\": \"x\", \"sessions\": [1]}'"] {
                try archive.database.execute("UPDATE replays SET \(column) = \(accepted) WHERE id = \(replay)")
            }
        }
    }

    @Test func aReplayIsBegunWithItsSelectionAndRunner() throws {
        let archive = try Archive.open(temporaryPath("begun.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: candidateEngine)
        let everything = try archive.beginReplay(engineID: engine, candidate: "c", tolerancesJSON: "{}", shard: nil)
        let selected = try archive.beginReplay(
            engineID: engine, candidate: "c", tolerancesJSON: "{}", shard: nil, selectionJSON: #"{"scenario":"s"}"#,
            runner: #"{"pid":1}"#)
        try archive.setReplayRunner(everything, runner: #"{"pid":2}"#)
        let runs = try archive.replayRuns()
        #expect(runs.map(\.selectionJSON) == ["{}", #"{"scenario":"s"}"#])
        #expect(runs.map(\.runner) == [#"{"pid":2}"#, #"{"pid":1}"#])
        #expect(runs.map(\.id) == [everything, selected])
    }
}
