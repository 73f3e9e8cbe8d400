import ReelTrace

/// One session's comparison in progress: the replayed trace is held whole, the recorded frames
/// and lifecycle calls arrive one at a time in order, and `verdict` gives the result
/// `TraceDiff.compare` gives for the whole recording.
package struct SessionDiff: Sendable {
    private let diff: TraceDiff
    private let actual: Trace
    private let refreshHz: Double
    private var frames: FrameComparison
    private var lifecycle: LifecycleComparison
    private var recordedFrameCount = 0

    init(diff: TraceDiff, actual: Trace, refreshHz: Double) {
        self.diff = diff
        self.actual = actual
        self.refreshHz = refreshHz
        frames = FrameComparison(tolerances: diff.tolerances, frameTimeTolerance: 0.5 / refreshHz)
        lifecycle = LifecycleComparison(replayed: actual.events)
    }

    /// Compares the next recorded frame with the replayed frame at the same position (recorded
    /// frames beyond the replay's last one are only counted).
    package mutating func compare(recorded frame: Frame) {
        if recordedFrameCount < actual.frames.count {
            frames.compare(frame, actual.frames[recordedFrameCount])
        }
        recordedFrameCount += 1
    }

    /// Compares the next recorded call of a lifecycle kind (`TraceDiff.lifecycleKinds`), given
    /// as the archive stores its subject and detail.
    package mutating func compare(recordedSubject subject: UnsafeBufferPointer<UInt8>, detail: UnsafeBufferPointer<UInt8>) {
        lifecycle.compare(recordedSubject: subject, detail: detail)
    }

    /// Compares the next recorded call of a lifecycle kind.
    package mutating func compare(recordedLifecycleCall event: TraceEvent) {
        lifecycle.compare(recorded: event)
    }

    /// The verdict, given the recording's outcome.
    package func verdict(recordedOutcome: Outcome) -> SessionComparison {
        diff.verdict(
            recordedOutcome: recordedOutcome, recordedFrameCount: recordedFrameCount, actual: actual, frames: frames,
            lifecycle: lifecycle, refreshHz: refreshHz)
    }
}
