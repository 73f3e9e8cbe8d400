import ReelGestures
import ReelTrace

/// UILongPressGestureRecognizer's machine (D26 `UILongPressGestureRecognizer`: `initWithTarget:`,
/// `touchesBegan/Moved/Ended/Cancelled:withEvent:`, `enoughTimeElapsed:`,
/// `_interactionsEndedWithValidTouches:`), for direct touches and no taps before the press.
///
/// - When the fingers down reach `numberOfTouchesRequired`, their centroid is the start point and
///   a timer of `minimumPressDuration` starts (a duration <= 0 begins at once); more fingers than
///   required fail it ("tooManyTouches").
/// - Before it begins, the centroid moving more than `allowableMovement` from the start point
///   (Euclidean distance, `>`) fails it ("tooMuchMovement"); a negative allowance never fails.
/// - The timer firing with the required fingers still down begins it; each later event that moves
///   one of its fingers is `.changed` (the recognizer is continuous).
/// - A finger lifting ends a gesture in progress and fails one that has not begun; a cancelled
///   touch cancels a gesture in progress and fails one that has not begun.
/// - Fingers landing once it is in progress are ignored.
///
/// ```swift
/// var press = LongPressRecognizer(parameters: .init())
/// _ = press.handle(TouchEvent(Touch(t: 0, id: 1, phase: .began, x: 10, y: 10)))
/// press.deadline          // 0.5
/// press.fire(at: 0.5)     // [.began]
/// ```
struct LongPressRecognizer: Sendable, Hashable {
    struct Parameters: Sendable, Hashable, Codable {
        /// Seconds the fingers must stay down. UIKit's default 0.5 (D26 `initWithTarget:action:`).
        var minimumPressDuration: Double
        /// Points the centroid may move before the press begins. UIKit's default 10 (D26).
        var allowableMovement: Double
        /// Fingers the press needs. UIKit's default 1 (D26).
        var numberOfTouchesRequired: Int

        init(minimumPressDuration: Double = 0.5, allowableMovement: Double = 10, numberOfTouchesRequired: Int = 1) {
            self.minimumPressDuration = minimumPressDuration
            self.allowableMovement = allowableMovement
            self.numberOfTouchesRequired = numberOfTouchesRequired
        }
    }

    let parameters: Parameters
    private(set) var state: GestureState = .possible
    /// When the press timer fires (the time the press may begin), while it runs.
    private(set) var deadline: Double?
    /// Fingers down in this sequence, in landing order, with their latest positions.
    private var active: [Int] = []
    private var positions: [Int: GestureVector] = [:]
    /// The fingers the press follows (set when the required count was reached).
    private var tracked: [Int] = []
    private var start: GestureVector = .zero
    private var lastCentroid: GestureVector = .zero

    init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// The tracked fingers' centroid (window points); their last one once they lifted.
    var location: GestureVector { tracked.isEmpty ? lastCentroid : centroid(of: tracked) }
    /// Fingers the recognizer follows.
    var numberOfTouches: Int { tracked.filter { active.contains($0) }.count }

    /// Feeds one touch event; returns the state changes it caused, in order.
    mutating func handle(_ event: TouchEvent) -> [GestureState] {
        if active.isEmpty, event.touches.contains(where: { $0.phase == .began }) { startSequence() }
        for touch in event.touches where touch.phase != .stationary {
            if touch.phase == .began, state.isInProgress { continue }  // D26 ignores touches landing after it began
            positions[touch.id] = GestureVector(x: touch.x, y: touch.y)
        }
        var changes: [GestureState] = []
        let landing = event.touches.filter { $0.phase == .began && !active.contains($0.id) }.map(\.id)
        if !landing.isEmpty, !state.isInProgress, !state.isFinal {
            active.append(contentsOf: landing)
            if active.count == parameters.numberOfTouchesRequired {
                tracked = active
                start = centroid(of: tracked)
                deadline = event.t + parameters.minimumPressDuration
                if parameters.minimumPressDuration <= 0 { changes += fire(at: event.t) }
            } else if active.count > parameters.numberOfTouchesRequired {
                changes += fail()
            }
        }
        if event.touches.contains(where: { $0.phase == .moved && tracked.contains($0.id) }) {
            if state.isInProgress {
                state = .changed
                changes.append(.changed)
            } else if state == .possible, active.count == parameters.numberOfTouchesRequired, parameters.allowableMovement >= 0,
                (centroid(of: tracked) - start).length > parameters.allowableMovement
            {
                changes += fail()
            }
        }
        let leaving = event.touches.filter { ($0.phase == .ended || $0.phase == .cancelled) && active.contains($0.id) }
        if !leaving.isEmpty {
            if !tracked.isEmpty { lastCentroid = centroid(of: tracked) }
            active.removeAll { id in leaving.contains { $0.id == id } }
            let cancelled = leaving.contains { $0.phase == .cancelled }
            if state.isInProgress {
                state = cancelled ? .cancelled : .ended
                deadline = nil
                changes.append(state)
            } else if state == .possible {
                changes += fail()
            }
        }
        return changes
    }

    /// The press timer at `t`: begins the press when it is due and the required fingers are down.
    mutating func fire(at t: Double) -> [GestureState] {
        guard let due = deadline, t >= due else { return [] }
        deadline = nil
        guard state == .possible, active.count == parameters.numberOfTouchesRequired else { return [] }
        state = .began
        return [.began]
    }

    /// The delegate refused the began state: the press fails.
    mutating func refuseBegan() {
        state = .failed
        deadline = nil
    }

    private mutating func fail() -> [GestureState] {
        deadline = nil
        guard state == .possible else { return [] }
        state = .failed
        return [.failed]
    }

    private mutating func startSequence() {
        state = .possible
        deadline = nil
        active = []
        tracked = []
        positions = [:]
    }

    private func centroid(of ids: [Int]) -> GestureVector {
        let points = ids.compactMap { positions[$0] }
        guard !points.isEmpty else { return lastCentroid }
        let sum = points.reduce(GestureVector.zero, +)
        return sum * (1 / Double(points.count))
    }
}
