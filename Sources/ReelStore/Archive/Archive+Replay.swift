import ReelTrace

/// The prepared statements of the replay-result write path.
final class ReplayWriter {
    let result: Statement
    let divergence: Statement

    /// - Parameter storesSeconds: whether `replay_results` has `engine_seconds` (schema v14); an
    ///   archive a test keeps at an older schema takes its rows without it.
    init(database: Database, storesSeconds: Bool) throws {
        result = try database.prepare(
            """
            INSERT INTO replay_results (replay_id, session_id, status, decision_expected, decision_actual,
                first_divergent_frame, max_error, error_message, kinds_json\(storesSeconds ? ", engine_seconds" : ""))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9\(storesSeconds ? ", ?10" : ""))
            """)
        divergence = try database.prepare(
            """
            INSERT INTO divergences (replay_id, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """)
    }
}

extension Archive {
    private func replayStatements() throws -> ReplayWriter {
        if let replayWriter { return replayWriter }
        let writer = try ReplayWriter(database: database, storesSeconds: schemaVersion >= Self.engineSecondsVersion)
        replayWriter = writer
        return writer
    }

    /// Starts a replay run of the candidate engine `engineID` and returns its id.
    ///
    /// - Parameters:
    ///   - candidate: how the candidate was named on the command line ("builtin", a profile path, "exec:...").
    ///   - tolerancesJSON: the diff tolerances as JSON.
    ///   - shard: "K/N" when this run covers one shard of the archive.
    ///   - selectionJSON: the sessions the run selected (`replays.selection_json`; "{}" for every session).
    ///   - runner: the process writing the run (`replays.runner`), nil when it cannot be told.
    ///   - metadataJSON: where the run ran (`replays.metadata_json`, a JSON object), nil when not told.
    package func beginReplay(
        engineID: Int64, candidate: String, tolerancesJSON: String, shard: String?, selectionJSON: String = "{}",
        runner: String? = nil, metadataJSON: String? = nil
    ) throws -> Int64 {
        // Without metadata the column is left out, so an archive a test keeps at an older schema
        // (before v8) takes the row as before.
        let metadataColumn = metadataJSON == nil ? "" : ", metadata_json"
        let metadataValue = metadataJSON == nil ? "" : ", ?7"
        return try database.withCachedStatement(
            """
            INSERT INTO replays (
                id, engine_id, candidate, started_at, tolerances_json, shard, status, selection_json, runner\(metadataColumn))
            VALUES (\(Self.newReplayIDSQL), ?1, ?2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?3, ?4, 'running', ?5, ?6\(metadataValue))
            """
        ) { statement in
            if let metadataJSON { try statement.bind(metadataJSON, at: 7) }
            try statement.bind(engineID, at: 1)
            try statement.bind(candidate, at: 2)
            try statement.bind(tolerancesJSON, at: 3)
            try statement.bind(shard, at: 4)
            try statement.bind(selectionJSON, at: 5)
            try statement.bind(runner, at: 6)
            try Self.runningNewReplayInsert(statement)
            return database.lastInsertRowID
        }
    }

    /// The id of a new replay: one above every replay id in `replays` and in `replay_results`. In a
    /// sound archive that is SQLite's own choice (the largest id plus one); in a damaged one whose
    /// `replay_results` kept rows of a replay that is gone, the new run's verdicts cannot collide
    /// with them (`reel info --check` reports such rows). Both maxima are one index lookup.
    static let newReplayIDSQL = """
        (SELECT max(coalesce((SELECT max(id) FROM replays), 0), coalesce((SELECT max(replay_id) FROM replay_results), 0)) + 1)
        """

    /// Runs an insert of a new `replays` row, whose id is one above every stored one
    /// (`newReplayIDSQL`): a clash on that id means the table and its index disagree, so the file
    /// is damaged (65, "reel info --check" says more), never a bug of Reel's. Found by the
    /// damaged-archive fuzzer: a mutated index page hid the largest replay id.
    private static func runningNewReplayInsert(_ statement: Statement) throws {
        do {
            try statement.run()
        } catch let error where error.isUniquenessClash {
            throw error.asDamagedFile("the replays table and its index disagree on which replay ids exist")
        }
    }

