/// A session a review rejected: the replay, the session, who and when (`review_rejects`, v13).
package struct ReviewReject: Sendable, Hashable {
    package var replayID: Int64
    package var sessionID: Int64
    package var rejectedBy: String
    package var rejectedAt: String
}

extension Archive {
    /// Remembers that a review rejected replay `replayID`'s divergence on `sessionIDs`, in one
    /// transaction, so they are on disk when this returns; a reject given again replaces its row.
    ///
    /// ```swift
    /// try archive.rememberRejects([17], replayID: 2, rejectedBy: "ana@build")
    /// try archive.rejectedSessions(replayID: 2)   // [17]
    /// ```
    package func rememberRejects(_ sessionIDs: [Int64], replayID: Int64, rejectedBy: String) throws {
        try write {
            for sessionID in sessionIDs {
                try database.withCachedStatement(
                    """
                    INSERT OR REPLACE INTO review_rejects (replay_id, session_id, rejected_by, rejected_at)
                    VALUES (?1, ?2, ?3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    """
                ) { statement in
                    try statement.bind(replayID, at: 1)
                    try statement.bind(sessionID, at: 2)
                    try statement.bind(rejectedBy, at: 3)
                    try statement.run()
                }
            }
        }
    }

    /// Forgets a reject (the session was accepted since); nothing when there is none.
    package func forgetReject(replayID: Int64, sessionID: Int64) throws {
        try database.withCachedStatement("DELETE FROM review_rejects WHERE replay_id = ?1 AND session_id = ?2") { statement in
            try statement.bind(replayID, at: 1)
            try statement.bind(sessionID, at: 2)
            try statement.run()
        }
    }

    /// The sessions of replay `replayID` a review rejected, ascending.
    package func rejectedSessions(replayID: Int64) throws -> [Int64] {
        let statement = try database.prepare("SELECT session_id FROM review_rejects WHERE replay_id = ?1 ORDER BY session_id")
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in row.int64(at: 0) }
    }

    /// Every remembered reject, by replay and session.
    package func reviewRejects() throws -> [ReviewReject] {
        let statement = try database.prepare(
            "SELECT replay_id, session_id, rejected_by, rejected_at FROM review_rejects ORDER BY replay_id, session_id")
        return try statement.rows { row in
            ReviewReject(
                replayID: row.int64(at: 0), sessionID: row.int64(at: 1), rejectedBy: row.string(at: 2), rejectedAt: row.string(at: 3))
        }
    }

    /// The sessions whose baseline an accept of replay `replayID` replaced (`baseline_history`), ascending.
    package func sessionsAccepted(fromReplay replayID: Int64) throws -> [Int64] {
        let statement = try database.prepare("SELECT DISTINCT session_id FROM baseline_history WHERE replay_id = ?1 ORDER BY session_id")
        try statement.bind(replayID, at: 1)
        return try statement.rows { row in row.int64(at: 0) }
    }
}
