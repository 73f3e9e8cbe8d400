import ReelTrace

extension Archive {
    /// Where replay `replayID` ran (`replays.metadata_json`), read by SQLite's own JSON functions;
    /// nil when the replay stored none (begun before schema v8, merged from shards that stored none,
    /// or written by an embedder that gave none), when the archive has no such replay, or when the
    /// stored text is not a JSON object of strings (an archive edited by hand).
    ///
    /// ```swift
    /// try archive.runMetadata(replayID: 3)?.commit   // "3f2a9c..."
    /// ```
    package func runMetadata(replayID: Int64) throws -> RunMetadata? {
        guard schemaVersion >= 8 else { return nil }
        let stored = try database.prepare(
            """
            SELECT metadata_json FROM replays WHERE id = ?1 AND json_valid(metadata_json) AND json_type(metadata_json) = 'object'
                AND NOT EXISTS (SELECT 1 FROM json_each(metadata_json) WHERE type <> 'text')
            """)
        try stored.bind(replayID, at: 1)
        guard try stored.step() else { return nil }
        let members = try database.prepare("SELECT key, value FROM json_each(?1)")
        try members.bind(stored.string(at: 0), at: 1)
        var values: [String: String] = [:]
        while try members.step() { values[members.string(at: 0)] = members.string(at: 1) }
        return RunMetadata(values)
    }
}
