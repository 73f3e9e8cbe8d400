/// Folding an archive's write-ahead log into the file, so the file alone holds everything.
extension Archive {
    /// Folds the write-ahead log of the archive file at `path` into it and empties the log
    /// (a TRUNCATE checkpoint), through a read-write connection of its own that neither migrates
    /// nor even reads the schema (`Database.openForCheckpoint`: every command ends with this, see
    /// ArchiveCloser, so it is part of each process's fixed cost). When that connection is the
    /// last one to close, SQLite also deletes the -wal and -shm files.
    /// - Throws: what opening the file throws (`ArchiveError`, `SQLiteError`), or SQLite's error.
    public static func foldWriteAheadLog(at path: String) throws {
        try Database.openForCheckpoint(path).checkpointTruncatingWriteAheadLog()
    }

    /// Folds this archive's write-ahead log into the file and empties the log (`PRAGMA wal_checkpoint(TRUNCATE)`).
    public func foldWriteAheadLog() throws {
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
