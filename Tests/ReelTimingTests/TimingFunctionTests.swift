import Foundation
import Testing

@testable import ReelTiming

@Suite struct TimingFunctionTests {
    @Test func curveStretchesOverTheRequestedDuration() {
        let function = TimingFunction.curve(.easeInEaseOut)
        #expect(function.progress(atElapsed: 0.15, duration: 0.3) == TimingCurve.easeInEaseOut.value(at: 0.5))
        #expect(function.progress(atElapsed: 0.3, duration: 0.3) == 1)
        #expect(function.progress(atElapsed: -1, duration: 0.3) == 0)
        #expect(function.resolved(duration: 0.3).duration == 0.3)
    }

    @Test func physicalSpringIgnoresTheRequestedDuration() {
        let spring = Spring(mass: 3, stiffness: 1000, damping: 500)
        let resolved = TimingFunction.spring(spring).resolved(duration: 0.35)
        #expect(resolved.duration == spring.settlingDuration(epsilon: 0.001))
        #expect(resolved.progress(atElapsed: 0.2) == spring.position(at: 0.2))
        #expect(resolved.progress(atElapsed: resolved.duration) == 1)
    }

    @Test func dampedSpringIsFittedToTheDuration() {
        // Seed 000: 0.8 s, damping 0.6, initial velocity 0.
        let resolved = TimingFunction.dampedSpring(dampingRatio: 0.6, initialVelocity: 0).resolved(duration: 0.8)
        #expect(resolved.duration == 0.8)
        let spring = Spring(duration: 0.8, dampingRatio: 0.6)
        #expect(resolved.progress(atElapsed: 0.3) == spring.position(at: 0.3))
        // Released from rest, it settles (|1 - progress| = 0.001) exactly at the duration.
        #expect(abs(abs(resolved.progress(atElapsed: 0.8 - 1e-9) - 1) - 0.001) < 1e-6)
        #expect(resolved.progress(atElapsed: 0.8) == 1)
    }

    @Test func codableRoundTrip() throws {
        let functions: [TimingFunction] = [
            .curve(.uikitDefault), .curve(.linear), .spring(Spring(damping: 5)),
            .dampedSpring(dampingRatio: 0.55, initialVelocity: 1 / 0.55),
        ]
        let data = try JSONEncoder().encode(functions)
        #expect(try JSONDecoder().decode([TimingFunction].self, from: data) == functions)
    }
}

@Suite struct KeyframeAnimationTests {
    // UIView.animateKeyframes: 0 -> 10 over [0, 0.25], hold, -> 30 over [0.5, 1.0].
    let animation = KeyframeAnimation(
        initialValue: 0,
        keyframes: [
            Keyframe(relativeStartTime: 0.5, relativeDuration: 0.5, value: 30),
            Keyframe(relativeStartTime: 0, relativeDuration: 0.25, value: 10),
        ])

    @Test func linearBetweenKeyframesAndHoldsBetweenWindows() {
        #expect(animation.value(atFraction: 0) == 0)
        #expect(animation.value(atFraction: 0.125) == 5)
        #expect(animation.value(atFraction: 0.25) == 10)
        #expect(animation.value(atFraction: 0.4) == 10)
        #expect(animation.value(atFraction: 0.75) == 20)
        #expect(animation.value(atFraction: 1) == 30)
        #expect(abs(animation.value(atElapsed: 0.3, duration: 0.4) - 20) < 1e-12)
    }

    @Test func overlappingKeyframeTakesOverFromTheValueAtItsStart() {
        let overlapping = KeyframeAnimation(
            initialValue: 0,
            keyframes: [
                Keyframe(relativeStartTime: 0, relativeDuration: 1, value: 100),
                Keyframe(relativeStartTime: 0.5, relativeDuration: 0.5, value: 0),
            ])
        #expect(overlapping.value(atFraction: 0.5) == 50)
        #expect(overlapping.value(atFraction: 0.75) == 25)
        #expect(overlapping.value(atFraction: 1) == 0)
    }

    @Test func outerTimingShapesTheWholeTimeline() {
        let eased = KeyframeAnimation(
            initialValue: 0, keyframes: [Keyframe(relativeStartTime: 0, relativeDuration: 1, value: 1)],
            timing: .easeIn)
        #expect(eased.value(atFraction: 0.3) == TimingCurve.easeIn.value(at: 0.3))
    }
}

@Suite struct DecelerationAndClockTests {
    @Test func projectionNumbers() {
        // (v / 1000) × d / (1 - d): 1000 pt/s -> 499 pt at 0.998, 99 pt at 0.99.
        #expect(abs(DecelerationProjection.project(velocity: 1000, rate: .normal) - 499) < 1e-9)
        #expect(abs(DecelerationProjection.project(velocity: 1000, rate: .fast) - 99) < 1e-9)
        #expect(abs(DecelerationProjection.project(velocity: -2500) - -1247.5) < 1e-9)
        #expect(DecelerationRate.normal.rawValue == 0.998 && DecelerationRate.fast.rawValue == 0.99)
        // v(t) = v0 d^(1000 t): 100 ms at 0.998 -> 0.998^100.
        #expect(abs(DecelerationProjection.velocity(initial: 1000, at: 0.1) - 1000 * pow(0.998, 100)) < 1e-9)
    }

    @Test(arguments: [60.0, 120.0])
    func tickTimesAreDivisionsNotSums(hz: Double) {
        let clock = FrameClock(refreshHz: hz)
        for k in 0..<10_000 { #expect(clock.time(ofTick: k) == Double(k) / hz) }
        #expect(clock.interval == 1 / hz)
    }

    @Test func firstTicks() {
        let sixty = FrameClock(refreshHz: 60)
        let oneTwenty = FrameClock(refreshHz: 120)
        #expect(sixty.firstTick(atOrAfter: 0.5) == 30)
        #expect(oneTwenty.firstTick(atOrAfter: 0.5) == 60)
        #expect(sixty.firstTick(atOrAfter: 1.0 / 60) == 1)
        #expect(sixty.firstTick(after: 1.0 / 60) == 2)
        #expect(sixty.firstTick(atOrAfter: 0.0001) == 1)
        #expect(oneTwenty.firstTick(atOrAfter: 0.0251) == 4)
        #expect(oneTwenty.time(ofTick: 3) == 0.025)
        #expect(sixty.lastTick(atOrBefore: 0.0333) == 1)
        #expect(sixty.ticks(from: 0.01, through: 0.05) == 1...3)
        #expect(sixty.ticks(from: 0.001, through: 0.01) == nil)
        for k in 0..<2000 {
            #expect(sixty.firstTick(atOrAfter: sixty.time(ofTick: k)) == k)
            #expect(oneTwenty.firstTick(after: oneTwenty.time(ofTick: k)) == k + 1)
        }
    }
}
