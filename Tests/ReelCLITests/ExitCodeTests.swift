import Foundation
import ReelTestSupport
import Testing

/// Issue 16's exit codes: user mistakes are 64/65/66 with a plain message naming the file, never
/// 70 (kept for bugs, whose message asks for a report).
@Suite("Exit codes of user mistakes")
struct ExitCodeTests {
    @Test(arguments: [
        ["info", "dir"], ["query", "dir", "SELECT 1"], ["replay", "dir"], ["record", "dir", "in.jsonl"], ["show", "dir", "1"],
    ])
    func anArchivePathThatIsADirectoryIs64(arguments: [String]) throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
        _ = try synthesizedStream("nav.interactive-pop", count: 1, seed: 1, in: folder)
        try FileManager.default.moveItem(atPath: folder + "/nav.interactive-pop-1.jsonl", toPath: folder + "/in.jsonl")
        let run = try runReel(arguments, in: folder)
        #expect(run.status == 64, "\(arguments): \(run.status) \(run.standardError)")
        #expect(run.standardError.contains("dir: is a directory"), "\(run.standardError)")
        #expect(!run.standardError.contains("bug"))
    }

    @Test func aMissingOutputFolderIs66AndNothingIsCreated() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["synth", "--scenario", "all", "--count", "1", "-o", "out/x.jsonl"], in: folder)
        #expect(run.status == 66 && run.standardError.contains("the folder out does not exist; create it first"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    /// Found by the archive fuzzer: a header whose schema format number (bytes 44-47) SQLite does
    /// not know makes every statement fail with "unsupported file format"; that is bad data (65).
    @Test(arguments: [["replay", "a.sqlite"], ["export", "a.sqlite"], ["info", "a.sqlite"]])
    func anUnsupportedFileFormatIs65(arguments: [String]) throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 2, seed: 1, in: folder)
        _ = try record(stream, into: folder + "/a.sqlite")
        _ = try archiveFileHash(folder + "/a.sqlite")  // checkpointed: the header is the file's own
        var bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.sqlite"))
        bytes[47] = 9
        try bytes.write(to: URL(fileURLWithPath: folder + "/a.sqlite"))
        let run = try runReel(arguments, in: folder)
        #expect(run.status == 65, "\(arguments): \(run.status) \(run.standardError)")
        #expect(
            run.standardError.contains("a.sqlite: the archive is damaged or not a SQLite file (unsupported file format)"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("bug"))
    }

    @Test func aQuerySyntaxErrorIs64WithSQLitesMessage() throws {
        let folder = try temporaryFolder()
        #expect(try runReel(["init", "a.sqlite"], in: folder).status == 0)
        let run = try runReel(["query", "a.sqlite", "SELECT FROM WHERE"], in: folder)
        #expect(run.status == 64 && run.standardError.contains("syntax error"), "\(run.standardError)")
    }

    /// A device given for an archive (a null device of the test's own; needs root) and a file
    /// given for the demo's folder: 64, the device still a device.
    @Test func aFileForAFolderIs64() throws {
        let folder = try temporaryFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        let demo = try runReel(["demo", "--directory", "file", "--count", "1"], in: folder)
        #expect(demo.status == 64 && demo.standardError.contains("file: not a folder"), "\(demo.standardError)")
    }

    @Test(.enabled(if: getuid() == 0, "mknod of a device needs root"))
    func aDeviceForAnArchiveIs64() throws {
        let folder = try temporaryFolder()
        // Device 1,3 (null) in Linux's encoding of small numbers: major << 8 | minor.
        #expect(mknod(folder + "/null", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        let stream = try synthesizedStream("nav.interactive-pop", count: 1, seed: 1, in: folder)
        let record = try runReel(["record", "null", stream], in: folder)
        #expect(record.status == 64 && record.standardError.contains("null: not a regular file"), "\(record.standardError)")
        let type = try FileManager.default.attributesOfItem(atPath: folder + "/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }
}
