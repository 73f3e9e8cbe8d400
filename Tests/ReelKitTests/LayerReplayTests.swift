import Foundation
import ReelDiff
import ReelFormats
import ReelKit
import ReelKitExamples
import ReelKitRunner
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// card.corner-spring recorded with its lifted corners at 24 pt and replayed against a version
/// whose corners spring to 20: the corner radius is in the traces, so exactly the sessions whose
/// drag picks the card up (the pan begins: the spring runs from then on, to another radius) diverge,
/// each a frame divergence naming `corner_radius`; a session whose pan never begins shows the same
/// card (radius 0, the same shadow) in both. The rule follows one finger (GestureReplay.isOneFinger),
/// so the sessions are one-finger ones.
@Suite struct LayerReplayTests {
    @Test func aChangedCornerRadiusFlagsExactlyTheSessionsWhoseDragLiftsTheCard() throws {
        let scene = CornerSpringCardExample.scene
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: LayerConstantReplayTests.device, refreshHz: 60, seed: 21)
        var sessions: [GestureSession] = []
        var predicted: Set<Int64> = []
        var unlifted = 0
        // Synthesized drags mostly start above the card: of the first sessions, the one-finger ones
        // until 15 lift the card and 10 do not (a drag above it, which the card's pan never sees).
        for index in 0..<600 where predicted.count < 15 || unlifted < 10 {
            let session = synthesizer.session(index: index)
            guard GestureReplay.isOneFinger(session.touches) else { continue }
            // The pan is the card's: it begins only for a finger that lands on the card (y 400 ... 844).
            let lands = session.touches.first.map { $0.y >= Double(CornerSpringCardExample.cardTop) } ?? false
            let lifts = lands && GestureReplay.pan(session.touches).readings.contains { $0.state == .began }
            if lifts ? predicted.count >= 15 : unlifted >= 10 { continue }
            sessions.append(session)
            if lifts { predicted.insert(Int64(sessions.count)) } else { unlifted += 1 }
        }
        #expect(predicted.count == 15 && unlifted == 10, "the seed gives sessions that lift the card and sessions that do not")
        let (diverged, properties) = try LayerConstantReplayTests.replay(
            sessions, scene: scene, changed: CornerSpringCardExample.scene(liftedRadius: 20), tolerances: .default)
        #expect(diverged == predicted)
        // What diverged is the corner radius, and nothing of the card's geometry, alpha or shadow.
        #expect(properties == ["corner_radius"], "\(properties)")
    }
}

/// reveal.circle and drawer.scrub, each replayed against a version with one layer constant changed:
/// the sessions the rule predicts diverge, on the properties that constant moves, and no other.
@Suite struct LayerConstantReplayTests {
    static let device = Device(width: 390, height: 844, scale: 3)

    /// The one-finger sessions among the first 30 that `scene`'s synthesizer makes with `seed`.
    static func oneFingerSessions(_ scene: ReelKitScene, seed: UInt64) -> [GestureSession] {
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: device, refreshHz: 60, seed: seed)
        return (0..<30).map { synthesizer.session(index: $0) }.filter { GestureReplay.isOneFinger($0.touches) }
    }

    /// Records `sessions` with `scene` (version A), replays them against `changed` (version B) and
    /// returns the diverged sessions (1-based, in stream order) and the properties that diverged.
    static func replay(
        _ sessions: [GestureSession], scene: ReelKitScene, changed: ReelKitScene, tolerances: Tolerances
    ) throws -> (diverged: Set<Int64>, properties: [String]) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let stream = folder + "/a.jsonl"
        var bytes: [UInt8] = []
        for var session in sessions {
            session.scenarioSpecJSON = scene.spec.canonicalJSON
            bytes += GestureStreamWriter.encode(session)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let recorder = Recorder(
            archive: try Archive.open(archive, mode: .readWrite), engine: ReelKitEngine(scenes: [scene], name: "e", version: "A"))
        try recorder.record(try GestureStreamReader(path: stream))
        #expect(recorder.summary.recorded == sessions.count, "\(recorder.summary.errors.prefix(2))")
        let summary = try Replayer(
            archivePath: archive, engine: ReelKitEngine.factory(scenes: [changed], name: "e", version: "B"),
            options: .init(jobs: 2, tolerances: tolerances)
        ).run()
        #expect(summary.sessions == sessions.count && summary.errors == 0)
        let diverged = Set(try verdicts(of: summary.replayID, in: archive).filter { $0.status != "matched" }.map(\.session))
        let database = try Archive.open(archive, mode: .readOnly).database
        let statement = try database.prepare("SELECT DISTINCT property FROM divergences WHERE replay_id = ?1 ORDER BY property")
        try statement.bind(summary.replayID, at: 1)
        var properties: [String] = []
        while try statement.step() { properties.append(statement.string(at: 0)) }
        return (diverged, properties)
    }

    /// The reveal's circle starting at 30 pt instead of 22: a tap presents the detail screen, whose
    /// mask then grows from another circle, so exactly the taps diverge, on the mask's bounds. A tap
    /// is UIKit's: one finger, lifted within the profile's duration, never farther than its movement
    /// limit from where it landed.
    @Test func aChangedStartingCircleFlagsExactlyTheTaps() throws {
        let scene = CircularRevealExample.scene
        let sessions = Self.oneFingerSessions(scene, seed: 5)
        var predicted: Set<Int64> = []
        let movement = GestureReplay.number("tap.max_movement")
        let duration = GestureReplay.number("tap.max_duration")
        for (index, session) in sessions.enumerated() {
            guard let first = session.touches.first, let last = session.touches.last else { continue }
            var farthest = 0.0
            for touch in session.touches {
                let dx = touch.x - first.x
                let dy = touch.y - first.y
                farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
            }
            if last.phase == .ended, last.t - first.t <= duration, farthest <= movement { predicted.insert(Int64(index + 1)) }
        }
        #expect(predicted.count >= 5, "the seed gives taps: \(predicted.count) of \(sessions.count)")
        let (diverged, properties) = try Self.replay(
            sessions, scene: scene, changed: CircularRevealExample.scene(startRadius: 30), tolerances: .default)
        #expect(diverged == predicted)
        #expect(properties == ["mask_h", "mask_w", "mask_x", "mask_y"], "\(properties)")
    }

    /// The drawer's dimming view animating to 0.4 instead of 0.5: its opacity is 0.5 f (0.4 f)
    /// while the pan scrubs, so exactly the sessions whose pan begins and pulls up (f > 0 at a
    /// reading) diverge, on the dimming view's alpha (exact tolerance: the versions are otherwise
    /// the same code).
    @Test func aChangedDimmedOpacityFlagsExactlyTheSessionsThatPullTheDrawer() throws {
        let scene = ScrubbedDrawerExample.scene
        let sessions = Self.oneFingerSessions(scene, seed: 9)
        var predicted: Set<Int64> = []
        for (index, session) in sessions.enumerated() {
            let readings = GestureReplay.pan(session.touches).readings
            if readings.contains(where: { ($0.state == .began || $0.state == .changed) && $0.translation.y < 0 }) {
                predicted.insert(Int64(index + 1))
            }
        }
        #expect(predicted.count >= 5 && predicted.count <= sessions.count, "the seed gives pulls: \(predicted.count) of \(sessions.count)")
        let (diverged, properties) = try Self.replay(
            sessions, scene: scene, changed: ScrubbedDrawerExample.scene(dimmedOpacity: 0.4), tolerances: .exact)
        #expect(diverged == predicted)
        #expect(properties == ["alpha"], "\(properties)")
    }
}
