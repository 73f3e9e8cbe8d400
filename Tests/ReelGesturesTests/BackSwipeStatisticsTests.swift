import Testing

@testable import ReelGestures

/// D26 `_updateStatistics:firstSample:finalSample:` and `popGesture:...shouldPopWithVelocity:`, with
/// the expected means worked out here from the rules.
@Suite struct BackSwipeStatisticsTests {
    let width = 400.0

    @Test func theBeganSampleCountsWithZeroAcceleration() {
        var statistics = BackSwipeStatistics(width: width)
        statistics.begin(translation: 2, velocity: 800, at: 0.1)
        #expect(statistics.sampleCount == 1 && statistics.meanVelocity == 2 && statistics.meanAcceleration == 0)
        let taken1 = statistics.offer(translation: 20, velocity: 1000, at: 0.125)
        #expect(taken1)
        // Velocities 2, 2.5 widths/s; accelerations 0, (2.5 - 2) / 0.025 = 20 clamped to 0 + 5.
        #expect(statistics.sampleCount == 2)
        #expect(abs(statistics.meanVelocity - (2 + 2.5) / 2) < 1e-12)
        #expect(abs(statistics.meanAcceleration - (0 + 5) / 2) < 1e-12)
        let taken2 = statistics.offer(translation: 40, velocity: 1000, at: 0.15)
        #expect(taken2)
        let taken3 = statistics.offer(translation: 60, velocity: 400, at: 0.175)
        #expect(taken3)
        // Window of 3: velocities 2.5, 2.5, 1; accelerations 5, 0 (change -5 allowed), -5 (raw -60, clamped from 0).
        #expect(abs(statistics.meanVelocity - (2.5 + 2.5 + 1) / 3) < 1e-12)
        #expect(abs(statistics.meanAcceleration - (5 + 0 - 5) / 3) < 1e-12)
        #expect(statistics.previousVelocity == 1)
    }

    @Test(arguments: [0.009, 0.010, 0.011])
    func theIntervalCountsFromTheLastOfferedSample(gap: Double) {
        var statistics = BackSwipeStatistics(width: width)
        statistics.begin(translation: 0, velocity: 100, at: 0.25)
        // No movement: a sample is taken only `minimumInterval` (10 ms) after the last offer.
        let taken4 = statistics.offer(translation: 0, velocity: 100, at: 0.25 + gap)
        #expect(taken4 == ((0.25 + gap) - 0.25 >= 0.010))
        // Offered again 6 ms later: 6 ms since the last offer is too soon even when 15+ ms since the last taken one.
        let taken5 = statistics.offer(translation: 0, velocity: 100, at: 0.25 + gap + 0.006)
        #expect(!taken5)
        // With movement, anything over 1 ms is taken.
        let taken6 = statistics.offer(translation: 1, velocity: 100, at: 0.25 + gap + 0.008)
        #expect(taken6)
    }

    func input(_ statistics: BackSwipeStatistics, progress: Double, velocity: Double, hasChanged: Bool) -> DecisionInput {
        DecisionInput(
            progress: progress, velocity: velocity, extent: width, meanVelocity: statistics.meanVelocity,
            meanAcceleration: statistics.meanAcceleration, sampleCount: statistics.sampleCount,
            transitionDuration: 0.35, hasChanged: hasChanged)
    }

    @Test func noChangeMeansNoPop() {
        var statistics = BackSwipeStatistics(width: width)
        statistics.begin(translation: 300, velocity: 3000, at: 0)
        #expect(!CompletionPolicy.uikitBackSwipe().decide(input(statistics, progress: 0, velocity: 3000, hasChanged: false)))
        #expect(CompletionPolicy.uikitBackSwipe().decide(input(statistics, progress: 0, velocity: 3000, hasChanged: true)))
    }

    @Test(arguments: [-10.0, 10.0])
    func fewerThanThreeSamplesDecideOnTheAveragedVelocity(beganVelocity: Double) {
        // Two samples: began (velocity v0) and one change at -20 pt/s; the recognizer's velocity is negative.
        var statistics = BackSwipeStatistics(width: width)
        statistics.begin(translation: 0, velocity: 30 + beganVelocity, at: 0)
        statistics.offer(translation: 5, velocity: -20, at: 0.02)
        #expect(statistics.sampleCount == 2)
        let averaged = ((30 + beganVelocity) / width + -20 / width) / 2
        #expect(
            CompletionPolicy.uikitBackSwipe().decide(input(statistics, progress: 0.9, velocity: -20, hasChanged: true)) == (averaged > 0))
    }

    @Test(arguments: [-0.001, 0.001])
    func augmentedRuleAtTheBoundary(offset: Double) {
        // Three samples at one velocity v and no acceleration: pop iff p + v T > min(187.5 / W, 0.5).
        var statistics = BackSwipeStatistics(width: width)
        let v = 200.0
        statistics.begin(translation: 0, velocity: v, at: 0)
        statistics.offer(translation: 10, velocity: v, at: 0.02)
        statistics.offer(translation: 20, velocity: v, at: 0.04)
        let threshold = min(187.5 / width, 0.5)
        let p = threshold - v / width * 0.35 + offset
        #expect(CompletionPolicy.uikitBackSwipe().decide(input(statistics, progress: p, velocity: v, hasChanged: true)) == (offset > 0))
    }
}
