// The verdict vocabulary every layer shares: the diff produces these values, the store keeps them
// (`divergences`, `replay_results`), the failure policy and the report read them. Plain values, no I/O.

/// One difference between a recorded and a replayed trace: the content of a `divergences` row.
public struct Divergence: Sendable, Hashable {
    public var kind: DivergenceKind
    /// The first frame at which it shows, when it concerns frames.
    public var frameIndex: Int?
    public var viewKey: String?
    /// "x", "alpha", "progress", "completed", "t", ... or nil.
    public var property: String?
    public var expected: String?
    public var actual: String?
    /// |actual - expected| for numeric properties.
    public var delta: Double?
    /// A sentence for people (stored in `divergences.detail`).
    public var detail: String

    public init(
        kind: DivergenceKind, frameIndex: Int? = nil, viewKey: String? = nil, property: String? = nil,
        expected: String? = nil, actual: String? = nil, delta: Double? = nil, detail: String
    ) {
        self.kind = kind
        self.frameIndex = frameIndex
        self.viewKey = viewKey
        self.property = property
        self.expected = expected
        self.actual = actual
        self.delta = delta
        self.detail = detail
    }
}

/// How a session's transition ended, as the archive spells it.
public enum Decision: String, Sendable, Hashable, CaseIterable {
    case finished, cancelled

    /// `.finished` for a completed transition, `.cancelled` otherwise (as `Outcome.completed`).
    public init(completed: Bool) { self = completed ? .finished : .cancelled }

    /// Whether the transition completed.
    public var completed: Bool { self == .finished }
}

/// The verdict of a replay on one session (`replay_results.status`).
public enum VerdictStatus: String, Sendable, Hashable, CaseIterable {
    /// The candidate's trace matched the stored one within the tolerances.
    case matched
    /// At least one divergence was found.
    case diverged
    /// The candidate engine failed on the session.
    case error
}

/// What kind of difference a divergence is (`divergences.kind`). Case order is the canonical
/// order of `ReplayResultRow.kinds`.
public enum DivergenceKind: String, Sendable, Hashable, CaseIterable {
    /// The completion decision flipped.
    case decision
    /// Lifecycle/transition events differ in order or content.
    case lifecycle
    /// The number of frames differs.
    case frameCount = "frame_count"
    /// A view property differs beyond tolerance in a frame.
    case frame
    /// A time (completion time, event time) differs beyond tolerance.
    case timing
    /// A view of the stored frame is missing from the candidate's.
    case missingView = "missing_view"
    /// The candidate's frame has a view the stored frame does not.
    case extraView = "extra_view"
    /// The candidate engine failed.
    case error
}
