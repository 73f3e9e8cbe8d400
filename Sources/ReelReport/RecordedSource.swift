import Foundation
import ReelStore
import ReelTrace

/// The recorded archive whose traces a report of a results archive draws. A results archive
/// (`reel replay --results`, `reel merge`) holds verdicts and session headers, not touches or
/// frames; its players, lists and maps read the recorded traces from the archive it judged: the
/// one `--recorded` names. The path `reel replay --results` stored with the run
/// (`RunMetadata.recordedArchiveKey`) is only named in the error that asks for `--recorded`: a
/// report reads no file the user did not name. That archive must hold every session the results
/// archive judged with the same content hash, so the page never draws another corpus.
///
/// ```swift
/// let results = try Archive.open("merged.sqlite", mode: .readOnly)
/// let recorded = try RecordedSource.open(for: results, named: "merged.sqlite", option: nil, replayID: nil)
/// let reader = ReportReader(archive: results, archiveName: "merged.sqlite", recorded: recorded)
/// ```
package enum RecordedSource {
    /// The recorded archive to read traces from, or nil when `results` holds its own traces (and
    /// no `option` names another).
    ///
    /// - Throws: `ReelFailure(.noInput)` (exit 66) naming the path when the recorded archive is
    ///   missing, is not an archive, or is another archive (a session's content hash differs or is
    ///   missing there), and when a results archive names none and `option` is nil.
    package static func open(for results: Archive, named resultsName: String, option: String?, replayID: Int64?) throws -> Archive? {
        let path: String
        if let option {
            path = option
        } else if try results.holdsRecordedFrames() {
            return nil
        } else {
            guard try results.isResultsArchive() else {
                // Touches or traces but no frame to read: a recorded archive whose frames are lost.
                throw ReelFailure(
                    .dataError, "\(resultsName): the archive holds recorded sessions but none of their frames: it is damaged")
            }
            // A file is read only when the user names it: the path the run stored is shown, never opened.
            let metadata = try results.replayHeader(id: replayID).flatMap { try results.runMetadata(replayID: $0.id) }
            let stored = metadata?.values[RunMetadata.recordedArchiveKey].map {
                " (its run names \(ShellCommand.quoted(UntrustedText.sanitized($0, limit: 1024)))"
                    + "; a report opens only an archive you name)"
            }
            throw ReelFailure(
                .noInput,
                "\(resultsName) holds verdicts only (a results archive): "
                    + "give the archive it judged with --recorded ARCHIVE to draw its sessions" + (stored ?? ""))
        }
        let how = "the recorded archive (--recorded)"
        guard FileManager.default.fileExists(atPath: path) else {
            throw ReelFailure(
                .noInput,
                "\(path): \(how) is missing")
        }
        let recorded: Archive
        do {
            recorded = try Archive.open(path, mode: .readOnly)
        } catch {
            throw ReelFailure(.noInput, "\(path): \(how) cannot be read as a Reel archive: \(error)")
        }
        try checkSameSessions(results, resultsName: resultsName, recorded: recorded, path: path)
        return recorded
    }

    /// Every session of the results archive is in the recorded archive with the same content hash.
    private static func checkSameSessions(_ results: Archive, resultsName: String, recorded: Archive, path: String) throws {
        var hashes: [Int64: String] = [:]
        for row in try recorded.sessionContentHashes() { hashes[row.id] = row.contentHash }
        for row in try results.sessionContentHashes() {
            guard let hash = hashes[row.id] else {
                throw ReelFailure(
                    .noInput,
                    "\(path): not the recorded archive of \(resultsName): it has no session \(row.id) "
                        + "(content hash \(row.contentHash.prefix(12)) in \(resultsName)); give the archive it judged with --recorded ARCHIVE"
                )
            }
            guard hash == row.contentHash else {
                throw ReelFailure(
                    .noInput,
                    "\(path): not the recorded archive of \(resultsName): session \(row.id) has content hash \(hash.prefix(12)) there, "
                        + "\(row.contentHash.prefix(12)) in \(resultsName); give the archive it judged with --recorded ARCHIVE")
            }
        }
    }
}
