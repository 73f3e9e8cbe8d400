import Foundation
import ReelReplay
import ReelStore
import ReelTrace
import Testing

/// A profile that changes one decision parameter of the built-in engine flips exactly the sessions
/// whose decision the published rule says must change, computed here from the touches alone.
@Suite("One decision parameter of the built-in engine")
struct DecisionParameterTests {
    /// Seed 000's swipe-to-dismiss (docs/ENGINE.md, REFERENCE.md): a pan begins once the finger is
    /// `pan.hysteresis` = 10 pt from where it landed, and that slop (the 10 pt along the finger's
    /// direction at that moment) is subtracted from the translation. On every `.changed` (a moved
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
                    let distance = (dx * dx + dy * dy).squareRoot()
                    // The touch that begins the pan is `.began`, not `.changed`: shouldComplete stays NO.
                    if distance >= 10 { slopY = dy / distance * 10 }
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
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 90, seed: 11, in: folder), into: archive)

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
