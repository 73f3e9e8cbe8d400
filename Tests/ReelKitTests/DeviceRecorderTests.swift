import Foundation
import ReelDiff
import ReelFormats
import ReelKit
import ReelKitExamples
import ReelRecorder
import ReelReport
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// ReelRecorder's device outcome attached to ReelKit scenes (docs/DEVICE.md): the trace it records
/// through ReelKit's window, display link and transition coordinator is ReelKit's own trace of the
/// session on the views the scene names, bit for bit; its device file records as the device's
/// baselines, replays against the same scenes matching every session and against another build
/// with the fidelity the report shows; a hostile device file is refused as an engine answer is.
@Suite struct DeviceRecorderTests {
    static let phone = OutcomeRecording(systemVersion: "26.1", deviceModel: "iPhone17,1")

    /// The device's trace as the engine protocol decodes it (what `reel record` stores).
    static func decoded(_ trace: DeviceTrace) throws -> Trace {
        guard case .response(let response) = try EngineReply.decode(line: Array(trace.answerJSON.utf8)) else {
            throw ReelFailure(.dataError, "the device's trace is an error answer")
        }
        return response.trace
    }

    /// Runs `sessions` on `scene` with `recorder` attached; ReelKit's own traces of them.
    static func drive(_ scene: ReelKitScene, _ sessions: [GestureSession], recorder: TouchRecorder) throws -> [Trace] {
        try sessions.map { try TouchRecorderTests.drive(scene, $0.touches, recorder: recorder) }
    }

