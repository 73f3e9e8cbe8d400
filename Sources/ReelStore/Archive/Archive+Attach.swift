extension Archive {
    /// Attaches the SQLite file at `path` to this connection under `schema`, so one statement can
    /// copy rows between archives (`INSERT INTO main.t SELECT * FROM schema.t`). Outside a transaction.
    public func attach(_ path: String, as schema: String) throws {
        try database.withCachedStatement("ATTACH DATABASE ?1 AS \(schema)") { statement in
            try statement.bind(path, at: 1)
            try statement.run()
        }
    }

    /// Detaches what `attach` attached under `schema`.
    public func detach(_ schema: String) throws {
        try database.execute("DETACH DATABASE \(schema)")
    }
}
