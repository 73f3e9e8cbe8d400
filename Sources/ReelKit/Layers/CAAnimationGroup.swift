/// Animations run together on the group's clock: each child's parent time is the group's time
/// within its cycle, so a child's beginTime is relative to the group's start and nothing of a
/// child shows past the group's active time (unless the group fills forwards).
///
/// ```swift
/// let group = CAAnimationGroup()
/// group.animations = [fade, shrink]
/// group.duration = 0.3
/// layer.add(group, forKey: "out")
/// ```
open class CAAnimationGroup: CAAnimation {
    @exclusivity(unchecked) public var animations: [CAAnimation]?

    override func copyAnimation() -> CAAnimation {
        let copy = CAAnimationGroup()
        copy.copyTiming(from: self)
        return copy
    }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copyAnimation() }
    }

    override func apply(to copy: CALayer, parentTime t: Double) {
        guard let time = iterationTime(parentTime: t) else { return }
        // The group's timing function shapes its children's time.
        let local = progress(atIteration: time) * duration
        for animation in animations ?? [] { animation.apply(to: copy, parentTime: local) }
    }

    override func problem(on layer: CALayer) -> String? {
        for animation in animations ?? [] {
            if let problem = animation.problem(on: layer) { return "in a group: \(problem)" }
        }
        return nil
    }

    override func resolveDurations(fallback: Double) {
        super.resolveDurations(fallback: fallback)
        for animation in animations ?? [] { animation.resolveDurations(fallback: fallback) }
    }
}
