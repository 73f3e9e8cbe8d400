/// UIGestureRecognizer.State with UIKit's raw values.
public enum GestureState: Int, Sendable, Hashable, Codable, CaseIterable {
    case possible = 0
    case began = 1
    case changed = 2
    case ended = 3
    case cancelled = 4
    case failed = 5

    /// UIKit's name for `.ended` on discrete recognizers (taps).
    public static let recognized = GestureState.ended

    /// began or changed: the gesture is in progress.
    public var isInProgress: Bool { self == .began || self == .changed }

    /// ended, cancelled or failed: nothing more happens until every finger lifts.
    public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// The state's name as UIKit spells it ("possible", "began", ...).
    public var name: String {
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
public struct GestureVector: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = GestureVector(x: 0, y: 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: GestureVector, b: GestureVector) -> GestureVector { GestureVector(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: GestureVector, b: GestureVector) -> GestureVector { GestureVector(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: GestureVector, s: Double) -> GestureVector { GestureVector(x: a.x * s, y: a.y * s) }
    public static func / (a: GestureVector, s: Double) -> GestureVector { GestureVector(x: a.x / s, y: a.y / s) }

    /// The dot product.
    public func dot(_ other: GestureVector) -> Double { x * other.x + y * other.y }
}
