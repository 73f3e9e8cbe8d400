import Testing

@testable import ReelTiming

/// Independent evaluation: Bernstein form, x(s) = t solved by plain bisection.
private func referenceBezier(_ p: (Double, Double, Double, Double), at t: Double) -> Double {
    func bernstein(_ a: Double, _ b: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<100 {
        let mid = (low + high) / 2
        if bernstein(p.0, p.2, mid) < t { low = mid } else { high = mid }
    }
    return bernstein(p.1, p.3, (low + high) / 2)
}

@Suite struct TimingCurveTests {
    static let published: [(TimingCurve, (Double, Double, Double, Double))] = [
        (.uikitDefault, (0.25, 0.1, 0.25, 1.0)),
        (.easeIn, (0.42, 0, 1, 1)),
        (.easeOut, (0, 0, 0.58, 1)),
        (.easeInEaseOut, (0.42, 0, 0.58, 1)),
        (.cubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55), (0.68, -0.55, 0.265, 1.55)),
        (.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1), (1, 0, 0, 1)),
    ]

    @Test func bezierMatchesIndependentEvaluationWithin1e6() {
        for (curve, points) in Self.published {
            for step in 0...1000 {
                let t = Double(step) / 1000
                #expect(abs(curve.value(at: t) - referenceBezier(points, at: t)) < 1e-6, "\(curve) at \(t)")
            }
        }
    }

    @Test func publishedControlPoints() {
        #expect(TimingCurve.uikitDefault == .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(TimingCurve.easeIn == .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(TimingCurve.easeOut == .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingCurve.easeInEaseOut == .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    }

    @Test func easeInEaseOutIsSymmetricAndHalfAtHalf() {
        #expect(abs(TimingCurve.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
        for step in 0...100 {
            let t = Double(step) / 100
            let sum = TimingCurve.easeInEaseOut.value(at: t) + TimingCurve.easeInEaseOut.value(at: 1 - t)
            #expect(abs(sum - 1) < 1e-9)
            // easeIn and easeOut mirror each other: easeOut(t) = 1 - easeIn(1 - t).
            #expect(abs(TimingCurve.easeOut.value(at: t) - (1 - TimingCurve.easeIn.value(at: 1 - t))) < 1e-9)
        }
    }

    @Test func endpointsLinearAndClamping() {
        for (curve, _) in Self.published {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -3) == curve.value(at: 0))
            #expect(curve.value(at: 7) == curve.value(at: 1))
        }
        #expect(TimingCurve.linear.value(at: 0.37) == 0.37)
    }
}
