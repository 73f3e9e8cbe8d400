/// The room deleted rows leave inside an archive, and when giving it back is worth a rewrite.
extension Archive {
    /// The archive's pages and how many no row uses, counting what is committed but still in the
    /// write-ahead log (`PRAGMA page_count`, `freelist_count`, `page_size`).
    package struct PageUsage: Sendable, Equatable {
        package var pageSize: Int64
        /// Every page of the database: the file's size once the log is folded in, in pages.
        package var pages: Int64
        /// Pages on SQLite's freelist: later writes (the next replays' verdicts) take these before
        /// the file grows; only a `VACUUM` gives them back to the file system.
        package var freePages: Int64

        package init(pageSize: Int64, pages: Int64, freePages: Int64) {
            self.pageSize = pageSize
            self.pages = pages
            self.freePages = freePages
        }

        package var bytes: Int64 { pages * pageSize }
        package var freeBytes: Int64 { freePages * pageSize }
    }

    /// When a prune rewrites the archive (`VACUUM`) to give its free pages back.
    ///
    /// A `VACUUM` copies every row that stays: its cost is the whole archive's size (at a million
    /// sessions, 3.7 GB written twice, once through the write-ahead log), whatever a prune removed.
    /// Free pages are not lost: the next replays' rows fill them before the file grows. So `auto`
    /// rewrites only when the free pages are a sizeable share of the file.
    ///
    /// ```swift
    /// let usage = Archive.PageUsage(pageSize: 4096, pages: 1000, freePages: 300)
    /// Archive.VacuumPolicy.auto.vacuums(usage)   // true: 30% free, at least a quarter
    /// ```
    package enum VacuumPolicy: String, Sendable, CaseIterable {
        /// Rewrite when at least a quarter of the pages are free (`autoThreshold`).
        case auto
        /// Rewrite whenever `prune` runs, even with nothing removed (a way to compact an archive).
        case always
        /// Never rewrite: the free pages stay for later writes.
        case never

        /// `auto` rewrites when free pages / pages is at least this: 1 in 4.
        package static let autoThreshold = (free: Int64(1), pages: Int64(4))

        /// Whether an archive with `usage` is rewritten under this policy.
        package func vacuums(_ usage: PageUsage) -> Bool {
            switch self {
            case .always: true
            case .never: false
            case .auto:
                usage.freePages > 0
                    && usage.freePages * Self.autoThreshold.pages >= usage.pages * Self.autoThreshold.free
            }
        }
    }

    /// The archive's pages now, free ones included.
    ///
    /// ```swift
    /// let usage = try archive.pageUsage()
    /// print("\(usage.freeBytes) of \(usage.bytes) bytes free")
    /// ```
    package func pageUsage() throws(SQLiteError) -> PageUsage {
        PageUsage(
            pageSize: try database.scalarInt64("PRAGMA page_size") ?? 0,
            pages: try database.scalarInt64("PRAGMA page_count") ?? 0,
            freePages: try database.scalarInt64("PRAGMA freelist_count") ?? 0)
    }
}
