import ReelTrace

/// A `replays` row as the report prints it: the status and shard as stored, unchecked.
package struct ReplayHeader: Sendable, Hashable {
    package var id: Int64
    /// The candidate engine's row in `engines`.
    package var engineID: Int64
    package var candidate: String
    package var startedAt: String
    package var finishedAt: String?
    package var status: String
    package var shard: String?
    package var tolerancesJSON: String
    /// Where and from what the replay ran (`replays.metadata_json`, a JSON object of text values), as stored.
    package var metadataJSON: String? = nil
}

/// A replay's verdicts on the sessions of one scenario.
package struct ScenarioVerdictCounts: Sendable, Hashable {
    package var scenario: String
    package var sessions: Int
    package var matched: Int
    package var diverged: Int
    package var errors: Int
    /// Sessions whose completion decision flipped (both decisions known and different).
    package var decisionFlips: Int
}

/// A replay's divergences of one kind: how many sessions show it, how many divergences in all.
package struct DivergenceKindCount: Sendable, Hashable {
    /// The stored kind name (`divergences.kind`).
    package var kind: String
    package var sessions: Int
    package var divergences: Int
}

/// A session a replay did not match, as the report ranks them for plotting.
package struct UnmatchedSession: Sendable, Hashable {
    package var sessionID: Int64
    /// `diverged` or `error`.
    package var status: String
    package var firstDivergentFrame: Int?
    /// Whether the archive holds the session's recorded trace (a results archive holds headers only).
    package var hasTrace: Bool
    /// Whether the completion decision flipped.
    package var flipped: Bool
}

/// A scenario a replay judged sessions of, with its stored spec.
package struct ReplayScenario: Sendable, Hashable {
    package var id: Int64
    package var name: String
    package var specJSON: String
}

/// One session's verdict in a replay and the detail of its last `updateInteractiveTransition`
/// event, from which the report places its release.
package struct SessionDecisionRow: Sendable, Hashable {
    package var sessionID: Int64
    /// The recorded decision (nil when unknown).
    package var decisionExpected: String?
    /// The candidate's decision (nil when it failed).
    package var decisionActual: String?
    /// The detail of the session's last `updateInteractiveTransition(...)` event, nil when it has none.
    package var lastUpdateDetail: String?
}

/// A replay's verdict on one session (`replay_results`), as `reel show` and the session page print it.
package struct SessionVerdictRow: Sendable, Hashable {
    package var replayID: Int64
    /// `matched`, `diverged` or `error`, as stored.
    package var status: String
    package var firstDivergentFrame: Int?
    package var errorMessage: String?
}

/// The reads of the HTML report (`reel report`) and of the summaries that list sessions one by one.
/// They read base tables, never the archive's views: a hostile archive may redefine views.
extension Archive {
    /// Replay `id`'s row, or the latest replay's when `id` is nil; nil when there is no such replay.
    package func replayHeader(id: Int64?) throws -> ReplayHeader? {
        let statement = try database.prepare(
            """
            SELECT id, engine_id, candidate, started_at, finished_at, status, shard, tolerances_json, metadata_json
            FROM replays WHERE id = coalesce(?1, (SELECT max(id) FROM replays))
            """)
        try statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        // A replay marked finished with part of its verdicts (an interrupted merge of an earlier
        // Reel) is refused: its report would show fewer divergences than the replay found.
        try requireCompleteReplay(statement.int64(at: 0))
        return ReplayHeader(
            id: statement.int64(at: 0), engineID: statement.int64(at: 1), candidate: statement.string(at: 2),
            startedAt: statement.string(at: 3), finishedAt: statement.optionalString(at: 4), status: statement.string(at: 5),
            shard: statement.optionalString(at: 6), tolerancesJSON: statement.string(at: 7),
            metadataJSON: statement.optionalString(at: 8))
    }

