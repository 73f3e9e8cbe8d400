import ReelTrace

/// Whether an input is stored, and with a trace of a given engine.
package enum StoredInput: Sendable, Hashable {
    /// No session has the input's content hash.
    case new
    /// The session is stored, without a trace of the engine.
    case withoutTrace(sessionID: Int64)
    /// The session is stored with a trace of the engine.
    case withTrace(sessionID: Int64)
}

/// A baseline replaced by `Archive.acceptBaseline`.
package struct BaselineChange: Sendable, Hashable {
    package var sessionID: Int64
    package var previousTraceID: Int64
    package var traceID: Int64
}

extension Archive {
    /// Whether the input with `contentHash` is stored, and with a trace of the engine with
    /// `engineFingerprint` (nil: an engine not known yet, which has no trace).
    package func storedInput(contentHash: String, engineFingerprint: String?) throws -> StoredInput {
        try database.withCachedStatement(
            """
            SELECT s.id, EXISTS (SELECT 1 FROM traces AS tr JOIN engines AS e ON e.id = tr.engine_id
                                 WHERE tr.session_id = s.id AND e.fingerprint = ?2)
            FROM sessions AS s WHERE s.content_hash = ?1
            """
        ) { statement in
            try statement.bind(contentHash, at: 1)
            try statement.bind(engineFingerprint, at: 2)
            guard try statement.step() else { return .new }
            let id = statement.int64(at: 0)
            return statement.bool(at: 1) ? .withTrace(sessionID: id) : .withoutTrace(sessionID: id)
        }
    }

