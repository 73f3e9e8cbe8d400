import Testing

@testable import ReelGestures

@Suite struct VelocityTests {
    @Test func rawValuesAreUIKits() {
        #expect(GestureState.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(GestureState.recognized == .ended)
    }

    @Test func blendsLatestTwoPerSampleVelocities() {
        var estimator = VelocityEstimator(parameters: .init(blend: .always))
        estimator.add(GestureVector(x: 0, y: 0), at: 0)
        #expect(estimator.velocity == .zero)
        estimator.add(GestureVector(x: 5, y: -2), at: 0.010)  // sample (500, -200)
        #expect(near(estimator.velocity.x, 0.2 * 500) && near(estimator.velocity.y, 0.2 * -200))
        estimator.add(GestureVector(x: 15, y: -2), at: 0.020)  // sample (1000, 0)
        #expect(near(estimator.velocity.x, 0.2 * 1000 + 0.8 * 500) && near(estimator.velocity.y, 0.8 * -200))
        estimator.add(GestureVector(x: 20, y: -2), at: 0.0205)  // dt 0.5 ms: sample velocity 0
        #expect(near(estimator.velocity.x, 0.8 * 1000) && near(estimator.velocity.y, 0))
        estimator.add(GestureVector(x: 20, y: -2), at: 0.0305)  // still: 0
        #expect(near(estimator.velocity.x, 0))
    }

    @Test func samplesOfOneEventAreMerged() {
        var estimator = VelocityEstimator(parameters: .init(blend: .always))
        estimator.add(GestureVector(x: 0, y: 0), at: 0)
        estimator.add(GestureVector(x: 4, y: 0), at: 0.010)
        estimator.add(GestureVector(x: 8, y: 0), at: 0.010)  // same event: the sample is (8 - 0) / 0.01
        #expect(near(estimator.velocity.x, 0.2 * 800))
    }

    @Test func weightIsAParameter() {
        var estimator = VelocityEstimator(parameters: .init(latestWeight: 1, minimumInterval: 0.001))
        estimator.add(GestureVector(x: 0, y: 0), at: 0)
        estimator.add(GestureVector(x: 3, y: 0), at: 0.01)
        #expect(near(estimator.velocity.x, 300))
    }
}
