import ReelGestures
import ReelTrace

/// UIResponder's touches methods on views and controllers, and what `cancelsTouchesInView` does to
/// them. A finger's touches go to the view it landed on (hit-tested at touch-down) after the
/// recognizers saw the event; a view that does not override a method passes it to its next
/// responder (its controller for a controller's root view, else its superview; a controller passes
/// it to its view's superview), as UIKit's default implementations do. When a recognizer with
/// `cancelsTouchesInView` recognizes (a continuous one begins, a discrete one is recognized), its
/// fingers' view gets `touchesCancelled` and no more of those touches (Apple's
/// `cancelsTouchesInView`: "the window cancels the delivery of the current touches to the view",
/// and the view receives `touchesCancelled(_:with:)`).
///
/// ```swift
/// final class Knob: UIView {
///     override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { highlighted = true }
///     override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { highlighted = false }
/// }
/// ```
enum ResponderTouches {
    /// Where each finger's touches go, and which fingers a recognizer took from their view.
    final class Routes {
        /// The hit-tested view of each finger down, by finger id.
        @exclusivity(unchecked) var views: [Int: WeakView] = [:]
        /// Fingers whose view got `touchesCancelled` (their later lines go to no view).
        @exclusivity(unchecked) var cancelled: Set<Int> = []
        /// Lines held back from their view by `delaysTouchesBegan` / `delaysTouchesEnded` (DelayedTouches.swift).
        @exclusivity(unchecked) var held: [DelayedTouches.Held] = []
    }

    struct WeakView {
        weak var view: UIView?
    }

    /// The event's lines for the fingers' views, one call per view and phase (UIKit's order:
    /// began, moved, ended, cancelled), but for the lines a recognizer of the finger holds back
    /// (`bound`, DelayedTouches); then the lifted fingers are forgotten.
    static func deliver(_ event: TouchEvent, routes: Routes, bound: [Int: [UIGestureRecognizer]]) {
        var order: [UIView] = []
        var byView: [ObjectIdentifier: [Touch]] = [:]
        for touch in event.touches where !routes.cancelled.contains(touch.id) {
            guard let view = routes.views[touch.id]?.view else { continue }
            if DelayedTouches.hold(touch, view: view, routes: routes, bound: bound[touch.id] ?? []) { continue }
            let key = ObjectIdentifier(view)
            if byView[key] == nil { order.append(view) }
            byView[key, default: []].append(touch)
        }
        for view in order {
            let touches = byView[ObjectIdentifier(view)] ?? []
            func set(_ phases: [TouchPhase]) -> Set<UITouch> {
                Set(touches.filter { phases.contains($0.phase) }.map { UITouch($0, view: view) })
            }
            let event = UIEvent()
            let began = set([.began])
            if !began.isEmpty { view.touchesBegan(began, with: event) }
            let moved = set([.moved])
            if !moved.isEmpty { view.touchesMoved(moved, with: event) }
            let ended = set([.ended])
            if !ended.isEmpty { view.touchesEnded(ended, with: event) }
            let cancelled = set([.cancelled])
            if !cancelled.isEmpty { view.touchesCancelled(cancelled, with: event) }
        }
        for touch in event.touches where touch.phase == .ended || touch.phase == .cancelled {
            routes.views[touch.id] = nil
            routes.cancelled.remove(touch.id)
        }
    }

    /// A recognizer with `cancelsTouchesInView` recognized: its fingers' views get `touchesCancelled`
    /// (at the fingers' latest positions) and no more of their touches.
    static func cancel(fingers: [Int], at t: Double, routes: Routes, positions: [Int: Touch]) {
        var order: [UIView] = []
        var byView: [ObjectIdentifier: Set<UITouch>] = [:]
        for finger in fingers.sorted() where !routes.cancelled.contains(finger) {
            routes.cancelled.insert(finger)
            if DelayedTouches.discardLanding(of: finger, routes: routes) { continue }
            guard let view = routes.views[finger]?.view, let last = positions[finger] else { continue }
            let key = ObjectIdentifier(view)
            if byView[key] == nil { order.append(view) }
            byView[key, default: []].insert(UITouch(Touch(t: t, id: finger, phase: .cancelled, x: last.x, y: last.y), view: view))
        }
        for view in order { view.touchesCancelled(byView[ObjectIdentifier(view)] ?? [], with: UIEvent()) }
    }
}

/// The touches methods views and controllers share (UIResponder's), for passing touches on.
@MainActor protocol UIResponderTouches: AnyObject {
    func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?)
    func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?)
    func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?)
    func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?)
}

extension UIView: UIResponderTouches {
    /// The responder after this view: its controller for a controller's root view, else its superview.
    var nextTouchResponder: UIResponderTouches? {
        if let owningController { return owningController }
        return superview
    }
}

extension UIViewController: UIResponderTouches {}
