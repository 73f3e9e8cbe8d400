import Foundation
import ReelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 32 item 11, through the `reel` executable: a FIFO given as ARCHIVE blocked SQLite's
/// `open()` for ever in every reading command; a symlink loop and a hard link of the archive given
/// as `--results` got SQLite's words. Each is refused at once (64) naming what the path is. Every
/// run goes through `timeout`, so a command that still blocks fails the test (124) instead of
/// hanging it.
@Suite("Archive paths that are not files")
struct NotAFileTests {
    private static let launcher = ["/usr/bin/timeout", "30"]

    /// One archive of 6 sessions with one replay, and a FIFO beside it.
    private static func folder() throws -> (folder: String, archive: String, fifo: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: 6, seed: 3, in: folder)
        _ = try record(stream, into: archive)
        _ = try FileManager.default.copyItem(atPath: stream, toPath: folder + "/stream.jsonl")
        let replay = try runReel(["replay", archive, "--engine", "builtin"], in: folder)
        #expect(replay.status == 0, "\(replay.standardError)")
        let fifo = folder + "/pipe.sqlite"
        #expect(mkfifo(fifo, 0o600) == 0)
        return (folder, archive, fifo)
    }

    @Test func everyCommandRefusesAFIFOAsItsArchive() throws {
        let (folder, archive, fifo) = try Self.folder()
        let commands: [[String]] = [
            ["info", fifo], ["info", fifo, "--check"], ["query", fifo, "SELECT 1"], ["export", fifo, "-o", folder + "/x.jsonl"],
            ["show", fifo, "1"], ["report", fifo, "-o", folder + "/r.html"], ["compare", fifo, "1", "2"],
            ["merge", fifo, "-o", folder + "/m.sqlite"], ["replay", fifo, "--engine", "builtin"],
            ["record", fifo, folder + "/stream.jsonl"], ["accept", fifo, "--replay", "1"],
            ["replay", archive, "--engine", "builtin", "--results", fifo], ["compare", archive, "--against", fifo],
        ]
        for command in commands {
            let run = try runReel(command, in: folder, launcher: Self.launcher)
            #expect(run.status == 64, "reel \(command.joined(separator: " ")): \(run.status) \(run.standardError)")
            #expect(
                run.standardError.contains("not a regular file (a FIFO (named pipe))"),
                "reel \(command.joined(separator: " ")): \(run.standardError)")
        }
    }

    @Test func aSymlinkLoopIsNamed() throws {
        let (folder, _, _) = try Self.folder()
        let loop = folder + "/loop.sqlite"
        #expect(symlink(loop, loop) == 0)
        for command in [["info", loop], ["query", loop, "SELECT 1"], ["record", loop, folder + "/stream.jsonl"]] {
            let run = try runReel(command, in: folder, launcher: Self.launcher)
            #expect(run.status == 64, "reel \(command.joined(separator: " ")): \(run.standardError)")
            #expect(run.standardError.contains("a loop of symbolic links"), "\(run.standardError)")
        }
    }

    @Test func aHardLinkOfTheArchiveIsNotItsOwnResultsFile() throws {
        let (folder, archive, _) = try Self.folder()
        let linked = folder + "/results.sqlite"
        #expect(link(archive, linked) == 0)
        let before = try archiveCount(archive, "SELECT count(*) FROM replays")
        let run = try runReel(["replay", archive, "--engine", "builtin", "--results", linked], in: folder, launcher: Self.launcher)
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains("is the archive \(archive) itself"), "\(run.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == before)
    }
}
