import ReelStore
import ReelTrace

/// One difference between a recorded and a replayed trace.
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
    /// A sentence for people.
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

/// The verdict on one session.
public struct SessionComparison: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable { case matched, diverged, error }

    public var status: Status
    public var decisionExpected: Bool
    /// nil when the engine failed.
    public var decisionActual: Bool?
    /// In a fixed order: decision, timing, frame_count, lifecycle, missing/extra views, frames.
    public var divergences: [Divergence]
    /// The first frame index at which any frame property diverged.
    public var firstDivergentFrame: Int?
    /// The largest frame-property delta seen, in that property's unit.
    public var maxError: Double

    public init(
        status: Status, decisionExpected: Bool, decisionActual: Bool?, divergences: [Divergence],
        firstDivergentFrame: Int?, maxError: Double
    ) {
        self.status = status
        self.decisionExpected = decisionExpected
        self.decisionActual = decisionActual
        self.divergences = divergences
        self.firstDivergentFrame = firstDivergentFrame
        self.maxError = maxError
    }

    /// The verdict when the candidate engine could not produce a trace.
    public static func failed(expected: Trace, message: String) -> SessionComparison {
        SessionComparison(
            status: .error, decisionExpected: expected.outcome.completed, decisionActual: nil,
            divergences: [Divergence(kind: .error, detail: message)], firstDivergentFrame: nil,
            maxError: 0)
    }
}
