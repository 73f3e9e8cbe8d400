import ReelTrace
import Testing

@testable import ReelGestures

/// The same finger motion sampled at 60 and 120 Hz through engine 0.3's back-swipe pipeline
/// (per-touch recognizer, `BackSwipeSampler`, `.backSwipe`; profile legacy-0.3) must give the
/// same completion decision. `BackSwipeStatisticsTests` covers D26's.
@Suite struct RefreshRateTests {
    let width = 390.0, transitionDuration = 0.35, release = 0.3
    let legacy = ScreenEdgePanRecognizer.Parameters(velocity: .init(blend: .always), touchModel: .perTouch)

    /// Samples x(t) (y fixed) at `hz` from touch-down at t = 0 to the lift at `release`.
    private func decisions(hz: Double, motion: (Double) -> Double, policies: [CompletionPolicy]) -> [Bool] {
        var recognizer = ScreenEdgePanRecognizer(parameters: legacy, screenWidth: width, screenHeight: 844)
        var sampler = BackSwipeSampler(width: width)
        let ticks = Int((release * hz).rounded())
        for k in 0...ticks {
            let t = Double(k) / hz
            let phase: TouchPhase = k == 0 ? .began : (k == ticks ? .ended : .moved)
            let states = recognizer.handle(Touch(t: t, id: 0, phase: phase, x: motion(t), y: 420))
            if recognizer.state.isInProgress || states.contains(.ended) {
                sampler.add(position: recognizer.translation.x, at: t)
            }
        }
        #expect(recognizer.state == .ended)
        let input = DecisionInput(
            progress: recognizer.translation.x / width, velocity: recognizer.velocity.x,
            extent: width, sampler: sampler, transitionDuration: transitionDuration)
        return policies.map { $0.decide(input) }
    }

    static let thresholds = [0.5, 0.4, 0.25]

    @Test(arguments: thresholds, [-0.5, 0.5])
    func thresholdPoliciesAgreeAndFollowThePublishedRule(threshold: Double, offset: Double) {
        // Release `offset` points short of / past the threshold (slop 15 pt, start at x = 4).
        let distance = threshold * width + 15 + offset
        let expected = (distance - 15) / width > threshold
        let policies = Self.thresholds.map { CompletionPolicy.progressThreshold($0) }
        let linear: (Double) -> Double = { t in 4 + distance * t / 0.3 }
        let eased: (Double) -> Double = { t in
            let u = t / 0.3
            return 4 + distance * u * u * (3 - 2 * u)
        }
        for motion in [linear, eased] {
            let sixty = decisions(hz: 60, motion: motion, policies: policies)
            let oneTwenty = decisions(hz: 120, motion: motion, policies: policies)
            #expect(sixty == oneTwenty)
            #expect(sixty[Self.thresholds.firstIndex(of: threshold)!] == expected)
        }
    }

    @Test(arguments: [120.0, 400, 700, 1100, 1300, 2000])
    func velocityPoliciesAgreeOnSteadySwipes(speed: Double) {
        let policies: [CompletionPolicy] = [.velocitySign(), .projection(), .backSwipe(), .thresholdOrFlick()]
        let motion: (Double) -> Double = { t in 4 + speed * t }
        #expect(
            decisions(hz: 60, motion: motion, policies: policies)
                == decisions(hz: 120, motion: motion, policies: policies))
    }

    @Test func steadySwipeVelocityIsTheFingersAtBothRates() {
        for hz in [60.0, 120.0] {
            var recognizer = ScreenEdgePanRecognizer(parameters: legacy, screenWidth: width, screenHeight: 844)
            var sampler = BackSwipeSampler(width: width)
            for k in 0...Int(release * hz) {
                let t = Double(k) / hz
                _ = recognizer.handle(Touch(t: t, id: 0, phase: k == 0 ? .began : .moved, x: 4 + 800 * t, y: 420))
                if recognizer.state.isInProgress { sampler.add(position: recognizer.translation.x, at: t) }
            }
            #expect(near(recognizer.velocity.x, 800, 1e-6))
            #expect(near(sampler.meanVelocity, 800 / width, 1e-6))
            #expect(near(sampler.meanAcceleration, 0, 1e-3))
        }
    }
}
