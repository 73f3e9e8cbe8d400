import ReelTiming

/// A basic animation whose progress is a damped spring's (ReelTiming's `Spring`, the closed form
/// of m x'' + c x' + k x = 0 from x = -1 with velocity `initialVelocity` in whole distances per
/// second toward the target), not a timing curve. Defaults: mass 1, stiffness 100, damping 10,
/// velocity 0. Its `duration` is the caller's (commonly `settlingDuration`): at the duration the
/// animation ends wherever the spring is.
///
/// ```swift
/// let spring = CASpringAnimation(keyPath: "cornerRadius")
/// spring.fromValue = 0
/// spring.toValue = 24
/// spring.damping = 12
/// spring.duration = spring.settlingDuration
/// card.layer.add(spring, forKey: "corners")
/// ```
open class CASpringAnimation: CABasicAnimation {
    @exclusivity(unchecked) public var mass: CGFloat = 1
    @exclusivity(unchecked) public var stiffness: CGFloat = 100
    @exclusivity(unchecked) public var damping: CGFloat = 10
    @exclusivity(unchecked) public var initialVelocity: CGFloat = 0

    var spring: Spring {
        Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity))
    }

    /// When the spring's |progress - 1| stays below the profile's settling epsilon (0.001) for good:
    /// ReelTiming's `settlingDuration` (Apple's example, damping 5: about 2.85 s; this threshold
    /// gives about 2.69 s, docs/KIT.md).
    public var settlingDuration: TimeInterval {
        let epsilon = KitRuntime.current?.springSettings.settlingEpsilon ?? SpringSettings().settlingEpsilon
        return spring.settlingDuration(epsilon: epsilon)
    }

    override func copyAnimation() -> CAAnimation {
        let copy = CASpringAnimation()
        copy.copyTiming(from: self)
        return copy
    }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
    }

    override func progress(atIteration time: Double) -> Double { spring.position(at: min(max(time, 0), duration)) }

    override func problem(on layer: CALayer) -> String? {
        let numbers = [mass, stiffness, damping, initialVelocity].map { Double($0) }
        if !numbers.allSatisfy(\.isFinite) || mass <= 0 || stiffness <= 0 || damping < 0 {
            return "\(messageName): mass \(mass), stiffness \(stiffness), damping \(damping), velocity \(initialVelocity) is no spring "
                + "(Core Animation needs a positive mass and stiffness, a damping >= 0, finite numbers)"
        }
        return super.problem(on: layer)
    }
}
