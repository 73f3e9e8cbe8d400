/// The planner statistics of ANALYZE (`sqlite_stat1`, `sqlite_stat4`) in an archive. Reel never
/// writes them, and SQLite's planner follows them: a sender who plants statistics can make every
/// command choose a full scan inside a loop (an export of 19,200 sessions went from 2 s to more than
/// 3 minutes). So a writable open drops them before any query runs (the schema change makes SQLite
/// forget what it loaded), and a read-only open or an attached file with them is refused, saying how
/// to remove them.
extension Archive {
    /// The statistics tables SQLite's planner reads.
    static let statisticsTables = ["sqlite_stat1", "sqlite_stat4"]

    /// The statistics tables present in `schema` ("main", or an attached schema's name).
    static func statisticsTables(in database: Database, schema: String = "main") throws -> [String] {
        try statisticsTables.filter { table in
            try database.scalarInt64("SELECT count(*) FROM \(schema).sqlite_schema WHERE type = 'table' AND name = '\(table)'") ?? 0 > 0
        }
    }

    /// Drops the statistics tables of a writable archive.
    static func dropStatistics(in database: Database) throws {
        for table in try statisticsTables(in: database) {
            try database.execute("DROP TABLE main.\(table)")
        }
    }

    /// Refuses a file with statistics that cannot be dropped here (opened read-only or attached).
    static func refuseStatistics(in database: Database, schema: String = "main", path: String) throws {
        let found = try statisticsTables(in: database, schema: schema)
        guard !found.isEmpty else { return }
        throw ArchiveError.plannerStatistics(path: path, tables: found)
    }
}
