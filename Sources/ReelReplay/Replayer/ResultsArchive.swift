import ReelStore

/// Where a replay writes its verdicts: the recorded archive itself, or a separate results archive.
///
/// A separate results archive receives copies of the engines, scenarios and session headers
/// (not touches or frames) of the sessions it judges, with their ids, so its `regressions` and
/// `divergence_summary` views work on their own and shard results from many machines merge.
final class ResultsArchive {
    let archive: Archive
    private let copiesHeaders: Bool

    init(sourcePath: String, resultsPath: String?) throws {
        guard let resultsPath, resultsPath != sourcePath else {
            archive = try Archive.open(sourcePath, mode: .readWrite)
            copiesHeaders = false
            return
        }
        archive = try Archive.open(resultsPath, mode: .readWrite)
        copiesHeaders = true
        try archive.database.execute("ATTACH DATABASE \(JSONText.quoted(sourcePath).replacingDoubleQuotesWithSingle) AS source")
        try archive.write {
            try archive.database.execute("INSERT OR IGNORE INTO main.engines SELECT * FROM source.engines")
            try archive.database.execute("INSERT OR IGNORE INTO main.scenarios SELECT * FROM source.scenarios")
        }
    }

    /// Makes sure the session's header is present (a no-op for the recorded archive itself).
    func ensureSessionHeader(_ sessionID: Int64) throws {
        guard copiesHeaders else { return }
        try archive.database.withCachedStatement(
            "INSERT OR IGNORE INTO main.sessions SELECT * FROM source.sessions WHERE id = ?1"
        ) { statement in
            try statement.bind(sessionID, at: 1)
            try statement.run()
        }
    }
}

extension String {
    /// `"text"` as an SQL string literal `'text'` (quotes inside doubled).
    fileprivate var replacingDoubleQuotesWithSingle: String {
        "'" + dropFirst().dropLast().replacingOccurrences(of: "'", with: "''") + "'"
    }
}
