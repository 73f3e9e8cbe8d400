import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 16's one rule for existing output files and issue 15 items 2 and 7: every `-o` refuses an
/// existing file (64) unless `--force`, writes through the path (a symlink stays a link, a device
/// is written to, not replaced), refuses a directory (64) and a missing folder (66), and a failed
/// write is exit 74 with a message, never a crash.
@Suite("Output files: one rule, written through the path")
struct OutputFileTests {
    /// A folder with a recorded archive `a.sqlite` (three sessions) and a finished replay of it.
    private func replayed() throws -> String {
        let folder = try temporaryFolder()
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 3, seed: 2, in: folder), into: folder + "/a.sqlite")
        let replay = try runReel(["replay", "a.sqlite"], in: folder)
        #expect(replay.status == 0, "\(replay.standardError)")
        return folder
    }

    /// The commands that write `-o FILE`, each with its arguments before `-o`.
    static let writers: [[String]] = [
        ["synth", "--scenario", "nav.interactive-pop", "--count", "2"],
        ["export", "a.sqlite"],
        ["report", "a.sqlite"],
    ]

    @Test(arguments: writers)
    func anExistingFileIs64UnlessForced(command: [String]) throws {
        let folder = try replayed()
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder + "/out"))
        let refused = try runReel(command + ["-o", "out"], in: folder)
        #expect(refused.status == 64, "\(refused.standardError)")
        #expect(refused.standardError.contains("out: already exists; give --force to overwrite it"))
        #expect(try String(contentsOfFile: folder + "/out", encoding: .utf8) == "keep me")

        let forced = try runReel(command + ["-o", "out", "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try String(contentsOfFile: folder + "/out", encoding: .utf8) != "keep me")
    }

    @Test(arguments: writers)
    func aSymlinkStaysALinkAndItsTargetIsWritten(command: [String]) throws {
        let folder = try replayed()
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/target"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "target")
        let run = try runReel(command + ["-o", "link", "--force"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link") == "target")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/target")).count > 10)
    }

    /// A null device of the test's own (made with mknod, so a regression cannot replace the
    /// system's /dev/null): written to, still a device afterwards. Needs root; skipped otherwise.
    @Test(.enabled(if: getuid() == 0, "mknod of a device needs root"), arguments: writers)
    func aDeviceIsWrittenToNotReplaced(command: [String]) throws {
        let folder = try replayed()
        let device = folder + "/null"
        // Device 1,3 (null) in Linux's encoding of small numbers: major << 8 | minor.
        #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        let run = try runReel(command + ["-o", "null", "--force"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let type = try FileManager.default.attributesOfItem(atPath: device)[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test(arguments: writers)
    func aDirectoryIs64AndAMissingFolderIs66(command: [String]) throws {
        let folder = try replayed()
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
        let directory = try runReel(command + ["-o", "dir", "--force"], in: folder)
        #expect(directory.status == 64 && directory.standardError.contains("dir: is a directory"), "\(directory.standardError)")
        let missing = try runReel(command + ["-o", "no/such/folder/out"], in: folder)
        #expect(missing.status == 66, "\(missing.standardError)")
        #expect(missing.standardError.contains("the folder no/such/folder does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/no"))
    }

    @Test func mergeRefusesAnExistingOutputUnlessForcedAndNeverWritesThroughALink() throws {
        let folder = try temporaryFolder()
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 4, seed: 2, in: folder), into: folder + "/a.sqlite")
        for shard in 1...2 {
            let run = try runReel(["replay", "a.sqlite", "--shard", "\(shard)/2", "--results", "p\(shard).sqlite"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
        }
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder + "/all.sqlite"))
        let refused = try runReel(["merge", "p1.sqlite", "p2.sqlite", "-o", "all.sqlite"], in: folder)
        #expect(refused.status == 64, "\(refused.standardError)")
        #expect(try String(contentsOfFile: folder + "/all.sqlite", encoding: .utf8) == "keep me")
        // Inputs that do not merge leave the existing file as it was, --force or not.
        let incomplete = try runReel(["merge", "p1.sqlite", "-o", "all.sqlite", "--force"], in: folder)
        #expect(incomplete.status == 65, "\(incomplete.standardError)")
        #expect(try String(contentsOfFile: folder + "/all.sqlite", encoding: .utf8) == "keep me")
        let forced = try runReel(["merge", "p1.sqlite", "p2.sqlite", "-o", "all.sqlite", "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/all.sqlite-wal"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.contains(".partial-") })
        #expect(try archiveCount(folder + "/all.sqlite", "SELECT count(*) FROM replay_results") == 4)

        try FileManager.default.createSymbolicLink(atPath: folder + "/link.sqlite", withDestinationPath: "all.sqlite")
        let link = try runReel(["merge", "p1.sqlite", "p2.sqlite", "-o", "link.sqlite", "--force"], in: folder)
        #expect(link.status == 64 && link.standardError.contains("not a regular file"), "\(link.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.sqlite") == "all.sqlite")
    }

    /// `> /dev/full`: every command that prints ends with exit 74 and one message, never a signal.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux) to fail a write"),
        arguments: [
            ["export", "a.sqlite"], ["query", "a.sqlite", "SELECT * FROM frames"], ["scenarios"], ["info", "a.sqlite"],
            ["synth", "--scenario", "all", "--count", "5"], ["engine", "params"],
        ])
    func aFailedWriteIs74WithAMessage(command: [String]) throws {
        let folder = try replayed()
        let before = try archiveDump(folder + "/a.sqlite")
        let run = try runReelToDevFull(command, in: folder)
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.standardError.contains("cannot write standard output: No space left on device"), "\(run.standardError)")
        #expect(try archiveDump(folder + "/a.sqlite") == before)
    }

    /// Runs reel with standard output on /dev/full; returns the exit status (a signal as 128+N) and stderr.
    private func runReelToDevFull(_ arguments: [String], in folder: String) throws -> (status: Int32, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: reelExecutable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errorPath = folder + "/.stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, try String(contentsOfFile: errorPath, encoding: .utf8))
    }
}
