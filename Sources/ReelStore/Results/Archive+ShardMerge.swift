/// `reel merge`'s write: the verdicts of shard runs gathered under one replay.
extension Archive {
    /// Copies the `replay_results` and `divergences` of each shard's replay (`shards`: the results
    /// archive's path and its replay's id) under replay `replayID` of this archive, the divergences
    /// in session order as one unsharded run writes them (within a session, in each shard's order).
    /// Each shard is attached as `shard` while it is read; each is copied in its own transaction.
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
                         error_message, kinds_json)
                    SELECT ?1, session_id, status, decision_expected, decision_actual, first_divergent_frame,
                        max_error, error_message, kinds_json
                    FROM shard.replay_results WHERE replay_id = ?2
                    """
                ) { statement in
                    try statement.bind(replayID, at: 1)
                    try statement.bind(shard.replayID, at: 2)
                    try statement.run()
                }
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
}
