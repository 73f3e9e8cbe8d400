import ReelStore

/// Everything a replay report shows, read from an archive (see `ReportReader`) and rendered by
/// `ReportPage` without further I/O.
package struct ReportModel: Sendable {
    /// The replay run and its engines.
    package struct Replay: Sendable {
        package var id: Int64
        /// How the candidate was named on the command line: `builtin`, a profile path, `exec:...`.
        package var candidate: String
        /// "name version" of the candidate engine.
        package var candidateEngine: String
        /// "name version" of each engine whose trace was the baseline of a replayed session when
        /// the replay began: the recording engine, or the one a `reel accept` made the baseline.
        package var recordingEngines: [String]
        /// Whether some of those baselines were accepted from a replay rather than recorded.
        package var baselinesAccepted = false
        package var startedAt: String
        package var finishedAt: String?
        package var status: String
        package var shard: String?
        /// The tolerances as stored (JSON text).
        package var tolerancesJSON: String
        /// Profile parameters whose candidate value differs from the recording engine's, as
        /// "name: recorded -> candidate" (empty when unknown or none).
        package var changedParameters: [String]
        /// Where and from what the replay ran (`replays.metadata_json`); nil when it stored none.
        package var metadata: RunMetadata? = nil
    }

    /// Verdict counts of one replay, overall or for one scenario.
    package struct Counts: Sendable, Hashable {
        package var sessions = 0, matched = 0, diverged = 0, errors = 0
        /// Sessions whose decision flipped (finished <-> cancelled).
        package var decisionFlips = 0

        package init(sessions: Int = 0, matched: Int = 0, diverged: Int = 0, errors: Int = 0, decisionFlips: Int = 0) {
            self.sessions = sessions
            self.matched = matched
            self.diverged = diverged
            self.errors = errors
            self.decisionFlips = decisionFlips
        }
    }

    /// One divergence kind's totals, as the archive counts them.
    package typealias KindCount = DivergenceKindCount

    /// One divergent session's curves.
    package struct SessionPlots: Sendable {
        package var sessionID: Int64
        package var scenario: String
        package var status: String
        /// The first stored divergence, in words.
        package var firstDivergence: String
        package var progress: LinePlot
        /// The first divergent view property over time; nil when no view property diverged.
        package var property: LinePlot?
        /// The session's player: recorded and (when kept or re-run) replayed traces on one clock.
        package var player: PlayerSession
        /// Where the replayed side comes from; nil when there is none.
        package var replayedSource: CandidateTraceSource? = nil
        /// When the baseline this replay compared against (which the recorded side draws) has since
        /// been replaced by a `reel accept`: who, when, which replay. Nil while it is still the baseline.
        package var baselineNote: String? = nil
        /// Each side's decision arithmetic (`SessionDecision`), "recorded: ..." then "replayed: ...";
        /// empty for a tap scenario.
        package var decisionLines: [String] = []
    }

    /// One interactive scenario's decision map.
    package struct DecisionMap: Sendable {
        package var scenario: String
        package var plot: DecisionMapPlot
        /// Replayed sessions of the scenario left off the map because they have no release to
        /// place: the gesture never drove the transition, or the archive holds no trace of it.
        package var notStarted: Int
        /// The scenario's sessions the replay judged, and how many of them flipped, in all: the
        /// map draws a bounded sample of them (`limits`).
        package var sessions: Int
        package var flipped: Int
        /// The sample's rule: the first `limits.flipped` flipped sessions by id, the others at an
        /// even step over their ids, `limits.sessions` in all.
        package var limits: DecisionSampleLimits
        /// The sessions of the sample (drawn, or counted in `notStarted`).
        package var sampled: Int

        package init(
            scenario: String, plot: DecisionMapPlot, notStarted: Int, sessions: Int? = nil, flipped: Int? = nil, sampled: Int? = nil,
            limits: DecisionSampleLimits = DecisionSampleLimits(sessions: .max, flipped: .max)
        ) {
            self.scenario = scenario
            self.plot = plot
            self.notStarted = notStarted
            self.sessions = sessions ?? plot.points.count + notStarted
            self.flipped = flipped ?? plot.points.filter(\.flipped).count
            self.limits = limits
            self.sampled = sampled ?? plot.points.count + notStarted
        }

        /// Whether the map's sample is every session the replay judged.
        package var drawsEverySession: Bool { sampled >= sessions }
    }

    package var archiveName: String
    /// The recorded archive whose traces a results archive's report draws (`RecordedSource`), which
    /// the page's `reel show` commands name; nil when the archive holds its own traces.
    package var recordedArchiveName: String? = nil
    package var replay: Replay
    package var totals: Counts
    package var byKind: [KindCount]
    package var scenarios: [(name: String, counts: Counts)]
    package var sessionPlots: [SessionPlots]
    /// Divergent or failed sessions not plotted (beyond the cap, or without a stored trace).
    package var sessionsNotPlotted: Int
    /// Why the candidate's curves are missing from the session plots, when they are.
    package var candidateTraceNote: String?
    package var decisionMaps: [DecisionMap]
    /// Every session whose decision flipped, by scenario then id (the maps place those they can).
    package var flips: [FlippedSession] = []

    /// What the page's filters (scenario, kind, engine) know of an unmatched session.
    package struct Facet: Sendable, Hashable {
        /// Its divergence kinds, as stored.
        package var kinds: [String]
        /// "name version" of the engine that recorded it.
        package var engine: String
    }

    /// The facets of every session the replay did not match, by session id.
    package var facets: [Int64: Facet] = [:]
    /// For a replay whose baselines are all a device's recorded traces: how closely the candidate followed the device.
    package var fidelity: Fidelity? = nil
}
