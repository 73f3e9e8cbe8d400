/// Everything a replay report shows, read from an archive (see `ReportReader`) and rendered by
/// `ReportPage` without further I/O.
public struct ReportModel: Sendable {
    /// The replay run and its engines.
    public struct Replay: Sendable {
        public var id: Int64
        /// How the candidate was named on the command line: `builtin`, a profile path, `exec:...`.
        public var candidate: String
        /// "name version" of the candidate engine.
        public var candidateEngine: String
        /// "name version" of each engine whose trace was the baseline of a replayed session when
        /// the replay began: the recording engine, or the one a `reel accept` made the baseline.
        public var recordingEngines: [String]
        /// Whether some of those baselines were accepted from a replay rather than recorded.
        public var baselinesAccepted = false
        public var startedAt: String
        public var finishedAt: String?
        public var status: String
        public var shard: String?
        /// The tolerances as stored (JSON text).
        public var tolerancesJSON: String
        /// Profile parameters whose candidate value differs from the recording engine's, as
        /// "name: recorded -> candidate" (empty when unknown or none).
        public var changedParameters: [String]
    }

    /// Verdict counts of one replay, overall or for one scenario.
    public struct Counts: Sendable, Hashable {
        public var sessions = 0, matched = 0, diverged = 0, errors = 0
        /// Sessions whose decision flipped (finished <-> cancelled).
        public var decisionFlips = 0

        public init(sessions: Int = 0, matched: Int = 0, diverged: Int = 0, errors: Int = 0, decisionFlips: Int = 0) {
            self.sessions = sessions
            self.matched = matched
            self.diverged = diverged
            self.errors = errors
            self.decisionFlips = decisionFlips
        }
    }

    /// One divergence kind's totals.
    public struct KindCount: Sendable, Hashable {
        public var kind: String
        public var sessions: Int
        public var divergences: Int
    }

    /// One divergent session's curves.
    public struct SessionPlots: Sendable {
        public var sessionID: Int64
        public var scenario: String
        public var status: String
        /// The first stored divergence, in words.
        public var firstDivergence: String
        public var progress: LinePlot
        /// The first divergent view property over time; nil when no view property diverged.
        public var property: LinePlot?
        /// The session's player: recorded and (when re-run) replayed traces on one clock.
        public var player: PlayerSession
    }

    /// One interactive scenario's decision map.
    public struct DecisionMap: Sendable {
        public var scenario: String
        public var plot: DecisionMapPlot
        /// Replayed sessions of the scenario left off the map because they have no release to
        /// place: the gesture never drove the transition, or the archive holds no trace of it.
        public var notStarted: Int
    }

    public var archiveName: String
    public var replay: Replay
    public var totals: Counts
    public var byKind: [KindCount]
    public var scenarios: [(name: String, counts: Counts)]
    public var sessionPlots: [SessionPlots]
    /// Divergent or failed sessions not plotted (beyond the cap, or without a stored trace).
    public var sessionsNotPlotted: Int
    /// Why the candidate's curves are missing from the session plots, when they are.
    public var candidateTraceNote: String?
    public var decisionMaps: [DecisionMap]
}
