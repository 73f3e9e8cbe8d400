import Foundation
import ReelDiff
import ReelEngine
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

@Suite("Record and replay, end to end")
struct ReplayPipelineTests {
    @Test func replayWithTheRecordingEngineMatchesBitForBit() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 30, seed: 1, in: folder), into: archive)
        _ = try record(try synthesizedStream("modal.bounce-present", count: 3, seed: 2, in: folder), into: archive)
        let summary = try Replayer(
            archivePath: archive, engine: try EngineFactory(.builtin),
            options: .init(jobs: 2, tolerances: .exact)
        ).run()
        #expect(summary.sessions == 33)
        #expect(summary.matched == 33)
        #expect(summary.byKind.isEmpty)
    }

    @Test func aSessionThatCannotBeReadFailsAloneAndTheOthersReadWithItStillMatch() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 6, seed: 1, in: folder), into: archive)
        let ids = try Archive.open(archive, mode: .readOnly).sessionIDs()
        try Archive.open(archive, mode: .readWrite).database.execute("DELETE FROM baselines WHERE session_id = \(ids[2])")
        // All six sessions are read together; one of them has no baseline trace (so no outcome).
        let summary = try Replayer(
            archivePath: archive, engine: try EngineFactory(.builtin), options: .init(tolerances: .exact)
        ).run()
        #expect(summary.sessions == 6 && summary.matched == 5 && summary.errors == 1)
        #expect(summary.findings.map(\.sessionID) == [ids[2]])
        #expect(summary.findings.first?.comparison.divergences.map(\.kind) == [.error])
        #expect(summary.findings.first?.comparison.divergences.first?.detail.hasPrefix("cannot read the session") == true)
    }

    @Test func recordingTheSameInputTwiceAddsNothing() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("sheet.drag-dismiss", count: 10, seed: 3, in: folder)
        let first = try record(stream, into: folder + "/a.sqlite")
        let second = try record(stream, into: folder + "/a.sqlite")
        #expect(first.recorded == 10)
        #expect(second.recorded == 0 && second.duplicates == 10)
    }

    /// The replayer streams recorded frames and lifecycle calls through the comparison without
    /// holding them; its stored verdicts must be what comparing the whole loaded traces gives.
    @Test func streamedVerdictsEqualTheWholeTraceComparison() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        for (index, scenario) in ["nav.interactive-pop", "modal.swipe-dismiss", "sheet.drag-dismiss", "present.page-sheet"]
            .enumerated()
        {
            _ = try record(try synthesizedStream(scenario, count: 12, seed: UInt64(10 + index), in: folder), into: archive)
        }
        // A candidate that moves decisions, durations and the lifecycle of cancelled presentations.
        let path = try profile("\"swipe.threshold\":0.3,\"nav.duration\":0.45,\"sheetdrag.threshold\":0.2", in: folder)
        let candidate = try EngineFactory(.profile(path: path))
        let summary = try Replayer(
            archivePath: archive, engine: candidate, options: .init(jobs: 2, chunkSize: 5, sessionsPerRead: 3)
        ).run()
        #expect(summary.diverged > 0)

        let stored = try Archive.open(archive, mode: .readOnly)
        let engine = try candidate.make()
        var kinds = Set<DivergenceKind>()
        for id in try stored.sessionIDs() {
            let session = try stored.loadSession(id)
            let trace = try engine.run(
                scenario: ScenarioSpec.decode(json: session.header.scenarioSpecJSON), device: session.header.device,
                refreshHz: session.header.refreshHz, touches: session.touches, outcomeHierarchy: true)
            let expected = TraceDiff().compare(expected: session.trace, actual: trace, refreshHz: session.header.refreshHz)
            let divergences = try stored.divergences(replayID: summary.replayID, sessionID: id).map(\.divergence)
            #expect(divergences == expected.divergences, "session \(id)")
            kinds.formUnion(divergences.map(\.kind))
        }
        #expect(kinds.isSuperset(of: [.decision, .frame, .lifecycle]))
    }

    @Test func aLongerDurationGivesFrameDivergencesAndNoDecisionFlips() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.push", count: 3, seed: 5, in: folder), into: archive)
        let slower = try EngineFactory(.profile(path: try profile("\"nav.duration\":0.5", in: folder)))
        let summary = try Replayer(archivePath: archive, engine: slower, options: .init()).run()
        let kinds = Set(summary.byKind.map(\.kind))
        #expect(kinds.contains(.frame))
        #expect(!kinds.contains(.decision))
    }
}

@Suite("The example external engine")
struct ExternalEnginePipelineTests {
    let command = "python3 \(repositoryRoot)/tools/example_engine.py"

    @Test func recordAndReplayWithItMatch() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let summary = try record(
            try synthesizedStream("nav.interactive-pop", count: 40, seed: 6, in: folder),
            engine: .exec(command: command), into: archive)
        #expect(summary.recorded == 40)
        let replay = try Replayer(
            archivePath: archive, engine: try EngineFactory(.exec(command: command)), options: .init(jobs: 2, tolerances: .exact)
        ).run()
        #expect(replay.matched == 40)
    }

    /// The example engine finishes iff the finger lifts (a cancelled touch always cancels) with
    /// (release x - start x) / width > threshold: lowering the threshold from 0.5 to 0.4 must flip
    /// exactly the lifted sessions released in (0.4, 0.5].
    @Test func aChangedThresholdFlipsExactlyTheSessionsBetweenTheThresholds() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: 60, seed: 7, in: folder)
        _ = try record(stream, engine: .exec(command: command), into: archive)

        var expected: Set<Int64> = []
        let store = try Archive.open(archive, mode: .readOnly)
        for id in try store.sessionIDs() {
            let session = try store.loadSession(id)
            let finger = session.touches.filter { $0.id == session.touches[0].id }
            let release = finger.first { $0.phase == .ended || $0.phase == .cancelled } ?? finger.last!
            let progress = min(max((release.x - finger[0].x) / session.header.device.width, 0), 1)
            if release.phase == .ended && progress > 0.4 && progress <= 0.5 { expected.insert(id) }
        }
        #expect(!expected.isEmpty, "the synthesized corpus should straddle the boundary")

        let replay = try Replayer(
            archivePath: archive, engine: try EngineFactory(.exec(command: command + " --threshold 0.4")), options: .init(jobs: 2)
        ).run()
        let flipped = Set(replay.findings.filter { $0.comparison.divergences.contains { $0.kind == .decision } }.map(\.sessionID))
        #expect(flipped == expected)
    }
}
