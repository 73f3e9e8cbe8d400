import ReelTrace

/// Reads behind `reel replay`'s selection: sessions by scenario, id, tag and an earlier replay's
/// verdicts, and the tags an archive's sessions carry (for the message naming a tag none carries).
extension Archive {
    /// Ids of stored sessions in ascending order that pass every filter that is not nil: of one of
    /// `scenarios` (exact names), among `ids`, carrying at least one of `tags`, and judged other than
    /// matched (diverged or an engine error) by replay `notMatchedIn`.
    ///
    /// ```swift
    /// let ids = try archive.sessionIDs(scenarios: nil, ids: nil, tags: ["device:ipad-air"], notMatchedIn: 3)
    /// ```
    package func sessionIDs(scenarios: [String]?, ids: [Int64]?, tags: [String]?, notMatchedIn replayID: Int64?) throws -> [Int64] {
        let names = scenarios.map { Array(Set($0)).sorted() } ?? []
        var filters: [String] = []
        if !names.isEmpty { filters.append("sc.name IN (" + names.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")") }
        let tagsParameter = names.count + 1
        let replayParameter = names.count + 2
        if tags != nil {
            // A session whose tags are not a JSON array (an archive edited by hand) carries no tag.
            filters.append(
                "EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(s.tags) THEN s.tags ELSE '[]' END) AS tag "
                    + "WHERE tag.value IN (SELECT value FROM json_each(?\(tagsParameter))))")
        }
        if replayID != nil {
            filters.append(
                "s.id IN (SELECT session_id FROM replay_results WHERE replay_id = ?\(replayParameter) AND status <> 'matched')")
        }
        let statement = try database.prepare(
            "SELECT s.id FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id"
                + (filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND ")) + " ORDER BY s.id")
        for (index, name) in names.enumerated() { try statement.bind(name, at: Int32(index + 1)) }
        if let tags { try statement.bind(JSONText.stringArray(tags), at: Int32(tagsParameter)) }
        if let replayID { try statement.bind(replayID, at: Int32(replayParameter)) }
        let wanted = ids.map(Set.init)
        var result: [Int64] = []
        while try statement.step() {
            let id = statement.int64(at: 0)
            if wanted?.contains(id) ?? true { result.append(id) }
        }
        return result
    }

    /// Whether some session carries `tag`.
    package func hasSession(tagged tag: String) throws -> Bool {
        let statement = try database.prepare(
            """
            SELECT EXISTS (SELECT 1 FROM sessions AS s, json_each(CASE WHEN json_valid(s.tags) THEN s.tags ELSE '[]' END) AS tag
                           WHERE tag.value = ?1)
            """)
        try statement.bind(tag, at: 1)
        return try statement.step() && statement.int(at: 0) == 1
    }

    /// The tags the archive's sessions carry, sorted, each once; at most `limit` of them.
    package func sessionTags(limit: Int) throws -> [String] {
        let statement = try database.prepare(
            """
            SELECT DISTINCT tag.value FROM sessions AS s, json_each(CASE WHEN json_valid(s.tags) THEN s.tags ELSE '[]' END) AS tag
            WHERE tag.type = 'text' ORDER BY 1 LIMIT ?1
            """)
        try statement.bind(Int64(limit), at: 1)
        return try statement.rows { row in row.string(at: 0) }
    }
}
