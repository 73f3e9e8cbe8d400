import ReelEngine
import ReelJSON
import ReelRunner
import ReelStore
import ReelTrace

/// Reads what a replay report shows from an archive: the replay's summary and per-scenario
/// counts by SQL, the plotted sessions' recorded traces, their candidate traces by re-running the
/// candidate (see `StoredCandidate`), and each interactive session's release point.
public struct ReportReader {
    /// How many divergent sessions get plots; the page says how many more there are.
    public var plottedSessionLimit: Int
    /// Flipped sessions are all plotted (each with its player) up to this many plotted sessions
    /// in all, which bounds the page's size.
    public var flippedSessionLimit = 40

    let archive: Archive
    let archiveName: String

    public init(archive: Archive, archiveName: String, plottedSessionLimit: Int = 6) {
        self.archive = archive
        self.archiveName = archiveName
        self.plottedSessionLimit = plottedSessionLimit
    }

    /// The report of replay `replayID`, or of the latest replay when nil.
    public func read(replayID: Int64?) throws -> ReportModel {
        let (replay, candidateID) = try self.replay(replayID)
        let candidate = try archive.engine(id: candidateID)
        let (recording, accepted) = try baselineEngines(replay.id)
        var info = replay
        info.baselinesAccepted = accepted
        info.candidateEngine = candidate.map { "\($0.name) \($0.version)" } ?? "?"
        info.recordingEngines = recording.map { "\($0.name) \($0.version)" }
        if let candidate, recording.count == 1 {
            info.changedParameters = Self.changedParameters(from: recording[0].profileJSON, to: candidate.profileJSON)
        }
        let rerun = candidate.map(StoredCandidate.engine(for:))
        let scenarioCounts = try self.scenarioCounts(replay.id)
        let (plots, notPlotted) = try sessionPlots(replay.id, candidate: try? rerun?.get(), candidateNote: rerunNote(rerun))
        return ReportModel(
            archiveName: archiveName, replay: info,
            totals: scenarioCounts.reduce(into: ReportModel.Counts()) { total, row in
                total.sessions += row.counts.sessions
                total.matched += row.counts.matched
                total.diverged += row.counts.diverged
                total.errors += row.counts.errors
                total.decisionFlips += row.counts.decisionFlips
            },
            byKind: try byKind(replay.id), scenarios: scenarioCounts, sessionPlots: plots, sessionsNotPlotted: notPlotted,
            candidateTraceNote: plots.isEmpty ? nil : rerunNote(rerun),
            decisionMaps: try decisionMaps(
                replay.id, recordedLabel: "recorded: " + info.recordingEngines.joined(separator: ", "),
                candidateLabel: "candidate: " + info.candidateEngine,
                rules: StoredRules(recording: recording.count == 1 ? recording[0] : nil, candidate: candidate)))
    }

    func rerunNote(_ rerun: Result<TransitionEngine, ReelFailure>?) -> String? {
        switch rerun {
        case .success:
            "The replayed curves come from re-running the candidate (rebuilt from its stored profile, same fingerprint) on these sessions: the archive stores verdicts and divergences, not replayed traces."
        case .failure(let failure): failure.message
        case nil: "The candidate engine of this replay is not in the archive; only recorded curves are shown."
        }
    }

    // MARK: Summary

    func replay(_ id: Int64?) throws -> (ReportModel.Replay, candidateID: Int64) {
        let statement = try archive.database.prepare(
            """
            SELECT id, engine_id, candidate, started_at, finished_at, status, shard, tolerances_json
            FROM replays WHERE id = coalesce(?1, (SELECT max(id) FROM replays))
            """)
        try statement.bind(id, at: 1)
        guard try statement.step() else {
            throw id.map {
                ReelFailure(.usage, "\(archiveName): no replay \($0) (reel query \(archiveName) \"SELECT * FROM replays\" lists them)")
            }
                ?? ReelFailure(.dataError, "\(archiveName): no replay yet (run reel replay \(archiveName) --engine E first)")
        }
        let replay = ReportModel.Replay(
            id: statement.int64(at: 0), candidate: statement.string(at: 2), candidateEngine: "", recordingEngines: [],
            startedAt: statement.string(at: 3), finishedAt: statement.optionalString(at: 4), status: statement.string(at: 5),
            shard: statement.optionalString(at: 6), tolerancesJSON: statement.string(at: 7), changedParameters: [])
        return (replay, statement.int64(at: 1))
    }

