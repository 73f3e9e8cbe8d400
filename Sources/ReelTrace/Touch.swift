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

    /// A sample; a zero of either sign is stored as +0.0 (`-0.0 + 0.0` is `+0.0`, every other value
    /// is kept exactly), because an archive reads -0.0 back as 0.0: the engine, the content hash
    /// and the archive then see the same touches, and an exported session records as itself again.
    public init(t: Double, id: Int, phase: TouchPhase, x: Double, y: Double) {
        self.t = t + 0.0
        self.id = id
        self.phase = phase
        self.x = x + 0.0
        self.y = y + 0.0
    }
}
