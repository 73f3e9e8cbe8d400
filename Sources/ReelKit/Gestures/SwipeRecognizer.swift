import ReelGestures
import ReelTrace

/// UISwipeGestureRecognizer's machine (D26 `UISwipeGestureRecognizer`: `touchesBegan/Moved/Ended/
/// Cancelled:withEvent:` and `_checkForSwipeWithDelta:...`), a discrete recognizer for direct touches.
///
/// Each finger's offset from where it landed is checked at every event that moves a finger, with
/// limits that decay over the first half second: with e = min(t - start, 0.5),
/// minimum x (1 - e x (1 - `rateOfMinimumMovementDecay`)) and maximum x (1 - e x (1 -
/// `rateOfMaximumMovementDecay`)). For a horizontal direction the primary offset is |dx| and the
/// secondary |dy| (vertical: the other way round):
/// - primary > maximum primary, or secondary > maximum secondary: the swipe fails;
/// - moving against a single direction by more than `maximumOppositeMovement`: it fails;
/// - primary >= minimum primary, secondary >= minimum secondary and the primary speed since the
///   previous event (at least 10 ms apart) >= `minimumPrimaryMovementRate`: this finger swiped.
/// It is recognized when every required finger swiped in the same event; more fingers than
/// required, a finger lifting before, or an event later than `maximumDuration` after the last
/// landing fail it.
///
/// ```swift
/// var swipe = SwipeRecognizer(parameters: .init(direction: .left))
/// _ = swipe.handle(TouchEvent(Touch(t: 0, id: 1, phase: .began, x: 300, y: 400)))
/// swipe.handle(TouchEvent(Touch(t: 0.1, id: 1, phase: .moved, x: 200, y: 405)))  // [.recognized]
/// ```
struct SwipeRecognizer: Sendable, Hashable {
    /// UISwipeGestureRecognizer.Direction's bits (right 1, left 2, up 4, down 8).
    struct Direction: OptionSet, Sendable, Hashable, Codable {
        let rawValue: UInt
        static let right = Direction(rawValue: 1 << 0)
        static let left = Direction(rawValue: 1 << 1)
        static let up = Direction(rawValue: 1 << 2)
        static let down = Direction(rawValue: 1 << 3)
    }

    /// The limits. UIKit sets its own in `_UISwipeGestureRecognizerCommonInit`, which the D26
    /// decompile does not include; the defaults here are those D26's BackBoardServices
    /// `BKSwipeGestureRecognizer -initWithTarget:action:` sets for the same algorithm (0.5 s, 50 pt,
    /// no maximum, 0, 200 pt, 0.06, 0.02). That class has no rate and no opposite-movement limit:
    /// their defaults here, 0 pt/s (no speed check) and 10 pt against a single direction, are not
    /// from a source.
    struct Parameters: Sendable, Hashable, Codable {
        var direction: Direction
        var numberOfTouchesRequired: Int
        var maximumDuration: Double
        var minimumPrimaryMovement: Double
        var maximumPrimaryMovement: Double
        var minimumSecondaryMovement: Double
        var maximumSecondaryMovement: Double
        var rateOfMinimumMovementDecay: Double
        var rateOfMaximumMovementDecay: Double
        var minimumPrimaryMovementRate: Double
        var maximumOppositeMovement: Double

        init(
            direction: Direction = .right, numberOfTouchesRequired: Int = 1, maximumDuration: Double = 0.5,
            minimumPrimaryMovement: Double = 50, maximumPrimaryMovement: Double = SwipeRecognizer.noLimit,
            minimumSecondaryMovement: Double = 0, maximumSecondaryMovement: Double = 200, rateOfMinimumMovementDecay: Double = 0.06,
            rateOfMaximumMovementDecay: Double = 0.02, minimumPrimaryMovementRate: Double = 0,
            maximumOppositeMovement: Double = 10
        ) {
            self.direction = direction
            self.numberOfTouchesRequired = numberOfTouchesRequired
            self.maximumDuration = maximumDuration
            self.minimumPrimaryMovement = minimumPrimaryMovement
            self.maximumPrimaryMovement = maximumPrimaryMovement
            self.minimumSecondaryMovement = minimumSecondaryMovement
            self.maximumSecondaryMovement = maximumSecondaryMovement
            self.rateOfMinimumMovementDecay = rateOfMinimumMovementDecay
            self.rateOfMaximumMovementDecay = rateOfMaximumMovementDecay
            self.minimumPrimaryMovementRate = minimumPrimaryMovementRate
            self.maximumOppositeMovement = maximumOppositeMovement
        }
    }

    /// UIKit's "no limit" (FLT_MAX): a limit equal to it does not decay.
    static let noLimit = Double(Float.greatestFiniteMagnitude)

    let parameters: Parameters
    private(set) var state: GestureState = .possible
    private var touches: [Int] = []
    private var startPositions: [Int: GestureVector] = [:]
    private var previousPositions: [Int: GestureVector] = [:]
    private var startTime = 0.0
    private var previousTime = 0.0
    private var failed = false
    /// Where the swipe began: the fingers' centroid at the last landing (D26 `locationInView:`).
    private(set) var location: GestureVector = .zero