    /// Records `runner` as the process writing replay `id` (a resumed replay taken over).
    package func setReplayRunner(_ id: Int64, runner: String?) throws {
        try database.withCachedStatement("UPDATE replays SET runner = ?2 WHERE id = ?1") { statement in
            try statement.bind(id, at: 1)
            try statement.bind(runner, at: 2)
            try statement.run()
        }
    }

    /// Stores a replay run as given (`row.id` is ignored) and returns its id: for runs assembled
    /// from others, such as merged shard results.
    package func insertReplayRun(_ row: ReplayRunRow) throws -> Int64 {
        try database.withCachedStatement(
            """
            INSERT INTO replays (
                id, engine_id, candidate, started_at, finished_at, tolerances_json, shard, status, selection_json, runner,
                metadata_json)
            VALUES (\(Self.newReplayIDSQL), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """
        ) { statement in
            try statement.bind(row.metadataJSON, at: 10)
            try statement.bind(row.engineID, at: 1)
            try statement.bind(row.candidate, at: 2)
            try statement.bind(row.startedAt, at: 3)
            try statement.bind(row.finishedAt, at: 4)
            try statement.bind(row.tolerancesJSON, at: 5)
            try statement.bind(row.shard, at: 6)
            try statement.bind(row.status.rawValue, at: 7)
            try statement.bind(row.selectionJSON, at: 8)
            try statement.bind(row.runner, at: 9)
            try Self.runningNewReplayInsert(statement)
            return database.lastInsertRowID
        }
    }

    /// The schema version whose `replay_results` has `engine_seconds`.
    package static let engineSecondsVersion = 14

    /// Stores replay `replayID`'s verdict on session `sessionID`: its `replay_results` row
    /// (`ReplayResultRow(replayID:sessionID:verdict:)`, with `engineSeconds`, the seconds the
    /// candidate engine took on the session) and one `divergences` row per divergence, in the
    /// verdict's order.
    package func insertVerdict(_ verdict: SessionComparison, sessionID: Int64, replayID: Int64, engineSeconds: Double? = nil) throws {
        try insertReplayResult(ReplayResultRow(replayID: replayID, sessionID: sessionID, verdict: verdict), engineSeconds: engineSeconds)
        for divergence in verdict.divergences {
            try insertDivergence(DivergenceRow(replayID: replayID, sessionID: sessionID, divergence: divergence))
        }
    }

