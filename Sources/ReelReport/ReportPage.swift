/// Assembles a report into one self-contained HTML page: inline CSS, SVG and one inline script
/// (the session players, `PlayerScript`), no external references. Everything taken from the
/// archive is escaped (`HTMLMarkup`). Without script the page keeps its tables and static plots.
package enum ReportPage {
    package static func html(_ model: ReportModel) -> String {
        let replay = model.replay
        var out: HTMLMarkup = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>Reel replay \(replay.id) of \(model.archiveName)</title>
            <style>\n\(styleMarkup)</style>
            </head>
            <body>
            <h1>Replay \(replay.id) of <code>\(model.archiveName)</code></h1>

            """
        out += RunMetadataHTML.paragraph(replay)
        out += ReviewFilters.nav(model)
        out += summary(model)
        out += FidelityHTML.section(model)
        out += FlippedSessionsHTML.section(model)
        out += scenarios(model)
        out += sessions(model)
        out += decisionMaps(model)
        // The bar's script first: it sets the scroll padding the player's scroll to the URL's session uses.
        out += "<script>\n\(ReviewFilters.script)\n\(PlayerScript.markup)</script>\n</body>\n</html>\n"
        return out.html
    }

    private static func summary(_ model: ReportModel) -> HTMLMarkup {
        let r = model.replay
        let t = model.totals
        var out: HTMLMarkup = "<section id=\"summary\">\n<h2>Summary</h2>\n"
        out += "<p class=\"counts\"><span class=\"bad\">\(t.decisionFlips) decision flips</span> "
        out += "<span class=\"bad\">\(t.diverged) diverged</span> <span class=\"bad\">\(t.errors) errors</span> "
        out += "<span class=\"ok\">\(t.matched) matched</span> <span>of \(t.sessions) sessions</span></p>\n"
        if t.decisionFlips > 0 { out += "<p><a href=\"#flipped\">The flipped sessions</a> come first below.</p>\n" }
        out += "<dl>\n"
        let facts: [(String, [String])] = [
            ("candidate", ["\(r.candidateEngine) (\(r.candidate))"]),
            (r.baselinesAccepted ? "baseline (accepted) by" : "recorded by", [r.recordingEngines.joined(separator: ", ")]),
            ("changed parameters", r.changedParameters.isEmpty ? ["none known"] : r.changedParameters.map(SummaryWords.parameterChange)),
            ("tolerances", SummaryWords.tolerances(r.tolerancesJSON)),
            ("run", ["\(r.status), \(r.startedAt) to \(r.finishedAt ?? "—")" + (r.shard.map { ", shard \($0)" } ?? "")]),
        ]
        for (term, values) in facts {
            out += "<dt>\(term)</dt><dd>\(values.map(HTMLMarkup.text).joined(separator: "<br/>"))</dd>\n"
        }
        out += "</dl>\n"
        out += "<h3>Divergences by kind</h3>\n"
        out +=
            model.byKind.isEmpty
            ? "<p>No divergences.</p>\n"
            : HTML.table(
                header: ["kind", "sessions", "divergences"],
                rows: model.byKind.map { [$0.kind, "\($0.sessions)", "\($0.divergences)"] }, numericColumns: [1, 2])
        return out + "</section>\n"
    }

    private static func scenarios(_ model: ReportModel) -> HTMLMarkup {
        var out: HTMLMarkup = "<section id=\"scenarios\">\n<h2>By scenario</h2>\n"
        let header = ["scenario", "decision flips", "diverged", "errors", "matched", "sessions"]
        func row(_ name: String, _ c: ReportModel.Counts) -> [String] {
            [name, "\(c.decisionFlips)", "\(c.diverged)", "\(c.errors)", "\(c.matched)", "\(c.sessions)"]
        }
        let ordered = model.scenarios.sorted {
            ($1.counts.decisionFlips, $1.counts.diverged + $1.counts.errors, $0.name) < (
                $0.counts.decisionFlips, $0.counts.diverged + $0.counts.errors, $1.name
            )
        }
        let quiet = ordered.filter { $0.counts.diverged + $0.counts.errors + $0.counts.decisionFlips == 0 }
        let loud = ordered.filter { $0.counts.diverged + $0.counts.errors + $0.counts.decisionFlips > 0 }
        out +=
            loud.isEmpty
            ? "<p>No scenario diverged.</p>\n"
            : HTML.table(header: header, rows: loud.map { row($0.name, $0.counts) }, numericColumns: [1, 2, 3, 4, 5])
        if !quiet.isEmpty {
            out += "<details><summary>\(quiet.count) scenario\(plural(quiet.count)) with every session matched</summary>\n"
            out += HTML.table(header: header, rows: quiet.map { row($0.name, $0.counts) }, numericColumns: [1, 2, 3, 4, 5])
            out += "</details>\n"
        }
        return out + "</section>\n"
    }

    /// `s` unless `count` is 1.
    static func plural(_ count: Int) -> HTMLMarkup { count == 1 ? "" : "s" }

    private static func sessions(_ model: ReportModel) -> HTMLMarkup {
        var out: HTMLMarkup = "<section id=\"divergent-sessions\">\n<h2>Divergent sessions</h2>\n"
        let notPlotted = model.sessionsNotPlotted
        if model.sessionPlots.isEmpty {
            let none: HTMLMarkup =
                notPlotted == 0
                ? "No session diverged."
                : "\(notPlotted) session\(plural(notPlotted)) diverged or failed, but this archive holds none of their traces "
                    + "(a results archive? its report draws them from the recorded archive: reel report RESULTS --recorded ARCHIVE)."
            return out + "<p>\(none)</p>\n</section>\n"
        }
        out += "<p>Progress over time as recorded and as replayed, and the first divergent view property, "
        out +=
            "for the \(model.sessionPlots.count) sessions shown (decision flips first, taking scenarios in turn, each by its largest differences)."
        if notPlotted > 0 {
            let are: HTMLMarkup = notPlotted == 1 ? " is" : "s are"
            out += " \(notPlotted) more divergent or failed session\(are) not plotted"
            out += " (beyond the limit of --plots, or without a trace in this archive)."
        }
        out += "</p>\n"
        if let note = model.candidateTraceNote { out += "<p class=\"note\">\(note)</p>\n" }
        let flipped = Set(model.flips.map(\.sessionID))
        for session in model.sessionPlots {
            out += sessionArticle(
                session, archiveName: model.recordedArchiveName ?? model.archiveName,
                facets: ReviewFilters.attributes(
                    sessionID: session.sessionID, scenario: session.scenario, flipped: flipped.contains(session.sessionID),
                    facet: model.facets[session.sessionID]))
        }
        return out + "</section>\n"
    }

    /// One divergent session: heading, first divergence, the `reel show` command (on
    /// `archiveName`: the archive holding the session's traces), its player with the static plots.
    static func sessionArticle(_ session: ReportModel.SessionPlots, archiveName: String, facets: HTMLMarkup = .empty) -> HTMLMarkup {
        var heading: HTMLMarkup = "<h3><a href=\"#session-\(session.sessionID)\">Session \(session.sessionID)</a>: \(session.scenario) "
        heading += "<span class=\"bad\">\(session.status)</span></h3>\n<p>\(session.firstDivergence)</p>\n"
        if let note = session.baselineNote { heading += "<p class=\"note baseline-replaced\">\(note)</p>\n" }
        if !session.decisionLines.isEmpty {
            heading += "<p class=\"decision\">\(session.decisionLines.map(HTMLMarkup.text).joined(separator: "<br/>"))</p>\n"
        }
        heading += "<p><code>\(ShellCommand.show(archiveName, session.sessionID))</code></p>\n"
        let plots = session.progress.svg + (session.property?.svg ?? "<p class=\"note\">No view property diverged.</p>\n")
        return PlayerHTML.article(session.player, heading: heading, plots: plots, attributes: facets)
    }

    private static func decisionMaps(_ model: ReportModel) -> HTMLMarkup {
        var out: HTMLMarkup = "<section id=\"decision-maps\">\n<h2>Decision maps</h2>\n"
        if model.decisionMaps.isEmpty {
            return out + "<p>No interactive scenario was replayed.</p>\n</section>\n"
        }
        out += "<p>Each interactive scenario's replayed sessions by release progress and release velocity "
        out += "(the finger's velocity toward finishing, points per second), as each engine decided. "
        out += "Shaded cells hold sessions whose decision flipped: that is where the boundary moved. "
        out += "Maps with the most flips come first; maps with no session to place are folded at the end."
        if let sampled = model.decisionMaps.first(where: { !$0.drawsEverySession }) {
            out += " A map draws at most \(sampled.limits.sessions) sessions: its scenario's first \(sampled.limits.flipped) "
            out += "flipped sessions by id, then its other sessions at an even step over their ids (the same sessions on every run)."
        }
        out += "</p>\n"
        let players = Set(model.sessionPlots.map(\.sessionID))
        // By flips (most first), then scenario name; the empty ones last, folded.
        let ordered = model.decisionMaps.map { (map: $0, flips: flipCount($0)) }
            .sorted { ($1.flips, $0.map.scenario) < ($0.flips, $1.map.scenario) }
        let empty = ordered.filter { $0.map.plot.points.isEmpty }
        for entry in ordered where !entry.map.plot.points.isEmpty { out += mapArticle(entry.map, flips: entry.flips, players: players) }
        if !empty.isEmpty {
            out += "<details class=\"empty-maps\"><summary>\(empty.count) map\(plural(empty.count)) with no session to place</summary>\n"
            for entry in empty { out += mapArticle(entry.map, flips: 0, players: players) }
            out += "</details>\n"
        }
        return out + "</section>\n"
    }

    /// A map's flips: those it places when it draws every session, else the scenario's in all.
    private static func flipCount(_ map: ReportModel.DecisionMap) -> Int {
        map.drawsEverySession ? map.plot.points.filter(\.flipped).count : map.flipped
    }

    private static func mapArticle(_ map: ReportModel.DecisionMap, flips: Int, players: Set<Int64>) -> HTMLMarkup {
        var plot = map.plot
        plot.linkedSessions = players
        let touchCancelled = map.plot.points.filter(\.touchCancelled).count
        var out: HTMLMarkup = "<article class=\"map\"\(ReviewFilters.mapAttributes(scenario: map.scenario, flips: flips))>\n"
        out += "<h3>\(map.scenario)</h3>\n<p>"
        out +=
            map.drawsEverySession
            ? "\(map.plot.points.count) sessions, \(flips) flipped"
            : "\(map.sessions) sessions, \(flips) flipped; drawn: a sample of \(map.plot.points.count)"
                + " (the first \(min(map.flipped, map.limits.flipped)) flipped by id, the others at an even step over their ids)"
        if touchCancelled > 0 {
            out += "; \(touchCancelled) with touches the system cancelled (open squares: where the gesture stood, not a release)"
        }
        if map.notStarted > 0 {
            out += "; \(map.notStarted) not shown (no release: the gesture never drove the transition, or the archive holds no trace of it)"
        }
        return out + ".</p>\n" + plot.svg + boundaryNote(plot) + "</article>\n"
    }

    /// The boundary lines of a map in words (or why a map has none).
    private static func boundaryNote(_ plot: DecisionMapPlot) -> HTMLMarkup {
        let lines = plot.boundaries(-1e5...1e5)
        guard !lines.isEmpty else {
            let why: HTMLMarkup =
                plot.velocityIsEngines
                ? "the engines' profiles are not known (an external engine)."
                : "the rule depends on the pinch's scale velocity, which this map does not show."
            return "<p class=\"note\">No boundary line: \(why)</p>\n"
        }
        let items = lines.map { role, boundary -> HTMLMarkup in
            let who: HTMLMarkup = role == .recorded ? "recording engine" : "candidate"
            return "<li><span class=\"swatch \(role.rawValue)\"></span>\(who): \(boundary.rule)</li>"
        }
        return "<ul class=\"boundaries\">\(items.joined())</ul>\n"
    }

    /// The style sheet as the page's markup (its text is this package's own).
    static let styleMarkup = HTMLMarkup.trusted(style)

    package static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1100px; color: #1b1f24; padding: 0 16px; }
        h1 { font-size: 22px; } h2 { font-size: 18px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
        h3 { font-size: 15px; margin-bottom: 4px; }
        code { font-size: 13px; }
        dl { display: grid; grid-template-columns: max-content auto; gap: 2px 16px; }
        dt { color: #57606a; } dd { margin: 0; overflow-wrap: anywhere; }
        .run-meta { color: #57606a; overflow-wrap: anywhere; } .run-meta code { color: #1b1f24; }
        table { border-collapse: collapse; margin: 8px 0; }
        th, td { border: 1px solid #d0d7de; padding: 3px 10px; text-align: left; }
        th { background: #f6f8fa; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        .counts span { margin-right: 14px; font-weight: 600; }
        .ok { color: #1a7f37; } .bad { color: #cf222e; } .note { color: #57606a; font-style: italic; }
        .plots { display: flex; flex-wrap: wrap; gap: 12px; }
        svg.plot { background: #fff; border: 1px solid #d0d7de; }
        svg .frame { fill: none; stroke: #8c959f; } svg .grid { stroke: #eaeef2; }
        svg .tick { font-size: 10px; fill: #57606a; } svg .axis { font-size: 11px; fill: #1b1f24; }
        svg .title { font-size: 12px; font-weight: 600; fill: #1b1f24; } svg .panel { font-size: 11px; font-weight: 600; fill: #1b1f24; }
        svg .recorded { fill: none; stroke: #0969da; stroke-width: 1.6; }
        svg .replayed { fill: none; stroke: #d1242f; stroke-width: 1.6; stroke-dasharray: 5 3; }
        svg .marker { stroke: #8c959f; stroke-dasharray: 2 2; }
        svg .finished { fill: #1a7f37; } svg .cancelled { stroke: #cf222e; stroke-width: 1.4; fill: none; }
        svg .touch-cancelled { stroke: #6e7781; stroke-width: 1; fill: none; }
        svg .flip { fill: #fff1b8; stroke: #e3b341; stroke-width: 0.5; }
        .player:focus { outline: 2px solid #0969da33; }
        .screens { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
        .screens figure { margin: 0; } .screens figcaption { font-size: 13px; margin-bottom: 4px; }
        svg.screen { background: #f6f8fa; border: 1px solid #8c959f; overflow: hidden; }
        svg.screen .device { fill: #fff; } svg.screen .view { stroke: #57606a; stroke-width: 1.5; }
        svg.screen .view-label { font-size: 26px; fill: #1b1f24; }
        svg.screen .finger-path { fill: none; stroke: #8250df; stroke-width: 3; stroke-opacity: 0.7; }
        svg.screen .finger { fill: #8250df; fill-opacity: 0.35; stroke: #8250df; stroke-width: 2; }
        .missing-side { border: 1px dashed #8c959f; padding: 8px; margin: 0; }
        .controls { margin: 6px 0; } .controls output { font-variant-numeric: tabular-nums; margin: 0 8px; }
        .tracks { display: grid; grid-template-columns: 130px 1fr; gap: 2px 8px; align-items: center; font-size: 12px; color: #57606a; }
        .scrub { position: relative; padding: 0 8px; } .scrub input { width: 100%; margin: 0; }
        .first-mark { position: absolute; top: -4px; width: 0; height: 26px; border-left: 2px solid #cf222e; margin-left: -1px; pointer-events: none; }
        .lane { padding: 0 16px; } svg.strip { width: 100%; height: 18px; display: block; background: #f6f8fa; }
        svg.strip .event { fill: #57606a; } svg.strip .event.divergent { fill: #cf222e; }
        svg.strip .cursor { stroke: #0969da; stroke-width: 2; vector-effect: non-scaling-stroke; }
        details.events { margin: 8px 0; }
        svg .boundary { stroke-width: 2; } svg a.point:hover circle, svg a.point:hover path { stroke: #0969da; stroke-width: 3; }
        ul.boundaries { list-style: none; padding: 0; margin: 4px 0; font-size: 13px; }
        .swatch { display: inline-block; width: 22px; height: 0; margin-right: 6px; vertical-align: middle; border-top: 2px solid #0969da; }
        .swatch.replayed { border-top: 2px dashed #d1242f; }
        table.flipped code { font-size: 12px; }
        nav.filters { position: sticky; top: 0; z-index: 2; background: #fffffff0; border: 1px solid #d0d7de; border-radius: 6px;
          padding: 6px 10px; margin: 12px 0; display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center; font-size: 13px; }
        nav.filters[hidden] { display: none; } nav.filters output { color: #57606a; }
        svg.screen .ghost { fill: none; stroke: #0969da; stroke-width: 2; stroke-dasharray: 6 4; }
        svg.screen .ghost.differs { stroke: #cf222e; stroke-width: 4; stroke-dasharray: none; }
        svg.strip .event { cursor: pointer; } .overlay-toggle { margin: 0 8px; }
        details.empty-maps { margin: 12px 0; }

        """
}