    init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    var numberOfTouches: Int { touches.count }

    /// Where the finger at `index` (landing order) landed (D26 `locationOfTouch:inView:` reads the
    /// start locations), nil out of range.
    func startLocation(ofTouch index: Int) -> GestureVector? {
        touches.indices.contains(index) ? startPositions[touches[index]] : nil
    }

    /// Feeds one touch event; returns the state changes it caused (a swipe reports `.recognized`
    /// or `.failed`, once).
    mutating func handle(_ event: TouchEvent) -> [GestureState] {
        if touches.isEmpty, event.touches.contains(where: { $0.phase == .began }) {
            state = .possible
            failed = false
        }
        var changes: [GestureState] = []
        let landing = event.touches.filter { $0.phase == .began && !touches.contains($0.id) }
        if !landing.isEmpty { land(landing, at: event.t) }
        var latest: [Int: GestureVector] = [:]
        for touch in event.touches where touch.phase == .moved && touches.contains(touch.id) {
            latest[touch.id] = GestureVector(x: touch.x, y: touch.y)
        }
        if !latest.isEmpty { changes += move(to: latest, at: event.t) }
        let leaving = event.touches.filter { ($0.phase == .ended || $0.phase == .cancelled) && touches.contains($0.id) }
        if !leaving.isEmpty {
            touches.removeAll { id in leaving.contains { $0.id == id } }
            if touches.isEmpty { changes += set(.failed) } else { failed = true }
        }
        return changes
    }

    private mutating func land(_ landing: [Touch], at t: Double) {
        guard !failed, touches.count + landing.count <= parameters.numberOfTouchesRequired else {
            failed = true
            return
        }
        for touch in landing {
            let point = GestureVector(x: touch.x, y: touch.y)
            startPositions[touch.id] = point
            previousPositions[touch.id] = point
            touches.append(touch.id)
        }
        let points = touches.compactMap { startPositions[$0] }
        location = points.reduce(GestureVector.zero, +) * (1 / Double(points.count))
        startTime = t
        previousTime = t
    }

    private mutating func move(to latest: [Int: GestureVector], at t: Double) -> [GestureState] {
        defer { previousTime = t }
        if t - startTime > parameters.maximumDuration, state == .possible { return set(.failed) }
        guard !failed else { return [] }
        var all = touches.count == parameters.numberOfTouchesRequired
        for id in touches {
            let position = latest[id] ?? previousPositions[id] ?? .zero
            let start = startPositions[id] ?? position
            let previous = previousPositions[id] ?? position
            all = check(offset: position - start, step: position - previous, elapsed: t - startTime, interval: t - previousTime) && all
            previousPositions[id] = position
        }
        if all { return set(.recognized) }
        return failed ? set(.failed) : []
    }

    /// One finger's check (D26 `_checkForSwipeWithDelta:time:currentPositionChange:...`); sets
    /// `failed` where UIKit does.
    private mutating func check(offset: GestureVector, step: GestureVector, elapsed: Double, interval: Double) -> Bool {
        let p = parameters
        let e = min(elapsed, 0.5)
        let minimumFactor = 1 - e * (1 - p.rateOfMinimumMovementDecay)
        let maximumFactor = 1 - e * (1 - p.rateOfMaximumMovementDecay)
        func scaled(_ limit: Double, _ factor: Double) -> Double { limit == Self.noLimit ? Self.noLimit : limit * factor }
        let minimumPrimary = scaled(p.minimumPrimaryMovement, minimumFactor)
        let maximumPrimary = scaled(p.maximumPrimaryMovement, maximumFactor)
        let minimumSecondary = scaled(p.minimumSecondaryMovement, minimumFactor)
        let maximumSecondary = scaled(p.maximumSecondaryMovement, maximumFactor)
        let horizontal = p.direction.intersection([.left, .right])
        let vertical = p.direction.intersection([.up, .down])
        let opposite =
            (horizontal == .left && offset.x > p.maximumOppositeMovement) || (horizontal == .right && offset.x < -p.maximumOppositeMovement)
            || (vertical == .down && offset.y < -p.maximumOppositeMovement) || (vertical == .up && offset.y > p.maximumOppositeMovement)
        if opposite {
            failed = true
            return false
        }
        let dt = max(interval, 0.01)
        var swiped = false
        if !horizontal.isEmpty {
            if abs(offset.x) > maximumPrimary || abs(offset.y) > maximumSecondary {
                failed = true
                return false
            }
            swiped =
                abs(offset.x) >= minimumPrimary && abs(offset.y) >= minimumSecondary && abs(step.x) / dt >= p.minimumPrimaryMovementRate
        }
        if !vertical.isEmpty {
            if abs(offset.y) > maximumPrimary || abs(offset.x) > maximumSecondary {
                failed = true
                return swiped
            }
            if abs(offset.y) >= minimumPrimary && abs(offset.x) >= minimumSecondary && abs(step.y) / dt >= p.minimumPrimaryMovementRate {
                swiped = true
            }
        }
        return swiped
    }

    private mutating func set(_ new: GestureState) -> [GestureState] {
        guard state == .possible else { return [] }
        state = new
        return [new]
    }
}
