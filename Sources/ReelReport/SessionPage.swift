/// One session's self-contained page (`reel report ARCHIVE --session ID`): its player, plots and
/// the command that writes the whole report.
package enum SessionPage {
    package static func html(_ report: SessionReport) -> String {
        let id = report.session.sessionID
        var out: HTMLMarkup = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>Reel session \(id), replay \(report.replayID) of \(report.archiveName)</title>
            <style>\n\(ReportPage.styleMarkup)</style>
            </head>
            <body>
            <h1>Session \(id) in replay \(report.replayID) of <code>\(report.archiveName)</code></h1>
            <p>The whole replay: <code>\(ShellCommand.report(report.archiveName, report.replayID))</code></p>

            """
        if let note = report.candidateTraceNote { out += "<p class=\"note\">\(note)</p>\n" }
        out += ReportPage.sessionArticle(report.session, archiveName: report.archiveName)
        out += "<script>\n\(PlayerScript.markup)</script>\n</body>\n</html>\n"
        return out.html
    }
}
