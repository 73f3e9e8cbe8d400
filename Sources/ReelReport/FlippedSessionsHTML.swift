/// The list of the sessions whose decision flipped (the first `ReportReader.flippedListLimit` by id) (finished <-> cancelled): where it was
/// released, both decisions, a link to its player when the page has one, and the commands that
/// show it.
enum FlippedSessionsHTML {
    static func section(_ model: ReportModel) -> String {
        let e = HTML.escape
        let players = Set(model.sessionPlots.map(\.sessionID))
        var placed: [Int64: DecisionPoint] = [:]
        for map in model.decisionMaps { for point in map.plot.points where point.flipped { placed[point.sessionID] = point } }
        var out = "<section id=\"flipped\">\n<h2>Flipped sessions</h2>\n"
        guard model.totals.decisionFlips > 0 else { return out + "<p>No decision flipped.</p>\n</section>\n" }
        out +=
            "<p>\(model.totals.decisionFlips) session\(model.totals.decisionFlips == 1 ? "" : "s") ended the other way under the candidate. "
        out +=
            "Release progress and velocity as on the decision maps; sessions with a player link to it, the others can get a page of their own "
        out += "(<code>reel report ARCHIVE --session ID -o FILE</code>).</p>\n"
        let unlisted = model.totals.decisionFlips - model.flips.count
        if unlisted > 0 {
            out += "<p class=\"note\">The table lists the first \(model.flips.count) by session id; \(unlisted) more "
            out += "flipped session\(unlisted == 1 ? " is" : "s are") not listed (all of them: "
            out += "<code>\(e(ShellCommand.flippedSessions(model.archiveName, replayID: model.replay.id)))</code>).</p>\n"
        }
        let unplaced = model.flips.filter { placed[$0.sessionID] == nil }.count
        if unplaced > 0 {
            out += "<p class=\"note\">\(unplaced) flipped session\(unplaced == 1 ? " has" : "s have") no release point (–): "
            out += "the gesture never drove the transition, a tap scenario, no trace in this archive, "
            out += "or left out of its map's sample.</p>\n"
        }
        out += "<table class=\"flipped\">\n<thead><tr><th>session</th><th>scenario</th><th class=\"num\">release progress</th>"
        out += "<th class=\"num\">release velocity (pt/s)</th><th>recorded</th><th>replayed</th><th>command</th></tr></thead>\n<tbody>\n"
        for flip in model.flips {
            let id = flip.sessionID
            let point = placed[id]
            let session = players.contains(id) ? "<a href=\"#session-\(id)\">\(id) ▶</a>" : "\(id)"
            let command =
                players.contains(id)
                ? ShellCommand.show(model.recordedArchiveName ?? model.archiveName, id)
                : ShellCommand.show(model.recordedArchiveName ?? model.archiveName, id) + "; "
                    + ShellCommand.sessionReport(model.archiveName, id)
            let facets = ReviewFilters.attributes(sessionID: id, scenario: flip.scenario, flipped: true, facet: model.facets[id])
            out += "<tr id=\"flip-\(id)\"\(facets)><td>\(session)</td><td>\(e(flip.scenario))</td>"
            out +=
                "<td class=\"num\">\(point.map { e($0.progressText ?? NumberText.fixed($0.progress, .progress)) } ?? "–")</td>"
                + "<td class=\"num\">\(point.map { NumberText.fixed($0.velocity, .pointsPerSecond) } ?? "–")</td>"
            out += "<td>\(e(flip.decisionExpected))</td><td>\(e(flip.decisionActual))</td><td><code>\(e(command))</code></td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }
}
