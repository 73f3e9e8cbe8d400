import ReelTrace

/// Compares a recorded trace (expected) with a replayed one (actual).
///
/// The comparison is deterministic: divergences come in a fixed order (decision, timing,
/// frame_count, lifecycle, missing/extra views, then frame properties by first divergent frame,
/// view order of the recorded frame and property order of `ViewState`). Each (view, property)
/// pair is reported once, at its first divergent frame; `maxError` keeps the worst delta.
public struct TraceDiff: Sendable {
    public var tolerances: Tolerances

    /// Event kinds whose order and set make up a session's lifecycle (`LifecycleCall.eventKinds`).
    package static let lifecycleKinds = LifecycleCall.eventKinds

    public init(tolerances: Tolerances = .default) {
        self.tolerances = tolerances
    }

    public func compare(expected: Trace, actual: Trace, refreshHz: Double) -> SessionComparison {
        var session = begin(actual: actual, refreshHz: refreshHz)
        for frame in expected.frames { session.compare(recorded: frame) }
        for call in expected.events.lazy.compactMap(LifecycleCall.init) {
            session.compare(recorded: call)
        }
        return session.verdict(recordedOutcome: expected.outcome)
    }

    /// Starts comparing a recording with the replayed trace `actual`, for recorded frames and
    /// lifecycle calls that arrive one at a time (the replayer streams them from the archive, so
    /// they are never held).
    package func begin(actual: Trace, refreshHz: Double) -> SessionDiff {
        SessionDiff(diff: self, actual: actual, refreshHz: refreshHz)
    }

    /// `begin`, the replayed frames packed (`FrameColumns`; `actual` holds no frames) and, when
    /// `events` is given, the replayed events too (`actual` then holds no events): the same
    /// verdict as `begin` with `actual` holding `packed.frames` and `events.events`, without
    /// making them.
    package func begin(actual: Trace, packed: FrameColumns, events: PackedEvents? = nil, refreshHz: Double) -> SessionDiff {
        SessionDiff(diff: self, actual: actual, packed: packed, events: events, refreshHz: refreshHz)
    }

    /// The verdict once every recorded frame went through `frames` and every recorded lifecycle
    /// call through `lifecycle`: the order of divergences is documented on the type.
    func verdict(
        recordedOutcome expected: Outcome, recordedFrameCount: Int, actual: Trace, actualFrameCount: Int, frames: FrameComparison,
        lifecycle: LifecycleComparison, refreshHz: Double
    ) -> SessionComparison {
        var divergences: [Divergence] = []
        let decisionExpected = expected.completed
        let decisionActual = actual.outcome.completed
        if decisionExpected != decisionActual {
            divergences.append(
                Divergence(
                    kind: .decision, property: "completed", expected: outcomeWord(decisionExpected),
                    actual: outcomeWord(decisionActual),
                    detail: "recorded \(outcomeWord(decisionExpected)), replay \(outcomeWord(decisionActual))"))
        }
        let frameDuration = 1.0 / refreshHz
        let timingDelta = actual.outcome.t - expected.t
        if !(abs(timingDelta) <= frameDuration * (1 + 1e-9)) {
            divergences.append(
                Divergence(
                    kind: .timing, property: "t", expected: "\(expected.t)",
                    actual: "\(actual.outcome.t)", delta: timingDelta,
                    detail: "completion at \(actual.outcome.t) s instead of \(expected.t) s"))
        }
        if recordedFrameCount != actualFrameCount {
            divergences.append(
                Divergence(
                    kind: .frameCount, property: "frames", expected: "\(recordedFrameCount)",
                    actual: "\(actualFrameCount)",
                    delta: Double(actualFrameCount - recordedFrameCount),
                    detail: "\(actualFrameCount) frames instead of \(recordedFrameCount)"))
        }
        if let lifecycle = lifecycle.divergence {
            divergences.append(lifecycle)
        }
        divergences += frames.viewDivergences + frames.propertyDivergences
        let status: VerdictStatus = divergences.isEmpty ? .matched : .diverged
        return SessionComparison(
            status: status, decisionExpected: decisionExpected, decisionActual: decisionActual,
            divergences: divergences, firstDivergentFrame: frames.firstDivergentFrame,
            maxError: frames.maxError)
    }

    private func outcomeWord(_ completed: Bool) -> String { completed ? "finished" : "cancelled" }
}
