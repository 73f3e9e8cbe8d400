#if canImport(Glibc)
    import Glibc  // exp, sin, cos, log, atan2, pow without Foundation
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parameters for turning springs into finite animations. Every number here is a profile parameter.
package struct SpringSettings: Sendable, Hashable, Codable {
    /// |progress - 1| under which a spring counts as settled, in whole distances
    /// (dimensionless). Default 0.001. CASpringAnimation's own threshold is undocumented:
    /// with 0.001, mass 1 / stiffness 100 / damping 10 settles in ≈ 1.27 s and damping 5 in
    /// ≈ 2.69 s, against Apple's "about 2.85 s" example for damping 5. Because the settling
    /// time is the last time |displacement| reaches epsilon, it moves in steps of about half
    /// an oscillation period (0.32 s there) as epsilon shrinks: 0.0006 already gives ≈ 2.97 s.
    package var settlingEpsilon: Double
    /// Damping ratios below this are raised to it when a spring must settle within a
    /// duration (UIView's dampingRatio), since an undamped spring never settles. Default 0.01.
    package var minimumDampingRatio: Double

    package init(settlingEpsilon: Double = 0.001, minimumDampingRatio: Double = 0.01) {
        self.settlingEpsilon = settlingEpsilon
        self.minimumDampingRatio = minimumDampingRatio
    }
}

extension Spring {
    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:) and
    /// UISpringTimingParameters(dampingRatio:initialVelocity:) used with a duration.
    ///
    /// Mapping (documented choice; UIKit's is private): mass 1, damping ratio as given, and
    /// the natural frequency chosen so that the same spring released from rest settles
    /// (`settings.settlingEpsilon`) exactly at `duration`. A spring's settling time scales
    /// as 1 / w0, so w0 = T1 / duration with T1 the settling time of the w0 = 1 spring. The
    /// initial velocity (whole distances per second) is then applied unchanged; a large
    /// velocity can leave a residue above epsilon at `duration`, where the animation ends.
    package init(
        duration: Double, dampingRatio: Double, initialVelocity: Double = 0,
        settings: SpringSettings = SpringSettings()
    ) {
        let zeta = max(dampingRatio, settings.minimumDampingRatio)
        let unit = Spring(naturalFrequency: 1, dampingRatio: zeta)
        let unitSettling = unit.settlingDuration(epsilon: settings.settlingEpsilon)
        self.init(naturalFrequency: unitSettling / duration, dampingRatio: zeta, initialVelocity: initialVelocity)
    }

    /// The time after which |progress - 1| stays below `epsilon` for good (seconds), like
    /// CASpringAnimation's `settlingDuration`. Exact up to 1e-12 s: found on the last
    /// stretch of |displacement| that still reaches epsilon, by bracketed root finding.
    /// Infinite for an undamped spring; 0 when epsilon >= 1.
    package func settlingDuration(epsilon: Double = SpringSettings().settlingEpsilon) -> Double {
        if epsilon >= 1 { return 0 }
        if damping <= 0 { return .infinity }
        let (low, high) =
            regime == .underdamped
            ? lastCrossingBracketOscillating(epsilon: epsilon)
            : lastCrossingBracketMonotone(epsilon: epsilon)
        return bisectCrossing(low: low, high: high, epsilon: epsilon)
    }

    private func exceeds(_ epsilon: Double, at t: Double) -> Bool { abs(displacement(at: t)) >= epsilon }

    /// Between two consecutive extrema of x, |x| falls to zero and rises again, so the last
    /// extremum with |x| >= epsilon and the next one bracket the last crossing.
    private func lastCrossingBracketOscillating(epsilon: Double) -> (Double, Double) {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let decay = zeta * w0
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let x0 = -1.0
        let v0 = initialVelocity
        let b = (v0 + decay * x0) / wd
        // x' ∝ v0 cos(wd t) - (decay b + x0 wd) sin(wd t): zero where tan(wd t) = v0 / (decay b + x0 wd).
        var phase = atan2(v0, decay * b + x0 * wd)
        if phase < 0 { phase += .pi }
        if phase >= .pi { phase -= .pi }
        let halfPeriod = Double.pi / wd
        func extremum(_ n: Int) -> Double { phase / wd + Double(n) * halfPeriod }
        // Extremum magnitudes fall geometrically by e^(-decay halfPeriod).
        let first = abs(displacement(at: extremum(0)))
        var n = first < epsilon ? -1 : Int((log(first / epsilon) / (decay * halfPeriod)).rounded(.down))
        while n >= 0, !exceeds(epsilon, at: extremum(n)) { n -= 1 }
        while exceeds(epsilon, at: extremum(n + 1)) { n += 1 }
        return (n < 0 ? 0 : extremum(n), extremum(n + 1))
    }

    /// Without oscillation x has at most one extremum t_e > 0 and is monotone on either side.
    private func lastCrossingBracketMonotone(epsilon: Double) -> (Double, Double) {
        let turn = extremumTimeWithoutOscillation()
        if let turn, !exceeds(epsilon, at: turn) { return (0, turn) }
        let low = turn ?? 0
        var high = low + 1 / naturalFrequency
        while exceeds(epsilon, at: high) { high = low + 2 * (high - low) }
        return (low, high)
    }

    private func extremumTimeWithoutOscillation() -> Double? {
        let x0 = -1.0
        let v0 = initialVelocity
        let w0 = naturalFrequency
        let turn: Double
        if regime == .criticallyDamped {
            // x' = e^(-w0 t) (v0 - w0 (v0 + w0 x0) t)
            let slope = v0 + w0 * x0
            guard slope != 0 else { return nil }
            turn = v0 / (w0 * slope)
        } else {
            let zeta = dampingRatio
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root
            let r2 = -zeta * w0 - root
            let c1 = (v0 - r2 * x0) / (r1 - r2)
            let c2 = x0 - c1
            // c1 r1 e^(r1 t) + c2 r2 e^(r2 t) = 0  <=>  e^((r1 - r2) t) = -c2 r2 / (c1 r1)
            let ratio = -c2 * r2 / (c1 * r1)
            guard ratio > 0, ratio.isFinite else { return nil }
            turn = log(ratio) / (r1 - r2)
        }
        return turn > 0 ? turn : nil
    }

    /// |x(low)| >= epsilon > |x(high)| with one crossing between them: the Illinois variant
    /// of regula falsi (keeps the bracket, converges superlinearly), to 1e-12 s.
    private func bisectCrossing(low: Double, high: Double, epsilon: Double) -> Double {
        func f(_ t: Double) -> Double { abs(displacement(at: t)) - epsilon }
        var a = low
        var fa = f(low)
        var b = high
        var fb = f(high)
        var side = 0
        for _ in 0..<200 where b - a > 1e-12 {
            var c = (a * fb - b * fa) / (fb - fa)
            if !(c > a && c < b) { c = (a + b) / 2 }
            let fc = f(c)
            if fc >= 0 {
                a = c
                fa = fc
                if side == -1 { fb /= 2 }
                side = -1
            } else {
                b = c
                fb = fc
                if side == 1 { fa /= 2 }
                side = 1
            }
            if fc == 0 { return c }
        }
        return b
    }
}