    /// The engines (ids, ascending) whose traces replay `replayID` compared against, each with
    /// whether it is not the session's recording engine (a `reel accept` made another engine's trace
    /// the baseline). A session's baseline when the replay began is the trace the first later
    /// acceptance replaced, else its current baseline; a results archive holds no traces, so there
    /// it is the recording engine.
    package func baselineEngines(replayID: Int64) throws -> [(engineID: Int64, accepted: Bool)] {
        let statement = try database.prepare(
            """
            SELECT DISTINCT baseline_engine, baseline_engine <> recording_engine FROM (
                SELECT s.engine_id AS recording_engine, coalesce(
                    (SELECT tr.engine_id FROM baseline_history AS h JOIN traces AS tr ON tr.id = h.trace_id
                     WHERE h.session_id = s.id AND h.replaced_at > r.started_at ORDER BY h.id LIMIT 1),
                    (SELECT tr.engine_id FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id WHERE bl.session_id = s.id),
                    s.engine_id) AS baseline_engine
                FROM replay_results AS rr JOIN replays AS r ON r.id = rr.replay_id JOIN sessions AS s ON s.id = rr.session_id
                WHERE rr.replay_id = ?1)
            ORDER BY baseline_engine
            """)
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in (row.int64(at: 0), row.bool(at: 1)) }
    }

    /// Replay `replayID`'s verdicts counted by scenario, by scenario name.
    package func scenarioVerdictCounts(replayID: Int64) throws -> [ScenarioVerdictCounts] {
        let statement = try database.prepare(
            """
            SELECT sc.name, count(*), sum(rr.status = 'matched'), sum(rr.status = 'diverged'), sum(rr.status = 'error'),
                   sum(coalesce(rr.decision_expected <> rr.decision_actual, 0))
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 GROUP BY sc.name ORDER BY sc.name
            """)
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in
            ScenarioVerdictCounts(
                scenario: row.string(at: 0), sessions: row.int(at: 1), matched: row.int(at: 2), diverged: row.int(at: 3),
                errors: row.int(at: 4), decisionFlips: row.int(at: 5))
        }
    }

    /// Replay `replayID`'s divergences counted by kind (the numbers of the `divergence_summary`
    /// view, from the base table), in no particular order.
    package func divergenceKindCounts(replayID: Int64) throws -> [DivergenceKindCount] {
        let statement = try database.prepare(
            "SELECT kind, count(DISTINCT session_id), count(*) FROM divergences WHERE replay_id = ?1 GROUP BY kind")
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in
            DivergenceKindCount(kind: row.string(at: 0), sessions: row.int(at: 1), divergences: row.int(at: 2))
        }
    }

    /// The sessions replay `replayID` did not match, in the report's plotting order: flipped
    /// sessions first, then round-robin over scenarios (each scenario's largest error first),
    /// diverged before errors, then by largest error and id; one at a time, so a reader that wants
    /// the first few holds only those (SQLite sorts the rest in its bounded sorter).
    package func unmatchedSessions(replayID: Int64) throws -> RowCursor<UnmatchedSession> {
        let statement = try database.prepare(
            """
            WITH ranked AS (
                SELECT rr.session_id, rr.status, rr.first_divergent_frame, rr.max_error,
                       coalesce(rr.decision_expected <> rr.decision_actual, 0) AS flipped,
                       row_number() OVER (
                           PARTITION BY s.scenario_id, coalesce(rr.decision_expected <> rr.decision_actual, 0)
                           ORDER BY rr.max_error DESC, rr.session_id) AS rank_in_scenario
                FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
                WHERE rr.replay_id = ?1 AND rr.status <> 'matched'
            )
            SELECT session_id, status, first_divergent_frame,
                   EXISTS (SELECT 1 FROM outcomes AS o WHERE o.session_id = ranked.session_id), flipped FROM ranked
            ORDER BY flipped DESC, rank_in_scenario, status = 'error', max_error DESC, session_id
            """)
        try statement.bind(replayID, at: 1)
        return RowCursor(statement) { row in
            UnmatchedSession(
                sessionID: row.int64(at: 0), status: row.string(at: 1), firstDivergentFrame: row.optionalInt(at: 2),
                hasTrace: row.bool(at: 3), flipped: row.bool(at: 4))
        }
    }

    /// The scenarios replay `replayID` judged sessions of, by name then id.
    package func replayScenarios(replayID: Int64) throws -> [ReplayScenario] {
        let statement = try database.prepare(
            """
            SELECT DISTINCT sc.id, sc.name, sc.spec_json FROM replay_results AS rr
            JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 ORDER BY sc.name, sc.id
            """)
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in ReplayScenario(id: row.int64(at: 0), name: row.string(at: 1), specJSON: row.string(at: 2)) }
    }

    /// Replay `replayID`'s decisions on a bounded sample of the sessions of scenario `scenarioID`
    /// (`DecisionSampleLimits`: the first flipped ones by id, and the others at an even step over
    /// their ids), by session id, each with the detail of the session's last
    /// `updateInteractiveTransition` event; and how many sessions and flips the scenario has in all.
    package func sessionDecisions(
        replayID: Int64, scenarioID: Int64, limits: DecisionSampleLimits
    ) throws -> (rows: [SessionDecisionRow], sessions: Int, flipped: Int) {
        let counts = try database.withCachedStatement(
            """
            SELECT count(*), coalesce(sum(coalesce(rr.decision_expected <> rr.decision_actual, 0)), 0)
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
            WHERE rr.replay_id = ?1 AND s.scenario_id = ?2
            """
        ) { statement in
            try statement.bind(replayID, at: 1)
            try statement.bind(scenarioID, at: 2)
            _ = try statement.step()
            return (sessions: statement.int(at: 0), flipped: statement.int(at: 1))
        }
        let flippedDrawn = min(counts.flipped, limits.flipped)
        let othersDrawn = min(counts.sessions - counts.flipped, max(limits.sessions - flippedDrawn, 0))
        // Rank r (0-based, by id) of the n unflipped sessions is drawn when (r + 1) * k / n > r * k / n
        // (integer division): exactly k of them, evenly spread over the ids, every one when k = n.
        let rows = try database.withCachedStatement(
            """
            WITH judged AS (
                SELECT rr.session_id, rr.decision_expected, rr.decision_actual,
                       coalesce(rr.decision_expected <> rr.decision_actual, 0) AS flipped
                FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
                WHERE rr.replay_id = ?1 AND s.scenario_id = ?2
            ), ranked AS (
                SELECT *, row_number() OVER (PARTITION BY flipped ORDER BY session_id) - 1 AS rank FROM judged
            )
            SELECT session_id, decision_expected, decision_actual, (\(Self.lastUpdateDetailSQL("ranked.session_id")))
            FROM ranked
            WHERE (flipped AND rank < ?3) OR (NOT flipped AND ((rank + 1) * ?4) / ?5 > (rank * ?4) / ?5)
            ORDER BY session_id
            """
        ) { statement in
            try statement.bind(replayID, at: 1)
            try statement.bind(scenarioID, at: 2)
            try statement.bind(Int64(flippedDrawn), at: 3)
            try statement.bind(Int64(othersDrawn), at: 4)
            try statement.bind(Int64(max(counts.sessions - counts.flipped, 1)), at: 5)
            return try statement.rows { row in
                SessionDecisionRow(
                    sessionID: row.int64(at: 0), decisionExpected: row.optionalString(at: 1), decisionActual: row.optionalString(at: 2),
                    lastUpdateDetail: row.optionalString(at: 3))
            }
        }
        return (rows, counts.sessions, counts.flipped)
    }

    /// Session `sessionID`'s scenario spec and the detail of its last `updateInteractiveTransition`
    /// event (nil when it has none); nil when the archive has no such session.
    package func releaseEvent(sessionID: Int64) throws -> (scenarioSpecJSON: String, lastUpdateDetail: String?)? {
        try database.withCachedStatement(
            """
            SELECT sc.spec_json, (\(Self.lastUpdateDetailSQL("s.id")))
            FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id WHERE s.id = ?1
            """
        ) { statement in
            try statement.bind(sessionID, at: 1)
            guard try statement.step() else { return nil }
            return (statement.string(at: 0), statement.optionalString(at: 1))
        }
    }

    /// The detail of the last `updateInteractiveTransition(...)` transition event of the session
    /// whose id is `sessionID` (an SQL expression): a scalar subquery.
    private static func lastUpdateDetailSQL(_ sessionID: String) -> String {
        """
        SELECT e.detail FROM events AS e
                     WHERE e.session_id = \(sessionID) AND e.kind = 'transition'
                       AND e.detail LIKE 'updateInteractiveTransition(%' ORDER BY e.seq DESC LIMIT 1
        """
    }

    /// Session `sessionID`'s touches in recorded order, decoded from its `touch_packs` row (or its
    /// `touch_rows`) as replay reads them, so a damaged pack is an invalid stored row, never a raw
    /// SQLite error from the `touches` view; empty in a results archive, which holds session
    /// headers only.
    package func touches(sessionID: Int64) throws -> [Touch] {
        var touches: [Touch] = []
        try forEachTouch(.of([sessionID]), [sessionID]) { touches.append($1) }
        return touches
    }

    /// Replay `replayID`'s verdict on session `sessionID`, or, when `replayID` is nil, the verdict
    /// of the latest replay that judged the session; nil when there is none.
    package func sessionVerdict(sessionID: Int64, replayID: Int64?) throws -> SessionVerdictRow? {
        let statement = try database.prepare(
            """
            SELECT replay_id, status, first_divergent_frame, error_message FROM replay_results
            WHERE session_id = ?1 AND (?2 IS NULL OR replay_id = ?2) ORDER BY replay_id DESC LIMIT 1
            """)
        try statement.bind(sessionID, at: 1)
        try statement.bind(replayID, at: 2)
        guard try statement.step() else { return nil }
        return SessionVerdictRow(
            replayID: statement.int64(at: 0), status: statement.string(at: 1), firstDivergentFrame: statement.optionalInt(at: 2),
            errorMessage: statement.optionalString(at: 3))
    }
}

