/// A one-dimensional motion in time (distance along the gesture's axis, or a pinch's finger
/// separation): minimum-jerk strokes and holds, and the moment the finger lifts.
struct MotionPlan {
    /// One stroke from `from` to `to` over `duration` seconds starting at `start`; a hold when
    /// `from == to`.
    struct Stroke {
        var start: Double
        var duration: Double
        var from: Double
        var to: Double
    }

    private(set) var strokes: [Stroke] = []
    /// When the finger lifts (seconds from the first sample).
    var releaseTime: Double = 0
    private(set) var origin: Double

    init(origin: Double) {
        self.origin = origin
    }

    /// Where the motion is after its last stroke.
    var end: Double { strokes.last?.to ?? origin }
    /// When the last stroke ends.
    var endTime: Double { strokes.last.map { $0.start + $0.duration } ?? 0 }

    mutating func stroke(to target: Double, duration: Double) {
        strokes.append(Stroke(start: endTime, duration: max(duration, 1e-3), from: end, to: target))
    }

    mutating func hold(_ duration: Double) {
        stroke(to: end, duration: duration)
    }

    /// The position at time `t`.
    func position(at t: Double) -> Double {
        var current = origin
        for stroke in strokes {
            if t < stroke.start { return current }
            let tau = min((t - stroke.start) / stroke.duration, 1)
            current = stroke.from + (stroke.to - stroke.from) * Self.minimumJerk(tau)
        }
        return current
    }

    /// Flash and Hogan's minimum-jerk profile: 10τ³ - 15τ⁴ + 6τ⁵ (0 to 1, zero velocity and
    /// acceleration at both ends).
    static func minimumJerk(_ tau: Double) -> Double {
        tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
    }

    /// The profile's derivative: 30τ² - 60τ³ + 30τ⁴ (peak 1.875 at τ = 0.5).
    static func minimumJerkSlope(_ tau: Double) -> Double {
        30 * tau * tau * (1 - tau) * (1 - tau)
    }
}
