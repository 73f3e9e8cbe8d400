import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 32 item 1, through the `reel` executable: an archive is data, so `reel accept` never
/// starts a process (or reads a profile file) because the archive's `replays.candidate` names one.
/// The candidate of sessions without a kept trace comes from the command line (`--engine`) and must
/// be the text the replay was given.
@Suite("reel accept: the candidate comes from the command line")
struct AcceptCandidateTests {
    /// 20 back-swipes recorded with the built-in engine, replayed on legacy-0.3 without kept traces
    /// (replay 1), so that accepting must run the candidate again.
    private static func archiveWithoutKeptTraces() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 20, seed: 7, in: folder), into: archive)
        let replay = try runReel(["replay", archive, "--engine", "legacy-0.3", "--no-keep-traces"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        return (folder, archive)
    }

    /// Edits the archive as someone sending it could: the schema stays Reel's.
    private static func setCandidate(_ text: String, in archive: String) throws {
        let database = try Database.open(archive, mode: .readWrite)
        try database.execute("UPDATE replays SET candidate = '\(text.replacingOccurrences(of: "'", with: "''"))' WHERE id = 1")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private static func baselineChanges(_ archive: String) throws -> Int64 {
        try archiveCount(archive, "SELECT count(*) FROM baseline_history")
    }

    @Test func anExecCandidateStoredInTheArchiveStartsNothing() throws {
        let (folder, archive) = try Self.archiveWithoutKeptTraces()
        let marker = folder + "/ran"
        try Self.setCandidate("exec:touch '\(marker)'; cat", in: archive)
        let before = try archiveFileHash(archive)

        let accept = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(accept.status == 64, "\(accept.standardOutput)\(accept.standardError)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the archive's command ran")
        #expect(accept.standardError.contains("never runs or reads what an archive names"), "\(accept.standardError)")
        #expect(accept.standardError.contains("--engine"), "\(accept.standardError)")
        #expect(try archiveFileHash(archive) == before, "nothing may be written")
    }

    @Test func aProfilePathStoredInTheArchiveIsNotRead() throws {
        let (folder, archive) = try Self.archiveWithoutKeptTraces()
        try Self.setCandidate("/dev/zero", in: archive)
        let accept = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(accept.status == 64, "\(accept.standardOutput)\(accept.standardError)")
        #expect(accept.standardError.contains("never runs or reads what an archive names"), "\(accept.standardError)")
    }

    @Test func terminalEscapesInTheStoredCandidateAreShownEscaped() throws {
        let (folder, archive) = try Self.archiveWithoutKeptTraces()
        try Self.setCandidate("exec:\u{1B}]0;owned\u{07}cat", in: archive)
        let accept = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(accept.status == 64)
        #expect(!accept.standardError.contains("\u{1B}"), "\(accept.standardError.debugDescription)")
        #expect(accept.standardError.contains("\\u{1b}"), "\(accept.standardError.debugDescription)")
    }

    @Test func theCommandLinesEngineMustBeTheReplays() throws {
        let (folder, archive) = try Self.archiveWithoutKeptTraces()
        let other = try runReel(["accept", archive, "--replay", "1", "--engine", "builtin"], in: folder)
        #expect(other.status == 64, "\(other.standardOutput)\(other.standardError)")
        #expect(other.standardError.contains("was run with --engine legacy-0.3"), "\(other.standardError)")
        #expect(try Self.baselineChanges(archive) == 0)

        let same = try runReel(["accept", archive, "--replay", "1", "--engine", "legacy-0.3"], in: folder)
        #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
        let diverged = try verdicts(of: 1, in: archive).filter { $0.status == "diverged" }.count
        #expect(try Self.baselineChanges(archive) == Int64(diverged))
    }

    @Test func thisBuildsOwnEngineNeedsNoEngineOption() throws {
        // A preset is this build's own engine: the archive naming it runs nothing from outside.
        let (folder, archive) = try Self.archiveWithoutKeptTraces()
        let accept = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(accept.status == 0, "\(accept.standardOutput)\(accept.standardError)")
    }

    /// Issue 32 item 17 for `reel accept`: an engine that leaves the optional `outcome.hierarchy`
    /// out is accepted, its baseline stored with JSON null as the hierarchy (as `reel record` stores it).
    @Test func aCandidateWithoutHierarchyIsAccepted() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 6, seed: 73, in: folder), into: archive)
        let engine = "exec:exec python3 \(repositoryRoot)/tools/hostile_engine.py no-hierarchy"
        let replay = try runReel(["replay", archive, "--engine", engine, "--no-keep-traces"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let diverged = try verdicts(of: 1, in: archive).filter { $0.status == "diverged" }.count
        let accept = try runReel(["accept", archive, "--replay", "1", "--engine", engine], in: folder)
        #expect(accept.status == 0, "\(accept.standardOutput)\(accept.standardError)")
        #expect(
            try archiveCount(
                archive, "SELECT count(*) FROM baselines JOIN traces ON traces.id = baselines.trace_id WHERE traces.hierarchy_json = 'null'"
            )
                == Int64(diverged))
    }
}
