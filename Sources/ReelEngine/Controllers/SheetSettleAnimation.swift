import ReelTiming

/// The spring that carries a released sheet to its detent (D26 `_UISheetInteraction
/// draggingEndedInSource:`: `_UISheetTransitionSpringParametersHighSpeed(speed >= threshold)`):
/// mass 1, stiffness (2 pi / response)^2, damping 2 zeta sqrt(stiffness), starting at the
/// finger's velocity. It ends when it settles within `spring.settle_epsilon` of its distance.
struct SheetSettleAnimation: Sendable, Hashable {
    /// When the spring starts, seconds.
    let start: Double
    /// Sheet values (points above the container's bottom) it runs from and to.
    let from: Double
    let to: Double
    /// The spring over the distance; nil when there is no distance to cover.
    let spring: Spring?
    /// When it has settled, seconds.
    let end: Double

    init(from: Double, to: Double, velocity: Double, at t: Double, response: Double, dampingRatio: Double, epsilon: Double) {
        start = t
        self.from = from
        self.to = to
        let distance = to - from
        if abs(distance) < 1e-9 {
            spring = nil
            end = t
        } else {
            let spring = Spring(response: response, dampingFraction: dampingRatio, initialVelocity: velocity / distance)
            self.spring = spring
            end = t + spring.settlingDuration(epsilon: epsilon)
        }
    }

    /// The sheet's value at `t` (the target once it has settled).
    func value(at t: Double) -> Double {
        guard let spring, t < end else { return to }
        return from + (to - from) * spring.position(at: max(t - start, 0))
    }
}
