import ReelTrace

/// One session's comparison in progress: the replayed trace is held whole, the recorded frames
/// arrive one at a time in frame order (`compare(recorded:)`), and `verdict` gives the result
/// `TraceDiff.compare` would give for the whole recording.
public struct SessionDiff: Sendable {
    private let diff: TraceDiff
    private let actual: Trace
    private let refreshHz: Double
    private var frames: FrameComparison
    private var recordedFrameCount = 0

    init(diff: TraceDiff, actual: Trace, refreshHz: Double) {
        self.diff = diff
        self.actual = actual
        self.refreshHz = refreshHz
        frames = FrameComparison(tolerances: diff.tolerances)
    }

    /// Compares the next recorded frame with the replayed frame at the same position (recorded
    /// frames beyond the replay's last one are only counted).
    public mutating func compare(recorded frame: Frame) {
        if recordedFrameCount < actual.frames.count {
            frames.compare(frame, actual.frames[recordedFrameCount])
        }
        recordedFrameCount += 1
    }

    /// The verdict, given the recording's events and outcome.
    public func verdict(recordedEvents: [TraceEvent], recordedOutcome: Outcome) -> SessionComparison {
        diff.verdict(
            recordedEvents: recordedEvents, recordedOutcome: recordedOutcome, recordedFrameCount: recordedFrameCount,
            actual: actual, frames: frames, refreshHz: refreshHz)
    }
}
