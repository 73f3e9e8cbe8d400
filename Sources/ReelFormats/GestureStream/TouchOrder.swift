import ReelTrace

/// The order rules every session's touches keep, checked one touch at a time: time never goes
/// backwards, the session spans at most `GestureLimits.maxSessionSpan`, and each finger begins
/// before it moves, rests or ends, and not again while down. One home for the rules the stream
/// reader holds a stream to and `GestureLimits.violation` holds any other input to; each caller
/// words the violation for its own context.
///
/// ```swift
/// var order = TouchOrder()
/// order.admit(Touch(t: 0, id: 1, phase: .moved, x: 0, y: 0))  // .beforeBegan
/// ```
struct TouchOrder {
    /// Why a touch cannot follow the ones admitted before it.
    enum Violation: Equatable {
        /// Its time is before the previous touch's, at `previous`.
        case backwards(previous: Double)
        /// It lies more than `maxSessionSpan` after the first touch, at `first`.
        case spanTooLong(first: Double)
        /// Its finger began while it was already down.
        case beganAgain
        /// Its finger moved, rested or ended without having begun.
        case beforeBegan
    }

    /// At most a handful of fingers: a small array beats hashing.
    private var fingersDown: [Int] = []
    private var first: Double?
    private var previous: Double?

    /// Takes `touch` as the next one, or says why it cannot follow (and takes nothing).
    mutating func admit(_ touch: Touch) -> Violation? {
        if let previous, touch.t < previous { return .backwards(previous: previous) }
        if let first, touch.t - first > GestureLimits.maxSessionSpan { return .spanTooLong(first: first) }
        switch touch.phase {
        case .began:
            guard !fingersDown.contains(touch.id) else { return .beganAgain }
            fingersDown.append(touch.id)
        case .moved, .stationary:
            guard fingersDown.contains(touch.id) else { return .beforeBegan }
        case .ended, .cancelled:
            guard let position = fingersDown.firstIndex(of: touch.id) else { return .beforeBegan }
            fingersDown.remove(at: position)
        }
        if first == nil { first = touch.t }
        previous = touch.t
        return nil
    }
}
