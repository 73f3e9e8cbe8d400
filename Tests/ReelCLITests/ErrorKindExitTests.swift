import Foundation
import ReelTestSupport
import Testing

/// Library errors reach the exit status through their kind (`ReelError.failureKind`), whatever
/// their type: errors that `reel` did not list by name used to end as bugs (70).
@Suite("Error kinds to exit statuses")
struct ErrorKindExitTests {
    /// `reel engine serve` whose answers cannot be written (standard output on /dev/full) fails as
    /// an I/O failure, 74 (EX_IOERR), naming the write; it ended as a bug, 70, before the server's
    /// error stated its kind.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux) to fail a write"))
    func engineServeThatCannotWriteIs74() throws {
        let folder = try temporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: reelExecutable)
        process.arguments = ["engine", "serve"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errorPath = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        // Any request line gets an answer (a bad one, an error answer), which cannot be written.
        try input.fileHandleForWriting.write(contentsOf: Data("{}\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let standardError = try String(contentsOfFile: errorPath, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 74, "\(process.terminationStatus): \(standardError)")
        #expect(standardError.contains("writing a response failed"), "\(standardError)")
        #expect(!standardError.contains("This is a bug"), "\(standardError)")
    }
}
