import Foundation
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// A profile that changes one decision parameter of the built-in engine flips exactly the sessions
/// whose decision the published rule says must change, computed here from the touches alone.
@Suite("One decision parameter of the built-in engine")
struct DecisionParameterTests {
    /// Seed 000's swipe-to-dismiss on UIKit's pan (docs/ENGINE.md, docs/SOURCES.md "Gesture
    /// recognizers"), for a session of one finger: the pan begins on the first move whose translation
    /// from the landing reaches `pan.hysteresis` = 10 pt on either axis, and the hysteresis is then
    /// removed per axis (ty > 0: max(ty - 10, 0); else min(ty + 10, 0)). On every later move
    /// (`.changed`; nothing for stationary touches) the controller sets fraction =
    /// clamp(translation.y / 400, 0, 1) and shouldComplete = fraction > 0.5; `.ended` finishes iff
    /// shouldComplete (the lift adds no movement). Nil when the pan never began, or the touch was
    /// cancelled (seed 000 cancels a cancelled gesture). Sessions of several fingers (the
    /// synthesizer's second fingers) are left to the decision oracle (Tests/ReelOracleTests).
    static func decisionFraction(_ touches: [Touch]) -> Double? {
        guard let landing = touches.first, landing.phase == .began else { return nil }
        var removedY: Double?
        var lastChange: Double?
        for touch in touches.dropFirst() {
            switch touch.phase {
            case .moved:
                let dx = touch.x - landing.x
                let dy = touch.y - landing.y
                if let removedY {
                    lastChange = min(max((dy - removedY) / 400, 0), 1)
                } else if abs(dx) >= 10 || abs(dy) >= 10 {
                    // The move that begins the pan is `.began`, not `.changed`: shouldComplete stays NO.
                    removedY = dy > 0 ? min(dy, 10) : max(dy, -10)
                }
            case .stationary:
                continue
            case .ended:
                guard removedY != nil else { return nil }
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
        var oneFinger: Set<Int64> = []
        let store = try Archive.open(archive, mode: .readOnly)
        for id in try store.sessionIDs() {
            let session = try store.loadSession(id)
            guard Set(session.touches.map(\.id)).count == 1 else { continue }
            oneFinger.insert(id)
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
        #expect(oneFinger.count >= 60, "most synthesized swipes use one finger")
        #expect(flipped.intersection(oneFinger) == expected)
        #expect(
            try store.database.scalarInt64(
                "SELECT count(*) FROM replay_results WHERE replay_id = \(summary.replayID) AND status = 'diverged' "
                    + "AND decision_expected = decision_actual") == 0, "a threshold changes nothing but decisions")
        #expect(summary.errors == 0)
    }
}
