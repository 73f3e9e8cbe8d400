extension Archive {
    /// Attaches the SQLite file at `path` read-only to this connection under `schema`, so one
    /// statement can copy rows from it (`INSERT INTO main.t SELECT * FROM schema.t`). Works on
    /// read-only media too (see `Database.openingReadOnly`); the file is never written. Outside a
    /// transaction.
    public func attach(_ path: String, as schema: String) throws {
        try Database.openingReadOnly(path) { uri in
            try database.withCachedStatement("ATTACH DATABASE ?1 AS \(schema)") { statement in
                try statement.bind(uri, at: 1)
                try statement.run()
            }
        }
    }

    /// Detaches what `attach` attached under `schema`.
    public func detach(_ schema: String) throws {
        try database.execute("DETACH DATABASE \(schema)")
    }
}
