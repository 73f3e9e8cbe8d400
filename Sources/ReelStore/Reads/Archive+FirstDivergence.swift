extension Archive {
    /// The detail of the first divergence stored for session `sessionID` in replay `replayID` (the
    /// one a replay's text output shows), nil when none is stored.
    ///
    /// ```swift
    /// print(try archive.firstDivergenceDetail(replayID: 2, sessionID: 17) ?? "")
    /// ```
    package func firstDivergenceDetail(replayID: Int64, sessionID: Int64) throws -> String? {
        try database.withCachedStatement(
            "SELECT detail FROM divergences WHERE replay_id = ?1 AND session_id = ?2 ORDER BY id LIMIT 1"
        ) { statement in
            try statement.bind(replayID, at: 1)
            try statement.bind(sessionID, at: 2)
            return try statement.step() ? statement.optionalString(at: 0) : nil
        }
    }
}
