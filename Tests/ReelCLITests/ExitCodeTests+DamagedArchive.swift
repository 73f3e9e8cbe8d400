import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 15: a damaged archive is bad data. Through the `reel` executable, every command that reads
/// an archive, given a file that is not a database, one whose header is corrupt or one whose schema
/// SQLite cannot parse, ends with 65 and one line `reel: error: FILE: ...` without SQLite's raw
/// text (result codes, statements, quoted schema), and leaves the file's bytes as they were.
@Suite("Exit codes of damaged archives")
struct DamagedArchiveExitCodeTests {
    /// The ways an archive file is damaged.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        /// A text file where the archive should be.
        case notADatabase
        /// The 16-byte magic string of the header overwritten.
        case corruptHeader
        /// The page size in the header (bytes 16-17) set to a value that is not a power of two.
        case corruptPageSize
        /// The SQL of the `regressions` view in the schema table overwritten with junk of the same
        /// length (what `PRAGMA writable_schema` lets an editor do).
        case malformedSchema
        /// A table's entry in the schema table made to name a type SQLite does not know.
        case junkSchemaEntry

        var testDescription: String { rawValue }
    }

    /// Every command that opens an archive; ARCHIVE is the damaged file, STREAM a gesture stream,
    /// FOLDER the test's folder.
    static let commands: [[String]] = [
        ["info", "ARCHIVE"],
        ["info", "ARCHIVE", "--check"],
        ["export", "ARCHIVE"],
        ["replay", "ARCHIVE"],
        ["replay", "ARCHIVE", "--results", "FOLDER/results.sqlite"],
        ["report", "ARCHIVE", "-o", "FOLDER/report.html"],
        ["show", "ARCHIVE", "1"],
        ["record", "ARCHIVE", "STREAM"],
        ["migrate", "ARCHIVE"],
        ["merge", "ARCHIVE", "-o", "FOLDER/merged.sqlite"],
        ["query", "ARCHIVE", "SELECT count(*) FROM sessions"],
        ["query", "ARCHIVE", "--saved", "regressions"],
        ["accept", "ARCHIVE", "--replay", "2"],
        ["compare", "ARCHIVE"],
        ["compare", "ARCHIVE", "1", "2"],
    ]

    /// A checkpointed archive of 6 sessions with two replays (the second with a diverging
    /// profile), its bytes, and a stream to record.
    private static func archive() throws -> (folder: String, bytes: Data, stream: String) {
        let folder = try temporaryFolder()
        let path = folder + "/seed.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: 6, seed: 7, in: folder)
        _ = try record(stream, into: path)
        #expect(try runReel(["replay", path], in: folder).status == 0)
        #expect(try runReel(["replay", path, "--engine", "builtin"], in: folder).status == 0)
        _ = try archiveFileHash(path)  // checkpointed: the file alone is the archive
        return (folder, try Data(contentsOf: URL(fileURLWithPath: path)), stream)
    }

    /// `bytes` damaged as `damage` says.
    private static func damaged(_ bytes: Data, _ damage: Damage) throws -> Data {
        var bytes = bytes
        switch damage {
        case .notADatabase:
            return Data("session,touches\n1,\"not a database\"\n".utf8)
        case .corruptHeader:
            bytes.replaceSubrange(0..<16, with: Data("Not SQLite 3 :)\0".utf8))
        case .corruptPageSize:
            bytes[16] = 0x12
            bytes[17] = 0x34
        case .malformedSchema:
            // The view's text in its schema row: "CREATE VIEW regressions AS ..." keeps its name
            // and length, its body becomes bytes no parser accepts.
            let text = Data("CREATE VIEW regressions AS".utf8)
            let start = try #require(bytes.range(of: text)).upperBound
            bytes.replaceSubrange(start..<(start + 12), with: Data(" )(\u{1}junk'\"[;".utf8.prefix(12)))
        case .junkSchemaEntry:
            let text = Data("CREATE TABLE engines".utf8)
            let start = try #require(bytes.range(of: text)).lowerBound
            bytes.replaceSubrange(start..<(start + 12), with: Data("CREATE TABBY".utf8))
        }
        return bytes
    }

    /// SQLite's own words that must not reach the user for a damaged file: result codes, the
    /// failing statement, the schema text SQLite quotes, and the bug report of an exit 70.
    static let rawSQLitePhrases = [
        "SQLite error", "SQL:", "sqlite_schema", "sqlite_master", "near \"", "unrecognized token", "no such table",
        "no such column", "constraint failed", "This is a bug",
    ]

    @Test(arguments: Damage.allCases)
    func everyCommandEndsWith65NamingTheFileAndLeavesItUnchanged(damage: Damage) throws {
        let (folder, seed, stream) = try Self.archive()
        let bytes = try Self.damaged(seed, damage)
        let path = folder + "/a.sqlite"
        for command in Self.commands {
            try bytes.write(to: URL(fileURLWithPath: path))
            let arguments = command.map {
                $0.replacingOccurrences(of: "ARCHIVE", with: path).replacingOccurrences(of: "FOLDER", with: folder)
                    .replacingOccurrences(of: "STREAM", with: stream)
            }
            let run = try runReel(arguments, in: folder)
            let label = "\(damage) reel \(command.joined(separator: " "))"
            #expect(run.status == 65, "\(label): exit \(run.status): \(run.standardError)")
            let lines = run.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(label): \(run.standardError)")
            #expect(run.standardError.hasPrefix("reel: error: \(path): "), "\(label): \(run.standardError)")
            for phrase in Self.rawSQLitePhrases {
                #expect(!run.standardError.contains(phrase), "\(label): \(run.standardError)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(label): the file changed")
            for leftover in [path + "-wal", path + "-journal", folder + "/report.html", folder + "/merged.sqlite"] {
                #expect(!FileManager.default.fileExists(atPath: leftover), "\(label): \(leftover) left")
                try? FileManager.default.removeItem(atPath: leftover)
            }
            try? FileManager.default.removeItem(atPath: path + "-shm")
            try? FileManager.default.removeItem(atPath: folder + "/results.sqlite")
        }
    }

    /// A header whose write version (byte 18, 2 for WAL files) is one SQLite does not write (found
    /// by the archive fuzzer: `reel replay` ended 73, "attempt to write a readonly database"): SQLite
    /// still reads the file, so reading commands work; every command that writes the archive ends
    /// with 65 in one line naming the file and the format, and leaves its bytes as they were.
    @Test func aHeaderWithANewerWriteVersionIsBadDataForWritingCommands() throws {
        let (folder, seed, stream) = try Self.archive()
        var bytes = seed
        #expect(bytes[18] == 2)
        bytes[18] = 3
        let path = folder + "/a.sqlite"
        let commands: [(arguments: [String], status: Int32)] = [
            (["info", path], 0), (["show", path, "1"], 0), (["replay", path, "--results", folder + "/results.sqlite"], 0),
            (["replay", path], 65), (["record", path, stream], 65), (["migrate", path], 65), (["accept", path, "--replay", "2"], 65),
        ]
        for (arguments, status) in commands {
            try bytes.write(to: URL(fileURLWithPath: path))
            let run = try runReel(arguments, in: folder)
            let label = "reel \(arguments.joined(separator: " "))"
            #expect(run.status == status, "\(label): exit \(run.status): \(run.standardError)")
            if status == 65 {
                #expect(
                    run.standardError == "reel: error: \(path): the archive is damaged or not a SQLite file (unsupported file format: "
                        + "the header asks for a newer SQLite to write the file)\n", "\(label): \(run.standardError)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(label): the file changed")
            }
            for leftover in [path + "-wal", path + "-shm", folder + "/results.sqlite"] {
                try? FileManager.default.removeItem(atPath: leftover)
            }
        }
    }

    /// A header whose text encoding (bytes 56-59, 1 for UTF-8) holds 204, no encoding at all (found
    /// by the archive fuzzer: SQLite reads such a main file as UTF-8, but refuses to ATTACH it to a
    /// UTF-8 one, and `replay --results` ended 70 with SQLite's raw message): `replay --results` is
    /// bad data, 65 in one line naming the archive and its encoding; other commands end 0 or 65.
    @Test func aHeaderWithAnotherTextEncodingIsBadData() throws {
        let (folder, seed, _) = try Self.archive()
        var bytes = seed
        #expect(Array(bytes[56..<60]) == [0, 0, 0, 1])
        bytes[59] = 204
        let path = folder + "/a.sqlite"
        try bytes.write(to: URL(fileURLWithPath: path))
        let replay = try runReel(["replay", path, "--results", folder + "/results.sqlite"], in: folder)
        #expect(replay.status == 65, "exit \(replay.status): \(replay.standardError)")
        #expect(
            replay.standardError
                == "reel: error: \(path): the archive is damaged or not a SQLite file (unsupported file format: its text encoding is not UTF-8)\n"
        )
        for command in [["info", path], ["show", path, "1"], ["replay", path], ["export", path]] {
            try bytes.write(to: URL(fileURLWithPath: path))
            let run = try runReel(command, in: folder)
            #expect([0, 65].contains(run.status), "reel \(command.joined(separator: " ")): exit \(run.status): \(run.standardError)")
            for phrase in Self.rawSQLitePhrases {
                #expect(!run.standardError.contains(phrase), "reel \(command.joined(separator: " ")): \(run.standardError)")
            }
        }
    }

    /// Verdict rows of a replay that is gone (a damaged `replay_results` page kept rows whose
    /// replay_id no `replays` row has; found by the archive fuzzer: the next replay took that id and
    /// its first verdict failed the primary key, exit 70): a new replay takes an id above them and
    /// runs (exit 0 or 1), and `info --check` still names the orphan rows (65).
    @Test func orphanVerdictRowsDoNotCollideWithTheNextReplay() throws {
        let (folder, seed, _) = try Self.archive()
        let path = folder + "/a.sqlite"
        try seed.write(to: URL(fileURLWithPath: path))
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute("PRAGMA foreign_keys = OFF")
            try database.execute(
                "INSERT INTO replay_results (replay_id, session_id, status) SELECT 3, session_id, status FROM replay_results WHERE replay_id = 1"
            )
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let replay = try runReel(["replay", path, "--format", "json"], in: folder)
        #expect([0, 1].contains(replay.status), "exit \(replay.status): \(replay.standardError)")
        #expect(replay.standardOutput.hasPrefix("{\"format\":\"reel.replay/1\",\"replay_id\":4,"), "\(replay.standardOutput.prefix(80))")
        let check = try runReel(["info", path, "--check"], in: folder)
        #expect(check.status == 65, "exit \(check.status): \(check.standardError)")
        #expect(check.standardError.contains("replay_results: 6 rows refer to a missing replays row"), "\(check.standardError)")
    }

    /// The migrations table's schema entry with its `name` column renamed in the file's bytes
    /// (found by the archive fuzzer: reading the applied migrations failed with SQLite's "no such
    /// column", exit 70): every command that opens the archive refuses its schema, 65 in one line.
    @Test func aMigrationsTableWithoutReelsColumnsIsAnUnexpectedSchema() throws {
        let (folder, seed, _) = try Self.archive()
        var bytes = seed
        let create = try #require(bytes.range(of: Data("CREATE TABLE migrations".utf8)))
        let column = try #require(bytes.range(of: Data("name ".utf8), in: create.upperBound..<bytes.endIndex))
        bytes.replaceSubrange(column, with: Data("nbme ".utf8))
        let path = folder + "/a.sqlite"
        for command in [["info", path], ["show", path, "1"], ["replay", path], ["compare", path, "1", "2"]] {
            try bytes.write(to: URL(fileURLWithPath: path))
            let run = try runReel(command, in: folder)
            let label = "reel \(command.joined(separator: " "))"
            #expect(run.status == 65, "\(label): exit \(run.status): \(run.standardError)")
            #expect(
                run.standardError
                    == "reel: error: \(path): refusing an archive whose schema is not the one Reel's migrations create: "
                    + "table migrations (changed) (drop what is not Reel's, or record into a new archive)\n",
                "\(label): \(run.standardError)")
        }
    }

    /// A row of the recorded archive that its own schema refuses (written with CHECKs and foreign
    /// keys off) cannot be copied into a results archive: 65 naming the recorded archive, the
    /// table and the row, no verdict written, the recorded archive unchanged.
    @Test(arguments: [
        ("UPDATE sessions SET size_class = 'huge' WHERE id = 3", "sessions row 3", "a value its CHECK refuses (size_class IN"),
        ("UPDATE sessions SET engine_id = 99 WHERE id = 4", "sessions row 4", "a reference to a row that does not exist"),
        ("UPDATE engines SET profile_json = '{' WHERE id = 1", "engines row 1", "a value its CHECK refuses (json_valid(profile_json))"),
    ])
    func aSourceRowTheSchemaRefusesIs65NamingTheTableAndRow(tampering: String, row: String, reason: String) throws {
        let (folder, seed, _) = try Self.archive()
        let path = folder + "/a.sqlite"
        try seed.write(to: URL(fileURLWithPath: path))
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute("PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF")
            try database.execute(tampering)
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let results = folder + "/results.sqlite"
        let run = try runReel(["replay", path, "--results", results], in: folder)
        #expect(run.status == 65, "exit \(run.status): \(run.standardError)")
        #expect(
            run.standardError.hasPrefix("reel: error: \(path): bad archive data: \(row) cannot be copied into the results archive"),
            "\(run.standardError)")
        #expect(run.standardError.contains(reason), "\(run.standardError)")
        for phrase in Self.rawSQLitePhrases {
            #expect(!run.standardError.contains(phrase), "\(run.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        if FileManager.default.fileExists(atPath: results) {
            #expect(try archiveCount(results, "SELECT count(*) FROM replay_results") == 0)
            #expect(try integrityCheck(results) == "ok")
        }
    }

    /// A page damaged in the middle of the file (the schema intact) is found only while `reel
    /// query` steps through the rows: still 65, one line naming the file, the file unchanged.
    @Test func aQueryReachingADamagedPageIs65() throws {
        let (folder, seed, _) = try Self.archive()
        let path = folder + "/a.sqlite"
        var bytes = seed
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        // Every page after the first few (the schema's) filled with 0xA5: no b-tree page survives.
        let start = 4 * pageSize
        bytes.replaceSubrange(start..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - start))
        try bytes.write(to: URL(fileURLWithPath: path))
        for sql in ["SELECT * FROM touches", "SELECT * FROM frame_views", "SELECT count(*) FROM replay_results"] {
            let run = try runReel(["query", path, sql], in: folder)
            #expect(run.status == 65, "\(sql): exit \(run.status): \(run.standardError)")
            #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
            #expect(run.standardError.hasPrefix("reel: error: \(path): "), "\(run.standardError)")
            for phrase in Self.rawSQLitePhrases {
                #expect(!run.standardError.contains(phrase), "\(sql): \(run.standardError)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        }
    }

    /// Found by the archive fuzzer: `info --check` printed one identical line per broken row of a
    /// WITHOUT ROWID table (no rowid to name), thousands for a damaged archive. Broken rows are
    /// counted per table and missing parent: one line each, 65.
    @Test func infoCheckCountsBrokenRowsPerTableInOneLine() throws {
        let (folder, seed, _) = try Self.archive()
        let path = folder + "/a.sqlite"
        try seed.write(to: URL(fileURLWithPath: path))
        let verdicts = try archiveCount(path, "SELECT count(*) FROM replay_results WHERE replay_id = 1")
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute(
                "PRAGMA foreign_keys = OFF; DELETE FROM divergences; UPDATE replay_results SET replay_id = 99 WHERE replay_id = 1")
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let run = try runReel(["info", path, "--check"], in: folder)
        #expect(run.status == 65, "exit \(run.status): \(run.standardError)")
        #expect(
            run.standardError == "reel: error: \(path): replay_results: \(verdicts) rows refer to a missing replays row\n",
            "\(run.standardError)")
    }

    /// A packed session whose x array lost an element (migration 0006): `info --check` names the
    /// table and the session, `show` of that session is bad data, both 65.
    @Test func aDamagedTouchPackIsBadDataNamingTheSession() throws {
        let (folder, seed, _) = try Self.archive()
        let path = folder + "/a.sqlite"
        try seed.write(to: URL(fileURLWithPath: path))
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute("UPDATE touch_packs SET x = '[1]' WHERE session_id = 2")
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let check = try runReel(["info", path, "--check"], in: folder)
        #expect(check.status == 65, "exit \(check.status): \(check.standardError)")
        #expect(check.standardError.contains("touch_packs row of session 2: x "), "\(check.standardError)")
        let show = try runReel(["show", path, "2"], in: folder)
        #expect(show.status == 65, "exit \(show.status): \(show.standardError)")
        #expect(show.standardError.contains("touch_packs row 2: x "), "\(show.standardError)")
    }

    /// A packed session whose x is not JSON at all (found by the archive fuzzer in CI: the report
    /// read touches through the `touches` view, whose json_each then failed with SQLite's raw
    /// "malformed JSON", exit 70): `report` is bad data naming the pack, 65 in one clean line.
    @Test func aTouchPackThatIsNotJSONIsBadDataForTheReport() throws {
        let (folder, seed, _) = try Self.archive()
        let path = folder + "/a.sqlite"
        try seed.write(to: URL(fileURLWithPath: path))
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute("UPDATE touch_packs SET x = '[1,' WHERE session_id = 2")
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let report = try runReel(["report", path, "-o", folder + "/report.html"], in: folder)
        #expect(report.status == 65, "exit \(report.status): \(report.standardError)")
        #expect(report.standardError.contains("touch_packs row 2: x "), "\(report.standardError)")
        #expect(!report.standardError.contains("SQLite error"), "\(report.standardError)")
    }

    /// A view change pack whose count claims more values than it holds (migration 0007): `info
    /// --check` names the table and the session, `show` of that session is bad data, both 65.
    @Test func aDamagedViewChangePackIsBadDataNamingTheSession() throws {
        let (folder, seed, _) = try Self.archive()
        let path = folder + "/a.sqlite"
        try seed.write(to: URL(fileURLWithPath: path))
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute(
                """
                UPDATE view_change_packs SET change_count = change_count + 1
                WHERE trace_id = (SELECT trace_id FROM baselines WHERE session_id = 2) AND change_count < 16
                """)
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let check = try runReel(["info", path, "--check"], in: folder)
        #expect(check.status == 65, "exit \(check.status): \(check.standardError)")
        #expect(check.standardError.contains("view_change_packs row of session 2 ("), "\(check.standardError)")
        let show = try runReel(["show", path, "2"], in: folder)
        #expect(show.status == 65, "exit \(show.status): \(show.standardError)")
        #expect(show.standardError.contains("view_change_packs"), "\(show.standardError)")
    }

    /// Frame packs of one trace that overlap, and a pack whose count claims a progress it lacks
    /// (migration 0011): `info --check` names the table and the session, `show` of that session is
    /// bad data naming the archive and the table, both 65.
    @Test func aDamagedFramePackIsBadDataNamingTheSession() throws {
        let (folder, seed, _) = try Self.archive()
        for (name, damage) in [
            ("overlap", "UPDATE trace_frame_packs SET first_frame = first_frame - 1 WHERE first_frame = 16"),
            ("count", "UPDATE trace_frame_packs SET frame_count = frame_count + 1 WHERE frame_count < 16"),
        ] {
            let path = folder + "/\(name).sqlite"
            try seed.write(to: URL(fileURLWithPath: path))
            do {
                let database = try Database.open(path, mode: .readWrite)
                try database.execute(
                    "\(damage) AND trace_id = (SELECT trace_id FROM baselines WHERE session_id = 2)")
                #expect(database.changes == 1, "\(name)")
                try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            let check = try runReel(["info", path, "--check"], in: folder)
            #expect(check.status == 65, "\(name): exit \(check.status): \(check.standardError)")
            #expect(check.standardError.contains("trace_frame_packs row of session 2 ("), "\(name): \(check.standardError)")
            let show = try runReel(["show", path, "2"], in: folder)
            #expect(show.status == 65, "\(name): exit \(show.status): \(show.standardError)")
            #expect(
                show.standardError.contains("trace_frame_packs") && !show.standardError.contains("SQLite error"),
                "\(name): \(show.standardError)")
            #expect(show.standardError.hasPrefix("reel: error: \(path): "), "\(name): \(show.standardError)")
        }
    }
}
