import Foundation
import Testing

@testable import ReelGestures

@Suite struct CompletionPolicyTests {
    let step = 1e-9

    private func input(_ progress: Double, velocity: Double = 0, extent: Double = 390) -> DecisionInput {
        DecisionInput(progress: progress, velocity: velocity, extent: extent)
    }

    @Test(arguments: [0.5, 0.4, 0.25])
    func progressThresholdFromTheSeeds(threshold: Double) {
        let policy = CompletionPolicy.progressThreshold(threshold)
        #expect(!policy.decide(input(threshold)))
        #expect(policy.decide(input(threshold + step)))
        #expect(!policy.decide(input(threshold - step, velocity: 5000)))
    }

    @Test func velocitySign() {
        #expect(CompletionPolicy.velocitySign().decide(input(0.1, velocity: 0)))
        #expect(!CompletionPolicy.velocitySign().decide(input(0.9, velocity: -step)))
        #expect(!CompletionPolicy.velocitySign(includesZero: false).decide(input(0.9, velocity: 0)))
        #expect(CompletionPolicy.velocitySign(includesZero: false).decide(input(0.1, velocity: step)))
    }

    @Test func projectionWithScrollViewDeceleration() {
        // Finish iff p + (v / 1000) d / (1 - d) / extent > threshold: the boundary velocity is
        // (threshold - p) × extent × 1000 (1 - d) / d.
        let p = 0.3
        let extent = 390.0
        let d = 0.998
        let boundary = (0.5 - p) * extent * 1000 * (1 - d) / d
        let policy = CompletionPolicy.projection()
        #expect(!policy.decide(input(p, velocity: boundary * (1 - 1e-9), extent: extent)))
        #expect(policy.decide(input(p, velocity: boundary * (1 + 1e-9), extent: extent)))
        #expect(near(boundary, 0.2 * 390 * 2 / 0.998, 1e-9))
        // A backwards flick cancels a transition past half way.
        #expect(!policy.decide(input(0.7, velocity: -200, extent: extent)))
    }

    @Test func backSwipeAugmentedRule() {
        // W = 390: threshold min(187.5 / 390, 0.5) = 0.48077; T = 0.35.
        let width = 390.0
        let t = 0.35
        let v = 0.4
        let a = -2.0
        let threshold = min(187.5 / width, 0.5)
        let boundaryProgress = threshold - v * t - a * t * t / 2
        func decide(_ p: Double, samples: Int = 3, velocity: Double = 100) -> Bool {
            CompletionPolicy.backSwipe().decide(
                DecisionInput(
                    progress: p, velocity: velocity, extent: width, meanVelocity: v, meanAcceleration: a,
                    sampleCount: samples, transitionDuration: t))
        }
        #expect(!decide(boundaryProgress - 1e-9))
        #expect(decide(boundaryProgress + 1e-9))
        // On a wide screen the 0.5 cap applies: 187.5 / 320 > 0.5.
        let narrow = CompletionPolicy.backSwipe().decide(
            DecisionInput(
                progress: 0.5 + 1e-9, velocity: 0, extent: 320, sampleCount: 3, transitionDuration: t))
        #expect(narrow)
        #expect(
            !CompletionPolicy.backSwipe().decide(
                DecisionInput(
                    progress: 0.5, velocity: 0, extent: 320, sampleCount: 3, transitionDuration: t)))
        // Fewer than three samples: pop iff velocity > 0.
        #expect(decide(0.01, samples: 2, velocity: step))
        #expect(!decide(0.99, samples: 2, velocity: 0))
    }

    @Test func thresholdOrFlick() {
        let policy = CompletionPolicy.thresholdOrFlick()
        #expect(!policy.decide(input(1.0 / 3.0, velocity: 1200 - step)))
        #expect(policy.decide(input(1.0 / 3.0 + step, velocity: 0)))
        #expect(policy.decide(input(0.01, velocity: 1200)))
    }

    @Test func aCancelledGestureAlwaysCancels() {
        let policies: [CompletionPolicy] = [
            .progressThreshold(0.5), .velocitySign(), .projection(),
            .backSwipe(), .thresholdOrFlick(),
        ]
        for policy in policies {
            var finishing = DecisionInput(
                progress: 0.99, velocity: 5000, extent: 390, meanVelocity: 10,
                sampleCount: 5, transitionDuration: 0.35)
            #expect(policy.decide(finishing))
            finishing.gestureCancelled = true
            #expect(!policy.decide(finishing))
        }
    }

    @Test func codableWithParameters() throws {
        let policies: [CompletionPolicy] = [
            .progressThreshold(0.4), .velocitySign(includesZero: false),
            .projection(deceleration: 0.99, threshold: 0.3), .backSwipe(),
            .thresholdOrFlick(threshold: 0.3, flickVelocity: 900),
        ]
        let data = try JSONEncoder().encode(policies)
        #expect(try JSONDecoder().decode([CompletionPolicy].self, from: data) == policies)
    }
}

