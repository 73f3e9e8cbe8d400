import ReelTrace

/// One session's comparison in progress: the replayed trace is held whole, the recorded frames
/// and lifecycle calls arrive one at a time in order, as plain values (`Frame` or `FrameColumns`, `LifecycleCall`), and `verdict` gives the result
/// `TraceDiff.compare` gives for the whole recording.
package struct SessionDiff: Sendable {
    private let diff: TraceDiff
    private let actual: Trace
    /// The replayed frames when they come packed (`actual` then holds none).
    private let packed: PackedFrames?
    /// How many frames the replay has.
    private let actualFrameCount: Int
    private let refreshHz: Double
    private var frames: FrameComparison
    private var lifecycle: LifecycleComparison
    private var recordedFrameCount = 0

    init(diff: TraceDiff, actual: Trace, packed: PackedFrames? = nil, events: PackedEvents? = nil, refreshHz: Double) {
        self.diff = diff
        self.actual = actual
        self.packed = packed
        actualFrameCount = packed?.count ?? actual.frames.count
        self.refreshHz = refreshHz
        frames = FrameComparison(tolerances: diff.tolerances, frameTimeTolerance: 0.5 / refreshHz)
        lifecycle = events.map(LifecycleComparison.init(replayed:)) ?? LifecycleComparison(replayed: actual.events)
    }

    /// Compares the next recorded frame with the replayed frame at the same position (recorded
    /// frames beyond the replay's last one are only counted).
    package mutating func compare(recorded frame: Frame) {
        if let packed, recordedFrameCount < actualFrameCount {
            frames.compare(FrameColumns(frame), packed, recordedFrameCount)
        } else if recordedFrameCount < actualFrameCount {
            frames.compare(frame, actual.frames[recordedFrameCount])
        }
        recordedFrameCount += 1
    }

    /// Compares the next recorded frame, as the archive decodes it (`FrameColumns`), with the
    /// replayed frame at the same position, as `compare(recorded:)` of the same frame as a `Frame`.
    package mutating func compare(recordedColumns frame: FrameColumns) {
        if let packed, recordedFrameCount < actualFrameCount {
            frames.compare(frame, packed, recordedFrameCount)
        } else if recordedFrameCount < actualFrameCount {
            frames.compare(frame, actual.frames[recordedFrameCount])
        }
        recordedFrameCount += 1
    }

    /// Compares the next recorded lifecycle call (a call of an event of a lifecycle kind,
    /// `LifecycleCall.eventKinds`).
    package mutating func compare(recorded call: LifecycleCall) {
        lifecycle.compare(recorded: call)
    }

    /// The verdict, given the recording's outcome.
    package func verdict(recordedOutcome: Outcome) -> SessionComparison {
        diff.verdict(
            recordedOutcome: recordedOutcome, recordedFrameCount: recordedFrameCount, actual: actual,
            actualFrameCount: actualFrameCount, frames: frames,
            lifecycle: lifecycle, refreshHz: refreshHz)
    }
}
