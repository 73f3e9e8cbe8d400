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
        try sessionIDs(scenarios: scenarios, ids: ids, tags: tags, notMatchedIn: replayID, after: nil, through: nil, limit: nil)
    }

    /// One block of that selection: its first `limit` ids (all of them for nil) above `after` and
    /// at most `through`, ascending. Each call is one short query (the next block starts after the
    /// last id of this one), so a reader walks a selection of any size holding one block, and holds
    /// no read transaction open between blocks while others write the archive.
    ///
    /// ```swift
    /// var last: Int64? = nil
    /// while case let block = try archive.sessionIDs(
    ///     scenarios: nil, ids: nil, tags: nil, notMatchedIn: nil, after: last, through: nil, limit: 4096), let end = block.last {
    ///     last = end  // ... use block
    /// }
    /// ```
    package func sessionIDs(
        scenarios: [String]?, ids: [Int64]?, tags: [String]?, notMatchedIn replayID: Int64?, after: Int64?, through: Int64?,
        limit: Int?
    ) throws -> [Int64] {
        let statement = try selectionStatement(
            "s.id", scenarios: scenarios, ids: ids, tags: tags, notMatchedIn: replayID, after: after, through: through, limit: limit)
        var result: [Int64] = []
        while try statement.step() { result.append(statement.int64(at: 0)) }
        return result
    }

    /// Calls `body` with the id and content hash of each session of that selection, ascending, one
    /// row at a time (one query: for a reader that writes nothing to this archive meanwhile).
    package func forEachSelectedSession(
        scenarios: [String]?, ids: [Int64]?, tags: [String]?, notMatchedIn replayID: Int64?,
        _ body: (_ id: Int64, _ contentHash: String) throws -> Void
    ) throws {
        let statement = try selectionStatement(
            "s.id, s.content_hash", scenarios: scenarios, ids: ids, tags: tags, notMatchedIn: replayID, after: nil, through: nil,
            limit: nil)
        while try statement.step() { try body(statement.int64(at: 0), statement.string(at: 1)) }
    }

    /// The selection's query, bound, selecting `columns` of `sessions AS s` (a session whose
    /// scenario row is missing is not selected) by id. Every filter is a test of the row at hand
    /// (no list of the archive's ids is built), so a block read after an id costs its own rows.
    private func selectionStatement(
        _ columns: String, scenarios: [String]?, ids: [Int64]?, tags: [String]?, notMatchedIn replayID: Int64?, after: Int64?,
        through: Int64?, limit: Int?
    ) throws -> Statement {
        let names = scenarios.map { Array(Set($0)).sorted() } ?? []
        var filters: [String] = []
        if !names.isEmpty {
            filters.append("sc.name IN (" + names.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")")
        }
        let tagsParameter = names.count + 1
        let replayParameter = names.count + 2
        let idsParameter = names.count + 3
        let afterParameter = names.count + 4
        let throughParameter = names.count + 5
        let limitParameter = names.count + 6
        if tags != nil {
            // A session whose tags are not a JSON array (an archive edited by hand) carries no tag.
            filters.append(
                "EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(s.tags) THEN s.tags ELSE '[]' END) AS tag "
                    + "WHERE tag.value IN (SELECT value FROM json_each(?\(tagsParameter))))")
        }
        if replayID != nil {
            filters.append(
                "EXISTS (SELECT 1 FROM replay_results AS rr WHERE rr.replay_id = ?\(replayParameter) "
                    + "AND rr.session_id = s.id AND rr.status <> 'matched')")
        }
        if ids != nil { filters.append("s.id IN (SELECT value FROM json_each(?\(idsParameter)))") }
        if after != nil { filters.append("s.id > ?\(afterParameter)") }
        if through != nil { filters.append("s.id <= ?\(throughParameter)") }
        let statement = try database.prepare(
            // CROSS JOIN keeps sessions the outer loop, walked by id: a block after an id starts
            // there and stops at its limit, never sorting the selection.
            "SELECT \(columns) FROM sessions AS s CROSS JOIN scenarios AS sc ON sc.id = s.scenario_id"
                + (filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND ")) + " ORDER BY s.id"
                + (limit == nil ? "" : " LIMIT ?\(limitParameter)"))
        for (index, name) in names.enumerated() { try statement.bind(name, at: Int32(index + 1)) }
        if let tags { try statement.bind(JSONText.stringArray(tags), at: Int32(tagsParameter)) }
        if let replayID { try statement.bind(replayID, at: Int32(replayParameter)) }
        if let ids { try statement.bind(JSONText.integerArray(ids), at: Int32(idsParameter)) }
        if let after { try statement.bind(after, at: Int32(afterParameter)) }
        if let through { try statement.bind(through, at: Int32(throughParameter)) }
        if let limit { try statement.bind(Int64(limit), at: Int32(limitParameter)) }
        return statement
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
