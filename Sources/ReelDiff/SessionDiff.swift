import ReelTrace

/// One session's comparison in progress: the replayed trace is held whole, the recorded frames
/// and lifecycle calls arrive one at a time in order, as plain values (`FrameColumns` or `Frame`,
/// `LifecycleCall`), and `verdict` gives the result `TraceDiff.compare` gives for the whole recording.
package struct SessionDiff: Sendable {
    private let diff: TraceDiff
    private let actual: Trace
    /// The replayed frames as columns (packed by the engine's answer, or made from `actual.frames`).
    private let replayed: FrameColumns
    private let refreshHz: Double
    private var frames: FrameComparison
    private var lifecycle: LifecycleComparison
    private var recordedFrameCount = 0

    init(diff: TraceDiff, actual: Trace, packed: FrameColumns? = nil, events: PackedEvents? = nil, refreshHz: Double) {
        self.diff = diff
        self.actual = actual
        replayed = packed ?? FrameColumns(actual.frames)
        self.refreshHz = refreshHz
        frames = FrameComparison(tolerances: diff.tolerances, frameTimeTolerance: 0.5 / refreshHz)
        lifecycle = events.map(LifecycleComparison.init(replayed:)) ?? LifecycleComparison(replayed: actual.events)
    }

    /// Compares the next recorded frame with the replayed frame at the same position (recorded
    /// frames beyond the replay's last one are only counted).
    package mutating func compare(recorded frame: Frame) {
        compare(recorded: FrameColumns([frame]), frame: 0)
    }

    /// Compares the next recorded frame, frame `index` of `columns` (one frame of what the archive
    /// decodes, or of a whole recorded trace), with the replayed frame at the same position, as
    /// `compare(recorded:)` of the same frame as a `Frame`.
    package mutating func compare(recorded columns: FrameColumns, frame index: Int) {
        if recordedFrameCount < replayed.count {
            frames.compare(columns, frame: index, replayed, frame: recordedFrameCount)
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
            actualFrameCount: replayed.count, frames: frames,
            lifecycle: lifecycle, refreshHz: refreshHz)
    }
}
