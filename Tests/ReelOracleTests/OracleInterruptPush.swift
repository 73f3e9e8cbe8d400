/// `nav.interrupt-push`: a tap (finger 0) pushes B when it lifts (UITapGestureRecognizer recognizes
/// at the touch's end); the push runs for T (`OracleBackSwipe.duration`); an edge swipe (finger 1)
/// lands while it runs or after it. Read from D26:
/// - without interruptible transitions (classic, iOS 18) `_UINavigationInteractiveTransition
///   _gestureRecognizer:shouldReceiveEvent:` gives the back recognizers no events while the
///   navigation controller `_isTransitioning` and the transition is not `_isCurrentTransitionPreemptable`
///   (a push is taken as not preemptable there), so a swipe landing during the push never begins;
/// - with them (`_interruptibleParallaxTransitionsEnabledWithTraitCollection:`, iOS 26) the events
///   reach the edge recognizer (its `_setHysteresis:15.0` simple path, `OracleEdgeFeature`) and its
///   delegate's `gestureRecognizerShouldBegin:` skips the interaction-state check; at state 1
///   `_UINavigationInteractiveTransitionBase handleNavigationTransition:` takes the running push
///   over: `_percentCompleteWhenPaused` = the push's percentComplete then, and `lastOperation == 1`
///   drives it backwards (`OracleBackSwipe.reversesPush`); the release pops (cancelling the push) by
///   `popGesture:withRemainingDuration:shouldPopWithVelocity:` on 1 - percentComplete; state 4 cancels it.
/// - A swipe that begins after the push ended starts a pop of B, a second transition: the scenario
///   records one transition, so the push stands finished (counted: `afterThePush`).
///
/// The open point, read differently from the engine: the percentComplete a running push is caught
/// at. `_UINavigationInteractiveTransition initWithViewController:animator:` calls
/// `_setUsesPacedFractionComplete:1`, and UIPercentDrivenInteractiveTransition's update then sets the
/// animator's `pacedFractionComplete` (progress along the push's timing curve) rather than its
/// `fractionComplete` (time): the oracle catches at the paced fraction, curve(elapsed / T) with the
/// push's ease-in-ease-out curve (Apple's documented control points 0.42, 0, 0.58, 1); the engine at
/// the time fraction elapsed / T. The preemption that hands the push to the recognizer is in
/// UINavigationController code the decompile does not show (`_isCurrentTransitionPreemptable`), and
/// state 1's literal branch (`_shouldPauseRunningTransition` is true only for a cancelled pop) would
/// start a pop at 0. A second open point is when the push stops being catchable: the oracle takes
/// the animation's end, lift + T; the engine completes the transition at the first display frame at
/// or after it (the animator's completion is delivered with a frame), and a swipe beginning in
/// between catches the push at its end (percentComplete 1). The readings are counted together
/// (`decidedByReading`). Not modelled by either: `_UINavigationParallaxTransition`'s
/// `_preemptionHandoffData` suggests the preempting pop may be a transition of its own, started from
/// the push's handed-off progress (its fluid `_animateOrCreatePropertyAnimatorForTransition:`).
enum OracleInterruptPush {
    /// The tap's finger and the swipe's.
    static let tapFinger = 0, swipeFinger = 1

    struct Verdict {
        var decision: OracleDecision
        var engineReading: OracleDecision?
        /// The swipe began after the push had ended (a second transition the scenario does not record).
        var afterThePush = false
    }

    static func decide(_ events: [OracleEvent], screen: OracleScreen, interruptible: Bool, refreshHz: Double) -> Verdict {
        // The push starts when the tap's finger lifts.
        guard let lift = events.first(where: { $0.touches.contains { $0.id == tapFinger && !$0.phase.isDown } })?.t else {
            return Verdict(decision: OracleDecision(finish: false, progress: nil))
        }
        let end = lift + OracleBackSwipe.duration
        let pushed = OracleDecision(finish: true, progress: 1, started: true)
        let swipe = events.compactMap { event -> OracleEvent? in
            let touches = event.touches.filter { $0.id == swipeFinger }
            return touches.isEmpty ? nil : OracleEvent(t: event.t, touches: touches)
        }
        // Margin for a swipe that starts nothing: the push's progress when the swipe lands, from 1
        // (landing after the end, a pop of B in UIKit outside the scenario).
        let landing = swipe.first?.t ?? .infinity
        let landingMargin = (end - landing) / OracleBackSwipe.duration
        guard interruptible else {
            var decision = pushed
            decision.margin = landingMargin
            return Verdict(decision: decision, afterThePush: landing >= end && began(swipe) != nil)
        }
        var notCaught = pushed
        notCaught.margin = landingMargin
        guard let caughtAt = began(swipe) else { return Verdict(decision: notCaught) }
        // The engine's end: the first frame k / refreshHz at or after lift + T (1e-9 s tolerance);
        // an event at that frame's time comes before the frame.
        let frameEnd = ((end - 1e-9) * refreshHz).rounded(.up) / refreshHz
        let elapsed = min((caughtAt - lift) / OracleBackSwipe.duration, 1)
        let own = caughtAt < end ? drive(swipe, base: easeInEaseOut(elapsed), screen: screen) : notCaught
        let engine = caughtAt <= frameEnd ? drive(swipe, base: elapsed, screen: screen) : notCaught
        return Verdict(decision: own, engineReading: engine, afterThePush: caughtAt >= end)
    }

    /// When the edge recognizer begins on the swipe's touches (nil: never).
    static func began(_ swipe: [OracleEvent]) -> Double? {
        var pan = Oracle.backSwipeEdge()
        for event in swipe where pan.handle(event)?.state == .began { return event.t }
        return nil
    }

    /// The caught push driven backwards from `base` by the back swipe's handler (fluid: iOS 26).
    static func drive(_ swipe: [OracleEvent], base: Double, screen: OracleScreen) -> OracleDecision {
        var pan = Oracle.backSwipeEdge()
        var handler = OracleBackSwipe(width: screen.width, fluid: true)
        handler.reversesPush = true
        handler.percentCompleteWhenPaused = base
        for event in swipe {
            guard let action = pan.handle(event) else { continue }
            if var decision = handler.handle(action) {
                decision.started = true
                return decision
            }
        }
        // The stream ends with the finger down: the touches are cancelled (state 4 cancels the push).
        return OracleDecision(finish: false, progress: base, started: true)
    }

    /// y(x) of the cubic Bezier (0, 0), (0.42, 0), (0.58, 1), (1, 1): x(s) solved by bisection.
    static func easeInEaseOut(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }
}
