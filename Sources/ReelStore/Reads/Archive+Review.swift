import ReelTrace

/// A diverged session of a replay as `reel review` walks it.
package struct ReviewItem: Sendable, Hashable {
    package var sessionID: Int64
    package var scenario: String
    /// The decisions as stored (nil after an engine error).
    package var decisionExpected: String?
    package var decisionActual: String?
    package var firstDivergentFrame: Int?

    /// Whether the completion decision flipped.
    package var flipped: Bool { decisionExpected != nil && decisionActual != nil && decisionExpected != decisionActual }
}

extension Archive {
    /// Replay `replayID`'s diverged sessions (the ones `reel accept` can accept) in review order:
    /// the flips first, then the other divergences, each by scenario name and session id.
    ///
    /// ```swift
    /// for item in try archive.reviewItems(replayID: 2) where item.flipped { print(item.sessionID) }
    /// ```
    package func reviewItems(replayID: Int64) throws -> [ReviewItem] {
        let statement = try database.prepare(
            """
            SELECT rr.session_id, sc.name, rr.decision_expected, rr.decision_actual, rr.first_divergent_frame
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 AND rr.status = 'diverged'
            ORDER BY coalesce(rr.decision_expected <> rr.decision_actual, 0) DESC, sc.name, rr.session_id
            """)
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in
            ReviewItem(
                sessionID: row.int64(at: 0), scenario: row.string(at: 1), decisionExpected: row.optionalString(at: 2),
                decisionActual: row.optionalString(at: 3), firstDivergentFrame: row.optionalInt(at: 4))
        }
    }
}
