/// The verdict on one session: what the diff makes (`TraceDiff`), what the store writes as one
/// `replay_results` row and its `divergences` rows (`Archive.insertVerdict`) and reads back, and
/// what the replay's summary and exit status count. One value from the diff to the row.
public struct SessionComparison: Sendable, Hashable {
    public var status: VerdictStatus
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
        status: VerdictStatus, decisionExpected: Bool, decisionActual: Bool?, divergences: [Divergence],
        firstDivergentFrame: Int?, maxError: Double
    ) {
        self.status = status
        self.decisionExpected = decisionExpected
        self.decisionActual = decisionActual
        self.divergences = divergences
        self.firstDivergentFrame = firstDivergentFrame
        self.maxError = maxError
    }

    /// The kinds of its divergences, each once, in `DivergenceKind` order (`replay_results.kinds_json`).
    package var kinds: [DivergenceKind] {
        DivergenceKind.allCases.filter { kind in divergences.contains { $0.kind == kind } }
    }

    /// Whether the completion decision flipped: both decisions known and different.
    package var flipped: Bool { decisionActual.map { $0 != decisionExpected } ?? false }

    /// The verdict when the candidate engine could not produce a trace.
    public static func failed(expected: Trace, message: String) -> SessionComparison {
        SessionComparison(
            status: .error, decisionExpected: expected.outcome.completed, decisionActual: nil,
            divergences: [Divergence(kind: .error, detail: message)], firstDivergentFrame: nil,
            maxError: 0)
    }
}
