/// `UIGestureRecognizerState` (D26: possible 0, began 1, changed 2, ended 3, cancelled 4, failed 5).
enum OracleState {
    case possible, began, changed, ended, cancelled, failed
}

/// What a handler sees when the recognizer calls its action: the state and the getters.
struct OracleAction {
    var state: OracleState
    /// The event's timestamp (`_activeEvents.anyObject.timestamp`).
    var t: Double
    var translation: OraclePoint
    var velocity: OraclePoint
    var location: OraclePoint
}

/// UIPanGestureRecognizer over touch events, transcribed from D26 `UIPanGestureRecognizer`.
///
/// Per event: touchesBegan, then touchesMoved, then touchesEnded / touchesCancelled; the action
/// runs once after the event when the state was set (REFERENCE "Event model").
struct OraclePan {
    /// `_hysteresis` of a plain pan: 10 pt (D26 `UIPanGestureRecognizer` `_willScrollX` /
    /// `_willScrollY` compare the translation with `_hysteresis`; `_UIPanGestureRecognizerCommonInit`).
    static let hysteresis = 10.0
    /// What `_removeHysteresisFromTranslation` removes at `.began`: `[self _hysteresis]`, 10 for a
    /// plain pan; 15 for the navigation back swipe, whose `_UIParallaxTransitionPanGestureRecognizer
    /// _shouldTryToBeginWithEvent:` calls `_setHysteresis:15.0` on its simple (edge) path before
    /// `UIScreenEdgePanGestureRecognizer featureDidChangeState:` removes it.
    var removedHysteresis = OraclePan.hysteresis
    /// Where the edge variant's hysteresis comes off when its feature recognizes: false, from the
    /// translation before this event's centroid move (the feature is fed first and
    /// `featureDidChangeState:` removes it); true, from the translation after it (the reading that
    /// `_shouldTryToBeginWithEvent:`, run by `[super touchesMoved:]` after the move, begins it).
    var removesAfterTheMove = false

    /// The screen-edge feature that decides when an edge pan begins (nil for a plain pan).
    var edge: OracleEdgeFeature?
    /// `maximumNumberOfTouches`: unlimited for a plain pan, 1 for UIScreenEdgePanGestureRecognizer
    /// (D26 `UIScreenEdgePanGestureRecognizer initWithTarget:action:`).
    var maximumTouches = Int.max
    /// The delegate's `gestureRecognizerShouldBegin:`, asked as the state becomes `.began`; false fails the pan.
    var shouldBegin: (OracleAction) -> Bool = { _ in true }

    private(set) var state = OracleState.possible
    /// `_touches` / `_movingTouches`: the fingers the recognizer follows, with their locations.
    private var fingers: [Int: OraclePoint] = [:]
    private var order: [Int] = []
    private var ignored: Set<Int> = []
    private var first = OraclePoint.zero
    private var last = OraclePoint.zero
    private var lastTouchCount = 0
    private var lastTouchTime = 0.0
    /// `_velocitySample` and `_previousVelocitySample`: (from, to, dt).
    private var sample: (from: OraclePoint, to: OraclePoint, dt: Double)?
    private var previousSample: (from: OraclePoint, to: OraclePoint, dt: Double)?

    init(edge: OracleEdgeFeature? = nil, removedHysteresis: Double = OraclePan.hysteresis) {
        self.edge = edge
        self.removedHysteresis = removedHysteresis
        if edge != nil { maximumTouches = 1 }
    }

    /// `translationInView:` = last - first (D26).
    var translation: OraclePoint { last - first }

    /// `velocityInView:`: a sample is d/dt (0 when dt < 1 ms); reported = 0.2 latest + 0.8
    /// previous when there is a previous sample (D26 `velocityInView:`, `_convertVelocitySample:`).
    var velocity: OraclePoint {
        func rate(_ s: (from: OraclePoint, to: OraclePoint, dt: Double)?) -> OraclePoint {
            guard let s, s.dt >= 0.001 else { return .zero }
            return (s.to - s.from) / s.dt
        }
        let latest = rate(sample)
        guard let previousSample, previousSample.dt > 0.00000011920929 else { return latest }
        let previous = rate(previousSample)
        return OraclePoint(x: latest.x * 0.2 + previous.x * 0.8, y: latest.y * 0.2 + previous.y * 0.8)
    }

    /// Feeds one event; returns the action the recognizer runs after it, if any.
    mutating func handle(_ event: OracleEvent) -> OracleAction? {
        guard state == .possible || state == .began || state == .changed else { return nil }
        let before = state
        var phases: [Int: OraclePhase] = [:]
        var began: [Int] = []
        var moved: [Int] = []
        var ended: [Int] = []
        var cancelled: [Int] = []
        for touch in event.touches where !ignored.contains(touch.id) {
            if touch.phase == .began, fingers[touch.id] == nil {
                guard fingers.count < maximumTouches else {
                    ignored.insert(touch.id)
                    continue
                }
                began.append(touch.id)
            } else if fingers[touch.id] == nil {
                continue
            }
            fingers[touch.id] = OraclePoint(x: touch.x, y: touch.y)
            phases[touch.id] = touch.phase
            switch touch.phase {
            case .began: break
            case .moved: moved.append(touch.id)
            case .stationary: break  // UIKit delivers no touchesMoved for stationary touches
            case .ended: ended.append(touch.id)
            case .cancelled: cancelled.append(touch.id)
            }
        }
        if !began.isEmpty { touchesBegan(began, phases: phases, t: event.t) }
        if !moved.isEmpty { touchesMoved(moved, phases: phases, t: event.t) }
        if !ended.isEmpty { touchesEnded(ended, phases: phases, final: .ended) }
        if !cancelled.isEmpty, state != .failed { touchesEnded(cancelled, phases: phases, final: .cancelled) }
        guard state != before || (state == .changed && !moved.isEmpty), state != .failed else { return nil }
        return OracleAction(state: state, t: event.t, translation: translation, velocity: velocity, location: last)
    }