    /// Stores a replay's verdict on one session (its result row alone); `engineSeconds` the
    /// candidate engine's seconds on it, nil when not measured (kept only from schema v14 on).
    package func insertReplayResult(_ row: ReplayResultRow, engineSeconds: Double? = nil) throws {
        let s = try replayStatements().result
        if schemaVersion >= Self.engineSecondsVersion {
            try s.bind(engineSeconds.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }, at: 10)
        }
        let kinds = DivergenceKind.allCases.filter(row.kinds.contains).map(\.rawValue)
        try s.bind(row.replayID, at: 1)
        try s.bind(row.sessionID, at: 2)
        try s.bind(row.status.rawValue, at: 3)
        try s.bind(row.decisionExpected?.rawValue, at: 4)
        try s.bind(row.decisionActual?.rawValue, at: 5)
        try s.bind(row.firstDivergentFrame, at: 6)
        try s.bind(row.maxError, at: 7)
        try s.bind(row.errorMessage, at: 8)
        try s.bind(JSONText.stringArray(kinds), at: 9)
        do {
            try s.run()
        } catch {
            // The session id was read from this archive (or copied from it into a results archive),
            // so a sessions row that is not there is a damaged file (a torn index, a lost page), found
            // by the damaged-archive fuzzer; never a verdict Reel should not store. (Not written as
            // `catch let ... where`: Swift 6.3's optimizer crashes on that form here.)
            // `error` is the statement's typed `SQLiteError`.
            guard error.isMissingParentRow else { throw error }
            throw error.asDamagedFile("session \(row.sessionID) is listed but its sessions row is missing")
        }
    }

    /// Stores one divergence; its replay result must be stored first.
    package func insertDivergence(_ row: DivergenceRow) throws {
        let s = try replayStatements().divergence
        try s.bind(row.replayID, at: 1)
        try s.bind(row.sessionID, at: 2)
        try s.bind(row.kind.rawValue, at: 3)
        try s.bind(row.frameIndex, at: 4)
        try s.bind(row.viewKey, at: 5)
        try s.bind(row.property, at: 6)
        try s.bind(row.expected, at: 7)
        try s.bind(row.actual, at: 8)
        try s.bind(row.delta, at: 9)
        try s.bind(row.detail, at: 10)
        try s.run()
    }

    /// Marks a replay run as ended with `status` and stamps its finish time.
    ///
    /// - Parameter engineID: the candidate engine when it became known only after the run began
    ///   (an external engine identifies itself in its first answer); nil keeps the one stored.
    package func finishReplay(_ id: Int64, status: ReplayStatus = .finished, engineID: Int64? = nil) throws {
        try database.withCachedStatement(
            """
            UPDATE replays SET finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), status = ?2,
                engine_id = coalesce(?3, engine_id)
            WHERE id = ?1
            """
        ) { statement in
            try statement.bind(id, at: 1)
            try statement.bind(status.rawValue, at: 2)
            try statement.bind(engineID, at: 3)
            try statement.run()
        }
    }

    /// Every replay run of the archive, by id.
    public func replayRuns() throws -> [ReplayRunRow] {
        let statement = try database.prepare(
            """
            SELECT id, engine_id, candidate, started_at, finished_at, tolerances_json, shard, status, selection_json,
                runner, \(schemaVersion >= 8 ? "metadata_json" : "NULL")
            FROM replays ORDER BY id
            """)
        var rows: [ReplayRunRow] = []
        while try statement.step() {
            rows.append(
                ReplayRunRow(
                    id: statement.int64(at: 0), engineID: statement.int64(at: 1), candidate: statement.string(at: 2),
                    startedAt: statement.string(at: 3), finishedAt: statement.optionalString(at: 4),
                    tolerancesJSON: statement.string(at: 5), shard: statement.optionalString(at: 6),
                    status: try decode(ReplayStatus.self, statement.string(at: 7), "replays", "status"),
                    selectionJSON: statement.optionalString(at: 8), runner: statement.optionalString(at: 9),
                    metadataJSON: statement.optionalString(at: 10)))
        }
        return rows
    }

    /// Replay run `id`, or nil when the archive has none of that id.
    public func replayRun(id: Int64) throws -> ReplayRunRow? {
        try replayRuns().first { $0.id == id }
    }

    /// The sessions replay `replayID` has a verdict on, ascending.
    public func judgedSessionIDs(replayID: Int64) throws -> [Int64] {
        let statement = try database.prepare(
            "SELECT session_id FROM replay_results WHERE replay_id = ?1 ORDER BY session_id")
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in row.int64(at: 0) }
    }

    /// The verdicts of replay `replayID`, by session id.
    public func replayResults(replayID: Int64) throws -> [ReplayResultRow] {
        var rows: [ReplayResultRow] = []
        try forEachReplayResult(replayID: replayID) { rows.append($0) }
        return rows
    }

    /// Calls `body` with each verdict of replay `replayID`, by session id, one row at a time (a
    /// reader that counts them holds none of them).
    public func forEachReplayResult(replayID: Int64, _ body: (ReplayResultRow) throws -> Void) throws {
        let statement = try database.prepare(
            """
            SELECT session_id, status, decision_expected, decision_actual, first_divergent_frame, max_error,
                error_message, kinds_json
            FROM replay_results WHERE replay_id = ?1 ORDER BY session_id
            """)
        try statement.bind(replayID, at: 1)
        while try statement.step() {
            try body(
                ReplayResultRow(
                    replayID: replayID, sessionID: statement.int64(at: 0),
                    status: try decode(VerdictStatus.self, statement.string(at: 1), "replay_results", "status"),
                    decisionExpected: try statement.optionalString(at: 2).map {
                        try decode(Decision.self, $0, "replay_results", "decision_expected")
                    },
                    decisionActual: try statement.optionalString(at: 3).map {
                        try decode(Decision.self, $0, "replay_results", "decision_actual")
                    },
                    firstDivergentFrame: statement.optionalInt(at: 4), maxError: statement.optionalDouble(at: 5),
                    errorMessage: statement.optionalString(at: 6),
                    kinds: try storedKinds(statement, at: 7)))
        }
    }

    /// The seconds the candidate engine took on each session of replay `replayID`
    /// (`replay_results.engine_seconds`), by session id: the sessions with a stored time only (none
    /// before schema v14, or for verdicts written before it).
    package func engineSeconds(replayID: Int64) throws -> [Int64: Double] {
        guard schemaVersion >= Self.engineSecondsVersion else { return [:] }
        let statement = try database.prepare(
            "SELECT session_id, engine_seconds FROM replay_results WHERE replay_id = ?1 AND engine_seconds IS NOT NULL")
        try statement.bind(replayID, at: 1)
        var seconds: [Int64: Double] = [:]
        while try statement.step() { seconds[statement.int64(at: 0)] = statement.optionalDouble(at: 1) }
        return seconds
    }

    /// The divergences of replay `replayID` (of one session when `sessionID` is given), in insertion order.
    public func divergences(replayID: Int64, sessionID: Int64? = nil) throws -> [DivergenceRow] {
        let statement = try database.prepare(
            """
            SELECT session_id, kind, frame_index, view_key, property, expected, actual, delta, detail
            FROM divergences WHERE replay_id = ?1 \(sessionID == nil ? "" : "AND session_id = ?2") ORDER BY id
            """)
        try statement.bind(replayID, at: 1)
        if let sessionID { try statement.bind(sessionID, at: 2) }
        var rows: [DivergenceRow] = []
        while try statement.step() {
            rows.append(
                DivergenceRow(
                    replayID: replayID, sessionID: statement.int64(at: 0),
                    divergence: Divergence(
                        kind: try decode(DivergenceKind.self, statement.string(at: 1), "divergences", "kind"),
                        frameIndex: statement.optionalInt(at: 2), viewKey: statement.optionalString(at: 3),
                        property: statement.optionalString(at: 4), expected: statement.optionalString(at: 5),
                        actual: statement.optionalString(at: 6), delta: statement.optionalDouble(at: 7),
                        detail: statement.optionalString(at: 8) ?? "")))
        }
        return rows
    }

    /// The strings of a JSON array of strings, decoded by SQLite's json_each, in array order.
    /// Throws `invalidStoredValue` naming `table`.`column` when `json` is not a JSON array.
    func jsonStrings(_ json: String, table: String, column: String) throws -> [String] {
        do {
            return try database.withCachedStatement("SELECT value FROM json_each(?1) ORDER BY key") { statement in
                try statement.bind(json, at: 1)
                return try statement.rows { row in row.string(at: 0) }
            }
        } catch is SQLiteError {
            throw ArchiveError.invalidStoredValue(table: table, column: column, value: String(json.prefix(80)))
        }
    }
}

/// A stored enum value turned back into its Swift case.
func decode<Value: RawRepresentable<String>>(_ type: Value.Type, _ raw: String, _ table: String, _ column: String) throws -> Value {
    guard let value = Value(rawValue: raw) else {
        throw ArchiveError.invalidStoredValue(table: table, column: column, value: raw)
    }
    return value
}

/// The case whose raw value is the text of `statement`'s `column`, read in place: each case's raw
/// value is compared with the stored bytes, so no String is built for a valid row. Inlined so that
/// it is specialized for the enum at each call site.
@inline(__always)
func decode<Value: RawRepresentable<String> & CaseIterable>(
    _ type: Value.Type, _ statement: Statement, at column: Int32, _ table: String, _ columnName: String
) throws -> Value {
    let value = statement.withText(at: column) { stored in
        Value.allCases.first { value in
            var raw = value.rawValue
            return raw.withUTF8 { $0.hasSameBytes(as: stored) }
        }
    }
    guard let value else {
        throw ArchiveError.invalidStoredValue(table: table, column: columnName, value: statement.string(at: column))
    }
    return value
}
