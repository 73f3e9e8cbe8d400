/// The reads `reel bench` times: saved queries and views run to their last row.
extension Archive {
    /// Prepares `query`'s statement and runs it to its last row, its parameters unbound (NULL,
    /// each saved query's default); returns the number of rows.
    package func countRows(of query: EmbeddedQuery) throws -> Int {
        try countRows(query.sql)
    }

    /// Runs `SELECT * FROM view` to its last row; returns the number of rows.
    package func countRows(ofView view: String) throws -> Int {
        try countRows("SELECT * FROM \(view)")
    }

    /// Runs `SELECT * FROM <view> WHERE session_id = ?` for each of `sessionIDs` (one
    /// statement, prepared once), each to its last row; returns the number of rows.
    package func countRows(ofView view: String, sessionIDs: [Int64]) throws -> Int {
        let statement = try database.prepare("SELECT * FROM \(view) WHERE session_id = ?1")
        var rows = 0
        for id in sessionIDs {
            try statement.bind(id, at: 1)
            while try statement.step() { rows += 1 }
            statement.reset()
        }
        return rows
    }

    private func countRows(_ sql: String) throws -> Int {
        let statement = try database.prepare(sql)
        var rows = 0
        while try statement.step() { rows += 1 }
        return rows
    }
}
