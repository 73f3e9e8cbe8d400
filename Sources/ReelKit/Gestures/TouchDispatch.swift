import ReelGestures
import ReelTrace

/// Delivers touch events as UIKit does: a landing finger is hit-tested to a view and bound to the
/// enabled recognizers of that view and its ancestors that the delegate lets receive it; each
/// recognizer then gets the event's lines of its own fingers, all of them at once (one action per
/// event). Beginning goes through the delegate, failure requirements and exclusivity (one
/// recognizer in progress among those sharing fingers unless the delegates allow both).
enum TouchDispatch {
    /// The recognizers a finger is bound to, by finger id, for the session (in delivery order).
    final class Bindings {
        @exclusivity(unchecked) var byFinger: [Int: [UIGestureRecognizer]] = [:]
        @exclusivity(unchecked) var lastPositions: [Int: Touch] = [:]
        /// Where the fingers' touches go as UIResponder calls (ResponderTouches.swift).
        let routes = ResponderTouches.Routes()
        /// The window's `UITouch` of each finger down, by finger id: one object for the finger's life.
        @exclusivity(unchecked) var windowTouches: [Int: UITouch] = [:]
    }

    /// The window's `UIEvent` for `event`: each finger's one `UITouch`, updated to its line; a
    /// lifted finger's touch is forgotten after the event (a new touch-down gets a new object).
    static func windowEvent(_ event: TouchEvent, in runtime: KitRuntime, bindings: Bindings) -> UIEvent {
        var touches = Set<UITouch>()
        for touch in event.touches {
            let view = bindings.routes.views[touch.id]?.view
            if touch.phase == .began || bindings.windowTouches[touch.id] == nil {
                // A landing finger's view is the one it hits, as `deliver` binds it.
                bindings.windowTouches[touch.id] = UITouch(touch, view: touch.phase == .began ? hitView(for: touch, in: runtime) : view)
            } else {
                bindings.windowTouches[touch.id]?.update(touch, view: view)
            }
            if let object = bindings.windowTouches[touch.id] { touches.insert(object) }
            if touch.phase == .ended || touch.phase == .cancelled { bindings.windowTouches[touch.id] = nil }
        }
        return UIEvent(event, touches: touches)
    }

    static func deliver(_ event: TouchEvent, in runtime: KitRuntime, bindings: Bindings) {
        for touch in event.touches {
            bindings.lastPositions[touch.id] = touch
            guard touch.phase == .began else { continue }
            let hit = recognizers(for: touch, in: runtime)
            bindings.byFinger[touch.id] = hit.recognizers
            bindings.routes.views[touch.id] = ResponderTouches.WeakView(view: hit.view)
        }
        var order: [UIGestureRecognizer] = []
        if event.touches.count == 1, let only = event.touches.first {
            // One finger: its recognizers, each once (a recognizer sits on one view).
            order = bindings.byFinger[only.id] ?? []
        } else {
            for touch in event.touches {
                for recognizer in bindings.byFinger[touch.id] ?? [] where !order.contains(where: { $0 === recognizer }) {
                    order.append(recognizer)
                }
            }
        }
        for recognizer in order {
            // An event of one finger goes whole to each recognizer bound to that finger (nothing
            // changes the bindings while an event is delivered).
            let own =
                event.touches.count == 1
                ? event.touches
                : event.touches.filter { touch in bindings.byFinger[touch.id]?.contains { $0 === recognizer } ?? false }[...]
            guard !own.isEmpty else { continue }
            if recognizer.fingers.isEmpty, own.contains(where: { $0.phase == .began }) {
                recognizer.forcedFailure = false
                recognizer.heldBegan = false
                recognizer.currentState = .possible
                recognizer.sequenceBegan()
            }
            for touch in own {
                switch touch.phase {
                case .began: recognizer.fingers.insert(touch.id)
                case .ended, .cancelled: recognizer.fingers.remove(touch.id)
                default: break
                }
            }
            let changes = recognizer.feed(TouchEvent(t: event.t, touches: own))
            for change in changes { apply(change, to: recognizer, in: runtime, bindings: bindings) }
            if runtime.failure != nil { return }
            SubclassHooks.deliver(own, at: event.t, to: recognizer, in: runtime, bindings: bindings)
            if runtime.failure != nil { return }
        }
        ResponderTouches.deliver(event, routes: bindings.routes, bound: bindings.byFinger)
        if runtime.failure != nil { return }
        for touch in event.touches where touch.phase == .ended || touch.phase == .cancelled {
            bindings.byFinger[touch.id] = nil
            bindings.lastPositions[touch.id] = nil
        }
        releaseHeld(in: runtime, bindings: bindings)
        DelayedTouches.release(routes: bindings.routes)
    }

