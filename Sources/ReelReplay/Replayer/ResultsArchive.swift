import Foundation
import ReelStore

/// Where a replay writes its verdicts: the recorded archive itself, or a separate results archive.
///
/// A separate results archive receives copies of the engines and scenarios of the recorded
/// archive and the session headers (not touches or frames) of every session the replay selected,
/// before any shard is taken, with their ids. So its `regressions` and `divergence_summary` views
/// work on their own, and `reel merge` can check that shard results from many machines judged the
/// same sessions of the same archive, and that together they judged every one of them.
final class ResultsArchive {
    let archive: Archive
    private let copiesHeaders: Bool

    /// - Parameter mustExist: refuse a missing results archive instead of creating it (a resumed replay).
    init(sourcePath: String, resultsPath: String?, mustExist: Bool = false) throws {
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
            try archive.database.execute("INSERT OR IGNORE INTO main.engines SELECT * FROM source.engines")
            try archive.database.execute("INSERT OR IGNORE INTO main.scenarios SELECT * FROM source.scenarios")
        }
    }

    /// Copies the headers of the selected sessions (a no-op for the recorded archive itself).
    func copySessionHeaders(_ sessionIDs: [Int64]) throws {
        guard copiesHeaders else { return }
        try archive.write {
            for id in sessionIDs {
                try archive.database.withCachedStatement(
                    "INSERT OR IGNORE INTO main.sessions SELECT * FROM source.sessions WHERE id = ?1"
                ) { statement in
                    try statement.bind(id, at: 1)
                    try statement.run()
                }
            }
        }
    }
}
