import ReelEngine
import ReelJSON
import ReelStore
import ReelTrace

/// Reads what a replay report shows from an archive: the replay's summary and per-scenario
/// counts (the archive's report reads, `Archive+Report`), the plotted sessions' recorded traces, their candidate traces by re-running the
/// candidate (see `StoredCandidate`), and each interactive session's release point.
package struct ReportReader {
    /// How many divergent sessions get plots; the page says how many more there are.
    package var plottedSessionLimit: Int
    /// Flipped sessions are all plotted (each with its player) up to this many plotted sessions
    /// in all, which bounds the page's size.
    package var flippedSessionLimit = 40
    /// Flipped sessions listed in the page's table (the first ones by id); the page says how many
    /// more there are and how to list them all.
    package var flippedListLimit = 200
    /// How many sessions each decision map draws (see `DecisionSampleLimits`).
    package var mapLimits = DecisionSampleLimits(sessions: 150, flipped: 100)

    /// The archive holding the replay's verdicts.
    let archive: Archive
    let archiveName: String
    /// The archive holding the recorded traces: `archive` itself, or the recorded archive of a
    /// results archive (`RecordedSource`), whose sessions have the same ids and content hashes.
    let traces: Archive

    /// - Parameter recorded: the recorded archive when `archive` is a results archive (`RecordedSource.open`).
    package init(archive: Archive, archiveName: String, recorded: Archive? = nil, plottedSessionLimit: Int = 6) {
        self.archive = archive
        self.archiveName = archiveName
        self.traces = recorded ?? archive
        self.plottedSessionLimit = plottedSessionLimit
    }

    /// Whether the traces come from another archive than the verdicts.
    var tracesApart: Bool { traces !== archive }

    /// The baseline replay `replayID` compared session `sessionID` against, in `traces`.
    func judgedBaseline(_ sessionID: Int64, replayID: Int64) throws -> JudgedBaseline? {
        guard tracesApart else { return try archive.judgedBaseline(sessionID: sessionID, replayID: replayID) }
        guard let startedAt = try archive.replayHeader(id: replayID)?.startedAt else { return nil }
        return try traces.judgedBaseline(sessionID: sessionID, replayStartedAt: startedAt)
    }

    /// The report of replay `replayID`, or of the latest replay when nil.
    package func read(replayID: Int64?) throws -> ReportModel {
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
        let totals = scenarioCounts.reduce(into: ReportModel.Counts()) { total, row in
            total.sessions += row.counts.sessions
            total.matched += row.counts.matched
            total.diverged += row.counts.diverged
            total.errors += row.counts.errors
            total.decisionFlips += row.counts.decisionFlips
        }
        let (plots, notPlotted) = try sessionPlots(
            replay.id, unmatched: totals.diverged + totals.errors, candidate: try? rerun?.get(), candidateNote: missingSideNote(rerun))
        let flips = try self.flips(replay.id)
        var model = ReportModel(
            archiveName: archiveName, recordedArchiveName: tracesApart ? traces.path : nil, replay: info,
            totals: totals,
            byKind: try byKind(replay.id), scenarios: scenarioCounts, sessionPlots: plots, sessionsNotPlotted: notPlotted,
            candidateTraceNote: Self.candidateTraceNote(plots, rerun: rerun),
            decisionMaps: try decisionMaps(
                replay.id, recordedLabel: "recorded: " + info.recordingEngines.joined(separator: ", "),
                candidateLabel: "candidate: " + info.candidateEngine,
                rules: StoredRules(recording: recording.count == 1 ? recording[0] : nil, candidate: candidate)),
            flips: flips, facets: try facets(replay.id, of: plots.map(\.sessionID) + flips.map(\.sessionID)))
        // A device's traces as every baseline (`reel record` of ReelRecorder's output): the fidelity section.
        if !recording.isEmpty, recording.allSatisfy({ $0.profileJSON == Archive.deviceProfileJSON }) {
            model.fidelity = try archive.fidelity(replayID: replay.id)
        }
        return model
    }

    /// The filters' facets of the unmatched sessions among `sessionIDs` (those on the page).
    private func facets(_ replayID: Int64, of sessionIDs: [Int64]) throws -> [Int64: ReportModel.Facet] {
        var engines: [Int64: String] = [:]
        var facets: [Int64: ReportModel.Facet] = [:]
        for (sessionID, row) in try archive.unmatchedSessionFacets(replayID: replayID, sessionIDs: sessionIDs) {
            if engines[row.recordingEngineID] == nil {
                engines[row.recordingEngineID] =
                    try archive.engine(id: row.recordingEngineID).map { "\($0.name) \($0.version)" } ?? "engine \(row.recordingEngineID)"
            }
            facets[sessionID] = ReportModel.Facet(kinds: row.kinds.map(\.rawValue), engine: engines[row.recordingEngineID] ?? "")
        }
        return facets
    }

    /// The replay's flipped sessions the page lists: the first `flippedListLimit` by id, shown by
    /// scenario then id.
    private func flips(_ replayID: Int64) throws -> [FlippedSession] {
        let cursor = try archive.flippedSessions(replayID: replayID)
        var flips: [FlippedSession] = []
        while flips.count < flippedListLimit, let flip = try cursor.next() { flips.append(flip) }
        return flips.sorted { ($0.scenario, $0.sessionID) < ($1.scenario, $1.sessionID) }
    }

    /// Why a player has no replayed side when the archive keeps no trace of the candidate for it
    /// and the candidate cannot be re-run; nil when it can (then only a failed candidate leaves a side empty).
    func missingSideNote(_ rerun: Result<Engine, ReelFailure>?) -> String? {
        switch rerun {
        case .success: nil
        case .failure(let failure): failure.message
        case nil: "The candidate engine of this replay is not in the archive; only recorded curves are shown."
        }
    }

    // MARK: Summary

    func replay(_ id: Int64?) throws -> (ReportModel.Replay, candidateID: Int64) {
        guard let row = try archive.replayHeader(id: id) else {
            throw id.map {
                ReelFailure(.usage, "\(archiveName): no replay \($0) (reel query \(archiveName) \"SELECT * FROM replays\" lists them)")
            }
                ?? ReelFailure(.dataError, "\(archiveName): no replay yet (run reel replay \(archiveName) --engine E first)")
        }
        let replay = ReportModel.Replay(
            id: row.id, candidate: row.candidate, candidateEngine: "", recordingEngines: [], startedAt: row.startedAt,
            finishedAt: row.finishedAt, status: row.status, shard: row.shard, tolerancesJSON: row.tolerancesJSON, changedParameters: [],
            metadata: try archive.runMetadata(replayID: row.id))
        return (replay, row.engineID)
    }

    /// The engines of the baselines replay `replayID` compared against, and whether any is not the
    /// session's recording engine (a `reel accept` made another engine's trace the baseline). A
    /// session's baseline when the replay began is the trace the first later acceptance replaced,
    /// else its current baseline; a results archive holds no traces, so there it is the recording engine.
    private func baselineEngines(_ replayID: Int64) throws -> (engines: [EngineIdentity], accepted: Bool) {
        var engines: [EngineIdentity] = []
        var accepted = false
        for row in try archive.baselineEngines(replayID: replayID) {
            accepted = accepted || row.accepted
            if let engine = try archive.engine(id: row.engineID), !engines.contains(engine) { engines.append(engine) }
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
        try archive.scenarioVerdictCounts(replayID: replayID).map { row in
            (
                row.scenario,
                ReportModel.Counts(
                    sessions: row.sessions, matched: row.matched, diverged: row.diverged, errors: row.errors,
                    decisionFlips: row.decisionFlips)
            )
        }
    }

    private func byKind(_ replayID: Int64) throws -> [ReportModel.KindCount] {
        let rows = try archive.divergenceKindCounts(replayID: replayID)
        let order = DivergenceKind.allCases.map(\.rawValue)
        return rows.sorted { (order.firstIndex(of: $0.kind) ?? order.count) < (order.firstIndex(of: $1.kind) ?? order.count) }
    }

    // MARK: Divergent sessions

    private func sessionPlots(
        _ replayID: Int64, unmatched: Int, candidate: Engine?, candidateNote: String?
    ) throws -> ([ReportModel.SessionPlots], notPlotted: Int) {
        var plots: [ReportModel.SessionPlots] = []
        let chosen = try plottedSessions(replayID)
        let notPlotted = max(unmatched - chosen.count, 0)
        for session in chosen {
            plots.append(
                try sessionPlot(
                    session.sessionID, status: session.status, firstFrame: session.firstDivergentFrame, replayID: replayID,
                    candidate: candidate, candidateNote: candidateNote))
        }
        return (plots, notPlotted)
    }

    /// The unmatched sessions the report of replay `replayID` plots, in page order: the first
    /// `plottedSessionLimit`, and flipped ones up to `flippedSessionLimit` in all, of those whose
    /// trace the archive holds (a results archive holds headers only). Reads the ranked sessions
    /// only until no later one can be plotted (the flipped ones come first).
    package func plottedSessions(_ replayID: Int64) throws -> [UnmatchedSession] {
        var plotted: [UnmatchedSession] = []
        let cursor = try archive.unmatchedSessions(replayID: replayID)
        while plotted.count < max(plottedSessionLimit, flippedSessionLimit), var session = try cursor.next() {
            if !session.flipped && plotted.count >= plottedSessionLimit { break }
            // The recorded archive of a results archive holds every judged session (`RecordedSource`).
            if tracesApart { session.hasTrace = true }
            let wanted = plotted.count < plottedSessionLimit || (session.flipped && plotted.count < flippedSessionLimit)
            if wanted, session.hasTrace { plotted.append(session) }
        }
        return plotted
    }

    func sessionPlot(
        _ sessionID: Int64, status: String, firstFrame: Int?, replayID: Int64, candidate: Engine?, candidateNote: String?
    ) throws -> ReportModel.SessionPlots {
        // The baseline this replay was judged against, even when an accept has replaced it since.
        let judged = try judgedBaseline(sessionID, replayID: replayID)
        let recorded = try judged.map { try traces.loadSession(sessionID, trace: $0.traceID) } ?? traces.loadSession(sessionID)
        let divergences = try archive.divergences(replayID: replayID, sessionID: sessionID)
        // The candidate's kept trace first; re-run only this build's engine when none was kept.
        var replayed = try keptCandidateTrace(sessionID, replayID: replayID, judgedTraceID: judged?.traceID)
        var source: CandidateTraceSource? = replayed == nil ? nil : .kept
        if replayed == nil, let engine = candidate, let trace = try? StoredCandidate.run(engine, recorded) {
            (replayed, source) = (trace, .rerun)
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
                storedLifecycleProperty: divergences.first { $0.kind == .lifecycle }?.property),
            replayedSource: source,
            baselineNote: try judged.flatMap { try baselineNote($0, replayID: replayID) },
            decisionLines: try decisionLines(
                sessionID, baselineEngineID: judged?.engineID, candidateEngineID: archive.replayHeader(id: replayID)?.engineID))
    }

    /// "recorded: ..." and "replayed: ..." decision arithmetic lines of an interactive session.
    func decisionLines(_ sessionID: Int64, baselineEngineID: Int64?, candidateEngineID: Int64?) throws -> [String] {
        try explainedDecisions(sessionID, baselineEngineID: baselineEngineID, candidateEngineID: candidateEngineID).lines
    }

    /// Each side's decision of a session, "recorded" then "replayed", and its arithmetic lines.
    /// The baseline engine is one of `traces`' engines, the candidate one of `archive`'s.
    func explainedDecisions(
        _ sessionID: Int64, baselineEngineID: Int64?, candidateEngineID: Int64?
    ) throws -> (lines: [String], decisions: [(side: String, decision: ExplainedDecision)]) {
        var lines: [String] = []
        var decisions: [(side: String, decision: ExplainedDecision)] = []
        for (engine, side) in [
            (try baselineEngineID.flatMap { try traces.engine(id: $0) }, "recorded"),
            (try candidateEngineID.flatMap { try archive.engine(id: $0) }, "replayed"),
        ] {
            guard let identity = engine else { continue }
            switch try SessionDecision.explain(sessionID: sessionID, engine: identity, in: traces) {
            case .success(let decision?):
                lines.append("\(side): \(decision.line)")
                decisions.append((side, decision))
            case .success(nil): continue
            case .failure(let failure): lines.append("\(side): not explained: \(failure.message)")
            }
        }
        return (lines, decisions)
    }

    /// "The recorded side is the baseline replay 2 compared against (builtin 1.0); an accept has
    /// replaced it since: ..." for a replaced baseline, nil for a current one.
    func baselineNote(_ judged: JudgedBaseline, replayID: Int64) throws -> String? {
        guard let later = judged.replacement else { return nil }
        let named = { (id: Int64) in try self.traces.engine(id: id).map { "\($0.name) \($0.version)" } ?? "engine \(id)" }
        return "The recorded side is the baseline replay \(replayID) compared against (\(try named(judged.engineID))). "
            + "It has been replaced since: \(later.acceptedBy) accepted "
            + (later.replayID.map { "replay \($0)'s" } ?? "another") + " trace (\(try named(later.engineID))) at \(later.replacedAt)."
    }

    // MARK: Decision maps

    private func decisionMaps(
        _ replayID: Int64, recordedLabel: String, candidateLabel: String, rules: StoredRules
    ) throws -> [ReportModel.DecisionMap] {
        var maps: [ReportModel.DecisionMap] = []
        for scenario in try archive.replayScenarios(replayID: replayID) {
            guard let spec = try? ScenarioSpec.decode(json: scenario.specJSON), spec.trigger.kind != .tap else { continue }
            let name = scenario.name
            let (recordedRule, candidateRule) = rules.rules(spec)
            // A controller that decides without a transition: its release point comes from the gesture.
            let gestureExtent =
                ReleasePoint.decidedWithoutTransition.contains(spec.interaction)
                ? (recordedRule?.extent ?? candidateRule?.extent ?? spec.trigger.extent) : nil
            let (points, notStarted, sessions, flipped, sampled) = try releases(
                replayID, scenarioID: scenario.id, trigger: spec.trigger, gestureExtent: gestureExtent)
            var plot = DecisionMapPlot(
                title: "\(name): finish or cancel by release", recordedLabel: recordedLabel, candidateLabel: candidateLabel,
                points: points)
            (plot.recordedRule, plot.candidateRule) = (recordedRule, candidateRule)
            plot.velocityIsEngines = spec.trigger.kind != .pinch
            maps.append(
                ReportModel.DecisionMap(
                    scenario: name, plot: plot, notStarted: notStarted, sessions: sessions, flipped: flipped, sampled: sampled,
                    limits: mapLimits))
        }
        return maps
    }

    private func releases(
        _ replayID: Int64, scenarioID: Int64, trigger: TriggerSpec, gestureExtent: Double?
    ) throws -> ([DecisionPoint], notStarted: Int, sessions: Int, flipped: Int, sampled: Int) {
        var points: [DecisionPoint] = []
        var notStarted = 0
        let sample = try archive.sessionDecisions(replayID: replayID, scenarioID: scenarioID, limits: mapLimits)
        for row in sample.rows {
            let sessionID = row.sessionID
            let touches = try traces.touches(sessionID: sessionID)
            // A results archive holds no events: the release comes from the recorded archive's.
            let lastUpdate = tracesApart ? try traces.releaseEvent(sessionID: sessionID)?.lastUpdateDetail : row.lastUpdateDetail
            guard let recorded = row.decisionExpected,
                let progress = ReleasePoint.progress(lastUpdateDetail: lastUpdate)
                    ?? gestureExtent.flatMap({ ReleasePoint.gestureProgress(touches: touches, extent: $0) }),
                let velocity = ReleasePoint.velocity(touches: touches, trigger: trigger)
            else {
                notStarted += 1
                continue
            }
            points.append(
                DecisionPoint(
                    sessionID: sessionID, progress: progress, velocity: velocity,
                    recordedFinished: recorded == Decision.finished.rawValue,
                    candidateFinished: row.decisionActual.map { $0 == Decision.finished.rawValue },
                    touchCancelled: ReleasePoint.touchCancelled(touches: touches, trigger: trigger)))
        }
        // The flipped ones explain both decisions on hover (re-running both engines: bounded).
        let candidateEngineID = try archive.replayHeader(id: replayID)?.engineID
        var explained = 0
        for index in points.indices where points[index].flipped && explained < Self.explainedFlipLimit {
            let sessionID = points[index].sessionID
            let sides = try explainedDecisions(
                sessionID, baselineEngineID: judgedBaseline(sessionID, replayID: replayID)?.engineID,
                candidateEngineID: candidateEngineID)
            points[index].decisionLines = sides.lines
            points[index].progressText = ComparedProgress.text(release: points[index].progress, decisions: sides.decisions)
            explained += 1
        }
        return (points, notStarted, sample.sessions, sample.flipped, sample.rows.count)
    }

    /// Flipped points per map whose tooltips give both decisions' arithmetic.
    static let explainedFlipLimit = 400
}
