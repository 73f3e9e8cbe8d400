import ReelTrace

/// Sessions of one status and one set of divergence kinds in a replay (one group of `replay_results`),
/// decoded: a status or kind the schema does not know is `ArchiveError.invalidStoredValue`.
package struct VerdictGroup: Sendable, Hashable {
    /// `.diverged` or `.error`.
    package var status: VerdictStatus
    /// The group's divergence kinds (`kinds_json`), in their stored order.
    package var kinds: [DivergenceKind]
    package var sessions: Int
    /// Sessions of the group whose completion decision flipped.
    package var flips: Int

    package init(status: VerdictStatus, kinds: [DivergenceKind], sessions: Int, flips: Int) {
        self.status = status
        self.kinds = kinds
        self.sessions = sessions
        self.flips = flips
    }
}

/// One replay of an archive with its verdicts counted, as `reel info` lists it.
package struct ReplayOverview: Sendable, Hashable {
    package var id: Int64
    package var status: String
    package var candidate: String
    /// The candidate engine's name and version ("?" when its engine row is missing).
    package var engine: String
    package var startedAt: String
    package var shard: String?
    package var sessions: Int
    package var matched: Int
    package var diverged: Int
    package var errors: Int
    /// Sessions whose completion decision flipped.
    package var flips: Int
    /// Where the run ran (`replays.metadata_json`), nil before schema v8 or when none was stored.
    package var metadataJSON: String? = nil
}

/// A session whose completion decision flipped in a replay.
package struct FlippedSession: Sendable, Hashable {
    package var sessionID: Int64
    package var scenario: String
    /// The recorded decision and the candidate's, as stored.
    package var decisionExpected: String
    package var decisionActual: String
}

/// Reads of a replay's verdicts: the `--fail-on` tally, `reel accept`'s selection, `reel info`'s
/// listing and the Markdown summary's flips.
extension Archive {
    /// Replay `replayID`'s sessions that did not match, grouped by status and `kinds_json`: few
    /// rows whatever the replay's size. Status and kinds come back as their enums (`StoredKinds`),
    /// so no reader parses `kinds_json` again.
    package func verdictGroups(replayID: Int64) throws -> [VerdictGroup] {
        let statement = try database.prepare(
            """
            SELECT status, kinds_json, count(*), coalesce(sum(decision_expected <> decision_actual), 0)
            FROM replay_results WHERE replay_id = ?1 AND status <> 'matched' GROUP BY status, kinds_json
            """)
        try statement.bind(replayID, at: 1)
        var groups: [VerdictGroup] = []
        while try statement.step() {
            groups.append(
                VerdictGroup(
                    status: try decode(VerdictStatus.self, statement.string(at: 0), "replay_results", "status"),
                    kinds: try storedKinds(statement, at: 1), sessions: statement.int(at: 2), flips: statement.int(at: 3)))
        }
        return groups
    }

    /// The sessions replay `replayID` diverged on, ascending, kept by the filters that are not nil
    /// (scenario name, session ids, a divergence of one of `kinds`), each with the id of engine
    /// `engineID`'s stored trace of it, if there is one (`reel replay --keep-traces`, `reel record --engine`).
    package func divergedSessions(
        replayID: Int64, scenario: String?, sessionIDs: [Int64]?, kinds: [DivergenceKind]?, traceOfEngine engineID: Int64
    ) throws -> [(sessionID: Int64, storedTrace: Int64?)] {
        let kindList = kinds.map { list in JSONText.stringArray(list.map(\.rawValue)) }
        let idList = sessionIDs.map(JSONText.integerArray)
        let statement = try database.prepare(
            """
            SELECT rr.session_id, (SELECT tr.id FROM traces AS tr WHERE tr.session_id = rr.session_id AND tr.engine_id = ?5)
            FROM replay_results AS rr
            JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 AND rr.status = 'diverged'
              AND (?2 IS NULL OR sc.name = ?2)
              AND (?3 IS NULL OR rr.session_id IN (SELECT value FROM json_each(?3)))
              AND (?4 IS NULL OR EXISTS (SELECT 1 FROM json_each(rr.kinds_json) AS k WHERE k.value IN (SELECT value FROM json_each(?4))))
            ORDER BY rr.session_id
            """)
        try statement.bind(replayID, at: 1)
        try statement.bind(scenario, at: 2)
        try statement.bind(idList, at: 3)
        try statement.bind(kindList, at: 4)
        try statement.bind(engineID, at: 5)
        return try statement.rows { row in (row.int64(at: 0), row.optionalInt64(at: 1)) }
    }

    /// The names of the archive's scenarios, sorted, each once.
    /// How many sessions each replay's accept made baselines (`baseline_history.replay_id`), by
    /// replay id; replays nothing was accepted from are left out (`reel info`'s listing).
    package func acceptedSessionCounts() throws -> [Int64: Int] {
        let statement = try database.prepare(
            "SELECT replay_id, count(DISTINCT session_id) FROM baseline_history WHERE replay_id IS NOT NULL GROUP BY replay_id")
        var counts: [Int64: Int] = [:]
        while try statement.step() { counts[statement.int64(at: 0)] = Int(statement.int64(at: 1)) }
        return counts
    }

    package func scenarioNames() throws -> [String] {
        let statement = try database.prepare("SELECT DISTINCT name FROM scenarios ORDER BY name")
        return try statement.rows { row in row.string(at: 0) }
    }

    /// Every replay of the archive with its verdicts counted, in id order. A replay marked finished
    /// whose verdicts are not all there (`incompleteReplays`) has the status "incomplete".
    package func replayOverviews() throws -> [ReplayOverview] {
        let statement = try database.prepare(
            """
            SELECT r.id, r.status, r.candidate, coalesce(e.name || ' ' || e.version, '?'), r.started_at, r.shard,
                   count(rr.session_id), coalesce(sum(rr.status = 'matched'), 0), coalesce(sum(rr.status = 'diverged'), 0),
                   coalesce(sum(rr.status = 'error'), 0), coalesce(sum(rr.decision_expected <> rr.decision_actual), 0),
                   r.metadata_json
            FROM replays AS r LEFT JOIN engines AS e ON e.id = r.engine_id
            LEFT JOIN replay_results AS rr ON rr.replay_id = r.id
            GROUP BY r.id ORDER BY r.id
            """)
        let incomplete = try incompleteReplays()
        return try statement.rows { row in
            let id = row.int64(at: 0)
            // A replay marked finished whose verdicts are not all there reads as "incomplete".
            return ReplayOverview(
                id: id, status: incomplete[id] == nil ? row.string(at: 1) : "incomplete", candidate: row.string(at: 2),
                engine: row.string(at: 3),
                startedAt: row.string(at: 4), shard: row.optionalString(at: 5), sessions: row.int(at: 6), matched: row.int(at: 7),
                diverged: row.int(at: 8), errors: row.int(at: 9), flips: row.int(at: 10), metadataJSON: row.optionalString(at: 11))
        }
    }

    /// The sessions whose completion decision flipped in replay `replayID`, by session id, one at a time.
    package func flippedSessions(replayID: Int64) throws -> RowCursor<FlippedSession> {
        let statement = try database.prepare(
            """
            SELECT rr.session_id, sc.name, rr.decision_expected, rr.decision_actual
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 AND rr.decision_expected <> rr.decision_actual ORDER BY rr.session_id
            """)
        try statement.bind(replayID, at: 1)
        return RowCursor(statement) { row in
            FlippedSession(
                sessionID: row.int64(at: 0), scenario: row.string(at: 1), decisionExpected: row.string(at: 2),
                decisionActual: row.string(at: 3))
        }
    }
}
