import ReelGestures
import ReelTrace

/// What UIKit's UIGestureRecognizerSubclass offers a team's subclass: the touches methods, called
/// with the touches of each event that reach the recognizer (after its built-in machine, so an
/// override that calls `super` first sees the updated `state`, as in UIKit), `reset()` once the
/// recognizer's last finger lifts, a settable `state`, and `location(ofTouch:in:)`.
///
/// ```swift
/// final class VerticalPan: UIPanGestureRecognizer {
///     override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
///         super.touchesMoved(touches, with: event)
///         if state == .began, abs(velocity(in: view).x) > abs(velocity(in: view).y) { state = .cancelled }
///     }
/// }
/// ```
enum SubclassHooks {
    /// Calls the recognizer's touches methods for `touches` (its own fingers' lines of one event),
    /// one call per phase present, in UIKit's order, then `reset()` when its last finger lifted.
    static func deliver(
        _ touches: ArraySlice<Touch>, at t: Double, to recognizer: UIGestureRecognizer, in runtime: KitRuntime,
        bindings: TouchDispatch.Bindings
    ) {
        guard recognizer.overridesTouches else { return }
        recognizer.deliveringTouches = true
        defer { recognizer.deliveringTouches = false }
        let event = UIEvent()
        func set(_ phase: TouchPhase) -> Set<UITouch> {
            Set(touches.filter { $0.phase == phase }.map { UITouch($0, view: recognizer.view) })
        }
        let began = set(.began)
        if !began.isEmpty { recognizer.touchesBegan(began, with: event) }
        var moved = set(.moved)
        moved.formUnion(set(.stationary))
        if !moved.isEmpty { recognizer.touchesMoved(moved, with: event) }
        let ended = set(.ended)
        if !ended.isEmpty { recognizer.touchesEnded(ended, with: event) }
        let cancelled = set(.cancelled)
        if !cancelled.isEmpty { recognizer.touchesCancelled(cancelled, with: event) }
        if recognizer.fingers.isEmpty { recognizer.reset() }
    }

    /// A subclass's (or anyone's) `state = value`. While the recognizer's touches are delivered it
    /// is a change like the built-in machines'; otherwise (say, in `reset()`) the state is set.
    static func set(_ value: UIGestureRecognizer.State, on recognizer: UIGestureRecognizer) {
        // Setting `.changed` again is a change of the gesture (UIKit sends the action each time).
        guard value != recognizer.currentState || value == .changed else { return }
        guard recognizer.deliveringTouches, let runtime = KitRuntime.current, let bindings = runtime.touchBindings else {
            recognizer.currentState = value
            return
        }
        let change = GestureState(rawValue: value.rawValue) ?? .possible
        if value == .failed || value == .cancelled {
            // What the subclass gave up stays given up: the built-in machine's later changes are ignored.
            if recognizer.currentState == .possible, value == .cancelled {
                recognizer.currentState = .failed
            } else {
                recognizer.currentState = value
            }
            runtime.emit("gesture", recognizer.eventName, recognizer.currentState.name)
            if recognizer.sendsAction(for: recognizer.currentState) { recognizer.performActions() }
            recognizer.refuseInner()
            recognizer.forcedFailure = true
            return
        }
        TouchDispatch.apply(change, to: recognizer, in: runtime, bindings: bindings)
    }
}