    /// The id of engine `engineID`'s trace of session `sessionID`, if it has one.
    public func traceID(sessionID: Int64, engineID: Int64) throws -> Int64? {
        try database.withCachedStatement("SELECT id FROM traces WHERE session_id = ?1 AND engine_id = ?2") { statement in
            try statement.bind(sessionID, at: 1)
            try statement.bind(engineID, at: 2)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
    }

    /// The id of session `sessionID`'s baseline trace.
    public func baselineTraceID(sessionID: Int64) throws -> Int64 {
        try database.withCachedStatement("SELECT trace_id FROM baselines WHERE session_id = ?1") { statement in
            try statement.bind(sessionID, at: 1)
            guard try statement.step() else { throw ArchiveError.sessionNotFound(id: sessionID) }
            return statement.int64(at: 0)
        }
    }

    /// Stores `trace`, made by engine `engineID` for the stored session `sessionID`, as one more of the
    /// session's traces (not its baseline), and returns its id; when the engine already has a trace
    /// of the session, returns that one's id and stores nothing (an engine's trace of given touches
    /// is always the same). `replayID` names the replay whose candidate made it, if one did. `input`
    /// is the session's refresh rate and touches when the caller holds them (else they are read).
    @discardableResult
    package func addTrace(
        _ trace: Trace, sessionID: Int64, engineID: Int64, replayID: Int64? = nil, input: (refreshHz: Double, touches: [Touch])? = nil
    ) throws -> Int64 {
        let writer = try preparedSessionWriter()
        return try database.savepoint {
            dropCachesAfterRollback()
            if let existing = try traceID(sessionID: sessionID, engineID: engineID) { return existing }
            let (refreshHz, touches) = try input ?? traceInput(sessionID: sessionID)
            return try insertTrace(
                trace, layout: UnresolvedTraceLayout(trace, refreshHz: refreshHz), sessionID: sessionID, engineID: engineID,
                replayID: replayID, touches: touches, writer: writer)
        }
    }

    /// Session `sessionID`'s refresh rate and touches, which `insertTrace` lays a trace out against.
    private func traceInput(sessionID: Int64) throws -> (refreshHz: Double, touches: [Touch]) {
        let refreshHz = try database.withCachedStatement("SELECT refresh_hz FROM sessions WHERE id = ?1") { statement in
            try statement.bind(sessionID, at: 1)
            guard try statement.step() else { throw ArchiveError.sessionNotFound(id: sessionID) }
            return statement.double(at: 0)
        }
        var touches: [Touch] = []
        try forEachTouch(.of([sessionID]), [sessionID]) { touches.append($1) }
        return (refreshHz, touches)
    }

    /// Makes trace `traceID` session `sessionID`'s baseline, recording the replaced baseline in
    /// `baseline_history` with `acceptedBy` (who), now (when) and `replayID` (which replay). Returns
    /// the change, or nil when the trace already was the baseline. The trace must be one of the session's.
    @discardableResult
    package func acceptBaseline(sessionID: Int64, traceID: Int64, replayID: Int64?, acceptedBy: String) throws -> BaselineChange? {
        try database.savepoint {
            let owner = try database.withCachedStatement("SELECT session_id FROM traces WHERE id = ?1") { statement in
                try statement.bind(traceID, at: 1)
                return try statement.step() ? statement.int64(at: 0) : nil
            }
            guard owner == sessionID else {
                throw ArchiveError.invalidStoredValue(
                    table: "traces", column: "session_id", value: "trace \(traceID) is not a trace of session \(sessionID)")
            }
            let previous = try baselineTraceID(sessionID: sessionID)
            guard previous != traceID else { return nil }
            try database.withCachedStatement(
                """
                INSERT INTO baseline_history (session_id, trace_id, replaced_by, replay_id, accepted_by, replaced_at)
                VALUES (?1, ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                """
            ) { statement in
                try statement.bind(sessionID, at: 1)
                try statement.bind(previous, at: 2)
                try statement.bind(traceID, at: 3)
                try statement.bind(replayID, at: 4)
                try statement.bind(acceptedBy, at: 5)
                try statement.run()
            }
            try database.withCachedStatement(
                """
                UPDATE baselines SET trace_id = ?2, since = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE session_id = ?1
                """
            ) { statement in
                try statement.bind(sessionID, at: 1)
                try statement.bind(traceID, at: 2)
                try statement.run()
            }
            return BaselineChange(sessionID: sessionID, previousTraceID: previous, traceID: traceID)
        }
    }

    /// The number of rows of each view under a v3 table's name (`frames`, `frame_views`, `events`,
    /// `outcomes`: the baselines' rows), counted from the stored layout without expanding it.
    public func baselineRowCounts() throws -> [(view: String, rows: Int64)] {
        let baselines = "FROM baselines AS bl CROSS JOIN"
        return [
            (
                "frames",
                try database.scalarInt64("SELECT coalesce(sum(tr.frame_count), 0) \(baselines) traces AS tr ON tr.id = bl.trace_id") ?? 0
            ),
            (
                "frame_views",
                try database.scalarInt64(
                    "SELECT coalesce(sum(v.last_frame - v.first_frame + 1), 0) \(baselines) trace_views AS v ON v.trace_id = bl.trace_id")
                    ?? 0
            ),
            (
                "events",
                try database.scalarInt64(
                    """
                    SELECT coalesce(sum(length(CAST(p.events AS BLOB)) / (p.detail_width + p.time_width)), 0)
                    \(baselines) trace_event_packs AS p ON p.trace_id = bl.trace_id
                    """) ?? 0
            ),
            ("outcomes", try database.scalarInt64("SELECT count(*) FROM baselines") ?? 0),
        ]
    }

    /// What is wrong with the archive's rows, one line per problem (empty when nothing is): SQLite's
    /// `PRAGMA foreign_key_check` (the recorder does not enforce foreign keys row by row; it writes
    /// only ids it just made or looked up), one line per table and missing parent however many
    /// rows are broken, sessions without a baseline, and baselines that are another session's trace;
    /// replays marked finished whose verdicts are not all there (`incompleteReplays`). A results
    /// archive has no baselines: only its foreign keys and its replays are checked.
    public func integrityProblems() throws -> [String] {
        var problems: [String] = []
        // Rows of a WITHOUT ROWID table have no rowid to name (nil); a damaged archive may have
        // thousands of broken rows, so they are counted per table and parent, a few named.
        var broken: [(table: String, parent: String, rows: [Int64?])] = []
        let foreignKeys = try database.prepare("PRAGMA foreign_key_check")
        while try foreignKeys.step() {
            let (table, parent) = (foreignKeys.string(at: 0), foreignKeys.string(at: 2))
            let row = foreignKeys.isNull(at: 1) ? nil : foreignKeys.int64(at: 1)
            if let index = broken.firstIndex(where: { $0.table == table && $0.parent == parent }) {
                broken[index].rows.append(row)
            } else {
                broken.append((table, parent, [row]))
            }
        }
        for (table, parent, rows) in broken {
            let named = rows.compactMap { $0 }
            if rows.count == 1 {
                problems.append("\(table)\(named.first.map { " row \($0)" } ?? ""): refers to a missing \(parent) row")
            } else {
                let shown = named.prefix(5).map(String.init).joined(separator: ", ")
                let list = named.isEmpty ? "" : " (rows \(shown)\(named.count > 5 ? " and \(named.count - 5) more" : ""))"
                problems.append("\(table): \(rows.count) rows refer to a missing \(parent) row\(list)")
            }
        }
        // A results archive (`reel replay --results`, `reel merge`) holds session headers and
        // verdicts, no traces: it is checked by its own rules instead of the baselines'.
        if try isResultsArchive() {
            return problems + (try resultsArchiveProblems())
        }
        problems += try incompleteReplays().sorted { $0.key < $1.key }.map(\.value)
        let orphans = try database.prepare(
            """
            SELECT s.id FROM sessions AS s WHERE NOT EXISTS (SELECT 1 FROM baselines AS bl WHERE bl.session_id = s.id)
            ORDER BY s.id
            """)
        while try orphans.step() { problems.append("session \(orphans.int64(at: 0)): has no baseline trace") }
        let foreign = try database.prepare(
            """
            SELECT bl.session_id, bl.trace_id FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id
            WHERE tr.session_id <> bl.session_id ORDER BY bl.session_id
            """)
        while try foreign.step() {
            problems.append("session \(foreign.int64(at: 0)): its baseline is trace \(foreign.int64(at: 1)) of another session")
        }
        problems += try touchPackProblems()
        problems += try eventPackProblems()
        problems += try viewChangePackProblems()
        problems += try framePackProblems()
        // A damaged page can hold the same broken row more than once (the damaged-archive fuzzer found
        // a frame pack listed four times): each problem is said once, in the order found.
        var said = Set<String>()
        return problems.filter { said.insert($0).inserted }
    }

    /// Each `view_change_packs` row that does not decode, named by its trace's session and its key.
    private func viewChangePackProblems() throws -> [String] {
        var problems: [String] = []
        let packs = try database.prepare(
            """
            SELECT tr.session_id, c.trace_id, \(Self.viewChangePackColumns("c"))
            FROM view_change_packs AS c LEFT JOIN traces AS tr ON tr.id = c.trace_id ORDER BY c.trace_id
            """)
        while try packs.step() {
            do {
                _ = try Self.viewChangePack(packs, from: 2)
            } catch let error as ArchiveError {
                guard case .invalidStoredValue(_, let column, let value) = error else { throw error }
                let session = packs.isNull(at: 0) ? "no session" : "session \(packs.int64(at: 0))"
                problems.append(
                    "view_change_packs row of \(session) (trace \(packs.int64(at: 1)), view \(packs.int64(at: 2)), "
                        + "first frame \(packs.int64(at: 4))): \(column) \(value)")
            }
        }
        return problems
    }

    /// Each `touch_packs` row that does not decode, and each session with both packed and row touches.
    private func touchPackProblems() throws -> [String] {
        var problems: [String] = []
        let packs = try database.prepare("SELECT session_id, t, finger, phase, x, y FROM touch_packs ORDER BY session_id")
        while try packs.step() {
            do {
                _ = try Self.unpackTouches(packs)
            } catch let error as ArchiveError {
                guard case .invalidStoredRow(_, let session, let column, let reason) = error else { throw error }
                problems.append("touch_packs row of session \(session): \(column) \(reason)")
            }
        }
        let both = try database.prepare(
            """
            SELECT p.session_id FROM touch_packs AS p
            WHERE EXISTS (SELECT 1 FROM touch_rows AS r WHERE r.session_id = p.session_id) ORDER BY p.session_id
            """)
        while try both.step() { problems.append("session \(both.int64(at: 0)): has touches in both touch_packs and touch_rows") }
        return problems
    }
}
