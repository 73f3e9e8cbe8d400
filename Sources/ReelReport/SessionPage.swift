/// One session's self-contained page (`reel report ARCHIVE --session ID`): its player, plots and
/// the command that writes the whole report.
package enum SessionPage {
    package static func html(_ report: SessionReport) -> String {
        let e = HTML.escape
        let id = report.session.sessionID
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>Reel session \(id), replay \(report.replayID) of \(e(report.archiveName))</title>
            <style>\n\(ReportPage.style)</style>
            </head>
            <body>
            <h1>Session \(id) in replay \(report.replayID) of <code>\(e(report.archiveName))</code></h1>
            <p>The whole replay: <code>\(e(ShellCommand.report(report.archiveName, report.replayID)))</code></p>

            """
        if let note = report.candidateTraceNote { out += "<p class=\"note\">\(e(note))</p>\n" }
        out += ReportPage.sessionArticle(report.session, archiveName: report.archiveName)
        return out + "<script>\n\(PlayerScript.source)</script>\n</body>\n</html>\n"
    }
}