    /// Writes the recorder's sessions as one device file in `folder`; its path.
    static func deviceFile(_ recorder: TouchRecorder, in folder: String) async throws -> String {
        let text = await MainActor.run { recorder.takeSessions().map(\.jsonLines).joined() }
        let path = folder + "/device.jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Synthesized card sessions, each shifted to start at its first touch (t = 0), as a device's
    /// gesture clock does.
    static func cardSessions(seed: UInt64, count: Int) -> [GestureSession] {
        let scene = CardDismissExample.scene(threshold: 0.35)
        return GestureSynthesizer(scenario: scene.spec, device: .phone, refreshHz: 60, seed: seed).sessions(count: count).map { session in
            var shifted = session
            let start = session.touches.first?.t ?? 0
            shifted.touches = session.touches.map { touch in
                var touch = touch
                touch.t -= start
                return touch
            }
            return shifted
        }
    }

    /// The recording options that name the card scene's spec: the device file's sessions name the
    /// scene, which the catalog does not know (`reel record --scene`).
    static let cardScenes = Recorder.Options(scenes: [CardDismissExample.scene(threshold: 0.35).spec])

    @Test func theDeviceTraceIsReelKitsOwnTraceOfTheNamedViewsBitForBit() async throws {
        let scene = CardDismissExample.scene(threshold: 0.35)
        let recorder = await MainActor.run { TouchRecorder(scenario: scene.name, tags: ["build 812"], outcome: Self.phone) }
        let sent = Self.cardSessions(seed: 21, count: 30)
        // The gesture's clock starts at its first touch; the synthesizer's sessions start at 0, so
        // both traces are on one time line.
        #expect(sent.allSatisfy { $0.touches.first?.t == 0 })
        let kit = try Self.drive(scene, sent, recorder: recorder)
        let recorded = await MainActor.run { recorder.takeSessions() }
        #expect(recorded.count == sent.count)
        var decisions: Set<Bool> = []
        for (session, own) in zip(recorded, kit) {
            let device = try Self.decoded(try #require(session.trace))
            // The example names one view, the card.
            #expect(Set(device.frames.flatMap { $0.views.map(\.key) }) == ["card"])
            let comparison = TraceDiff(tolerances: .exact).compare(
                expected: device, actual: DeviceScope.project(own, keys: ["card"]), refreshHz: 60)
            #expect(comparison.status == .matched, "\(comparison.divergences.prefix(3))")
            #expect(device.frames.count == own.frames.count && device.frames.count > 0)
            #expect(device.outcome.completed == own.outcome.completed && device.outcome.t.bitPattern == own.outcome.t.bitPattern)
            // The example's geometry (CardDismissExample): a finished dismissal ends with the card at
            // the container's bottom (844 pt), a cancelled one back at its top (400 pt).
            let card = try #require(device.frames.last?.views.first)
            #expect(card.y == (device.outcome.completed ? 844 : Double(CardDismissExample.cardTop)))
            // UIKit's coordinator reports the decision: the last completion event is the outcome's.
            let completion = device.events.last { $0.detail.hasPrefix("completion(") }
            #expect(completion?.detail == (device.outcome.completed ? "completion(finished)" : "completion(cancelled)"))
            #expect(completion?.t == device.outcome.t && device.events.first?.detail == "began")
            decisions.insert(device.outcome.completed)
        }
        #expect(decisions == [true, false], "the sessions hold both decisions")
        let dropped = await MainActor.run { recorder.droppedSessions }
        #expect(dropped.isEmpty)
    }

    @Test func recordingTheDeviceFileAndReplayingItAgainstTheSameScenesMatchesEverySession() async throws {
        let folder = try temporaryFolder()
        let scene = CardDismissExample.scene(threshold: 0.35)
        let recorder = await MainActor.run { TouchRecorder(scenario: scene.name, outcome: Self.phone) }
        let sent = Self.cardSessions(seed: 5, count: 30)
        _ = try Self.drive(scene, sent, recorder: recorder)
        let path = try await Self.deviceFile(recorder, in: folder)
        #expect(DeviceRecording.isDeviceFile(path: path))

        let archivePath = folder + "/device.sqlite"
        let recording = try DeviceRecording(archive: try Archive.open(archivePath, mode: .readWrite), path: path, options: Self.cardScenes)
        try recording.record()
        #expect(recording.summary.recorded == sent.count, "\(recording.summary.errors.prefix(2))")
        #expect(recording.engineName == "uikit 26.1 iPhone17,1 reel-recorder 1")
        let summary = try Replayer(
            archivePath: archivePath, engine: ReelKitEngine.factory(scenes: [scene], name: "team-scenes", version: "A"),
            options: .init(jobs: 1, tolerances: .exact)
        ).run()
        #expect(summary.sessions == sent.count && summary.matched == sent.count)
        #expect(summary.diverged == 0 && summary.errors == 0)
    }

    @Test func aFixtureArchiveOfTheRecordersOutputGoesThroughRecordReplayAndReport() async throws {
        let folder = try temporaryFolder()
        // The device ran build A (threshold 0.35); the team's scenes are build B (0.45).
        let device = CardDismissExample.scene(threshold: 0.35)
        let team = CardDismissExample.scene(threshold: 0.45)
        let recorder = await MainActor.run { TouchRecorder(scenario: device.name, outcome: Self.phone) }
        let sent = Self.cardSessions(seed: 8, count: 30)
        let deviceTraces = try Self.drive(device, sent, recorder: recorder)
        let dropped = await MainActor.run { recorder.droppedSessions }
        #expect(dropped.isEmpty, "the recorder kept every session: \(dropped)")
        let path = try await Self.deviceFile(recorder, in: folder)
        let archivePath = folder + "/device.sqlite"
        let recording = try DeviceRecording(archive: try Archive.open(archivePath, mode: .readWrite), path: path, options: Self.cardScenes)
        try recording.record()
        #expect(recording.summary.recorded == sent.count, "\(recording.summary)")
        _ = try Replayer(
            archivePath: archivePath, engine: ReelKitEngine.factory(scenes: [team], name: "team-scenes", version: "B"),
            options: .init(jobs: 1, tolerances: .default)
        ).run()
        // What the report must say, from the two builds' own decisions.
        let engine = ReelKitEngine(scenes: [team], name: "team-scenes", version: "B")
        let teamTraces = try sent.map {
            try engine.run(scenario: team.spec, device: .phone, refreshHz: 60, touches: $0.touches, outcomeHierarchy: false)
        }
        let agreeing = zip(deviceTraces, teamTraces).filter { $0.outcome.completed == $1.outcome.completed }.count
        #expect(agreeing < sent.count, "build B decides some sessions otherwise")

        let archive = try Archive.open(archivePath, mode: .readOnly)
        let model = try ReportReader(archive: archive, archiveName: "device.sqlite").read(replayID: nil)
        let fidelity = try #require(model.fidelity)
        #expect(fidelity.scenarios.map(\.name) == ["card.dismiss"])
        #expect(fidelity.scenarios.first?.sessions == sent.count && fidelity.scenarios.first?.decisionsAgreeing == agreeing)
        // The nearest sessions: the flipped ones first, at most five.
        let flipped = sent.count - agreeing
        #expect(fidelity.nearest.count == min(Fidelity.nearestPerScenario, fidelity.nearest.count))
        #expect(fidelity.nearest.prefix(min(flipped, Fidelity.nearestPerScenario)).allSatisfy { $0.deviceDecision != $0.candidateDecision })
        #expect(fidelity.frameErrors.allSatisfy { $0.view == "card" })
        let html = ReportPage.html(model)
        #expect(html.contains("<section id=\"fidelity\">") && html.contains("uikit 26.1 iPhone17,1"))
        #expect(html.contains("<td>card.dismiss</td><td class=\"num\">\(sent.count)</td><td class=\"num\">\(agreeing)</td>"))
    }
}
