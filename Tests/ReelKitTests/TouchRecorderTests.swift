import Foundation
import ReelFormats
import ReelKit
import ReelKitExamples
import ReelKitRunner
import ReelRecorder
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// ReelRecorder attached to ReelKit scenes: the touches ReelKit's window delivers come back as a
/// gesture stream (docs/GESTURES.md) equal to the touches sent, bit for bit; `reel record` of that
/// stream and a replay against the same scenes match every session; the recorder's bounds drop
/// whole gestures and count them (docs/DEVICE.md). Not `@MainActor`: `ReelKitEngine.run` runs the
/// session on the main actor itself (SessionIsolation), so the recorder is read through `MainActor.run`.
@Suite struct TouchRecorderTests {
    /// Runs `touches` on `scene` in a `RecordingWindow` feeding `recorder`.
    static func drive(_ scene: ReelKitScene, _ touches: [Touch], recorder: TouchRecorder) throws -> Trace {
        let windowed = scene.withWindow { frame in RecordingWindow(frame: frame, recorder: recorder) }
        let engine = ReelKitEngine(scenes: [windowed], name: "recorded", version: "1")
        return try engine.run(scenario: scene.spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: false)
    }

    /// The recorder's sessions read back by Reel's own stream reader.
    static func readBack(_ recorder: TouchRecorder) async throws -> [GestureSession] {
        let text = await MainActor.run { recorder.takeSessions().map(\.jsonLines).joined() }
        return try GestureStreamReader(text: text, name: "recorded.jsonl").map { try $0.get() }
    }

    /// What the stream must hold for `sent`, from the format's rules: `t` in seconds since the
    /// session's first touch, fingers numbered from 0 in the order they first appear.
    static func expected(_ sent: [Touch]) -> [Touch] {
        let origin = sent.first?.t ?? 0
        var numbers: [Int: Int] = [:]
        return sent.map { touch in
            let finger = numbers[touch.id] ?? numbers.count
            numbers[touch.id] = finger
            return Touch(t: touch.t - origin, id: finger, phase: touch.phase, x: touch.x, y: touch.y)
        }
    }