    /// The engines of the baselines replay `replayID` compared against, and whether any is not the
    /// session's recording engine (a `reel accept` made another engine's trace the baseline). A
    /// session's baseline when the replay began is the trace the first later acceptance replaced,
    /// else its current baseline; a results archive holds no traces, so there it is the recording engine.
    private func baselineEngines(_ replayID: Int64) throws -> (engines: [EngineIdentity], accepted: Bool) {
        let statement = try archive.database.prepare(
            """
            SELECT DISTINCT baseline_engine, baseline_engine <> recording_engine FROM (
                SELECT s.engine_id AS recording_engine, coalesce(
                    (SELECT tr.engine_id FROM baseline_history AS h JOIN traces AS tr ON tr.id = h.trace_id
                     WHERE h.session_id = s.id AND h.replaced_at > r.started_at ORDER BY h.id LIMIT 1),
                    (SELECT tr.engine_id FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id WHERE bl.session_id = s.id),
                    s.engine_id) AS baseline_engine
                FROM replay_results AS rr JOIN replays AS r ON r.id = rr.replay_id JOIN sessions AS s ON s.id = rr.session_id
                WHERE rr.replay_id = ?1)
            ORDER BY baseline_engine
            """)
        try statement.bind(replayID, at: 1)
        var engines: [EngineIdentity] = []
        var accepted = false
        while try statement.step() {
            accepted = accepted || statement.bool(at: 1)
            if let engine = try archive.engine(id: statement.int64(at: 0)), !engines.contains(engine) { engines.append(engine) }
        }
        return (engines, accepted)
    }

