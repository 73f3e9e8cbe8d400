/// How a session's transition ended, as the archive spells it.
public enum Decision: String, Sendable, Hashable, CaseIterable {
    case finished, cancelled

    /// `.finished` for a completed transition, `.cancelled` otherwise (as `Outcome.completed`).
    public init(completed: Bool) { self = completed ? .finished : .cancelled }

    /// Whether the transition completed.
    public var completed: Bool { self == .finished }
}

/// The state of a replay run (`replays.status`).
public enum ReplayStatus: String, Sendable, Hashable, CaseIterable {
    case running, finished, failed
}

/// The verdict of a replay on one session (`replay_results.status`).
public enum ReplayResultStatus: String, Sendable, Hashable, CaseIterable {
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

/// One row of `replay_results`.
public struct ReplayResultRow: Sendable, Hashable {
    public var replayID: Int64
    public var sessionID: Int64
    public var status: ReplayResultStatus
    /// The stored decision (nil only when unknown).
    public var decisionExpected: Decision?
    /// The candidate's decision (nil when the candidate failed).
    public var decisionActual: Decision?
    /// The first frame index with a divergence, if any.
    public var firstDivergentFrame: Int?
    /// The largest difference found among compared numeric properties (points, or the property's unit).
    public var maxError: Double?
    /// The candidate's error, for status `.error`.
    public var errorMessage: String?
    /// The kinds of divergence found; stored deduplicated in `DivergenceKind.allCases` order.
    public var kinds: [DivergenceKind]

    public init(
        replayID: Int64, sessionID: Int64, status: ReplayResultStatus, decisionExpected: Decision?,
        decisionActual: Decision?, firstDivergentFrame: Int? = nil, maxError: Double? = nil,
        errorMessage: String? = nil, kinds: [DivergenceKind] = []
    ) {
        self.replayID = replayID
        self.sessionID = sessionID
        self.status = status
        self.decisionExpected = decisionExpected
        self.decisionActual = decisionActual
        self.firstDivergentFrame = firstDivergentFrame
        self.maxError = maxError
        self.errorMessage = errorMessage
        self.kinds = kinds
    }
}

/// One row of `divergences`: a divergence of one session in one replay. Its fields read through
/// (`row.kind`, `row.frameIndex`, ...).
@dynamicMemberLookup
public struct DivergenceRow: Sendable, Hashable {
    public var replayID: Int64
    public var sessionID: Int64
    public var divergence: Divergence

    public init(replayID: Int64, sessionID: Int64, divergence: Divergence) {
        self.replayID = replayID
        self.sessionID = sessionID
        self.divergence = divergence
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<Divergence, Value>) -> Value {
        divergence[keyPath: keyPath]
    }
}

/// One row of `replays`: a replay run.
public struct ReplayRunRow: Sendable, Hashable {
    public var id: Int64
    /// The candidate engine (`engines.id`).
    public var engineID: Int64
    /// How the candidate was named on the command line.
    public var candidate: String
    public var startedAt: String
    public var finishedAt: String?
    public var tolerancesJSON: String
    /// "K/N" for a run over one shard, nil for a run over the whole selection.
    public var shard: String?
    public var status: ReplayStatus
    /// The sessions the run selected, as JSON (`{"sessions": [...], "scenario": "..."}`, `{}` for every
    /// session); nil for a run begun before schema v3, whose selection is unknown.
    public var selectionJSON: String?
    /// The process that last began or resumed the run, as JSON; nil when unknown.
    public var runner: String?

    public init(
        id: Int64, engineID: Int64, candidate: String, startedAt: String, finishedAt: String?, tolerancesJSON: String,
        shard: String?, status: ReplayStatus, selectionJSON: String? = "{}", runner: String? = nil
    ) {
        self.id = id
        self.engineID = engineID
        self.candidate = candidate
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.tolerancesJSON = tolerancesJSON
        self.shard = shard
        self.status = status
        self.selectionJSON = selectionJSON
        self.runner = runner
    }
}
