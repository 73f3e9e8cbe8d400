/// The list of every session whose decision flipped (finished <-> cancelled): where it was
/// released, both decisions, a link to its player when the page has one, and the commands that
/// show it.
enum FlippedSessionsHTML {
    static func section(_ model: ReportModel) -> String {
        let e = HTML.escape
        let players = Set(model.sessionPlots.map(\.sessionID))
        let flipped = model.decisionMaps.flatMap { map in map.plot.points.filter(\.flipped).map { (map.scenario, $0) } }
            .sorted { ($0.0, $0.1.sessionID) < ($1.0, $1.1.sessionID) }
        var out = "<section id=\"flipped\">\n<h2>Flipped sessions</h2>\n"
        guard model.totals.decisionFlips > 0 else { return out + "<p>No decision flipped.</p>\n</section>\n" }
        out +=
            "<p>\(model.totals.decisionFlips) session\(model.totals.decisionFlips == 1 ? "" : "s") ended the other way under the candidate. "
        out +=
            "Release progress and velocity as on the decision maps; sessions with a player link to it, the others can get a page of their own "
        out += "(<code>reel report ARCHIVE --session ID -o FILE</code>).</p>\n"
        let unplaced = model.totals.decisionFlips - flipped.count
        if unplaced > 0 {
            out += "<p class=\"note\">\(unplaced) flipped session\(unplaced == 1 ? " is" : "s are") not listed: no release to place "
            out += "(the gesture never drove the transition, a tap scenario, or no trace in this archive).</p>\n"
        }
        out += "<table class=\"flipped\">\n<thead><tr><th>session</th><th>scenario</th><th class=\"num\">release progress</th>"
        out += "<th class=\"num\">release velocity (pt/s)</th><th>recorded</th><th>replayed</th><th>command</th></tr></thead>\n<tbody>\n"
        for (scenario, point) in flipped {
            let id = point.sessionID
            let session = players.contains(id) ? "<a href=\"#session-\(id)\">\(id) ▶</a>" : "\(id)"
            let command =
                players.contains(id)
                ? ShellCommand.show(model.archiveName, id)
                : ShellCommand.show(model.archiveName, id) + "; " + ShellCommand.sessionReport(model.archiveName, id)
            out += "<tr id=\"flip-\(id)\"><td>\(session)</td><td>\(e(scenario))</td>"
            out +=
                "<td class=\"num\">\(NumberText.short(point.progress, digits: 3))</td><td class=\"num\">\(NumberText.short(point.velocity, digits: 4))</td>"
            out +=
                "<td>\(decision(point.recordedFinished))</td><td>\(decision(point.candidateFinished))</td><td><code>\(e(command))</code></td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    private static func decision(_ finished: Bool?) -> String {
        finished.map { $0 ? "finished" : "cancelled" } ?? "failed"
    }
}
