/// The copies that make a results archive stand on its own: the engines, scenarios and session
/// headers of the archive a replay judged (`reel replay --results`, `reel merge`), read from a
/// file attached to this archive's connection (`attach`).
extension Archive {
    /// The ids of the rows of `table` in the file attached as `schema`, ascending.
    package func rowIDs(of table: HeaderTable, inAttached schema: String) throws -> [Int64] {
        let statement = try database.prepare("SELECT id FROM \(schema).\(table.rawValue) ORDER BY id")
        return try statement.rows { row in row.int64(at: 0) }
    }

    /// Copies row `id` of `table` from the file attached as `schema` unless this archive has a row
    /// of that id. Both files have Reel's schema, so a row this archive refuses (an `SQLiteError`
    /// whose `isConstraintViolation` holds: a CHECK, a NULL, a reference to a missing row) was
    /// damaged in the attached file.
    package func copyRow(_ id: Int64, of table: HeaderTable, fromAttached schema: String) throws {
        let name = table.rawValue
        try database.withCachedStatement(
            """
            INSERT INTO main.\(name) (\(table.columns)) SELECT \(table.columns) FROM \(schema).\(name)
            WHERE id = ?1 AND id NOT IN (SELECT id FROM main.\(name))
            """
        ) { statement in
            try statement.bind(id, at: 1)
            try statement.run()
        }
    }

    /// Copies every row of `table` from the file attached as `schema` (into an archive that has none yet).
    package func copyRows(of table: HeaderTable, fromAttached schema: String) throws {
        let name = table.rawValue
        try database.execute("INSERT INTO main.\(name) (\(table.columns)) SELECT \(table.columns) FROM \(schema).\(name)")
    }

    /// Copies the rows of `table` from the file attached as `schema` whose ids this archive has not.
    package func copyMissingRows(of table: HeaderTable, fromAttached schema: String) throws {
        let name = table.rawValue
        try database.execute(
            """
            INSERT INTO main.\(name) (\(table.columns)) SELECT \(table.columns) FROM \(schema).\(name)
            WHERE id NOT IN (SELECT id FROM main.\(name))
            """)
    }

    /// Whether the archive holds recorded frames (a recorded archive; a results archive holds none).
    package func holdsRecordedFrames() throws -> Bool {
        try database.scalarInt64("SELECT EXISTS (SELECT 1 FROM frames)") == 1
    }

    /// Calls `body` with each session's id and content hash, by id, one row at a time (a reader
    /// that digests them holds none of them).
    package func forEachSessionContentHash(_ body: (_ id: Int64, _ contentHash: String) throws -> Void) throws {
        let statement = try database.prepare("SELECT id, content_hash FROM sessions ORDER BY id")
        while try statement.step() { try body(statement.int64(at: 0), statement.string(at: 1)) }
    }

    /// Calls `body` with each session id replay `replayID` judged, ascending, one row at a time.
    package func forEachJudgedSessionID(replayID: Int64, _ body: (Int64) throws -> Void) throws {
        let statement = try database.prepare("SELECT session_id FROM replay_results WHERE replay_id = ?1 ORDER BY session_id")
        try statement.bind(replayID, at: 1)
        while try statement.step() { try body(statement.int64(at: 0)) }
    }

    /// Every session's id and content hash, by id.
    package func sessionContentHashes() throws -> [(id: Int64, contentHash: String)] {
        let statement = try database.prepare("SELECT id, content_hash FROM sessions ORDER BY id")
        return try statement.rows { row in (row.int64(at: 0), row.string(at: 1)) }
    }
}
