/// The phase of one touch sample, as UIKit's `UITouch.Phase` names it.
public enum TouchPhase: String, Sendable, Hashable, Codable, CaseIterable {
    case began, moved, stationary, ended, cancelled

    /// Whether the finger is still on the glass after this sample.
    public var isActive: Bool { self == .began || self == .moved || self == .stationary }
}

/// One raw touch sample: a finger at a point in window coordinates at a time.
public struct Touch: Sendable, Hashable, Codable {
    /// Seconds since the start of the session; non-decreasing within a session.
    public var t: Double
    /// The finger; samples with the same id belong to the same finger.
    public var id: Int
    public var phase: TouchPhase
    /// Points, window coordinates.
    public var x: Double
    /// Points, window coordinates.
    public var y: Double

    public init(t: Double, id: Int, phase: TouchPhase, x: Double, y: Double) {
        self.t = t
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
    }
}
