import ReelGestures

/// Controllers that decide in `.changed` and act on it at the end: seed 000's
/// SwipeUpInteractiveTransition (docs/SOURCES.md, `handleGesture:`) and VCTransitionsLibrary's
/// CEPinchInteractionController (`handleGesture:`).
///
/// `.changed`: fraction = translation.y / `swipe.extent` clamped to 0...1 (seed 000), or
/// 1 - scale / startScale with startScale the scale at `.began` (CEPinch, unclamped: UIKit
/// clamps the update); `shouldComplete` = the policy's decision for it (threshold: fraction > 0.5);
/// update(fraction), capped at `interactive.max_progress`. `.ended` or `.cancelled`: cancel when
/// !shouldComplete or the gesture was cancelled, else finish. `shouldComplete` starts false and
/// is set only in `.changed`, so a pan that begins and ends with no `.changed` cancels (and a
/// second gesture starts from the first one's value, as the instance variable does).
struct ShouldCompleteController: InteractionController {
    let setup: ControllerSetup
    private var shouldComplete = false
    private var startScale = 1.0
    private var base = 0.0

    init(setup: ControllerSetup) {
        self.setup = setup
    }

    mutating func began(_ reading: GestureReading, base: Double, resumed: Bool, at t: Double) -> InteractionCommand? {
        self.base = base
        startScale = reading.scale
        return resumed ? nil : .began(t: t)
    }

    mutating func changed(_ reading: GestureReading, at t: Double) -> InteractionCommand? {
        let fraction: Double
        if setup.isPinch {
            fraction = base + 1 - reading.scale / startScale
        } else {
            fraction = min(max(base + reading.translation.dot(setup.direction) / setup.extent, 0), 1)
        }
        shouldComplete = setup.decide(progress: fraction, reading)
        return .changed(t: t, percent: min(fraction, setup.updateCap))
    }

    mutating func ended(_ reading: GestureReading, state: GestureState, duration: Double, at t: Double) -> InteractionCommand? {
        if state == .failed { return setup.afterFailedTakeOver(base: base, reading, at: t) }
        return .ended(t: t, finish: shouldComplete && state != .cancelled, velocity: setup.velocity(reading))
    }
}
