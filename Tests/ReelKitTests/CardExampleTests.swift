import ReelDiff
import ReelEngine
import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTiming
import ReelTrace
import Testing

/// The card example (CardDismissExample): its decisions and frames computed here from its rule
/// (progress = downward translation / 444 pt, dismiss when > threshold at the lift; the spring's
/// finish or cancel over the remaining distance x 0.5 s) and UIKit's UIView spring (`UIKitRules`).
@Suite struct CardExampleTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let cardHeight = 844.0 - 400.0

    static func engine(threshold: Double) -> ReelKitEngine {
        ReelKitEngine(scenes: [CardDismissExample.scene(threshold: CGFloat(threshold))], name: "cards", version: "\(threshold)")
    }

    static func sessions(count: Int, seed: UInt64 = 7) -> [[Touch]] {
        let spec = CardDismissExample.scene(threshold: 0.35).spec
        let synthesizer = GestureSynthesizer(scenario: spec, device: device, refreshHz: 60, seed: seed)
        return (0..<count).map { synthesizer.session(index: $0).touches }
    }

    /// A fraction as UIKit stores it: the percent-driven clamp to 0...1, then D26's to 0.00001...0.99999.
    static func setFraction(_ value: Double) -> Double { min(max(min(max(value, 0), 1), 0.00001), 0.99999) }

    /// The rule: the release's progress and whether the card goes (nil: the drag never began).
    static func release(_ touches: [Touch], threshold: Double) -> (t: Double, progress: Double, goes: Bool)? {
        let replay = GestureReplay.pan(touches)
        guard let end = replay.end else { return nil }
        let progress = min(max(end.translation.y / cardHeight, 0), 1)
        return (end.t, progress, end.state == .ended && progress > threshold)
    }

    @Test func decisionsFramesAndCompletionFollowTheCardsRule() throws {
        let engine = Self.engine(threshold: 0.35)
        let spec = CardDismissExample.scene(threshold: 0.35).spec
        var checkedFrames = 0
        for (index, touches) in Self.sessions(count: 200).enumerated() {
            let trace = try engine.run(scenario: spec, device: Self.device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            guard let release = Self.release(touches, threshold: 0.35) else {
                #expect(trace.frames.isEmpty && !trace.outcome.completed, "session \(index): no drag, nothing moves")
                continue
            }
            #expect(trace.outcome.completed == release.goes, "session \(index): progress \(release.progress)")
            let replay = GestureReplay.pan(touches)
            // D26 -setFractionComplete: clamps to 0.00001...0.99999; -fractionComplete reads those two as 0 and 1.
            let shown = Self.setFraction(release.progress)
            let read = shown == 0.99999 ? 1 : (shown == 0.00001 ? 0 : shown)
            let factor = release.goes ? 1 - read : read
            let target = release.goes ? 1.0 : 0.0
            let length = factor > 0 ? factor * 0.5 : abs(target - shown) * 0.5
            for frame in trace.frames {
                guard let card = frame.views.first(where: { $0.key == "card" }) else {
                    Issue.record("session \(index): no card view at \(frame.t)")
                    break
                }
                let fraction: Double
                if frame.t < release.t {
                    let moved = replay.lastMove(atOrBefore: frame.t)
                    fraction = moved?.state == .changed ? Self.setFraction(moved!.translation.y / Self.cardHeight) : 0
                } else {
                    let elapsed = frame.t - release.t
                    let spring =
                        elapsed >= length - 1e-9 ? 1 : UIKitRules.springProgress(at: elapsed, duration: length, zeta: 0.9, velocity: 0)
                    fraction = shown + (target - shown) * spring
                }
                let expected = 400 + Self.cardHeight * fraction
                #expect(abs(card.y - expected) <= 1e-9, "session \(index) at \(frame.t): card y \(card.y), expected \(expected)")
                checkedFrames += 1
            }
            // The spring ends at the first display tick at or after release + factor x 0.5 s (a tick up
            // to 1e-9 s early counts, as the built-in engine counts it).
            let end = release.t + length
            let clock = FrameClock(refreshHz: 60)
            let tick = clock.time(ofTick: clock.firstTick(atOrAfter: end - 1e-9))
            #expect(trace.outcome.t == tick, "session \(index): completes at \(trace.outcome.t), spring ends \(end)")
        }
        #expect(checkedFrames > 1_000)
    }

    /// Version A (0.35) recorded, version B (0.45) replayed: exactly the sessions released between
    /// the two rules flip; every other session replays bit for bit.
    @Test func thresholdRegressionFlipsExactlyTheSessionsBetweenTheRules() throws {
        let a = Self.engine(threshold: 0.35)
        let b = Self.engine(threshold: 0.45)
        let spec = CardDismissExample.scene(threshold: 0.35).spec
        var expectedFlips: Set<Int> = []
        var flips: Set<Int> = []
        for (index, touches) in Self.sessions(count: 400, seed: 11).enumerated() {
            if let release = Self.release(touches, threshold: 0.35), release.goes, release.progress <= 0.45 { expectedFlips.insert(index) }
            let recorded = try a.run(scenario: spec, device: Self.device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            let replayed = try b.run(scenario: spec, device: Self.device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            let comparison = TraceDiff(tolerances: .exact).compare(expected: recorded, actual: replayed, refreshHz: 60)
            if recorded.outcome.completed != replayed.outcome.completed { flips.insert(index) }
            if !expectedFlips.contains(index) {
                #expect(
                    comparison.status == .matched,
                    "session \(index) should replay identically: \(comparison.divergences.prefix(2).map(\.detail))")
            } else {
                #expect(comparison.divergences.contains { $0.kind == .decision })
            }
        }
        #expect(flips == expectedFlips)
        #expect(expectedFlips.count >= 10, "only \(expectedFlips.count) sessions released between 0.35 and 0.45")
    }
}
