import ReelTrace

/// Why an archive could not be opened or used, in words a user can act on.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist (and the mode does not create it).
    case missingFile(path: String)
    /// The file should be new but already exists.
    case fileExists(path: String)
    /// The path names no regular file: a FIFO, a device or a socket, or a loop of symbolic links
    /// (`kind` says which). Refused before SQLite opens it, which on a FIFO would wait for ever.
    case notAFile(path: String, kind: String)
    /// The file is not SQLite, is another application's SQLite file, or is an empty database opened read-only.
    case notAnArchive(path: String, reason: String)
    /// The archive was migrated by a newer reel than this build.
    case schemaTooNew(path: String, archiveVersion: Int, buildVersion: Int)
    /// The archive needs migrations this build carries, and it was opened read-only.
    case schemaBehind(path: String, archiveVersion: Int, buildVersion: Int)
    /// A migration applied to the archive differs from the one this build carries.
    case migrationChanged(path: String, version: Int, name: String, recordedSHA256: String, embeddedSHA256: String)
    /// The archive records a migration this build does not know, below its own latest version.
    case unknownMigration(path: String, version: Int, name: String)
    /// A migration left a row of `table` referencing a missing row of `parent`; it was rolled back.
    case migrationBrokeForeignKey(path: String, version: Int, name: String, table: String, parent: String)
    /// A Reel archive with tables but no `migrations` table (or an empty one).
    case migrationsMissing(path: String)
    /// The `migrations` table lacks a version below the archive's latest.
    case migrationGap(path: String, version: Int)
    /// Schema objects the archive's migrations do not create, create differently, or that are
    /// missing ("trigger t on sessions (not Reel's)", "view regressions (changed)").
    case unexpectedSchema(path: String, objects: [String])
    /// The file carries SQLite planner statistics (from ANALYZE), which Reel never writes and will
    /// not let steer its queries; it could not drop them (read-only, or an attached file).
    case plannerStatistics(path: String, tables: [String])
    /// No session has this id.
    case sessionNotFound(id: Int64)
    /// A stored value could not be turned back into a trace value.
    case invalidStoredValue(table: String, column: String, value: String)
    /// A row holds a value Reel cannot read ("sessions", 12, "tags", "is not a JSON array of strings").
    case invalidStoredRow(table: String, rowID: Int64, column: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "\(path): no such file"
        case .fileExists(let path):
            return "\(path): already exists (use `reel migrate \(path)` to upgrade an archive)"
        case .notAFile(let path, let kind):
            return "\(path): not a regular file (\(kind)); an archive is a file"
        case .notAnArchive(let path, let reason):
            return "\(path): not a Reel archive: \(reason)"
        case .schemaTooNew(let path, let archive, let build):
            return "\(path): archive schema v\(archive) is newer than this reel (v\(build)): upgrade reel"
        case .schemaBehind(let path, let archive, let build):
            return "\(path): archive schema v\(archive) is older than this reel (v\(build)): run `reel migrate \(path)`"
        case .migrationChanged(let path, let version, let name, let recorded, let embedded):
            return
                "\(path): migration \(EmbeddedMigration.fileName(version: version, name: name)) differs from the one applied to this archive "
                + "(sha256 \(recorded) applied, \(embedded) in this reel)"
        case .unknownMigration(let path, let version, let name):
            return
                "\(path): the archive has migration \(EmbeddedMigration.fileName(version: version, name: name)), which this reel does not carry"
        case .migrationBrokeForeignKey(let path, let version, let name, let table, let parent):
            return "\(path): migration \(EmbeddedMigration.fileName(version: version, name: name)) would leave rows of "
                + "\(table) referencing missing rows of \(parent); nothing was changed"
        case .migrationsMissing(let path):
            return "\(path): not a usable Reel archive: it has tables but no record of the migrations that made them "
                + "(the migrations table is missing or empty)"
        case .migrationGap(let path, let version):
            return "\(path): not a usable Reel archive: the migrations table lacks version \(version)"
        case .unexpectedSchema(let path, let objects):
            return "\(path): refusing an archive whose schema is not the one Reel's migrations create: "
                + objects.joined(separator: ", ")
                + " (drop what is not Reel's, or record into a new archive)"
        case .plannerStatistics(let path, let tables):
            return "\(path): the file carries SQLite planner statistics (\(tables.joined(separator: ", "))), which Reel "
                + "never writes and does not follow; `reel migrate \(path)` removes them"
        case .sessionNotFound(let id):
            return "no session with id \(id)"
        case .invalidStoredValue(let table, let column, let value):
            return "invalid value \(value) in \(table).\(column)"
        case .invalidStoredRow(let table, let rowID, let column, let reason):
            return "bad archive data: \(table) row \(rowID): \(column) \(reason)"
        }
    }
}

extension EmbeddedMigration {
    /// "0001_initial.sql" for version 1 named "initial".
    static func fileName(version: Int, name: String) -> String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name + ".sql"
    }
}

extension ArchiveError: NeedsFileName {
    /// A stored value or row is reported where it is read, without the archive's path.
    package var needsFileName: Bool {
        switch self {
        case .invalidStoredValue, .invalidStoredRow: true
        default: false
        }
    }
}

extension ArchiveError: ReelError {
    /// A missing file is missing input; a file that should be new, or a path that names no regular
    /// file, is the command line's mistake; everything else is bad data in the archive.
    public var failureKind: FailureKind {
        switch self {
        case .missingFile: .noInput
        case .fileExists, .notAFile: .usage
        case .notAnArchive, .schemaTooNew, .schemaBehind, .migrationChanged, .unknownMigration, .migrationBrokeForeignKey,
            .migrationsMissing, .migrationGap, .unexpectedSchema, .plannerStatistics, .sessionNotFound, .invalidStoredValue,
            .invalidStoredRow:
            .dataError
        }
    }
}
