import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A SQLite failure as a library error: its kind from `meaning` (SQLite's named result codes) and
/// from the file it was about, and the words for people without result codes or the statement
/// (`description`, which keeps both, is what a bug report shows).
///
/// ```swift
/// error.failureKind   // .dataError for SQLITE_CORRUPT or SQLITE_NOTADB
/// error.userMessage   // "a.sqlite: the archive is damaged or not a SQLite file (file is not a database)"
/// ```
extension SQLiteError: ReelError {
    /// Decided from the file as it is when asked: a path that is a directory or a device is the
    /// command line's mistake (usage); an archive to create in a folder that does not exist is
    /// missing input, as for any other output (`MissingFolder`); then by `meaning`: a damaged file
    /// is bad data, a file that cannot be opened or created cannot be created, a lock held too long
    /// or a failed read or write is an I/O failure, and anything else is Reel's bug.
    public var failureKind: FailureKind {
        if let file, let type = Self.fileType(file), type != S_IFREG { return .usage }
        switch meaning {
        case .damagedFile: return .dataError
        case .cannotOpen: return missingFolderMessage != nil ? .noInput : .cannotCreate
        case .busy, .ioFailure: return .ioError
        case .other: return .internalError
        }
    }

    public var userMessage: String {
        let prefix = file.map { "\($0): " } ?? ""
        if let file, let type = Self.fileType(file), type != S_IFREG {
            return type == S_IFDIR
                ? "\(file): is a directory, not an archive file" : "\(file): not a regular file (a device, a pipe); an archive is a file"
        }
        switch meaning {
        case .damagedFile: return prefix + "the archive is damaged or not a SQLite file (\(Self.damageReason(message)))"
        case .cannotOpen: return missingFolderMessage ?? prefix + message
        case .busy: return prefix + "the archive stayed locked by another process (\(message)); try again when it is done"
        case .ioFailure: return prefix + "reading or writing the archive failed: \(message)"
        case .other: return description
        }
    }

    /// The message when SQLite could not create the file because its folder does not exist.
    private var missingFolderMessage: String? {
        guard let file, Self.fileType(file) == nil else { return nil }
        return MissingFolder.message(for: file)
    }

    /// The type bits of what `path` names (symbolic links followed); nil when nothing is there.
    private static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// SQLite's reason for refusing a damaged file, short and safe to print: its first line, without
    /// the text SQLite quotes from the damaged schema ("malformed database schema (regressions) -
    /// unrecognized token: ..." quotes the rest of that entry's SQL, which may be kilobytes of broken
    /// bytes), control characters escaped, at most 200 characters.
    static func damageReason(_ message: String) -> String {
        var reason = Substring(message.prefix { !$0.isNewline })
        if reason.hasPrefix("malformed database schema"), let quote = reason.range(of: " - ") {
            reason = reason[..<quote.lowerBound]
        }
        return UntrustedText.sanitized(String(reason), limit: 200)
    }
}
