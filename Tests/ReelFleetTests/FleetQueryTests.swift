import Foundation
import ReelFleet
import ReelFormats
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// The saved fleet queries (Fleet/Queries/*.sql) answer what the published runs say: each answer
/// is computed here from the archives' own verdict rows and compared with the query's rows.
@Suite(.enabled(if: postgresInstalled, noPostgresReason))
struct FleetQueryTests {
    /// One published run as the test sees it: its commit, engine fingerprint and verdicts by hash.
    struct PublishedRun {
        var commit: String
        var fingerprint: String
        var verdicts: [(hash: String, scenario: String, status: String, actual: String?, flipped: Bool)]
    }

    /// Archive A (recorded with the built-in engine) replayed by builtin, by a candidate with a lower
    /// swipe threshold, and by one with a threshold in between; archive B (the same input recorded
    /// by the lower-threshold candidate) replayed by builtin, so builtin's verdicts differ between
    /// A and B on the sessions the threshold flips.
    static func publishedHistory(url: String) throws -> [PublishedRun] {
        let corpus = try swipeDismissCorpus(count: 24)
        let folder = corpus.folder
        let stream = folder + "/modal.swipe-dismiss-11.jsonl"
        let between = try profile("\"swipe.threshold\":0.4", in: folder, name: "between")
        let archiveB = folder + "/b.sqlite"
        _ = try record(stream, engine: .profile(path: corpus.candidate), into: archiveB)
        let plan: [(archive: String, engine: String, commit: String)] = [
            (corpus.archive, "builtin", "c1"), (corpus.archive, corpus.candidate, "c2"), (corpus.archive, between, "c3"),
            (archiveB, "builtin", "c4"),
        ]
        var published: [PublishedRun] = []
        for (archive, engine, commit) in plan {
            let replay = try runReel(["replay", archive, "--engine", engine], in: folder)
            #expect(replay.status == 0 || replay.status == 1, "\(replay.standardError)")
            let opened = try Archive.open(archive, mode: .readOnly)
            let replayID = try #require(try opened.replayRuns().last?.id)
            let run = try runPublish([archive, "--replay", "\(replayID)", "--to", url, "--meta", "commit=\(commit)"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let headers = try sessionHeaders(archive)
            let replayRow = try #require(try opened.replayRun(id: replayID))
            let fingerprint = try #require(try opened.engine(id: replayRow.engineID)).fingerprint
            let verdicts = try opened.replayResults(replayID: replayID).map { row in
                let header = headers[row.sessionID]!
                let flipped = row.decisionExpected != nil && row.decisionActual != nil && row.decisionExpected != row.decisionActual
                return (header.hash, header.scenario, row.status.rawValue, row.decisionActual?.rawValue, flipped)
            }
            published.append(PublishedRun(commit: commit, fingerprint: fingerprint, verdicts: verdicts))
        }
        return published
    }

    @Test func savedQueriesAnswerFromThePublishedRuns() async throws {
        try await withPostgres { url in
            let runs = try Self.publishedHistory(url: url)
            #expect(runs.map { $0.verdicts.filter(\.flipped).count }.reduce(0, +) > 0, "the history has flips")

            // Flips per commit.
            let perCommit = try await rows(try savedQuery("flips-per-commit"), at: url)
            #expect(perCommit.map { $0["commit"] as? String } == runs.map(\.commit))
            for (row, run) in zip(perCommit, runs) {
                #expect((row["flips"] as? NSNumber)?.intValue == run.verdicts.filter(\.flipped).count)
                #expect((row["flipped_sessions"] as? NSNumber)?.intValue == Set(run.verdicts.filter(\.flipped).map(\.hash)).count)
                #expect((row["verdicts"] as? NSNumber)?.intValue == run.verdicts.count)
            }

            // The run where each currently flipping session started to flip (runs in publish order).
            var history: [String: [(commit: String, flipped: Bool)]] = [:]
            for run in runs { for verdict in run.verdicts { history[verdict.hash, default: []].append((run.commit, verdict.flipped)) } }
            var onsets: [String: String] = [:]
            for (hash, steps) in history where steps.last?.flipped == true {
                let streak = steps.reversed().prefix { $0.flipped }
                onsets[hash] = streak.last!.commit
            }
            let onsetRows = try await rows(try savedQuery("flip-onset"), at: url)
            var answered: [String: String] = [:]
            for row in onsetRows { answered[try #require(row["session_hash"] as? String)] = row["onset_commit"] as? String }
            #expect(answered == onsets)
            #expect(!onsets.isEmpty, "B's builtin run flips the sessions the lower threshold flips")

            // Flaky: more than one verdict for the same engine fingerprint and session.
            var verdictsByEngine: [String: Set<String>] = [:]
            for run in runs {
                for verdict in run.verdicts {
                    verdictsByEngine[run.fingerprint + " " + verdict.hash, default: []].insert(
                        verdict.status + "/" + (verdict.actual ?? "-"))
                }
            }
            let flaky = Set(verdictsByEngine.filter { $0.value.count > 1 }.keys)
            let flakyRows = try await rows(try savedQuery("flaky-sessions"), at: url)
            let answeredFlaky = Set(
                flakyRows.map { ($0["engine_fingerprint"] as? String ?? "") + " " + ($0["session_hash"] as? String ?? "") })
            #expect(answeredFlaky == flaky)
            #expect(!flaky.isEmpty, "builtin judges A and B differently")

            // Trend per scenario: one row per scenario and run, in run order.
            let trend = try await rows(try savedQuery("scenario-trend"), at: url)
            var expectedTrend: [String] = []
            for scenario in Set(runs.flatMap { $0.verdicts.map(\.scenario) }).sorted() {
                for run in runs {
                    let mine = run.verdicts.filter { $0.scenario == scenario }
                    guard !mine.isEmpty else { continue }
                    let counts = ["matched", "diverged", "error"].map { status in mine.filter { $0.status == status }.count }
                    expectedTrend.append("\(scenario) \(run.commit) \(mine.count) \(counts) \(mine.filter(\.flipped).count)")
                }
            }
            let answeredTrend = trend.map { row in
                let number = { (key: String) in (row[key] as? NSNumber)?.intValue ?? -1 }
                return "\(row["scenario"] as? String ?? "?") \(row["commit"] as? String ?? "?") \(number("sessions")) "
                    + "\([number("matched"), number("diverged"), number("errors")]) \(number("flips"))"
            }
            #expect(answeredTrend == expectedTrend)
        }
    }
}
