import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 36: the report's header shows where a replay ran (`replays.metadata_json`: commit, branch,
/// pull request, CI run URL, host) and its wall time, every value escaped, the CI URL a link only
/// when it is an http(s) URL.
@Suite("Run metadata in the report")
struct ReportRunMetadataTests {
    /// The replay's wall time from its stored ISO-8601 times (millisecond precision), in seconds.
    private func wallTime(_ archive: String, replay: Int64) throws -> Double {
        let database = try Database.open(archive, mode: .readOnly)
        let statement = try database.prepare(
            "SELECT (julianday(finished_at) - julianday(started_at)) * 86400.0 FROM replays WHERE id = ?1")
        try statement.bind(replay, at: 1)
        #expect(try statement.step())
        return statement.double(at: 0)
    }

    @Test func theHeaderShowsTheRunsMetadataEscapedWithOnlyHTTPLinks() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let replay = try runReel(
            [
                "replay", "a.sqlite", "--engine", candidate, "--meta", "commit=0123456789abcdef0123456789abcdef01234567",
                "--meta", "branch=feature/<b>&x", "--meta", "pull_request=42", "--meta", "ci_url=https://ci.example/runs/7?a=1&b=2",
                "--meta", "host=builder\"7",
            ], in: folder)
        #expect(replay.status == 1 || replay.status == 0, "\(replay.standardError)")
        let report = try runReel(["report", "a.sqlite", "-o", "r.html"], in: folder)
        #expect(report.status == 0, "\(report.standardError)")
        let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        let header = try #require(html.range(of: "<section id=\"summary\">").map { String(html[..<$0.lowerBound]) })
        #expect(header.contains("0123456789abcdef0123456789abcdef01234567"), "the whole commit")
        #expect(header.contains("feature/&lt;b&gt;&amp;x"))
        #expect(!header.contains("feature/<b>"))
        #expect(header.contains(">42<"), "the pull request")
        #expect(header.contains("<a href=\"https://ci.example/runs/7?a=1&amp;b=2\">"))
        #expect(header.contains("builder&quot;7"))
        let seconds = try wallTime(archive, replay: 1)
        #expect(header.contains("wall time " + String(format: "%.3f", seconds) + " s"), "\(header.suffix(1500))")

        // A CI URL that is not http(s) is shown as text, never as a link.
        let second = try runReel(
            ["replay", "a.sqlite", "--engine", candidate, "--meta", "ci_url=javascript:alert(1)"], in: folder)
        #expect(second.status == 1 || second.status == 0, "\(second.standardError)")
        let again = try runReel(["report", "a.sqlite", "-o", "r2.html"], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        let page = try String(contentsOfFile: folder + "/r2.html", encoding: .utf8)
        #expect(page.contains("javascript:alert(1)"))
        #expect(!page.contains("href=\"javascript"))
    }
}
