import CSQLite

extension SQLiteError {
    /// What a SQLite failure means for the person who ran Reel, decided here from SQLite's named
    /// result codes so that no caller sorts raw numbers.
    ///
    /// ```swift
    /// switch error.meaning {
    /// case .damagedFile: // 65: the file is not a database SQLite can read
    /// case .busy: // 74: another process held the lock past the busy timeout
    /// default: ...
    /// }
    /// ```
    package enum Meaning: Sendable, Equatable {
        /// The file is damaged or is no database SQLite can read (`isDamagedFile`).
        case damagedFile
        /// The file cannot be opened, created or written (SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN).
        case cannotOpen
        /// Another connection held a lock past the busy timeout (SQLITE_BUSY, SQLITE_LOCKED).
        case busy
        /// A read or write of the file failed, or the disk is full (SQLITE_IOERR, SQLITE_FULL).
        case ioFailure
        /// Anything else: a statement Reel should not have run, so a bug of Reel's.
        case other
    }

    package var meaning: Meaning {
        if isDamagedFile { return .damagedFile }
        switch code {
        case SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_IOERR, SQLITE_FULL: return .ioFailure
        default: return .other
        }
    }

    /// Whether SQLite refused to prepare text that holds no statement at all (only blanks,
    /// semicolons and comments): SQLITE_MISUSE, "no SQL statement".
    package var isNoStatement: Bool { code == SQLITE_MISUSE }

    /// Whether an insert named a parent row that is not there: SQLITE_CONSTRAINT_FOREIGNKEY, a macro
    /// Swift does not import.
    package var isMissingParentRow: Bool { extendedCode == SQLITE_CONSTRAINT | (3 << 8) }

    /// Whether an insert clashed with a row's primary key or a unique index:
    /// SQLITE_CONSTRAINT_PRIMARYKEY or SQLITE_CONSTRAINT_UNIQUE, macros Swift does not import.
    package var isUniquenessClash: Bool {
        extendedCode == SQLITE_CONSTRAINT | (6 << 8) || extendedCode == SQLITE_CONSTRAINT | (8 << 8)
    }

    /// This failure as a damaged file, in `reason`'s words: for an insert whose parent row Reel read
    /// from the same file a moment before, so that the file, not the statement, is at fault.
    package func asDamagedFile(_ reason: String) -> SQLiteError {
        SQLiteError(extendedCode: extendedCode, message: reason, sql: sql, file: file, damagedFile: true)
    }
}
