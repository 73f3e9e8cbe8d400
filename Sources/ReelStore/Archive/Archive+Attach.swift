extension Archive {
    /// Attaches the SQLite file at `path` read-only to this connection under `schema`, so one
    /// statement can copy rows from it (`INSERT INTO main.t SELECT * FROM schema.t`). Works on
    /// read-only media too (see `Database.openingReadOnly`); the file is never written. Outside a
    /// transaction.
    /// A failure names the attached file, which is the one SQLite could not open or read.
    package func attach(_ path: String, as schema: String) throws {
        try RegularFileCheck.require(path)
        try Database.openingReadOnly(path) { uri in
            do {
                try database.withCachedStatement("ATTACH DATABASE ?1 AS \(schema)") { statement in
                    try statement.bind(uri, at: 1)
                    try statement.run()
                }
            } catch let error as SQLiteError where error.message.hasPrefix(Self.otherEncodingMessage) {
                // Reel writes every file in UTF-8: the header of this one says otherwise.
                throw SQLiteError(
                    extendedCode: error.extendedCode, message: "unsupported file format: its text encoding is not UTF-8", file: path,
                    damagedFile: true)
            } catch let error as SQLiteError {
                throw error.about(file: path)
            }
        }
        do {
            try Self.refuseStatistics(in: database, schema: schema, path: path)
        } catch {
            try? detach(schema)
            throw error
        }
    }

    /// SQLite's words when the file to attach has another text encoding than the main one.
    private static let otherEncodingMessage = "attached databases must use the same text encoding"

    /// Detaches what `attach` attached under `schema`.
    package func detach(_ schema: String) throws {
        try database.execute("DETACH DATABASE \(schema)")
    }
}
