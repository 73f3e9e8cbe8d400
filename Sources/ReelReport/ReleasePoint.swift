import ReelEngine
import ReelGestures
import ReelTrace

/// Where an interactive session's gesture let go, from what the archive stores.
enum ReleasePoint {
    /// The progress of the last `updateInteractiveTransition(p)` event: the last progress the
    /// gesture fed the transition. Nil when
    /// the gesture never drove the transition.
    static func progress(lastUpdateDetail detail: String?) -> Double? {
        let prefix = "updateInteractiveTransition("
        guard let detail, detail.hasPrefix(prefix), detail.hasSuffix(")") else { return nil }
        return Double(detail.dropFirst(prefix.count).dropLast())
    }

    /// Interaction controllers that decide at release with no interactive transition running (the
    /// image drag moves the image itself): their trace has no `updateInteractiveTransition` event,
    /// so their release progress comes from the gesture (`gestureProgress`).
    static let decidedWithoutTransition: Set<InteractionKind?> = [.imageDrag]

    /// The progress such a controller decides by, from the touches: the first finger's travel from
    /// touch-down to lift, |translation| / `extent` in any direction, clamped to 0...1
    /// (MDTransitioning's `handlePanGestureRecognizer:`). Nil without a finger.
    static func gestureProgress(touches: [Touch], extent: Double) -> Double? {
        guard extent > 0, let first = touches.first(where: { $0.phase == .began }) else { return nil }
        var end = first
        for touch in touches where touch.id == first.id {
            end = touch
            if !touch.phase.isActive { break }
        }
        let (dx, dy) = (end.x - first.x, end.y - first.y)
        return min(max((dx * dx + dy * dy).squareRoot() / extent, 0), 1)
    }

    /// The finger's velocity at release along the direction that finishes the transition, points
    /// per second, estimated from the touches as UIKit's pan recognizer does (`VelocityEstimator`
    /// with its default weights). Pans and edge pans follow the first finger; pinches follow the
    /// distance between the first two fingers (closing counts as positive). Nil for taps or when
    /// the touches do not make the gesture.
    static func velocity(touches: [Touch], trigger: TriggerSpec) -> Double? {
        switch trigger.kind {
        case .tap:
            return nil
        case .pinch:
            return pinchClosingVelocity(touches)
        case .pan, .edgePan:
            guard let finger = touches.first(where: { $0.phase == .began })?.id else { return nil }
            var estimator = VelocityEstimator()
            for touch in touches where touch.id == finger {
                estimator.add(GestureVector(x: touch.x, y: touch.y), at: touch.t)
                if !touch.phase.isActive { break }
            }
            let direction = finishingDirection(trigger)
            return estimator.velocity.x * direction.x + estimator.velocity.y * direction.y
        }
    }

    /// Whether the system cancelled the gesture instead of the finger lifting: the first of the
    /// gesture's fingers to end (the first finger for pans, either of the first two for pinches)
    /// ended with phase `cancelled`. Such a session's transition is cancelled by the gesture's
    /// `.cancelled` state, not decided from its release progress and velocity.
    static func touchCancelled(touches: [Touch], trigger: TriggerSpec) -> Bool {
        var fingers: [Int] = []
        let count = trigger.kind == .pinch ? 2 : 1
        for touch in touches {
            if touch.phase == .began, fingers.count < count { fingers.append(touch.id) }
            if fingers.contains(touch.id), !touch.phase.isActive { return touch.phase == .cancelled }
        }
        return false
    }

    /// The unit vector a finger moves along to finish: a pan's direction, or away from an edge.
    static func finishingDirection(_ trigger: TriggerSpec) -> (x: Double, y: Double) {
        if trigger.kind == .edgePan {
            switch trigger.edge ?? .left {
            case .left: return (1, 0)
            case .right: return (-1, 0)
            case .top: return (0, 1)
            case .bottom: return (0, -1)
            }
        }
        switch trigger.direction ?? .down {
        case .down: return (0, 1)
        case .up: return (0, -1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        }
    }

    private static func pinchClosingVelocity(_ touches: [Touch]) -> Double? {
        var fingers: [Int] = []
        var positions: [Int: (x: Double, y: Double)] = [:]
        var estimator = VelocityEstimator()
        var liftedAt: Double?
        for touch in touches {
            // The touch event that lifts a finger may move the other one too (same timestamp).
            if let liftedAt, touch.t > liftedAt { break }
            if touch.phase == .began, fingers.count < 2 { fingers.append(touch.id) }
            guard fingers.contains(touch.id) else { continue }
            positions[touch.id] = (touch.x, touch.y)
            if fingers.count == 2, let a = positions[fingers[0]], let b = positions[fingers[1]] {
                let separation = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                estimator.add(GestureVector(x: separation, y: 0), at: touch.t)
            }
            if !touch.phase.isActive, liftedAt == nil { liftedAt = touch.t }
        }
        return fingers.count == 2 ? -estimator.velocity.x : nil
    }
}
