import Foundation
import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// The recorder takes decoded sessions (`Recorder.record(_:)` of `[GestureSession]`, what the
/// capture server hands it) through the same path as a stream's, and says where each one is stored.
@Suite("recording decoded sessions")
struct RecordSessionsTests {
    @Test func decodedSessionsAreStoredAsTheirStreamIsAndTheirIDsComeBackInInputOrder() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 6, seed: 5, in: folder)
        // The sessions exactly as the stream reader hands them to `record` of the stream.
        let decoded = try GestureStreamReader(path: stream).map { try $0.get() }
        #expect(decoded.count == 6)

        let fromStream = folder + "/stream.sqlite"
        _ = try record(stream, into: fromStream)
        let fromSessions = folder + "/sessions.sqlite"
        let archive = try Archive.open(fromSessions, mode: .readWrite)
        // Batches of 4: the ids span a committed batch and an open one.
        let recorder = Recorder(archive: archive, engine: BuiltinEngine(), options: Recorder.Options(batchSize: 4))
        let ids = try recorder.record(decoded)
        #expect(try archiveDump(fromSessions) == archiveDump(fromStream))
        #expect(ids == (try archive.sessionIDs()).map(Optional.some))
        #expect(recorder.summary.recorded == 6)

        // Stored content (a duplicate of the archive, then of an earlier input) names its stored
        // session; a bad session (kept going past it) has no id; a new one gets the next id.
        var unknown = decoded[2]
        unknown.scenario = "nav.no-such-scenario"
        let fresh = GestureSynthesizer(scenario: ScenarioCatalog.named("nav.interactive-pop")!, device: .phone, refreshHz: 60, seed: 99)
            .session(index: 0)
        let again = Recorder(archive: archive, engine: BuiltinEngine(), options: Recorder.Options(keepGoing: true))
        let mixed = try again.record([decoded[3], fresh, unknown, fresh, decoded[0]])
        let freshID = try #require(try archive.sessionIDs().last)
        #expect(mixed == [ids[3], freshID, nil, freshID, ids[0]])
        #expect(freshID == 7)
        #expect(again.summary.recorded == 1 && again.summary.duplicates == 3 && again.summary.rejected == 1)
        #expect(again.summary.errors.count == 1 && again.summary.errors[0].contains("nav.no-such-scenario"))
    }

    @Test func anotherEnginesSessionsGetItsTraceAndKeepTheirIDs() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("sheet.drag-dismiss", count: 3, seed: 8, in: folder)
        let decoded = try GestureStreamReader(path: stream).map { try $0.get() }
        let archive = try Archive.open(folder + "/a.sqlite", mode: .readWrite)
        let ids = try Recorder(archive: archive, engine: BuiltinEngine()).record(decoded)
        let candidate = try EngineFactory(.profile(path: try profile("\"swipe.threshold\":0.3", in: folder))).make()
        let other = Recorder(archive: archive, engine: candidate)
        #expect(try other.record(decoded.reversed()) == ids.reversed())
        #expect(other.summary.tracesAdded == 3 && other.summary.recorded == 0)
    }
}

/// The exit status and `--fail-on` count the replay's typed verdicts (`Replayer.Summary.verdictGroups`),
/// which are the groups its stored rows give back.
@Suite("verdict groups of a replay")
struct ReplayVerdictGroupTests {
    @Test func theSummarysGroupsAreTheStoredOnesAndTallyAlike() throws {
        let (_, archive, candidate) = try swipeDismissCorpus(count: 40)
        let summary = try Replayer(archivePath: archive, engine: try EngineFactory(.profile(path: candidate)), options: .init(jobs: 2))
            .run()
        let store = try Archive.open(archive, mode: .readOnly)
        let stored = try store.verdictGroups(replayID: summary.replayID)
        #expect(!stored.isEmpty)
        #expect(Set(summary.verdictGroups) == Set(stored))
        #expect(summary.verdictGroups.count == stored.count)
        // Counted from the result rows one by one.
        let rows = try store.replayResults(replayID: summary.replayID).filter { $0.status != .matched }
        #expect(summary.verdictGroups.map(\.sessions).reduce(0, +) == rows.count)
        #expect(
            summary.verdictGroups.map(\.flips).reduce(0, +)
                == rows.filter { $0.decisionActual != nil && $0.decisionActual != $0.decisionExpected }.count)
        for policy in [FailurePolicy.everyKind, try FailurePolicy(parsing: "decision"), try FailurePolicy(parsing: "lifecycle,timing")] {
            #expect(
                VerdictTally(groups: summary.verdictGroups, policy: policy)
                    == (try VerdictTally(replayID: summary.replayID, in: store, policy: policy)))
        }
        // A summary read back from the tables carries the same groups.
        #expect(Set(try Replayer.Summary(replayID: summary.replayID, in: store).verdictGroups) == Set(stored))
    }
}
