import Foundation
import ReelRunner
import ReelStore
import ReelTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The `reel` executable of this build: next to the test bundle, else in `.build/debug`.
let reelExecutable: String = {
    var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    folders.append(root.appendingPathComponent(".build/debug"))
    let candidates = folders.map { $0.appendingPathComponent("reel").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
}()

@Suite("Capture server killed")
struct CaptureKillTests {
    /// `reel capture` killed with SIGKILL while four clients submit: the archive opens, passes
    /// SQLite's integrity check, holds every session the server answered 200 for, and every session
    /// it holds is whole (its touches exactly a submitted session's, its frames those the engine
    /// computes for them).
    @Test func aSIGKILLDuringCaptureLeavesTheArchiveIntact() async throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/killed.sqlite"
        let output = folder + "/out.txt"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: reelExecutable)
        process.arguments = ["capture", archivePath, "--scenario", capturedScenario.name, "--port", "0", "--no-qr"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        var url: String?
        for _ in 0..<200 where url == nil {
            try await Task.sleep(for: .milliseconds(50))
            let text = try String(contentsOfFile: output, encoding: .utf8)
            url = text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") }.map(String.init)
        }
        let page = try #require(url, "reel capture printed no URL")
        let sessionsURL = try #require(URL(string: page.replacingOccurrences(of: "/?token=", with: "/sessions?token=")))

        let accepted = AcceptedIndices()
        let submitters = Task {
            await withTaskGroup(of: Void.self) { group in
                for client in 0..<4 {
                    group.addTask {
                        for round in 0..<10 {
                            let index = client * 10 + round
                            var request = URLRequest(url: sessionsURL)
                            request.httpMethod = "POST"
                            request.httpBody = submission(index).body
                            guard let (_, response) = try? await URLSession.shared.data(for: request) else { return }
                            if (response as? HTTPURLResponse)?.statusCode == 200 { await accepted.add(index) }
                        }
                    }
                }
            }
        }
        // Bounded: 8 answers take well under a second; 30 s means the server is not answering.
        for _ in 0..<6000 where await accepted.count < 8 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await accepted.count >= 8, "the server answered too few submissions before the kill")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        await submitters.value
        #expect(process.terminationReason == .uncaughtSignal)

        let archive = try Archive.open(archivePath, mode: .readOnly)
        let check = try archive.database.prepare("PRAGMA integrity_check")
        #expect(try check.step())
        #expect(check.string(at: 0) == "ok")
        let stored = try archive.loadSessions(try archive.sessionIDs())
        let submitted = Dictionary(uniqueKeysWithValues: (0..<40).map { (submission($0).session.touches, $0) })
        var storedIndices = Set<Int>()
        for session in stored {
            guard let index = submitted[session.touches] else {
                Issue.record("stored session \(session.id) has touches no client submitted")
                continue
            }
            storedIndices.insert(index)
            let input = submission(index).session
            let fresh = try BuiltinEngine().run(
                scenario: capturedScenario, device: input.device, refreshHz: input.refreshHz, touches: input.touches,
                outcomeHierarchy: true)
            #expect(session.trace.frames == fresh.frames)
            #expect(session.trace.outcome == fresh.outcome)
        }
        #expect(await accepted.all.isSubset(of: storedIndices))
        #expect(storedIndices.count >= 8)
    }
}

/// The submissions the server answered 200 for.
actor AcceptedIndices {
    private(set) var all = Set<Int>()
    var count: Int { all.count }
    func add(_ index: Int) { all.insert(index) }
}
