/// How much room an archive takes.
extension Archive {
    /// The bytes of the archive's pages (page count times page size), counting what is committed
    /// but still in the write-ahead log: the size the file has once the log is folded in. `reel
    /// capture`'s byte budget (`capture.max_bytes`) is the growth of this number.
    ///
    /// ```swift
    /// let before = try archive.storedBytes()
    /// // … record sessions …
    /// let added = try archive.storedBytes() - before
    /// ```
    package func storedBytes() throws(SQLiteError) -> Int64 {
        let pages = try database.scalarInt64("PRAGMA page_count") ?? 0
        let pageSize = try database.scalarInt64("PRAGMA page_size") ?? 0
        return pages * pageSize
    }
}