    /// "name: old -> new" for each parameter whose value differs between two stored profiles.
    static func changedParameters(from old: String, to new: String) -> [String] {
        guard case .object(let before)? = try? JSONParser.parse(old), case .object(let after)? = try? JSONParser.parse(new) else {
            return []
        }
        return after.compactMap { member in
            let previous = before.first { $0.key == member.key }?.value
            guard previous != member.value else { return nil }
            return "\(member.key): \(previous.map(text) ?? "(none)") -> \(text(member.value))"
        }
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): NumberText.short(number, digits: 6)
        case .string(let string): string
        case .bool(let flag): String(flag)
        default: value.kindDescription
        }
    }

    private func scenarioCounts(_ replayID: Int64) throws -> [(name: String, counts: ReportModel.Counts)] {
        let statement = try archive.database.prepare(
            """
            SELECT sc.name, count(*), sum(rr.status = 'matched'), sum(rr.status = 'diverged'), sum(rr.status = 'error'),
                   sum(coalesce(rr.decision_expected <> rr.decision_actual, 0))
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 GROUP BY sc.name ORDER BY sc.name
            """)
        try statement.bind(replayID, at: 1)
        var rows: [(name: String, counts: ReportModel.Counts)] = []
        while try statement.step() {
            rows.append(
                (
                    statement.string(at: 0),
                    ReportModel.Counts(
                        sessions: statement.int(at: 1), matched: statement.int(at: 2), diverged: statement.int(at: 3),
                        errors: statement.int(at: 4), decisionFlips: statement.int(at: 5))
                ))
        }
        return rows
    }

    private func byKind(_ replayID: Int64) throws -> [ReportModel.KindCount] {
        // The numbers of the divergence_summary view, from the base table: an archive's views may
        // have been redefined by whoever made it.
        let statement = try archive.database.prepare(
            "SELECT kind, count(DISTINCT session_id), count(*) FROM divergences WHERE replay_id = ?1 GROUP BY kind")
        try statement.bind(replayID, at: 1)
        var rows: [ReportModel.KindCount] = []
        while try statement.step() {
            rows.append(.init(kind: statement.string(at: 0), sessions: statement.int(at: 1), divergences: statement.int(at: 2)))
        }
        let order = DivergenceKind.allCases.map(\.rawValue)
        return rows.sorted { (order.firstIndex(of: $0.kind) ?? order.count) < (order.firstIndex(of: $1.kind) ?? order.count) }
    }

    // MARK: Divergent sessions

    private func sessionPlots(
        _ replayID: Int64, candidate: TransitionEngine?, candidateNote: String?
    ) throws -> ([ReportModel.SessionPlots], notPlotted: Int) {
        let statement = try archive.database.prepare(
            """
            WITH ranked AS (
                SELECT rr.session_id, rr.status, rr.first_divergent_frame, rr.max_error,
                       coalesce(rr.decision_expected <> rr.decision_actual, 0) AS flipped,
                       EXISTS (SELECT 1 FROM outcomes AS o WHERE o.session_id = rr.session_id) AS has_trace,
                       row_number() OVER (
                           PARTITION BY s.scenario_id, coalesce(rr.decision_expected <> rr.decision_actual, 0)
                           ORDER BY rr.max_error DESC, rr.session_id) AS rank_in_scenario
                FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
                WHERE rr.replay_id = ?1 AND rr.status <> 'matched'
            )
            SELECT session_id, status, first_divergent_frame, has_trace, flipped FROM ranked
            ORDER BY flipped DESC, rank_in_scenario, status = 'error', max_error DESC, session_id
            """)
        try statement.bind(replayID, at: 1)
        var plots: [ReportModel.SessionPlots] = []
        var notPlotted = 0
        while try statement.step() {
            // A results archive (reel replay --results) holds session headers, not traces.
            let wanted = plots.count < plottedSessionLimit || (statement.bool(at: 4) && plots.count < flippedSessionLimit)
            guard wanted, statement.bool(at: 3) else {
                notPlotted += 1
                continue
            }
            plots.append(
                try sessionPlot(
                    statement.int64(at: 0), status: statement.string(at: 1), firstFrame: statement.optionalInt(at: 2),
                    replayID: replayID, candidate: candidate, candidateNote: candidateNote))
        }
        return (plots, notPlotted)
    }

    func sessionPlot(
        _ sessionID: Int64, status: String, firstFrame: Int?, replayID: Int64, candidate: TransitionEngine?, candidateNote: String?
    ) throws -> ReportModel.SessionPlots {
        let recorded = try archive.loadSession(sessionID)
        let divergences = try archive.divergences(replayID: replayID, sessionID: sessionID)
        let replayed: Trace? = try? candidate.flatMap { engine in
            try engine.run(
                scenario: ScenarioSpec.decode(json: recorded.header.scenarioSpecJSON), device: recorded.header.device,
                refreshHz: recorded.header.refreshHz, touches: recorded.touches, outcomeHierarchy: false)
        }
        let marker = firstFrame.flatMap { index in
            recorded.trace.frames.first { $0.index == index }.map { (x: $0.t, label: "frame \(index)") }
        }
        func series(_ recordedPoints: [PlotPoint], _ replayedPoints: [PlotPoint]?) -> [LinePlot.Series] {
            [LinePlot.Series(name: "recorded", role: .recorded, points: recordedPoints)]
                + (replayedPoints.map { [LinePlot.Series(name: "replayed", role: .replayed, points: $0)] } ?? [])
        }
        let progress = LinePlot(
            title: "Session \(sessionID): progress", xLabel: "time (s)", yLabel: "progress",
            series: series(
                recorded.trace.frames.map { PlotPoint(x: $0.t, y: $0.progress) },
                replayed?.frames.map { PlotPoint(x: $0.t, y: $0.progress) }),
            marker: marker)
        var property: LinePlot?
        if let first = divergences.first(where: { $0.kind == .frame && $0.viewKey != nil }),
            let key = first.viewKey, let name = first.property, let viewProperty = ViewProperty(rawValue: name)
        {
            let unit = viewProperty.unit
            property = LinePlot(
                title: "Session \(sessionID): \(key).\(name), the first divergent view property",
                xLabel: "time (s)", yLabel: unit.isEmpty ? name : "\(name) (\(unit))",
                series: series(
                    viewProperty.series(view: key, in: recorded.trace),
                    replayed.map { viewProperty.series(view: key, in: $0) }),
                marker: marker)
        }
        return ReportModel.SessionPlots(
            sessionID: sessionID, scenario: recorded.header.scenarioName, status: status,
            firstDivergence: divergences.first.map { $0.detail.isEmpty ? $0.kind.rawValue : $0.detail } ?? "", progress: progress,
            property: property,
            player: PlayerSession(
                recorded, replayed: replayed,
                replayedNote: replayed != nil
                    ? nil : candidate == nil ? candidateNote : "The candidate failed on this session (see its divergence).",
                firstDivergentFrame: firstFrame,
                storedLifecycleProperty: divergences.first { $0.kind == .lifecycle }?.property))
    }

    // MARK: Decision maps

    private func decisionMaps(
        _ replayID: Int64, recordedLabel: String, candidateLabel: String, rules: StoredRules
    ) throws -> [ReportModel.DecisionMap] {
        let scenarios = try archive.database.prepare(
            """
            SELECT DISTINCT sc.id, sc.name, sc.spec_json FROM replay_results AS rr
            JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 ORDER BY sc.name, sc.id
            """)
        try scenarios.bind(replayID, at: 1)
        var maps: [ReportModel.DecisionMap] = []
        while try scenarios.step() {
            guard let spec = try? ScenarioSpec.decode(json: scenarios.string(at: 2)), spec.trigger.kind != .tap else { continue }
            let name = scenarios.string(at: 1)
            let (points, notStarted) = try releases(replayID, scenarioID: scenarios.int64(at: 0), trigger: spec.trigger)
            var plot = DecisionMapPlot(
                title: "\(name): finish or cancel by release", recordedLabel: recordedLabel, candidateLabel: candidateLabel,
                points: points)
            (plot.recordedRule, plot.candidateRule) = rules.rules(spec)
            plot.velocityIsEngines = spec.trigger.kind != .pinch
            maps.append(ReportModel.DecisionMap(scenario: name, plot: plot, notStarted: notStarted))
        }
        return maps
    }

    private func releases(_ replayID: Int64, scenarioID: Int64, trigger: TriggerSpec) throws -> ([DecisionPoint], notStarted: Int) {
        let statement = try archive.database.prepare(
            """
            SELECT rr.session_id, rr.decision_expected, rr.decision_actual,
                   (SELECT e.detail FROM events AS e
                     WHERE e.session_id = rr.session_id AND e.kind = 'transition'
                       AND e.detail LIKE 'updateInteractiveTransition(%' ORDER BY e.seq DESC LIMIT 1)
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
            WHERE rr.replay_id = ?1 AND s.scenario_id = ?2 ORDER BY rr.session_id
            """)
        try statement.bind(replayID, at: 1)
        try statement.bind(scenarioID, at: 2)
        var points: [DecisionPoint] = []
        var notStarted = 0
        while try statement.step() {
            let sessionID = statement.int64(at: 0)
            let touches = try touches(sessionID)
            guard let recorded = statement.optionalString(at: 1),
                let progress = ReleasePoint.progress(lastUpdateDetail: statement.optionalString(at: 3)),
                let velocity = ReleasePoint.velocity(touches: touches, trigger: trigger)
            else {
                notStarted += 1
                continue
            }
            points.append(
                DecisionPoint(
                    sessionID: sessionID, progress: progress, velocity: velocity,
                    recordedFinished: recorded == Decision.finished.rawValue,
                    candidateFinished: statement.optionalString(at: 2).map { $0 == Decision.finished.rawValue },
                    touchCancelled: ReleasePoint.touchCancelled(touches: touches, trigger: trigger)))
        }
        return (points, notStarted)
    }

    private func touches(_ sessionID: Int64) throws -> [Touch] {
        try SessionRelease.touches(sessionID: sessionID, in: archive)
    }
}
