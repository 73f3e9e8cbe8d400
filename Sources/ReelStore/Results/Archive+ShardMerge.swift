/// `reel merge`'s write: the verdicts of shard runs gathered under one replay.
extension Archive {
    /// Copies the `replay_results` and `divergences` of each shard's replay (`shards`: the results
    /// archive's path and its replay's id) under replay `replayID` of this archive, the divergences
    /// in session order as one unsharded run writes them (within a session, in each shard's order).
    /// Each shard is attached as `shard` while it is read; each is copied in its own transaction.
    /// The candidate's stored decisions of the shard's sessions (schema v9, `decision_rows`) come
    /// along, matched by engine fingerprint and rule text, so a merged run explains its decisions as
    /// one run's results archive does.
    /// Replay `replayID` is written running; the last transaction, which writes the divergences,
    /// marks it finished at `finishedAt`, so the file never holds a finished replay with part of
    /// its verdicts (`incompleteReplays`).
    package func mergeShardVerdicts(
        _ shards: [(path: String, replayID: Int64)], into replayID: Int64, finishedAt: String?
    ) throws {
        try database.execute(
            """
            CREATE TEMP TABLE merged_divergences (
                shard_divergence_id INTEGER, session_id INTEGER, kind TEXT, frame_index INTEGER, view_key TEXT,
                property TEXT, expected TEXT, actual TEXT, delta REAL, detail TEXT)
            """)
        for shard in shards {
            try attach(shard.path, as: "shard")
            try write {
                try database.withCachedStatement(
                    """
                    INSERT INTO main.replay_results
                        (replay_id, session_id, status, decision_expected, decision_actual, first_divergent_frame, max_error,
                         error_message, kinds_json, engine_seconds)
                    SELECT ?1, session_id, status, decision_expected, decision_actual, first_divergent_frame,
                        max_error, error_message, kinds_json, engine_seconds
                    FROM shard.replay_results WHERE replay_id = ?2
                    """
                ) { statement in
                    try statement.bind(replayID, at: 1)
                    try statement.bind(shard.replayID, at: 2)
                    try statement.run()
                }
                try copyShardDecisions(replayID: shard.replayID)
                try database.withCachedStatement(
                    """
                    INSERT INTO temp.merged_divergences
                    SELECT id, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail
                    FROM shard.divergences WHERE replay_id = ?1
                    """
                ) { statement in
                    try statement.bind(shard.replayID, at: 1)
                    try statement.run()
                }
            }
            try detach("shard")
        }
        try write {
            try database.withCachedStatement(
                """
                INSERT INTO main.divergences
                    (replay_id, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail)
                SELECT ?1, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail
                FROM temp.merged_divergences ORDER BY session_id, shard_divergence_id
                """
            ) { statement in
                try statement.bind(replayID, at: 1)
                try statement.run()
            }
            try database.execute("DROP TABLE temp.merged_divergences")
            try database.withCachedStatement(
                "UPDATE replays SET status = 'finished', finished_at = ?2 WHERE id = ?1"
            ) { statement in
                try statement.bind(replayID, at: 1)
                try statement.bind(finishedAt, at: 2)
                try statement.run()
            }
        }
    }

    /// Copies the attached `shard`'s decisions of the sessions its replay `shardReplayID` judged
    /// into this archive, each engine and rule matched by its fingerprint and text (ids differ
    /// between archives); rows already here are kept. A shard written before schema v9 has none.
    private func copyShardDecisions(replayID shardReplayID: Int64) throws {
        let hasDecisions =
            try database.withCachedStatement(
                "SELECT count(*) FROM shard.sqlite_master WHERE type = 'table' AND name = 'decision_rows'"
            ) { statement -> Bool in
                guard try statement.step() else { return false }
                return statement.int64(at: 0) > 0
            }
        guard hasDecisions else { return }
        try database.execute(
            """
            INSERT OR IGNORE INTO main.decision_rules (rule, source, recognizer_state)
            SELECT rule, source, recognizer_state FROM shard.decision_rules ORDER BY id
            """)
        try database.withCachedStatement(
            """
            INSERT OR IGNORE INTO main.decision_rows
                (session_id, engine_id, rule_id, finish, progress, velocity, acceleration, horizon, value, threshold,
                 velocity_threshold, scale, scale_threshold)
            SELECT d.session_id, me.id, mr.id, d.finish, d.progress, d.velocity, d.acceleration, d.horizon, d.value,
                d.threshold, d.velocity_threshold, d.scale, d.scale_threshold
            FROM shard.decision_rows AS d
            JOIN shard.engines AS se ON se.id = d.engine_id
            JOIN main.engines AS me ON me.fingerprint = se.fingerprint
            JOIN shard.decision_rules AS sr ON sr.id = d.rule_id
            JOIN main.decision_rules AS mr
                ON mr.rule = sr.rule AND mr.source = sr.source AND mr.recognizer_state = sr.recognizer_state
            JOIN main.sessions AS ms ON ms.id = d.session_id
            WHERE d.session_id IN (SELECT session_id FROM shard.replay_results WHERE replay_id = ?1)
            ORDER BY d.session_id, me.id
            """
        ) { statement in
            try statement.bind(shardReplayID, at: 1)
            try statement.run()
        }
    }
}
