import Foundation
import ReelTestSupport
import Testing

/// Valid JSON with hostile values and sizes, through a proxy engine (tools/hostile_engine.py
/// `fuzz SEED`: the example engine's answer bent one of two dozen ways: negative, backwards or
/// huge times, 1e308 and 5e-324 values, escape sequences and 100 kB view keys, 5000 views in a
/// frame, 20,000 distinct event details, a 3 MB detail, deep or wide hierarchies, a 1 MB engine
/// name, 300,000 extra numbers, 290,000 frames) into `reel replay` and `reel record`: each ends
/// with 0, 1 or 2 (replay) or 0 or 65 (record), never a signal, a hang or an internal error (70);
/// what it prints holds no control character but newlines, and the archive passes
/// `reel info --check`. Cases: `REEL_FUZZ_CASES` / 400, from 6 to 40 (tools/fuzz 10000: 25).
@Suite("Fuzz: hostile engine replies through the binary")
struct EngineReplyProxyFuzzTests {
    static let cases = min(40, max(6, fuzzCases / 400))
    static let firstSeed = UInt64(
        ProcessInfo.processInfo.environment["REEL_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970))

    /// Three swipes recorded with the example engine (a checkpointed archive) and their stream.
    static let seed: Result<(folder: String, archive: String, stream: String), any Error> = Result {
        let folder = try temporaryFolder()
        let archive = folder + "/seed.sqlite"
        let stream = folder + "/in.jsonl"
        for arguments in [
            ["synth", "--scenario", "nav.interactive-pop", "--count", "3", "--seed", "9", "-o", stream],
            ["record", archive, stream, "--engine", "exec:python3 \(repositoryRoot)/tools/example_engine.py"],
        ] {
            let (ending, error) = try ReelProcess.run(arguments, in: folder, limit: .seconds(60))
            guard ending == .exited(0) else { throw FuzzSetupError(message: "\(arguments): \(ending) \(error)") }
        }
        return (folder, archive, stream)
    }

    struct FuzzSetupError: Error {
        var message: String
    }

    @Test(arguments: 0..<cases)
    func aHostileAnswerFailsItsSessionNeverTheRun(index: Int) throws {
        let (folder, seedArchive, stream) = try Self.seed.get()
        let caseSeed = Self.firstSeed &+ UInt64(index)
        let caseFolder = folder + "/case-\(caseSeed)"
        try FileManager.default.createDirectory(atPath: caseFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: caseFolder) }
        let archive = caseFolder + "/a.sqlite"
        try FileManager.default.copyItem(atPath: seedArchive, toPath: archive)
        let engine = "exec:exec python3 \(repositoryRoot)/tools/hostile_engine.py fuzz \(caseSeed)"
        let label = "REEL_FUZZ_SEED=\(caseSeed)"

        let replay = try ReelProcess.run(
            ["replay", archive, "--engine", engine, "--jobs", "1", "--timeout", "30"], in: caseFolder, limit: .seconds(120))
        #expect([.exited(0), .exited(1), .exited(2)].contains(replay.ending), "\(label) replay: \(replay.ending) \(replay.error)")
        #expect(!Self.hasControlCharacters(replay.error), "\(label) replay printed control characters")

        let recorded = caseFolder + "/r.sqlite"
        let record = try ReelProcess.run(
            ["record", recorded, stream, "--engine", engine, "--keep-going"], in: caseFolder, limit: .seconds(120))
        #expect([.exited(0), .exited(65)].contains(record.ending), "\(label) record: \(record.ending) \(record.error)")
        #expect(!Self.hasControlCharacters(record.error), "\(label) record printed control characters")

        for path in [archive, recorded] where FileManager.default.fileExists(atPath: path) {
            let check = try ReelProcess.run(["info", path, "--check"], in: caseFolder)
            #expect(check.ending == .exited(0), "\(label) info --check \(path): \(check.error)")
        }
    }

    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }
    }
}
