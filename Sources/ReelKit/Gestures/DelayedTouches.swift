import ReelTrace

/// `delaysTouchesBegan` and `delaysTouchesEnded`, as Apple's UIGestureRecognizer documentation
/// states them: the window holds a finger's lines back from its view while a recognizer bound to
/// the finger, with the property set, has not decided (is still `.possible`). There is no fixed
/// delay: a hold lasts until the recognizers decide (the 0.15 s often quoted is UIScrollView's
/// delayed content touches, not this).
/// - `delaysTouchesBegan` (default false) holds the landing, and the lines after it: when a holder
///   recognizes, the touches are discarded (the view never hears of the finger); when all fail, the
///   view gets `touchesBegan`, then `touchesMoved` at the latest position if the finger moved, then
///   `touchesEnded` if it lifted.
/// - `delaysTouchesEnded` (default true) holds the lift: when a holder recognizes, the view gets
///   `touchesCancelled` (its `cancelsTouchesInView`, else `touchesEnded`); when all fail, `touchesEnded`.
///
/// ```swift
/// let pan = UIPanGestureRecognizer(target: self, action: Self.drag)
/// pan.delaysTouchesBegan = true  // the view hears of a finger only if the pan fails
/// ```
enum DelayedTouches {
    /// One finger's lines held back, and the recognizers it waits for.
    struct Held {
        let finger: Int
        weak var view: UIView?
        /// The landing, when `delaysTouchesBegan` holds it (the view has not heard of the finger).
        var began: Touch?
        var moved: Touch?
        var ended: Touch?
        var holders: [Holder]

        /// Whether the finger's next lines join this hold (its landing is held and it is still down).
        var holdsLanding: Bool { began != nil && ended == nil }
    }

    struct Holder {
        weak var recognizer: UIGestureRecognizer?
    }

    /// Whether `touch` (for `view`) is held back instead of delivered now.
    static func hold(_ touch: Touch, view: UIView, routes: ResponderTouches.Routes, bound: [UIGestureRecognizer]) -> Bool {
        if let index = routes.held.firstIndex(where: { $0.finger == touch.id && $0.holdsLanding }) {
            switch touch.phase {
            case .began: routes.held[index].began = touch
            case .moved: routes.held[index].moved = touch
            case .ended: routes.held[index].ended = touch
            case .stationary: break
            case .cancelled: routes.held.remove(at: index)  // the view never had the finger
            }
            return true
        }
        let holders: [UIGestureRecognizer]
        switch touch.phase {
        case .began: holders = bound.filter { $0.delaysTouchesBegan && undecided($0) }
        case .ended: holders = bound.filter { $0.delaysTouchesEnded && undecided($0) }
        case .moved, .stationary, .cancelled: return false
        }
        guard !holders.isEmpty else { return false }
        var held = Held(finger: touch.id, view: view, holders: holders.map { Holder(recognizer: $0) })
        if touch.phase == .began { held.began = touch } else { held.ended = touch }
        routes.held.append(held)
        return true
    }

    /// A recognizer with `cancelsTouchesInView` recognized on `finger`: true when the finger's landing
    /// is held, which is then discarded (the view gets no `touchesCancelled` for a touch it never had).
    static func discardLanding(of finger: Int, routes: ResponderTouches.Routes) -> Bool {
        guard let index = routes.held.firstIndex(where: { $0.finger == finger && $0.holdsLanding }) else { return false }
        routes.held.remove(at: index)
        return true
    }

    /// Delivers or drops the holds whose recognizers have decided, in the order they were made.
    static func release(routes: ResponderTouches.Routes) {
        var index = 0
        while index < routes.held.count {
            let held = routes.held[index]
            let holders = held.holders.compactMap(\.recognizer)
            let recognizers = holders.filter(recognized)
            if recognizers.isEmpty && holders.contains(where: undecided) {
                index += 1
                continue
            }
            routes.held.remove(at: index)
            guard let view = held.view else { continue }
            if !recognizers.isEmpty {
                if held.began != nil {
                    // Discarded; the finger's later lines go to no view.
                    if held.ended == nil { routes.cancelled.insert(held.finger) }
                } else if let ended = held.ended {
                    let cancels = recognizers.contains { $0.cancelsTouchesInView }
                    let line = Touch(t: ended.t, id: ended.id, phase: cancels ? .cancelled : .ended, x: ended.x, y: ended.y)
                    send(line, to: view)
                }
                continue
            }
            for line in [held.began, held.moved, held.ended].compactMap({ $0 }) { send(line, to: view) }
        }
    }

    /// Still deciding: possible, and not made to fail.
    static func undecided(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.currentState == .possible && !recognizer.forcedFailure
    }

    /// Recognized its gesture (a continuous one began, a discrete one ended), whatever it did after.
    static func recognized(_ recognizer: UIGestureRecognizer) -> Bool {
        [.began, .changed, .ended, .cancelled].contains(recognizer.currentState)
    }

    private static func send(_ line: Touch, to view: UIView) {
        let touches: Set<UITouch> = [UITouch(line, view: view)]
        switch line.phase {
        case .began: view.touchesBegan(touches, with: UIEvent())
        case .moved: view.touchesMoved(touches, with: UIEvent())
        case .stationary: break
        case .ended: view.touchesEnded(touches, with: UIEvent())
        case .cancelled: view.touchesCancelled(touches, with: UIEvent())
        }
    }
}
