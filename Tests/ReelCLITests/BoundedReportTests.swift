import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 37 ("A million sessions"): the report's decision maps drew every session of their
/// scenario, so the page grew with the archive (1.5 MB at 2,000 sessions, 3.6 MB at 20,000). A
/// map now draws a bounded sample chosen by a stable rule (docs/REPORT.md, "Decision maps"): the
/// scenario's first 100 flipped sessions by id, then its unflipped sessions at an even step over
/// their ids, 150 in all; and the flipped-sessions table lists the first 200 flips by id.
@Suite("The report plots a bounded number of sessions")
struct BoundedReportTests {
    /// The published limits (ReportReader's defaults, docs/REPORT.md).
    static let mapSessions = 150
    static let mapFlipped = 100

    /// Replay 1's verdicts on the sessions, by id: whether each flipped.
    private func verdicts(in archive: String) throws -> [(id: Int64, flipped: Bool)] {
        let database = try Database.open(archive, mode: .readOnly)
        let rows = try database.prepare(
            "SELECT session_id, coalesce(decision_expected <> decision_actual, 0) FROM replay_results WHERE replay_id = 1 ORDER BY session_id"
        )
        var verdicts: [(Int64, Bool)] = []
        while try rows.step() { verdicts.append((rows.int64(at: 0), rows.int64(at: 1) != 0)) }
        return verdicts
    }

    /// The sample the rule picks: the first `mapFlipped` flipped sessions by id; of the n unflipped,
    /// k = min(n, mapSessions - flipped drawn), rank r (0-based, by id) when floor((r + 1)k / n) > floor(rk / n).
    private func expectedSample(_ verdicts: [(id: Int64, flipped: Bool)]) -> Set<Int64> {
        let flipped = verdicts.filter(\.flipped).map(\.id).prefix(Self.mapFlipped)
        let others = verdicts.filter { !$0.flipped }.map(\.id)
        let k = min(others.count, Self.mapSessions - flipped.count)
        var sample = Set(flipped)
        for (rank, id) in others.enumerated() where (rank + 1) * k / others.count > rank * k / others.count { sample.insert(id) }
        return sample
    }

    /// The session ids a map article draws (each point appears once per panel).
    private func drawnSessions(_ html: String, scenario: String) throws -> [Int64] {
        let start = try #require(html.range(of: "<h3>\(scenario)</h3>"), "no map of \(scenario)")
        let end = try #require(html[start.upperBound...].range(of: "</article>"))
        let article = html[start.upperBound..<end.lowerBound]
        var ids: [Int64] = []
        var rest = article[...]
        while let mark = rest.range(of: "data-session=\"") {
            let digits = rest[mark.upperBound...].prefix { $0.isNumber }
            ids.append(try #require(Int64(digits)))
            rest = rest[mark.upperBound...]
        }
        return ids
    }

    @Test func aMapDrawsTheStableSampleOfALargeScenario() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let count = 400
        _ = try record(try synthesizedStream("image.drag-dismiss", count: count, seed: 5, in: folder), into: archive)
        let candidate = try profile("\"imagedrag.threshold\":0.3", in: folder)
        let replay = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let verdicts = try verdicts(in: archive)
        let flips = verdicts.filter(\.flipped).count
        #expect(flips >= 3, "the candidate should flip some drags")
        let sample = expectedSample(verdicts)
        #expect(sample.count == Self.mapSessions)

        let run = try runReel(["report", "a.sqlite", "-o", "r.html"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        let drawn = try drawnSessions(html, scenario: "image.drag-dismiss")
        // Two panels: each sampled session twice, no other session.
        #expect(drawn.count == 2 * sample.count)
        #expect(Set(drawn) == sample)
        #expect(
            html.contains(
                "<p>\(count) sessions, \(flips) flipped; drawn: a sample of \(sample.count) (the first \(min(flips, Self.mapFlipped)) flipped by id"
            ),
            "the map says how many sessions it has and how many it draws")
        #expect(html.contains("A map draws at most \(Self.mapSessions) sessions"))

        // The same archive gives the same page.
        let again = try runReel(["report", "a.sqlite", "-o", "r2.html"], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try String(contentsOfFile: folder + "/r2.html", encoding: .utf8) == html)
    }

    @Test func aSmallScenarioIsDrawnWhole() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("image.drag-dismiss", count: 60, seed: 5, in: folder), into: archive)
        let candidate = try profile("\"imagedrag.threshold\":0.3", in: folder)
        _ = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        let run = try runReel(["report", "a.sqlite", "-o", "r.html"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        #expect(Set(try drawnSessions(html, scenario: "image.drag-dismiss")) == Set(try verdicts(in: archive).map(\.id)))
        #expect(!html.contains("A map draws at most"))
    }
}