    /// The stream ended with fingers down: UIKit cancels their touches (one event at the last touch's time).
    static func cancelRemaining(at t: Double, in runtime: KitRuntime, bindings: Bindings) {
        let down = bindings.lastPositions.values.sorted { $0.id < $1.id }
        guard !down.isEmpty else { return }
        let touches = down.map { Touch(t: t, id: $0.id, phase: .cancelled, x: $0.x, y: $0.y) }
        deliver(TouchEvent(t: t, touches: touches), in: runtime, bindings: bindings)
    }

    /// Whether a recognizer of the window is in progress (its fingers drive something).
    static func hasGestureInProgress(_ runtime: KitRuntime) -> Bool {
        guard let bindings = runtime.touchBindings else { return false }
        return bindings.byFinger.values.contains { $0.contains { $0.state.isInProgress } }
    }

    /// `isEnabled = false` while in progress: the recognizer is cancelled.
    static func cancel(_ recognizer: UIGestureRecognizer) {
        recognizer.currentState = .cancelled
        recognizer.forcedFailure = true
        KitRuntime.current?.emit("gesture", recognizer.eventName, "cancelled")
        recognizer.performActions()
    }

    /// The earliest recognizer timer among the bound recognizers (infinity when none runs).
    static func nextDeadline(in bindings: Bindings) -> Double {
        var earliest = Double.infinity
        for list in bindings.byFinger.values {
            for recognizer in list { if let due = recognizer.timerDeadline, due < earliest { earliest = due } }
        }
        return earliest
    }

    /// Fires the recognizer timers due at `t` (in the fingers' delivery order), through the same
    /// rules as touch events' changes.
    static func fireTimers(at t: Double, in runtime: KitRuntime, bindings: Bindings) {
        var due: [UIGestureRecognizer] = []
        for finger in bindings.byFinger.keys.sorted() {
            for recognizer in bindings.byFinger[finger] ?? []
            where (recognizer.timerDeadline ?? .infinity) <= t && !due.contains(where: { $0 === recognizer }) {
                due.append(recognizer)
            }
        }
        for recognizer in due {
            for change in recognizer.fireTimer(at: t) { apply(change, to: recognizer, in: runtime, bindings: bindings) }
            if runtime.failure != nil { return }
        }
        releaseHeld(in: runtime, bindings: bindings)
        DelayedTouches.release(routes: bindings.routes)
    }

