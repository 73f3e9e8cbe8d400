import ReelStore
import ReelTrace

/// Compares a recorded trace (expected) with a replayed one (actual).
///
/// The comparison is deterministic: divergences come in a fixed order (decision, timing,
/// frame_count, lifecycle, missing/extra views, then frame properties by first divergent frame,
/// view order of the recorded frame and property order of `ViewState`). Each (view, property)
/// pair is reported once, at its first divergent frame; `maxError` keeps the worst delta.
public struct TraceDiff: Sendable {
    public var tolerances: Tolerances

    /// Event kinds whose order and set make up a session's lifecycle.
    public static let lifecycleKinds = ["lifecycle", "transition", "presentation"]

    public init(tolerances: Tolerances = .default) {
        self.tolerances = tolerances
    }

    public func compare(expected: Trace, actual: Trace, refreshHz: Double) -> SessionComparison {
        var session = begin(actual: actual, refreshHz: refreshHz)
        for frame in expected.frames { session.compare(recorded: frame) }
        return session.verdict(recordedEvents: expected.events, recordedOutcome: expected.outcome)
    }

    /// Starts comparing a recording with the replayed trace `actual`, for recorded frames that
    /// arrive one at a time (the replayer streams them from the archive, so they are never held).
    public func begin(actual: Trace, refreshHz: Double) -> SessionDiff {
        SessionDiff(diff: self, actual: actual, refreshHz: refreshHz)
    }

    /// The verdict once every recorded frame went through `frames`: the order of divergences is
    /// documented on the type.
    func verdict(
        recordedEvents: [TraceEvent], recordedOutcome expected: Outcome, recordedFrameCount: Int, actual: Trace,
        frames: FrameComparison, refreshHz: Double
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
        let timingDelta = abs(actual.outcome.t - expected.t)
        if !(timingDelta <= frameDuration * (1 + 1e-9)) {
            divergences.append(
                Divergence(
                    kind: .timing, property: "t", expected: "\(expected.t)",
                    actual: "\(actual.outcome.t)", delta: timingDelta,
                    detail: "completion at \(actual.outcome.t) s instead of \(expected.t) s"))
        }
        if recordedFrameCount != actual.frames.count {
            divergences.append(
                Divergence(
                    kind: .frameCount, property: "frames", expected: "\(recordedFrameCount)",
                    actual: "\(actual.frames.count)",
                    delta: Double(abs(recordedFrameCount - actual.frames.count)),
                    detail: "\(actual.frames.count) frames instead of \(recordedFrameCount)"))
        }
        if let lifecycle = compareLifecycle(recordedEvents, actual.events) {
            divergences.append(lifecycle)
        }
        divergences += frames.viewDivergences + frames.propertyDivergences
        let status: SessionComparison.Status = divergences.isEmpty ? .matched : .diverged
        return SessionComparison(
            status: status, decisionExpected: decisionExpected, decisionActual: decisionActual,
            divergences: divergences, firstDivergentFrame: frames.firstDivergentFrame,
            maxError: frames.maxError)
    }

    private func outcomeWord(_ completed: Bool) -> String { completed ? "finished" : "cancelled" }

    /// The first place where the lifecycle sequences differ. Calls are compared by name: the
    /// arguments in parentheses ("update(0.42)") are frame-level detail, not lifecycle. Matching
    /// calls are compared in place, byte by byte; names are only built for the divergence.
    /// The events are read through buffer pointers, which lend them without copying.
    private func compareLifecycle(_ expected: [TraceEvent], _ actual: [TraceEvent]) -> Divergence? {
        expected.withUnsafeBufferPointer { expected in
            actual.withUnsafeBufferPointer { actual in Self.compareLifecycle(expected, actual) }
        }
    }

    private static func compareLifecycle(
        _ expected: UnsafeBufferPointer<TraceEvent>, _ actual: UnsafeBufferPointer<TraceEvent>
    ) -> Divergence? {
        var left = Self.nextLifecycleEvent(in: expected, from: 0)
        var right = Self.nextLifecycleEvent(in: actual, from: 0)
        var index = 0
        while left < expected.endIndex || right < actual.endIndex {
            guard left < expected.endIndex, right < actual.endIndex, Self.sameCall(expected[left], actual[right])
            else {
                let expectedCall = left < expected.endIndex ? Self.callName(expected[left]) : "(end)"
                let actualCall = right < actual.endIndex ? Self.callName(actual[right]) : "(end)"
                return Divergence(
                    kind: .lifecycle, property: "event[\(index)]", expected: expectedCall, actual: actualCall,
                    detail: "lifecycle call \(index) is \(actualCall) instead of \(expectedCall)")
            }
            index += 1
            left = Self.nextLifecycleEvent(in: expected, from: left + 1)
            right = Self.nextLifecycleEvent(in: actual, from: right + 1)
        }
        return nil
    }

    /// The index of the first event of a lifecycle kind at or after `start` (`endIndex` if none).
    private static func nextLifecycleEvent(in events: UnsafeBufferPointer<TraceEvent>, from start: Int) -> Int {
        var index = start
        while index < events.endIndex, !isLifecycleKind(events[index].kind) { index += 1 }
        return index
    }

    /// Whether `kind` is one of `lifecycleKinds`: three string comparisons, no hashing.
    private static func isLifecycleKind(_ kind: String) -> Bool {
        lifecycleKinds.contains(kind)
    }

    /// Whether two events make the same call: same subject, same detail up to its arguments.
    private static func sameCall(_ a: borrowing TraceEvent, _ b: borrowing TraceEvent) -> Bool {
        guard a.subject == b.subject else { return false }
        var lhs = a.detail
        var rhs = b.detail
        return lhs.withUTF8 { lhs in rhs.withUTF8 { rhs in sameCallName(lhs, rhs) } }
    }

    /// Whether two details have the same bytes before their arguments ("update" of "update(0.42)"):
    /// the end of a detail counts as the "(" that opens its arguments.
    private static func sameCallName(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        let open = UInt8(ascii: "(")
        var index = 0
        while true {
            let left = index < lhs.count ? lhs[index] : open
            let right = index < rhs.count ? rhs[index] : open
            if left != right { return false }
            if left == open { return true }
            index += 1
        }
    }

    private static func callName(_ event: TraceEvent) -> String {
        let detail = event.detail.split(separator: "(", maxSplits: 1).first.map(String.init) ?? ""
        return "\(event.subject).\(detail)"
    }
}