    // MARK: D26 touchesBegan / touchesMoved / _handleEndedTouches

    private mutating func touchesBegan(_ ids: [Int], phases: [Int: OraclePhase], t: Double) {
        let old = order
        order += ids
        if let edge, state == .possible, edge.startsOutsideRegion(fingers[ids[0]]!) {
            state = .failed
            return
        }
        if lastTouchCount != 0 {
            touchesListChanged(from: old, to: order, phases: phases)
        } else {
            first = centroid(order, phases: phases, excludingEnded: true)
            last = first
            lastTouchCount = order.count
            lastTouchTime = t
            edge?.touchDown(at: first, t: t)
        }
    }

    private mutating func touchesMoved(_ ids: [Int], phases: [Int: OraclePhase], t: Double) {
        let wasActive = state == .began || state == .changed
        if order.contains(where: { !(phases[$0] ?? .stationary).isDown }) {
            touchesListChanged(from: order, to: order, phases: phases)
        }
        let c = centroid(order, phases: phases, excludingEnded: true)
        // The edge feature incorporates the samples first; when it recognizes, the hysteresis is
        // removed from the translation as it stood before this event's centroid move, and the
        // state is set (D26 `UIScreenEdgePanGestureRecognizer touchesMoved:` then
        // `featureDidChangeState:`, before `[super touchesMoved:]`).
        var recognizedAfterMove = false
        if state == .possible, let feature = edge {
            let verdict = feature.incorporate(fingers[order[0]]!, t: t)
            edge = feature
            switch verdict {
            case .failed:
                state = .failed
                return
            case .recognized where removesAfterTheMove:
                recognizedAfterMove = true
            case .recognized:
                removeHysteresis()
                begin(t: t)
            case .undecided: break
            }
        }
        centroidMoved(to: c, t: t)
        if recognizedAfterMove {
            // The `_shouldTryToBeginWithEvent:` reading: UIPanGestureRecognizer touchesMoved: moves
            // the centroid, then `_removeHysteresisFromTranslation` and setState:1.
            removeHysteresis()
            begin(t: t)
            return
        }
        if wasActive {
            state = .changed  // the base class reports moves after .began as .changed
        } else if state == .possible, edge == nil {
            // `_shouldTryToBeginWithEvent:`: |translation| on an axis reaches the hysteresis
            // (`_willScrollX` / `_willScrollY`), then `_removeHysteresisFromTranslation`.
            if abs(translation.x) >= Self.hysteresis || abs(translation.y) >= Self.hysteresis {
                removeHysteresis()
                begin(t: t)
            }
        }
    }

    private mutating func touchesEnded(_ ids: [Int], phases: [Int: OraclePhase], final: OracleState) {
        let old = order
        order.removeAll { ids.contains($0) }
        if !order.isEmpty {
            if lastTouchCount != order.count { touchesListChanged(from: old, to: order, phases: phases) }
            for id in ids { fingers[id] = nil }
            return
        }
        for id in ids { fingers[id] = nil }
        // No finger left: began/changed end (or cancel), anything else fails. No centroid move,
        // no velocity sample (D26 `touchesEnded:withEvent:` block).
        state = (state == .began || state == .changed) ? final : .failed
    }

    /// `setState:UIGestureRecognizerStateBegan`, which first asks the delegate.
    private mutating func begin(t: Double) {
        let action = OracleAction(state: .began, t: t, translation: translation, velocity: velocity, location: last)
        state = shouldBegin(action) ? .began : .failed
    }

    /// D26 `_touchesListChangedFrom:to:`: first and last shift by the centroid change, so the
    /// translation does not jump when a finger lands or lifts.
    private mutating func touchesListChanged(from old: [Int], to new: [Int], phases: [Int: OraclePhase]) {
        let shift = centroid(new, phases: phases, excludingEnded: true) - centroid(old, phases: phases, excludingEnded: false)
        first = first + shift
        last = last + shift
        lastTouchCount = new.filter { (phases[$0] ?? .stationary).isDown }.count
    }

    /// D26 `_centroidMovedTo:atTime:affectingTranslation:`: a velocity sample from the last
    /// location when time advanced, then the new location.
    private mutating func centroidMoved(to c: OraclePoint, t: Double) {
        let dt = t - lastTouchTime
        if dt > 0 {
            previousSample = sample
            sample = (last, c, dt)
        }
        last = c
        lastTouchTime = t
    }

    /// D26 `_removeHysteresisFromTranslation`: per axis, t > 0 -> max(t - h, 0), else min(t + h, 0).
    private mutating func removeHysteresis() {
        let h = removedHysteresis
        func remove(_ v: Double) -> Double { v > 0 ? max(v - h, 0) : min(v + h, 0) }
        let kept = OraclePoint(x: remove(translation.x), y: remove(translation.y))
        first = last - kept
    }

    private func centroid(_ ids: [Int], phases: [Int: OraclePhase], excludingEnded: Bool) -> OraclePoint {
        let points = ids.filter { !excludingEnded || (phases[$0] ?? .stationary).isDown }.compactMap { fingers[$0] }
        guard !points.isEmpty else { return last }
        return points.reduce(.zero, +) / Double(points.count)
    }
}
