import Foundation
import ReelJSON
import ReelRunner
import ReelStore
import ReelTestSupport
import Testing

/// `reel replay A --results R` with A on read-only media: a folder without write permission holding
/// an archive of mode 0444. The results archive attaches A read-only, so the replay works and A
/// stays byte for byte as it was. (Root ignores permissions, so as root `reel` runs as nobody;
/// tools/disk-test does the same with a read-only mount.)
@Suite("Replaying a read-only archive")
struct ReadOnlySourceTests {
    @Test(.enabled(if: unprivilegedLauncher != nil, "needs a user that file permissions apply to"))
    func aReadOnlyArchiveReplaysIntoAWritableResultsArchive() throws {
        let launcher = try #require(unprivilegedLauncher)
        let folder = try temporaryFolder()
        let readOnly = folder + "/read-only"
        let writable = folder + "/results"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: false)
        let archive = readOnly + "/a.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 12, seed: 11, in: folder), into: archive)
        let candidate = try profile("\"swipe.threshold\":0.3", in: folder)

        // The same replay of a writable copy, in process, is what the read-only one must store.
        let copy = folder + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: archive, toPath: copy)
        let reference = try Replayer(
            archivePath: copy, resultsPath: folder + "/reference.sqlite", engine: EngineFactory(.profile(path: candidate)),
            options: .init()
        ).run()
        #expect(reference.sessions == 12 && reference.diverged > 0)

        let before = try archiveFileHash(archive)
        #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly) == ["a.sqlite"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: archive)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: writable)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly) }

        let results = writable + "/r.sqlite"
        let run = try runReel(
            ["replay", archive, "--engine", candidate, "--results", results, "--format", "json"], in: folder,
            launcher: launcher)
        #expect(run.status == 1, "\(run.standardError)")
        let report = try JSONParser.parse(run.standardOutput)
        #expect(report["sessions"] == .number(12))
        #expect(report["diverged"] == .number(Double(reference.diverged)))
        #expect(try verdicts(of: 1, in: results) == verdicts(of: reference.replayID, in: folder + "/reference.sqlite"))

        #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly) == ["a.sqlite"])
        #expect(try fileHash(archive) == before)
    }
}
