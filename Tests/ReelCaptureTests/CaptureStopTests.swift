import Foundation
import ReelStore
import ReelTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// `reel capture` run as a process (through `reel`, which runs `reel-capture`), with the URL it printed.
struct CaptureProcess {
    let process: Process
    let pageURL: String
    var sessionsURL: URL { URL(string: pageURL.replacingOccurrences(of: "/?token=", with: "/sessions?token="))! }

    static func start(archive: String, in folder: String, options: [String] = []) async throws -> CaptureProcess {
        let output = folder + "/out-\(UUID().uuidString).txt"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: reelExecutable)
        process.arguments = ["capture", archive, "--scenario", capturedScenario.name, "--port", "0", "--no-qr"] + options
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var url: String?
        for _ in 0..<400 where url == nil {
            try await Task.sleep(for: .milliseconds(50))
            let text = try String(contentsOfFile: output, encoding: .utf8)
            url = text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") }.map(String.init)
        }
        guard let url else {
            kill(process.processIdentifier, SIGKILL)
            throw CaptureProcessError.noURL
        }
        return CaptureProcess(process: process, pageURL: url)
    }

    /// Posts session `index`; returns the status.
    func submit(_ index: Int) async throws -> Int {
        var request = URLRequest(url: sessionsURL)
        request.httpMethod = "POST"
        request.httpBody = submission(index).body
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as! HTTPURLResponse).statusCode
    }
}

enum CaptureProcessError: Error { case noURL }

/// The sessions of a copy of `path` alone (no -wal or -shm beside it): what someone who copies
/// the archive file gets.
func sessionsInACopyOfTheFileAlone(_ path: String) throws -> Int {
    let copyFolder = try temporaryFolder()
    let copy = copyFolder + "/copy.sqlite"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    return try Archive.open(copy, mode: .readOnly).sessionIDs().count
}

@Suite("Capture server stopped")
struct CaptureStopTests {
    /// Item 5 of issue 32: after SIGINT (and SIGTERM) the archive file alone holds every session;
    /// it used to keep them in -wal, so a copy of the file had no tables.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalLeavesEverySessionInTheArchiveFile(signal: Int32) async throws {
        let folder = try temporaryFolder()
        let archive = folder + "/capture.sqlite"
        let capture = try await CaptureProcess.start(archive: archive, in: folder)
        defer { if capture.process.isRunning { kill(capture.process.processIdentifier, SIGKILL) } }
        for index in 0..<3 { #expect(try await capture.submit(index) == 200) }
        kill(capture.process.processIdentifier, signal)
        capture.process.waitUntilExit()
        #expect(capture.process.terminationReason == .exit)
        #expect(capture.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: archive + "-wal"))
        #expect(try sessionsInACopyOfTheFileAlone(archive) == 3)
    }

    /// Reaching --max-sessions closes the archive at once: while the server still runs (answering
    /// 503), the file alone holds the sessions.
    @Test func reachingMaxSessionsFoldsTheLogIntoTheFile() async throws {
        let folder = try temporaryFolder()
        let archive = folder + "/capture.sqlite"
        let capture = try await CaptureProcess.start(archive: archive, in: folder, options: ["--max-sessions", "2"])
        defer { if capture.process.isRunning { kill(capture.process.processIdentifier, SIGKILL) } }
        var statuses: [Int] = []
        for index in 0..<3 { statuses.append(try await capture.submit(index)) }
        #expect(statuses == [200, 200, 503])
        #expect(capture.process.isRunning)
        #expect(try sessionsInACopyOfTheFileAlone(archive) == 2)
        // SIGKILL now loses nothing either: the file was closed when the budget was reached.
        kill(capture.process.processIdentifier, SIGKILL)
        capture.process.waitUntilExit()
        #expect(try sessionsInACopyOfTheFileAlone(archive) == 2)
    }

    /// capture.max_bytes: once the run has added --max-bytes to the archive it records no more (503
    /// naming the limit), and the archive grew by at least the budget and at most one session past it.
    @Test func theByteBudgetStopsTheRun() async throws {
        let folder = try temporaryFolder()
        let archive = folder + "/capture.sqlite"
        // An empty archive first, so its starting size is known.
        _ = try Archive.open(archive, mode: .readWrite)
        try Archive.foldWriteAheadLog(at: archive)
        let startSize = try #require(try FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)
        let budget = 100_000
        let capture = try await CaptureProcess.start(archive: archive, in: folder, options: ["--max-bytes", String(budget)])
        defer { if capture.process.isRunning { kill(capture.process.processIdentifier, SIGKILL) } }
        var statuses: [Int] = []
        var sizes: [Int] = []
        for index in 0..<60 {
            let status = try await capture.submit(index)
            statuses.append(status)
            if status != 200 { break }
            // The committed size so far, through a connection of the test's own.
            let reader = try Archive.open(archive, mode: .readOnly)
            sizes.append(try reader.storedBytes().asInt)
        }
        #expect(statuses.last == 503)
        let accepted = statuses.filter { $0 == 200 }.count
        #expect(accepted >= 2)
        #expect(statuses.dropLast().allSatisfy { $0 == 200 })
        kill(capture.process.processIdentifier, SIGINT)
        capture.process.waitUntilExit()
        let endSize = try #require(try FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)
        // The budget was reached by the last accepted session, not before it.
        #expect(endSize - startSize >= budget)
        #expect(sizes.dropLast().last.map { $0 - startSize < budget } ?? true)
    }
}

extension Int64 {
    var asInt: Int { Int(self) }
}
