import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 16: SIGINT and SIGTERM stop `reel record` and `reel replay` after the transaction they are
/// writing, say what was kept and how to continue, and exit 130 / 143.
@Suite("Interrupting record and replay", .serialized)
struct InterruptTests {
    /// Starts `reel ARGUMENTS` in `folder`, sends `signal` once `ready()` holds, and returns its
    /// exit status and standard error.
    private func interrupt(
        _ arguments: [String], in folder: String, with signal: Int32, when ready: () throws -> Bool
    ) throws -> (status: Int32, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: reelExecutable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errorPath = folder + "/.stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline, !((try? ready()) ?? false) { usleep(20_000) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus + 1000 : process.terminationStatus
        return (status, try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    @Test func recordStopsAfterItsTransactionAndTheSameCommandFinishes() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 6000, seed: 9, in: folder)
        let archive = folder + "/a.sqlite"
        let run = try interrupt(["record", "a.sqlite", stream, "--batch-size", "64"], in: folder, with: SIGINT) {
            try FileManager.default.fileExists(atPath: archive) && archiveCount(archive, "SELECT count(*) FROM sessions") > 0
        }
        #expect(run.status == 130, "\(run.standardError)")
        #expect(run.standardError.contains("interrupted: the "), "\(run.standardError)")
        #expect(run.standardError.contains("run the same `reel record` again"))
        #expect(!FileManager.default.fileExists(atPath: archive + "-wal"))
        let kept = try archiveCount(archive, "SELECT count(*) FROM sessions")
        #expect(kept > 0 && kept < 6000 && kept % 64 == 0, "\(kept) sessions kept")

        let again = try runReel(["record", "a.sqlite", stream], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM sessions") == 6000)
    }

    @Test func replayStopsAfterItsChunkAndTheResumeCommandItPrintsFinishes() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 3000, seed: 9, in: folder), into: archive)
        let run = try interrupt(["replay", "a.sqlite", "--jobs", "1"], in: folder, with: SIGTERM) {
            (try archiveCount(archive, "SELECT count(*) FROM replay_results")) > 0
        }
        #expect(run.status == 143, "\(run.standardError)")
        #expect(run.standardError.contains("interrupted: replay 1 keeps the verdicts"), "\(run.standardError)")
        let command = try #require(
            run.standardError.components(separatedBy: "continue it with: ").last?
                .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(command == "reel replay a.sqlite --jobs 1 --resume 1")
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays WHERE status = 'running'") == 1)

        let resumed = try runReel(["replay", "a.sqlite", "--jobs", "1", "--resume", "1"], in: folder)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 1") == 3000)
    }
}