/// What the report's filters know of a session a replay did not match: its divergence kinds
/// (`replay_results.kinds_json`, decoded in stored order) and the engine that recorded it.
package struct SessionFacets: Sendable, Hashable {
    package var kinds: [DivergenceKind]
    package var recordingEngineID: Int64
}

extension Archive {
    /// The facets (`SessionFacets`) of those of `sessionIDs` that replay `replayID` did not match, by session id.
    package func unmatchedSessionFacets(replayID: Int64, sessionIDs: some Sequence<Int64>) throws -> [Int64: SessionFacets] {
        var facets: [Int64: SessionFacets] = [:]
        for sessionID in sessionIDs {
            try database.withCachedStatement(
                """
                SELECT rr.kinds_json, s.engine_id FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
                WHERE rr.replay_id = ?1 AND rr.session_id = ?2 AND rr.status <> 'matched'
                """
            ) { statement in
                try statement.bind(replayID, at: 1)
                try statement.bind(sessionID, at: 2)
                if try statement.step() {
                    facets[sessionID] = SessionFacets(kinds: try storedKinds(statement, at: 0), recordingEngineID: statement.int64(at: 1))
                }
            }
        }
        return facets
    }
}

/// How many sessions of one scenario a report's decision map draws: the first `flipped` flipped
/// sessions by id, then unflipped ones at an even step over their ids, up to `sessions` in all.
package struct DecisionSampleLimits: Sendable, Hashable {
    package var sessions: Int
    package var flipped: Int

    package init(sessions: Int, flipped: Int) {
        self.sessions = max(sessions, 0)
        self.flipped = max(min(flipped, sessions), 0)
    }
}