    static func bitsEqual(_ a: [Touch], _ b: [Touch]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                $0.t.bitPattern == $1.t.bitPattern && $0.id == $1.id && $0.phase == $1.phase && $0.x.bitPattern == $1.x.bitPattern
                    && $0.y.bitPattern == $1.y.bitPattern
            }
    }

    @Test func synthesizedCardDismissalsComeBackBitForBit() async throws {
        let scene = CardDismissExample.scene(threshold: 0.35)
        let recorder = await MainActor.run { TouchRecorder(scenario: scene.name, tags: ["qa", "build 812"]) }
        let sent = GestureSynthesizer(scenario: scene.spec, device: .phone, refreshHz: 60, seed: 21).sessions(count: 30)
        for session in sent { _ = try Self.drive(scene, session.touches, recorder: recorder) }
        let recorded = try await Self.readBack(recorder)
        #expect(recorded.count == sent.count)
        for (got, session) in zip(recorded, sent) {
            #expect(Self.bitsEqual(got.touches, Self.expected(session.touches)))
            #expect(got.scenario == "card.dismiss" && got.tags == ["qa", "build 812"])
            #expect(got.device == Device.phone && got.refreshHz == 60)
        }
        let dropped = await MainActor.run { recorder.droppedSessions }
        #expect(dropped.isEmpty)
    }

    @Test func twoFingersAreNumberedInLandingOrderAndKeepTheirLines() async throws {
        // Fingers 7 then 3 land; a later time origin (0.25) is subtracted; one event moves both.
        let sent = [
            Touch(t: 0.25, id: 7, phase: .began, x: 100, y: 300),
            Touch(t: 0.3, id: 3, phase: .began, x: 50.5, y: 310),
            Touch(t: 0.35, id: 7, phase: .moved, x: 101, y: 330.25),
            Touch(t: 0.35, id: 3, phase: .stationary, x: 50.5, y: 310),
            Touch(t: 0.4, id: 3, phase: .ended, x: 50.5, y: 311),
            Touch(t: 0.45, id: 7, phase: .moved, x: 102, y: 400),
            Touch(t: 0.5, id: 7, phase: .ended, x: 102, y: 420),
        ]
        let recorder = await MainActor.run { TouchRecorder(scenario: "card.dismiss") }
        _ = try Self.drive(CardDismissExample.scene(threshold: 0.35), sent, recorder: recorder)
        let recorded = try await Self.readBack(recorder)
        #expect(recorded.count == 1)
        let want = Self.expected(sent)
        #expect(want.map(\.id) == [0, 1, 0, 1, 1, 0, 0] && want[0].t == 0)
        #expect(Self.bitsEqual(recorded.first?.touches ?? [], want))
    }

    @Test func recordingThenReplayingAgainstTheSameScenesMatchesEverySession() async throws {
        let folder = try temporaryFolder()
        let scene = SwipeDismissExample.scene
        let recorder = await MainActor.run { TouchRecorder(scenario: scene.name, tags: ["device-recorder"]) }
        let sent = GestureSynthesizer(scenario: scene.spec, device: .phone, refreshHz: 60, seed: 5).sessions(count: 30)
        for session in sent { _ = try Self.drive(scene, session.touches, recorder: recorder) }
        let stream = folder + "/device.jsonl"
        let text = await MainActor.run { recorder.takeSessions().map(\.jsonLines).joined() }
        try Data(text.utf8).write(to: URL(fileURLWithPath: stream))

        let archive = folder + "/device.sqlite"
        let record = Recorder(
            archive: try Archive.open(archive, mode: .readWrite),
            engine: ReelKitEngine(scenes: [scene], name: "reelkit-examples", version: "A"))
        try record.record(try GestureStreamReader(path: stream))
        #expect(record.summary.recorded == sent.count, "\(record.summary.errors.prefix(2))")
        let summary = try Replayer(
            archivePath: archive, engine: ReelKitEngine.factory(scenes: [scene], name: "reelkit-examples", version: "A"),
            options: .init(jobs: 1, tolerances: .exact)
        ).run()
        #expect(summary.sessions == sent.count && summary.matched == sent.count)
        #expect(summary.diverged == 0 && summary.errors == 0)
    }

    /// One finger down at 0, `moves` moves 10 ms apart, lifted 10 ms after the last: moves + 2 lines.
    static func drag(moves: Int, step: Double = 0.01) -> [Touch] {
        var touches = [Touch(t: 0, id: 0, phase: .began, x: 200, y: 200)]
        for index in 1...max(moves, 1) where moves > 0 {
            touches.append(Touch(t: Double(index) * step, id: 0, phase: .moved, x: 200, y: 200 + Double(index)))
        }
        touches.append(Touch(t: Double(moves + 1) * step, id: 0, phase: .ended, x: 200, y: 200 + Double(moves)))
        return touches
    }

    @Test func aGestureBeyondTheTouchCapIsDroppedWholeAndCounted() async throws {
        let scene = CardDismissExample.scene(threshold: 0.35)
        let recorder = await MainActor.run { TouchRecorder(scenario: scene.name, limits: RecorderLimits(maximumTouchesPerSession: 10)) }
        _ = try Self.drive(scene, Self.drag(moves: 8), recorder: recorder)  // 10 lines: kept
        _ = try Self.drive(scene, Self.drag(moves: 9), recorder: recorder)  // 11 lines: dropped
        _ = try Self.drive(scene, Self.drag(moves: 3), recorder: recorder)  // 5 lines: kept
        let recorded = try await Self.readBack(recorder)
        #expect(recorded.map(\.touches.count) == [10, 5])
        let dropped = await MainActor.run { recorder.droppedSessions }
        #expect(dropped == [.tooManyTouches: 1])
    }

    @Test func pendingSessionsAndSpanAreBounded() async throws {
        let scene = CardDismissExample.scene(threshold: 0.35)
        let recorder = await MainActor.run {
            TouchRecorder(
                scenario: scene.name, limits: RecorderLimits(maximumPendingSessions: 2, maximumSessionSpan: 1))
        }
        for _ in 0..<3 { _ = try Self.drive(scene, Self.drag(moves: 2), recorder: recorder) }
        let dropped = await MainActor.run { recorder.droppedSessions }
        #expect(dropped == [.pendingFull: 1])
        #expect(try await Self.readBack(recorder).count == 2)
        // Taken: room again. A 1.5 s gesture is longer than the 1 s span.
        _ = try Self.drive(scene, Self.drag(moves: 14, step: 0.1), recorder: recorder)
        _ = try Self.drive(scene, Self.drag(moves: 2), recorder: recorder)
        let droppedAfter = await MainActor.run { recorder.droppedSessions }
        #expect(droppedAfter == [.pendingFull: 1, .tooLong: 1])
        #expect(try await Self.readBack(recorder).map(\.touches.count) == [4])
    }
}
