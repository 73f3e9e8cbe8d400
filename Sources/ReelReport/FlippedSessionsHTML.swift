/// The list of the sessions whose decision flipped (the first `ReportReader.flippedListLimit` by id) (finished <-> cancelled): where it was
/// released, both decisions, a link to its player when the page has one, and the commands that
/// show it.
enum FlippedSessionsHTML {
    static func section(_ model: ReportModel) -> HTMLMarkup {
        let players = Set(model.sessionPlots.map(\.sessionID))
        var placed: [Int64: DecisionPoint] = [:]
        for map in model.decisionMaps { for point in map.plot.points where point.flipped { placed[point.sessionID] = point } }
        var out: HTMLMarkup = "<section id=\"flipped\">\n<h2>Flipped sessions</h2>\n"
        let flips = model.totals.decisionFlips
        guard flips > 0 else { return out + "<p>No decision flipped.</p>\n</section>\n" }
        out += "<p>\(flips) session\(ReportPage.plural(flips)) ended the other way under the candidate. "
        out +=
            "Release progress and velocity as on the decision maps; sessions with a player link to it, the others can get a page of their own "
        out += "(<code>reel report ARCHIVE --session ID -o FILE</code>).</p>\n"
        let unlisted = flips - model.flips.count
        if unlisted > 0 {
            let are: HTMLMarkup = unlisted == 1 ? " is" : "s are"
            out += "<p class=\"note\">The table lists the first \(model.flips.count) by session id; \(unlisted) more "
            out += "flipped session\(are) not listed (all of them: "
            out += "<code>\(ShellCommand.flippedSessions(model.archiveName, replayID: model.replay.id))</code>).</p>\n"
        }
        let unplaced = model.flips.filter { placed[$0.sessionID] == nil }.count
        if unplaced > 0 {
            let have: HTMLMarkup = unplaced == 1 ? " has" : "s have"
            out += "<p class=\"note\">\(unplaced) flipped session\(have) no release point (–): "
            out += "the gesture never drove the transition, a tap scenario, no trace in this archive, "
            out += "or left out of its map's sample.</p>\n"
        }
        out += "<table class=\"flipped\">\n<thead><tr><th>session</th><th>scenario</th><th class=\"num\">release progress</th>"
        out += "<th class=\"num\">release velocity (pt/s)</th><th>recorded</th><th>replayed</th><th>command</th></tr></thead>\n<tbody>\n"
        for flip in model.flips {
            let id = flip.sessionID
            let point = placed[id]
            let session: HTMLMarkup = players.contains(id) ? "<a href=\"#session-\(id)\">\(id) ▶</a>" : "\(id)"
            let command =
                players.contains(id)
                ? ShellCommand.show(model.recordedArchiveName ?? model.archiveName, id)
                : ShellCommand.show(model.recordedArchiveName ?? model.archiveName, id) + "; "
                    + ShellCommand.sessionReport(model.archiveName, id)
            let facets = ReviewFilters.attributes(sessionID: id, scenario: flip.scenario, flipped: true, facet: model.facets[id])
            let progress = point.map { $0.progressText ?? NumberText.fixed($0.progress, .progress) } ?? "–"
            let velocity = point.map { NumberText.fixed($0.velocity, .pointsPerSecond) } ?? "–"
            out += "<tr id=\"flip-\(id)\"\(facets)><td>\(session)</td><td>\(flip.scenario)</td>"
            out += "<td class=\"num\">\(progress)</td><td class=\"num\">\(velocity)</td>"
            out += "<td>\(flip.decisionExpected)</td><td>\(flip.decisionActual)</td><td><code>\(command)</code></td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }
}
