import ReelTrace

/// What names a session the same way in every archive that holds it: its scenario, its external
/// id when the stream gave one, and its content hash (of its touches and setting).
package struct SessionLabel: Sendable, Hashable {
    package var scenario: String
    package var externalID: String?
    package var contentHash: String

    /// The external id, else `sha256:` and the hash's first 16 hex digits.
    package var stableName: String { externalID ?? "sha256:" + contentHash.prefix(16) }
}

extension Archive {
    /// The labels of the sessions replay `replayID` judged, by session id (a results archive holds
    /// the copied session headers, so it has them too).
    ///
    /// ```swift
    /// let labels = try archive.sessionLabels(replayID: 3)
    /// print(labels[17]?.stableName ?? "?")
    /// ```
    package func sessionLabels(replayID: Int64) throws -> [Int64: SessionLabel] {
        let statement = try database.prepare(
            """
            SELECT rr.session_id, sc.name, s.external_id, s.content_hash
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1
            """)
        try statement.bind(replayID, at: 1)
        var labels: [Int64: SessionLabel] = [:]
        while try statement.step() {
            labels[statement.int64(at: 0)] = SessionLabel(
                scenario: statement.string(at: 1), externalID: statement.optionalString(at: 2), contentHash: statement.string(at: 3))
        }
        return labels
    }

    /// Session `sessionID`'s label; nil when the archive has no such session.
    package func sessionLabel(sessionID: Int64) throws -> SessionLabel? {
        try database.withCachedStatement(
            """
            SELECT sc.name, s.external_id, s.content_hash FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE s.id = ?1
            """
        ) { statement in
            try statement.bind(sessionID, at: 1)
            guard try statement.step() else { return nil }
            return SessionLabel(
                scenario: statement.string(at: 0), externalID: statement.optionalString(at: 1), contentHash: statement.string(at: 2))
        }
    }
}