@Suite struct PercentDrivenTests {
    @Test func remainingTimeRule() {
        // Finish: (1 - p) × duration / completionSpeed; cancel: p × duration / completionSpeed.
        #expect(near(PercentDriven.remainingDuration(progress: 0.3, duration: 0.5, completionSpeed: 1, cancelling: false), 0.35))
        #expect(near(PercentDriven.remainingDuration(progress: 0.3, duration: 0.5, completionSpeed: 0.5, cancelling: true), 0.3))
        // Seed 000: completionSpeed = 1 - percent.
        #expect(near(PercentDriven.remainingDuration(progress: 0.6, duration: 0.8, completionSpeed: 0.4, cancelling: false), 0.8))
        // completionSpeed <= 0 reads as 1.
        #expect(
            PercentDriven.remainingDuration(progress: 0.3, duration: 0.5, completionSpeed: 0, cancelling: false)
                == PercentDriven.remainingDuration(progress: 0.3, duration: 0.5, completionSpeed: 1, cancelling: false))
        #expect(near(PercentDriven.durationFactor(progress: 0.3, completionSpeed: -2, cancelling: true), 0.3))
    }

    @Test func backSwipeVelocityHandOff() {
        let width = 390.0
        let duration = 0.35
        // The finish or cancel's seconds as the engine composes them: the hand-off's completion
        // speed, then the remaining duration at that speed.
        func backSwipeRemainingDuration(progress: Double, velocity: Double, cancelling: Bool) -> Double {
            let speed = PercentDriven.backSwipeCompletionSpeed(
                progress: progress, velocity: velocity, width: width, duration: duration, cancelling: cancelling)
            return PercentDriven.remainingDuration(progress: progress, duration: duration, completionSpeed: speed, cancelling: cancelling)
        }
        // p 0.6 at 780 pt/s: remaining 156 pt takes 0.2 s < T.
        #expect(
            near(
                PercentDriven.backSwipeCompletionSpeed(
                    progress: 0.6, velocity: 780, width: width,
                    duration: duration, cancelling: false), 0.7))
        #expect(near(backSwipeRemainingDuration(progress: 0.6, velocity: 780, cancelling: false), 156.0 / 780))
        // Slow finger: remaining time is capped at T.
        for velocity in [0.0, 50, -50] {
            #expect(
                near(
                    backSwipeRemainingDuration(progress: 0.2, velocity: velocity, cancelling: true),
                    min(duration, 0.2 * width / abs(velocity))))
        }
    }

    @Test func interactiveCap() {
        #expect(PercentDriven.interactiveProgress(1.0) == 0.999)
        #expect(PercentDriven.interactiveProgress(1.3, parameters: .init(interactiveCap: 0.99)) == 0.99)
        #expect(PercentDriven.interactiveProgress(-0.2) == 0)
        #expect(PercentDriven.interactiveProgress(0.42) == 0.42)
    }
}
