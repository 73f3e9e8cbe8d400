import Foundation
import ReelFormats
import ReelKit
import ReelTestSupport
import Testing

/// The team's workflow through the real binaries: version A of the examples (card threshold 0.35)
/// synthesizes and records sessions over the engine protocol (`--engine exec:`), version B (0.45)
/// replays them: exactly the sessions released between the two rules flip (computed here from the
/// touches); accepting B's traces makes the next replay of B match. Here rather than in
/// ReelCLITests because the expected flips come from the card's rule (GestureReplay, ReelGestures).
@Suite struct ExecEngineTests {
    /// The examples' executables, built next to `reel`.
    static let folder = URL(fileURLWithPath: reelExecutable).deletingLastPathComponent().path
    static let versionA = folder + "/reelkit-examples"
    static let versionB = folder + "/reelkit-examples-b"
    static let built =
        FileManager.default.isExecutableFile(atPath: versionA) && FileManager.default.isExecutableFile(atPath: versionB)
        && FileManager.default.isExecutableFile(atPath: reelExecutable)

    @Test(.enabled(if: built, "needs reel, reelkit-examples and reelkit-examples-b built (swift build)"))
    func recordWithAReplayWithBFlipsTheSessionsBetweenTheRulesAndAcceptWorks() throws {
        let (folder, stream, archive) = try Self.synthesizeAndRecordWithA("card.dismiss", count: 120, seed: 4)

        // The sessions whose release lies between the rules, from the touches.
        var expected: Set<String> = []
        let reader = try GestureStreamReader(path: stream)
        while let next = reader.next() {
            let session = try next.get()
            if let release = CardExampleTests.release(session.touches, threshold: 0.35), release.goes, release.progress <= 0.45 {
                expected.insert(session.externalID ?? "")
            }
        }
        #expect(expected.count >= 3)

        let replay = try runReel(
            ["replay", archive, "--engine", "exec:\(Self.versionB)", "--tolerance", "exact", "--jobs", "2"], in: folder)
        #expect(replay.status == 1, "\(replay.standardOutput)\(replay.standardError)")
        let ids = try externalIDs(archive)
        let flipped = Set(try verdicts(of: 1, in: archive).filter { $0.expected != $0.actual }.map { ids[Int($0.session) - 1] })
        #expect(flipped == expected)
        let diverged = Set(try verdicts(of: 1, in: archive).filter { $0.status != "matched" }.map { ids[Int($0.session) - 1] })
        #expect(diverged == expected, "only the flipped sessions diverge; the others replay bit for bit")

        let accept = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        let again = try runReel(["replay", archive, "--engine", "exec:\(Self.versionB)", "--tolerance", "exact"], in: folder)
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
    }

    /// Version A synthesizes `count` sessions of `scenario` into a gesture stream and `reel record`
    /// records them over the protocol (`--engine exec:reelkit-examples`), in a new temporary folder.
    /// Returns the folder, the stream's path and the archive's.
    static func synthesizeAndRecordWithA(_ scenario: String, count: Int, seed: Int) throws
        -> (folder: String, stream: String, archive: String)
    {
        let folder = try temporaryFolder()
        let synth = try startProcess(
            [versionA, "synth", scenario, "--count", String(count), "--seed", String(seed)], in: folder, captureFolder: folder
        ).wait()
        #expect(synth.status == 0, "\(synth.standardError)")
        let stream = folder + "/\(scenario).jsonl"
        try Data(synth.standardOutput.utf8).write(to: URL(fileURLWithPath: stream))
        let archive = folder + "/\(scenario).sqlite"
        let record = try runReel(["record", archive, stream, "--engine", "exec:\(versionA)"], in: folder)
        #expect(record.status == 0, "\(record.standardOutput)\(record.standardError)")
        return (folder, stream, archive)
    }
}
