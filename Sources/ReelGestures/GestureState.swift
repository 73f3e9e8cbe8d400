/// UIGestureRecognizer.State with UIKit's raw values.
package enum GestureState: Int, Sendable, Hashable, Codable, CaseIterable {
    case possible = 0
    case began = 1
    case changed = 2
    case ended = 3
    case cancelled = 4
    case failed = 5

    /// UIKit's name for `.ended` on discrete recognizers (taps).
    package static let recognized = GestureState.ended

    /// began or changed: the gesture is in progress.
    package var isInProgress: Bool { self == .began || self == .changed }

    /// ended, cancelled or failed: nothing more happens until every finger lifts.
    package var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Moves a continuous recognizer (pan, screen-edge pan, pinch) on when the fingers it tracks
    /// leave the glass, lifted (`outcome` `.ended`) or cancelled by the system (`.cancelled`): a
    /// gesture that never began fails, one in progress takes `outcome`, a final state stays.
    /// Returns the new state, or nil when the state did not change.
    package mutating func fingersLeft(_ outcome: GestureState) -> GestureState? {
        switch self {
        case .possible: self = .failed
        case .began, .changed: self = outcome
        case .ended, .cancelled, .failed: return nil
        }
        return self
    }

    /// The state's name as UIKit spells it ("possible", "began", ...).
    package var name: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// A point or a displacement in points (or, for velocities, points per second).
package struct GestureVector: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    package static let zero = GestureVector(x: 0, y: 0)

    package var length: Double { (x * x + y * y).squareRoot() }

    package static func + (a: GestureVector, b: GestureVector) -> GestureVector { GestureVector(x: a.x + b.x, y: a.y + b.y) }
    package static func - (a: GestureVector, b: GestureVector) -> GestureVector { GestureVector(x: a.x - b.x, y: a.y - b.y) }
    package static func * (a: GestureVector, s: Double) -> GestureVector { GestureVector(x: a.x * s, y: a.y * s) }
    package static func / (a: GestureVector, s: Double) -> GestureVector { GestureVector(x: a.x / s, y: a.y / s) }

    /// The dot product.
    package func dot(_ other: GestureVector) -> Double { x * other.x + y * other.y }
}
