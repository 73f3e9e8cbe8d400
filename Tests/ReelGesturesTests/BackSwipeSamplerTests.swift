import Testing

@testable import ReelGestures

@Suite struct BackSwipeSamplerTests {
    @Test func samplingIntervals() {
        var sampler = BackSwipeSampler(width: 400)
        let taken = [(0.0, 0.0), (0.001, 3.0), (0.005, 0.0), (0.0065, 4.0), (0.0165, 4.0)].map { t, x in
            sampler.add(position: x, at: t)
        }
        // 1 ms with movement: needs more than 1 ms; 5 ms without movement: no; 6.5 ms with
        // movement: yes; 10 ms without movement: yes.
        #expect(taken == [true, false, false, true, true])
        #expect(sampler.sampleCount == 2)
    }

    @Test func runningMeansOfTheLastThree() {
        var sampler = BackSwipeSampler(width: 400)
        // Positions every 10 ms: velocities 1, 2, 3, 4 widths/s (4, 8, 12, 16 pt per 10 ms).
        for (t, x) in [(0.0, 0.0), (0.01, 4.0), (0.02, 12.0), (0.03, 24.0), (0.04, 40.0)] {
            sampler.add(position: x, at: t)
        }
        #expect(sampler.sampleCount == 4)
        #expect(near(sampler.meanVelocity, (2.0 + 3 + 4) / 3))
        // Raw accelerations are 100 widths/s² each; the estimate moves by at most 5 per sample: 5, 10, 15.
        #expect(near(sampler.meanAcceleration, (5.0 + 10 + 15) / 3))
    }

    @Test func accelerationLimitIsAParameter() {
        var sampler = BackSwipeSampler(width: 400, parameters: .init(maximumAccelerationChange: 1000))
        for (t, x) in [(0.0, 0.0), (0.01, 4.0), (0.02, 12.0)] { sampler.add(position: x, at: t) }
        #expect(near(sampler.meanAcceleration, 100))
    }
}