    /// The view a landing finger hit and the recognizers it is bound to.
    private static func recognizers(for touch: Touch, in runtime: KitRuntime) -> (view: UIView?, recognizers: [UIGestureRecognizer]) {
        let hitView = hitView(for: touch, in: runtime)
        var view = hitView
        var found: [UIGestureRecognizer] = []
        while let current = view {
            let uiTouch = UITouch(touch, view: current)
            for recognizer in current.gestureRecognizers ?? [] where recognizer.isEnabled {
                if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: uiTouch) == false { continue }
                found.append(recognizer)
            }
            view = current.superview
        }
        return (hitView, found)
    }

    /// The view a landing finger hits; a touch on the screen's far edge counts at the last point inside it.
    private static func hitView(for touch: Touch, in runtime: KitRuntime) -> UIView? {
        guard let window = runtime.window else { return nil }
        let x = min(max(touch.x, 0), window.modelFrame.v2.nextDown)
        let y = min(max(touch.y, 0), window.modelFrame.v3.nextDown)
        return window.hitTest(CGPoint(x: x, y: y), with: nil)
    }

    /// One state change of the inner machine (or a subclass's `state =`), through the delegate,
    /// failure requirements and exclusivity.
    static func apply(_ change: GestureState, to recognizer: UIGestureRecognizer, in runtime: KitRuntime, bindings: Bindings) {
        if recognizer.forcedFailure { return }
        var state = UIGestureRecognizer.State(change)
        if recognizer.heldBegan {
            // Held for a failure requirement: changes wait; the end of the touches fails it.
            if change == .ended || change == .cancelled || change == .failed {
                recognizer.heldBegan = false
                recognizer.forcedFailure = true
                report(.failed, recognizer, runtime)
            }
            return
        }
        // A continuous recognizer's began, or a discrete one's recognition, is where it wins or waits.
        if state == .began || (state == .ended && recognizer.state == .possible) {
            if !mayBegin(recognizer, bindings: bindings) {
                recognizer.refuseInner()
                recognizer.forcedFailure = true
                report(.failed, recognizer, runtime)
                return
            }
            let required = requirements(of: recognizer, bindings: bindings)
            if required.contains(where: { $0.state == .possible && !$0.fingers.isEmpty }) {
                recognizer.heldBegan = true
                return
            }
            if required.contains(where: { $0.state != .failed && $0.state != .possible }) {
                recognizer.refuseInner()
                recognizer.forcedFailure = true
                report(.failed, recognizer, runtime)
                return
            }
            report(state, recognizer, runtime)
            failCompetitors(of: recognizer, in: runtime, bindings: bindings)
            return
        }
        if state == .changed, recognizer.state == .possible { state = .began }
        report(state, recognizer, runtime)
    }

    /// What must fail before `recognizer` begins: `require(toFail:)`, and the recognizers sharing its
    /// fingers that its delegate's shouldRequireFailureOf, or theirs' shouldBeRequiredToFailBy, name.
    private static func requirements(of recognizer: UIGestureRecognizer, bindings: Bindings) -> [UIGestureRecognizer] {
        var required = recognizer.requiredToFail
        for other in sharing(recognizer, bindings: bindings) where !required.contains(where: { $0 === other }) {
            if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
            {
                required.append(other)
            }
        }
        return required
    }

    /// The delegate's shouldBegin and exclusivity with recognizers already in progress on shared fingers.
    private static func mayBegin(_ recognizer: UIGestureRecognizer, bindings: Bindings) -> Bool {
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false { return false }
        for other in sharing(recognizer, bindings: bindings) where other.state.isInProgress || other.state == .ended {
            if !simultaneous(recognizer, other) { return false }
        }
        return true
    }

    /// A recognizer began: the others still possible on its fingers fail, unless simultaneous or
    /// waiting for it to fail.
    private static func failCompetitors(of recognizer: UIGestureRecognizer, in runtime: KitRuntime, bindings: Bindings) {
        for other in sharing(recognizer, bindings: bindings) where other.state == .possible && !other.heldBegan {
            if simultaneous(recognizer, other) { continue }
            other.forcedFailure = true
            report(.failed, other, runtime)
        }
    }

    private static func sharing(_ recognizer: UIGestureRecognizer, bindings: Bindings) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        for finger in recognizer.fingers {
            for other in bindings.byFinger[finger] ?? [] where other !== recognizer && !found.contains(where: { $0 === other }) {
                found.append(other)
            }
        }
        return found
    }

    private static func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Held recognizers whose requirements have all failed begin now (as of their latest reading).
    private static func releaseHeld(in runtime: KitRuntime, bindings: Bindings) {
        var all: [UIGestureRecognizer] = []
        for list in bindings.byFinger.values {
            for recognizer in list where recognizer.heldBegan && !all.contains(where: { $0 === recognizer }) { all.append(recognizer) }
        }
        for recognizer in all
        where requirements(of: recognizer, bindings: bindings).contains(where: { $0.state.isInProgress || $0.state == .ended }) {
            // What it waited for recognized: it fails.
            recognizer.heldBegan = false
            recognizer.forcedFailure = true
            report(.failed, recognizer, runtime)
        }
        for recognizer in all
        where recognizer.heldBegan
            && requirements(of: recognizer, bindings: bindings).allSatisfy({
                $0.state == .failed || $0.fingers.isEmpty && $0.state == .possible
            })
        {
            recognizer.heldBegan = false
            report(.began, recognizer, runtime)
            failCompetitors(of: recognizer, in: runtime, bindings: bindings)
        }
    }

    private static func report(_ state: UIGestureRecognizer.State, _ recognizer: UIGestureRecognizer, _ runtime: KitRuntime) {
        let recognizes = state == .began || (state == .ended && recognizer.currentState == .possible)
        recognizer.currentState = state
        runtime.emit("gesture", recognizer.eventName, state.name)
        if recognizes, recognizer.cancelsTouchesInView, let bindings = runtime.touchBindings {
            // Its fingers this event (a lifting finger is still bound until the event is delivered);
            // without delaysTouchesEnded a lift has reached the view already (DelayedTouches).
            let fingers = bindings.byFinger.filter { $0.value.contains { $0 === recognizer } }.map(\.key).filter {
                recognizer.delaysTouchesEnded || bindings.lastPositions[$0]?.phase != .ended
            }
            ResponderTouches.cancel(fingers: fingers, at: runtime.now, routes: bindings.routes, positions: bindings.lastPositions)
        }
        if recognizer.sendsAction(for: state) { recognizer.performActions() }
    }
}
