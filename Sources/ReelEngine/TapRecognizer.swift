import ReelTrace

/// UITapGestureRecognizer (one tap, one finger): recognized when the finger lifts within
/// `maxDuration` of landing without moving more than `maxMovement`; fails otherwise.
struct TapRecognizer: Sendable {
    enum State: Sendable { case possible, recognized, failed }
    let maxMovement: Double
    let maxDuration: Double
    private(set) var state = State.possible
    private var finger: Int?
    private var start = (t: 0.0, x: 0.0, y: 0.0)
    private var fingersDown = 0

    init(maxMovement: Double, maxDuration: Double) {
        self.maxMovement = maxMovement
        self.maxDuration = maxDuration
    }

    /// Feeds one touch; returns true when this touch completes a tap.
    mutating func handle(_ touch: Touch) -> Bool {
        switch touch.phase {
        case .began:
            fingersDown += 1
            if fingersDown == 1 {
                state = .possible
                finger = touch.id
                start = (touch.t, touch.x, touch.y)
            } else {
                state = .failed
            }
        case .moved, .stationary:
            guard touch.id == finger, state == .possible else { return false }
            if moved(touch) || touch.t - start.t > maxDuration { state = .failed }
        case .ended, .cancelled:
            fingersDown = max(0, fingersDown - 1)
            guard touch.id == finger else { return false }
            finger = nil
            if touch.phase == .ended, state == .possible, !moved(touch), touch.t - start.t <= maxDuration {
                state = .recognized
                return true
            }
            state = .failed
        }
        return false
    }

    private func moved(_ touch: Touch) -> Bool {
        let dx = touch.x - start.x, dy = touch.y - start.y
        return (dx * dx + dy * dy).squareRoot() > maxMovement
    }
}
