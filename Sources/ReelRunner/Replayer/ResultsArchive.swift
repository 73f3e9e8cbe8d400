import Foundation
import ReelStore
import ReelTrace

/// Where a replay writes its verdicts: the recorded archive itself, or a separate results archive.
///
/// A separate results archive receives copies of the engines and scenarios of the recorded
/// archive and the session headers (not touches or frames) of the sessions of the replay's shard
/// (every selected session without `--shard`), with their ids, before any is replayed; its
/// replays row records the count and digest of the whole selection (`ReplaySelection.json(selected:)`).
/// So its `regressions` and `divergence_summary` views work on their own, and `reel merge` can
/// check that shard results from many machines judged the same sessions of the same archive, and
/// that together they judged every one of them, while each shard copies only its own share.
final class ResultsArchive {
    let archive: Archive
    /// Whether the results go to a separate archive (which receives the headers).
    let copiesHeaders: Bool
    /// The recorded archive.
    private let sourcePath: String

    /// - Parameter mustExist: refuse a missing results archive instead of creating it (a resumed replay).
    init(sourcePath: String, resultsPath: String?, mustExist: Bool = false) throws {
        self.sourcePath = sourcePath
        guard let resultsPath, resultsPath != sourcePath else {
            archive = try Archive.open(sourcePath, mode: .readWrite)
            copiesHeaders = false
            return
        }
        if mustExist, !FileManager.default.fileExists(atPath: resultsPath) {
            throw ArchiveError.missingFile(path: resultsPath)
        }
        archive = try Archive.open(resultsPath, mode: .readWrite)
        copiesHeaders = true
        try archive.attach(sourcePath, as: "source")
        try archive.write {
            for table in [HeaderTable.engines, .scenarios] {
                for id in try archive.rowIDs(of: table, inAttached: "source") { try copyRow(id, of: table) }
            }
        }
    }

    /// Copies the header of session `id` unless it is there (a no-op for the recorded archive
    /// itself); the caller holds a write transaction.
    func copySessionHeader(_ id: Int64) throws {
        guard copiesHeaders else { return }
        try copyRow(id, of: .sessions)
    }

    /// Copies row `id` of the recorded archive's `table` unless the results archive has it. The
    /// results archive has the recorded archive's schema, so a row it refuses (a CHECK, a NULL, a
    /// reference to a missing row) was damaged in the recorded archive: bad data (65) naming the
    /// file, the table and the row, never a plain INSERT's constraint error.
    private func copyRow(_ id: Int64, of table: HeaderTable) throws {
        do {
            try archive.copyRow(id, of: table, fromAttached: "source")
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw ReelFailure(
                .dataError,
                "\(sourcePath): bad archive data: \(table.rawValue) row \(id) cannot be copied into the results archive "
                    + "\(archive.path): it has "
                    + UntrustedText.sanitized(error.violatedConstraint ?? error.message, limit: 200))
        }
    }
}
