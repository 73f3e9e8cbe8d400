import Foundation
import ReelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("reel capture command line")
struct CaptureCommandTests {
    /// Runs `reel ARGUMENTS` to its end; returns its status and standard error.
    private func run(_ arguments: [String], in folder: String) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: reelExecutable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errorPath = folder + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    @Test func aPortInUseIs73InTheSystemsWords() throws {
        let folder = try temporaryFolder()
        // A socket of the test's own holds a loopback port.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try run(["capture", "a.sqlite", "--scenario", "nav.interactive-pop", "--port", String(port), "--no-qr"], in: folder)
        #expect(result.status == 73)
        #expect(result.error == "reel: error: cannot listen on 127.0.0.1:\(port): Address already in use\n")
        // The archive it had opened is closed cleanly on this stop path too: one file, no -wal.
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.sqlite-wal"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.sqlite-shm"))
    }

    @Test func anUnknownScenarioIs65AndABadPortIs64() throws {
        let folder = try temporaryFolder()
        let unknown = try run(["capture", "a.sqlite", "--scenario", "nav.nope"], in: folder)
        #expect(unknown.status == 65)
        #expect(unknown.error.hasPrefix("reel: error: unknown scenario 'nav.nope'"))
        #expect(try run(["capture", "a.sqlite", "--scenario", "nav.push", "--port", "65536"], in: folder).status == 64)
        #expect(try run(["capture", "a.sqlite", "--scenario", "nav.push", "--max-sessions", "0"], in: folder).status == 64)
        for bytes in ["0", "12X", "-5", "1e3", "99999999999999999999"] {
            #expect(try run(["capture", "a.sqlite", "--scenario", "nav.push", "--max-bytes", bytes], in: folder).status == 64, "\(bytes)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.sqlite"))
    }
}
