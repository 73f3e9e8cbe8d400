import Foundation
import ReelFormats
import ReelRunner
import ReelTestSupport
import ReelTesting
import ReelTrace
import Testing

/// Issue 54, item 4: ReelTesting's replay inside a team's own test run. The expected counts come
/// from the results archive's rows (SQL), the flips from the rows where the two decisions differ.
@Suite("ReelTesting: ArchiveReplay")
struct ArchiveReplayTests {
    /// A corpus of interactive pops recorded with the built-in engine; legacy-0.3 flips some of them.
    private static func corpus() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 60, seed: 3, in: folder)
        let archive = folder + "/gestures.sqlite"
        _ = try record(stream, into: archive)
        return (folder, archive)
    }

    @Test func aFlippingCandidateFailsWithEveryFlipAndBothArithmetics() throws {
        let (folder, archive) = try Self.corpus()
        let hashBefore = try archiveFileHash(archive)
        let outcome = try ArchiveReplay(
            archivePath: archive, engine: try EngineFactory(EngineSpec(parsing: "legacy-0.3")), artifacts: folder + "/artifacts"
        ).run(name: "pops")

        let results = try #require(outcome.resultsPath)
        let notMatched = try archiveCount(results, "SELECT count(*) FROM replay_results WHERE status <> 'matched'")
        let flips = try archiveCount(
            results, "SELECT count(*) FROM replay_results WHERE decision_actual IS NOT NULL AND decision_expected <> decision_actual")
        #expect(flips > 0, "legacy-0.3 flips none of these pops: the corpus no longer tests a flip")
        #expect(!outcome.passed)
        #expect(Int64(outcome.failing) == notMatched)
        #expect(Int64(outcome.findings.filter(\.flipped).count) == flips)
        // Flips come first, each with both engines' arithmetic and the decisions the rows hold.
        let flipped = outcome.findings.prefix(Int(flips))
        #expect(flipped.allSatisfy { $0.flipped })
        for finding in flipped.prefix(ArchiveReplayOutcome.listedFindings) {
            let expected = try archiveCount(
                results, "SELECT decision_expected = 'finished' FROM replay_results WHERE session_id = \(finding.sessionID)")
            #expect((finding.recordedDecision == Decision.finished) == (expected == 1))
            #expect(outcome.message.contains("- session \(finding.sessionID) (nav.interactive-pop): "))
            #expect(finding.recordedArithmetic != nil && finding.replayedArithmetic != nil, "session \(finding.sessionID)")
        }
        #expect(outcome.message.contains("\(flips) decisions flipped"))
        #expect(outcome.message.contains("report: \(outcome.reportPath)"))
        let page = try String(contentsOfFile: outcome.reportPath, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</html>"))
        // The team's fixture archive is not written to: the verdicts are in the results archive.
        let hashAfter = try archiveFileHash(archive)
        #expect(hashAfter == hashBefore)
    }

    @Test func theRecordedEnginePassesAndRecordsNoIssue() throws {
        let (folder, archive) = try Self.corpus()
        let outcome = try expectArchiveReplays(archive, against: try EngineFactory(.builtin), artifacts: folder + "/artifacts")
        #expect(outcome.passed && outcome.matched == 60 && outcome.findings.isEmpty)
    }

    @Test func aFailingReplayRecordsOneIssueWithTheMessage() throws {
        let (folder, archive) = try Self.corpus()
        var message = ""
        try withKnownIssue {
            let outcome = try expectArchiveReplays(
                archive, against: try EngineFactory(EngineSpec(parsing: "legacy-0.3")), failOn: [.decision],
                artifacts: folder + "/artifacts")
            message = outcome.message
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("decisions flipped") && $0.rawValue.contains("recorded: ") }
        }
        #expect(message.contains("fail on: decision"))
    }

    @Test func frameOnlyDivergencesPassWhenOnlyDecisionsFail() throws {
        let (folder, archive) = try Self.corpus()
        let candidate = try profile(#""nav.duration": 0.5"#, in: folder)
        let outcome = try ArchiveReplay(
            archivePath: archive, engine: try EngineFactory(EngineSpec(parsing: candidate)), failOn: [.decision],
            artifacts: folder + "/artifacts"
        ).run()
        let results = try #require(outcome.resultsPath)
        let failingRows = try archiveCount(
            results, "SELECT count(*) FROM replay_results WHERE status = 'error' OR kinds_json LIKE '%\"decision\"%'")
        #expect(Int64(outcome.failing) == failingRows)
    }

    @Test func acceptModeMakesTheCandidateTheBaselineAndFails() throws {
        let (folder, archive) = try Self.corpus()
        let engine = try EngineFactory(EngineSpec(parsing: "legacy-0.3"))
        let accepted = try ArchiveReplay(archivePath: archive, engine: engine, artifacts: folder + "/a", accept: true).run()
        let diverged = try archiveCount(
            archive, "SELECT count(*) FROM replay_results WHERE replay_id = \(accepted.replayID) AND status = 'diverged'")
        #expect(diverged > 0)
        #expect(Int64(accepted.accepted.count) == diverged)
        #expect(!accepted.passed && accepted.message.hasPrefix("REEL_ACCEPT: accepted \(diverged) sessions"))
        // The next run against the same candidate matches every session.
        let again = try ArchiveReplay(archivePath: archive, engine: engine, artifacts: folder + "/b", accept: false).run()
        #expect(again.passed && again.matched == again.sessions, "\(again.message)")
    }
}
