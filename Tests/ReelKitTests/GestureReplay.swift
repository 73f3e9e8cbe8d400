import ReelEngine
import ReelGestures
import ReelTrace

/// The touches of a session as UIKit delivers them (lines with the same time are one event; fingers
/// still down at the end are cancelled at the last touch's time), fed to one of ReelGestures'
/// recognizers with the built-in profile's parameters: what a handler reads at each state change.
struct GestureReplay {
    struct Reading {
        var t: Double
        var state: GestureState
        var translation: GestureVector
        var scale: Double
        var velocity: GestureVector = .zero
    }

    var readings: [Reading] = []

    /// Whether one finger made every touch. The examples' rules follow one finger: UIKit delivers a
    /// touch only to the recognizers of the view it landed on and its ancestors, which `pan(_:)`
    /// (every finger to one recognizer) does not model.
    static func isOneFinger(_ touches: [Touch]) -> Bool { Set(touches.map(\.id)).count == 1 }

    static func events(_ touches: [Touch]) -> [TouchEvent] {
        var events = TouchEvent.group(touches)
        var last: [Int: Touch] = [:]
        for touch in touches { last[touch.id] = touch }
        let down = last.values.filter { $0.phase != .ended && $0.phase != .cancelled }.sorted { $0.id < $1.id }
        if let t = touches.last?.t, !down.isEmpty {
            events.append(TouchEvent(t: t, touches: down.map { Touch(t: t, id: $0.id, phase: .cancelled, x: $0.x, y: $0.y) }))
        }
        return events
    }

    static func number(_ name: String) -> Double {
        if case .number(let value)? = EngineProfile.builtin.value(name) { return value }
        fatalError("no parameter \(name)")
    }

    static var velocity: VelocityEstimator.Parameters {
        .init(latestWeight: number("velocity.latest_weight"), minimumInterval: number("velocity.min_dt"), blend: .afterFirstSample)
    }

    /// A pan (UIPanGestureRecognizer's hysteresis and smoothing).
    static func pan(_ touches: [Touch]) -> GestureReplay {
        var pan = PanRecognizer(parameters: .init(hysteresis: number("pan.hysteresis"), velocity: velocity))
        var replay = GestureReplay()
        for event in events(touches) {
            for state in pan.handle(event) {
                replay.readings.append(Reading(t: event.t, state: state, translation: pan.translation, scale: 1, velocity: pan.velocity))
            }
        }
        return replay
    }

    /// A left screen-edge pan (the back swipe's edge rules).
    static func leftEdgePan(_ touches: [Touch], width: Double, height: Double) -> GestureReplay {
        var edge = ScreenEdgePanRecognizer(
            parameters: .init(
                edge: .left, edgeRegionSize: number("backswipe.edge_region"), hysteresis: number("backswipe.edge_hysteresis"),
                maximumSwipeDuration: number("backswipe.max_swipe_duration"), driftBase: number("backswipe.vertical_fail_base"),
                driftLimit: number("backswipe.vertical_fail_cap"), driftRun: number("backswipe.vertical_fail_run"),
                translationHysteresis: number("pan.hysteresis"), velocity: velocity, touchModel: .uikit),
            screenWidth: width, screenHeight: height)
        var replay = GestureReplay()
        for event in events(touches) {
            for state in edge.handle(event) {
                replay.readings.append(Reading(t: event.t, state: state, translation: edge.translation, scale: 1, velocity: edge.velocity))
            }
        }
        return replay
    }

    /// A pinch (UIKit's 8 pt distance hysteresis).
    static func pinch(_ touches: [Touch]) -> GestureReplay {
        var pinch = PinchRecognizer(
            parameters: .init(
                scaleHysteresis: number("pinch.hysteresis"), distanceHysteresis: number("pinch.begin_distance"),
                velocity: .init(
                    latestWeight: number("pinch.latest_weight"), minimumInterval: number("velocity.min_dt"), blend: .whenPreviousNonzero),
                touchModel: .uikit))
        var replay = GestureReplay()
        for event in events(touches) {
            for state in pinch.handle(event) {
                replay.readings.append(Reading(t: event.t, state: state, translation: .zero, scale: pinch.scale))
            }
        }
        return replay
    }

    /// The state change that ended the gesture (ended or cancelled after it began), if it began.
    var end: Reading? {
        guard readings.contains(where: { $0.state == .began }) else { return nil }
        return readings.last { $0.state == .ended || $0.state == .cancelled }
    }

    var began: Reading? { readings.first { $0.state == .began } }

    /// The last reading at or before `t` among began/changed.
    func lastMove(atOrBefore t: Double) -> Reading? {
        readings.last { $0.t <= t && ($0.state == .began || $0.state == .changed) }
    }
}
