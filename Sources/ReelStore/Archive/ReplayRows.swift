import ReelTrace

/// The state of a replay run (`replays.status`).
public enum ReplayStatus: String, Sendable, Hashable, CaseIterable {
    case running, finished, failed
}

/// One row of `replay_results`.
public struct ReplayResultRow: Sendable, Hashable {
    public var replayID: Int64
    public var sessionID: Int64
    public var status: VerdictStatus
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

    package init(
        replayID: Int64, sessionID: Int64, status: VerdictStatus, decisionExpected: Decision?,
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

extension ReplayResultRow {
    /// The row that stores `verdict` as replay `replayID`'s verdict on session `sessionID`: an
    /// error verdict keeps its first divergence's detail as the error and no largest error.
    package init(replayID: Int64, sessionID: Int64, verdict: SessionComparison) {
        self.init(
            replayID: replayID, sessionID: sessionID, status: verdict.status,
            decisionExpected: Decision(completed: verdict.decisionExpected),
            decisionActual: verdict.decisionActual.map(Decision.init(completed:)),
            firstDivergentFrame: verdict.firstDivergentFrame,
            maxError: verdict.status == .error ? nil : verdict.maxError,
            errorMessage: verdict.status == .error ? verdict.divergences.first?.detail : nil,
            kinds: verdict.kinds)
    }
}

extension SessionComparison {
    /// The verdict as its stored rows give it back: the result row and its divergences (in their
    /// stored order). An unknown recorded decision reads as cancelled, no largest error as 0.
    package init(_ row: ReplayResultRow, divergences: [DivergenceRow]) {
        self.init(
            status: row.status, decisionExpected: row.decisionExpected?.completed ?? false,
            decisionActual: row.decisionActual?.completed,
            divergences: divergences.map(\.divergence),
            firstDivergentFrame: row.firstDivergentFrame, maxError: row.maxError ?? 0)
    }
}

/// One row of `divergences`: a divergence of one session in one replay. Its fields read through
/// (`row.kind`, `row.frameIndex`, ...).
@dynamicMemberLookup
public struct DivergenceRow: Sendable, Hashable {
    public var replayID: Int64
    public var sessionID: Int64
    public var divergence: Divergence

    package init(replayID: Int64, sessionID: Int64, divergence: Divergence) {
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
    /// Where and from what the run ran (commit, branch, pull request, CI URL, host, `--meta`), a
    /// JSON object of text values; nil for runs begun before schema v8.
    public var metadataJSON: String?

    package init(
        id: Int64, engineID: Int64, candidate: String, startedAt: String, finishedAt: String?, tolerancesJSON: String,
        shard: String?, status: ReplayStatus, selectionJSON: String? = "{}", runner: String? = nil, metadataJSON: String? = nil
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
        self.metadataJSON = metadataJSON
    }
}
