import CardScenes
import Foundation
import ReelRunner
import ReelTesting
import Testing

/// The team's regression net: swipes recorded with the released build (Fixtures/swipes.jsonl,
/// `reel synth --scenario modal.swipe-dismiss --count 40 --seed 7`, standing in for gestures
/// recorded on the released app) are replayed against this build's scenes.
@Suite("card transitions")
struct CardTransitionTests {
    /// The released build's archive: the fixture's swipes recorded with the released numbers.
    static func releasedArchive() throws -> String {
        let stream = try #require(Bundle.module.path(forResource: "swipes", ofType: "jsonl", inDirectory: "Fixtures"))
        let folder = NSTemporaryDirectory() + "/card-transitions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let archive = folder + "/released.sqlite"
        try ArchiveReplay.record(stream, into: archive, with: CardScenes.engine(version: "released"))
        return archive
    }

    @Test func thisBuildDecidesAsTheReleasedOne() throws {
        try expectArchiveReplays(try Self.releasedArchive(), against: CardScenes.engine(version: "this build"))
    }

    @Test func aLowerThresholdIsCaughtAsFlips() throws {
        var tuning = CardScenes.Tuning()
        tuning.threshold = 0.3
        let archive = try Self.releasedArchive()
        var outcome: ArchiveReplayOutcome?
        try withKnownIssue {
            outcome = try expectArchiveReplays(archive, against: CardScenes.engine(tuning, version: "lower threshold"), failOn: [.decision])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("decisions flipped") }
        }
        // Every flip is a cancel that now finishes: the lower threshold only lets more through.
        let flips = try #require(outcome).findings.filter(\.flipped)
        #expect(!flips.isEmpty)
        #expect(flips.allSatisfy { $0.recordedDecision == .cancelled && $0.replayedDecision == .finished })
    }

    @Test func acceptingMakesTheChangeTheBaseline() throws {
        var tuning = CardScenes.Tuning()
        tuning.threshold = 0.3
        let archive = try Self.releasedArchive()
        let changed = CardScenes.engine(tuning, version: "lower threshold")
        let accepted = try ArchiveReplay(archivePath: archive, engine: changed, accept: true).run(name: "accept")
        #expect(!accepted.accepted.isEmpty && !accepted.passed)
        try expectArchiveReplays(archive, against: changed, accept: false)
    }
}
