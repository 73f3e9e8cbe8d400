import Foundation
import ReelEngine
import ReelReplay
import ReelStore
import ReelTrace
import Testing

/// A profile that changes one decision parameter of the built-in engine flips exactly the sessions
/// whose decision the published rule says must change, computed here from the touches alone.
@Suite("One decision parameter of the built-in engine")
struct DecisionParameterTests {
    /// Seed 000's swipe-to-dismiss with one finger (docs/ENGINE.md, REFERENCE.md): a pan begins once
    /// the finger is `pan.hysteresis` = 10 pt from where it landed on either axis, and the hysteresis
    /// is removed per axis from the translation at that moment (D26 `_removeHysteresisFromTranslation`). On every `.changed` (a moved
    /// touch after the pan began; UIKit delivers nothing for stationary ones) the controller sets
    /// fraction = clamp((translation.y - slop.y) / 400, 0, 1) and shouldComplete = fraction > 0.5;
    /// `.ended` finishes iff shouldComplete. So the decision uses the last change's fraction, not the
    /// lifting touch's position. Nil when the pan never began or the touch was cancelled (always cancels).
    static func decisionFraction(_ touches: [Touch]) -> Double? {
        guard let landing = touches.first, landing.phase == .began else { return nil }
        var slopY: Double?
        var lastChange: Double?
        for touch in touches.dropFirst() where touch.id == landing.id {
            switch touch.phase {
            case .moved:
                let dx = touch.x - landing.x, dy = touch.y - landing.y
                if let slopY {
                    lastChange = min(max((dy - slopY) / 400, 0), 1)
                } else {
                    // The touch that begins the pan is `.began`, not `.changed`: shouldComplete stays NO.
                    if abs(dx) >= 10 || abs(dy) >= 10 { slopY = dy > 0 ? min(dy, 10) : max(dy, -10) }
                }
            case .stationary:
                continue
            case .ended:
                guard slopY != nil else { return nil }
                return lastChange ?? 0
            case .began, .cancelled:
                return nil
            }
        }
        return nil
    }

    @Test func loweringTheSwipeThresholdFlipsExactlyTheReleasesBetweenTheThresholds() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        // One-finger sessions only: the rule above follows one finger (the synthesizer's second fingers,
        // which move the centroid, are covered by ReelOracleTests' differential test).
        let spec = try #require(ScenarioCatalog.named("modal.swipe-dismiss"))
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 11)
        let sessions = (0..<90).map { synthesizer.session(index: $0) }.filter { $0.touches.allSatisfy { $0.id == 0 } }
        let stream = folder + "/swipe.jsonl"
        try Data(sessions.flatMap { GestureStreamWriter.encode($0) }).write(to: URL(fileURLWithPath: stream))
        _ = try record(stream, into: archive)

        var expected: Set<Int64> = []
        let store = try Archive.open(archive, mode: .readOnly)
        for id in try store.sessionIDs() {
            let session = try store.loadSession(id)
            let fraction = Self.decisionFraction(session.touches)
            // The rule reproduces what was recorded at the default threshold 0.5 ...
            #expect(session.trace.outcome.completed == (fraction.map { $0 > 0.5 } ?? false), "session \(id)")
            // ... and at 0.3 finishes the lifts whose last change was in (0.3, 0.5] as well.
            if let fraction, fraction > 0.3, fraction <= 0.5 { expected.insert(id) }
        }
        #expect(expected.count >= 3, "the corpus should straddle the thresholds")

        let candidate = try EngineFactory(.profile(path: try profile("\"swipe.threshold\":0.3", in: folder)))
        let summary = try Replayer(archivePath: archive, engine: candidate, options: .init(jobs: 2)).run()

        let flips = try store.database.prepare(
            "SELECT session_id, decision_expected, decision_actual FROM regressions WHERE replay_id = ?1")
        try flips.bind(summary.replayID, at: 1)
        var flipped: Set<Int64> = []
        while try flips.step() {
            flipped.insert(flips.int64(at: 0))
            #expect(flips.string(at: 1) == "cancelled" && flips.string(at: 2) == "finished")
        }
        #expect(flipped == expected)
        #expect(summary.diverged == expected.count, "a threshold changes nothing but the flipped sessions")
        #expect(summary.errors == 0)
    }
}
