import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// Issue 49, "a review that keeps what you decide": everything that can refuse is checked before the
/// first question, an engine is compared by the file it names, each answer is stored as it is given,
/// rejects are remembered (review_rejects), shown by `reel info` and left out of the next review,
/// and the keys are `cargo insta review`'s. Expected sessions come from the archive's rows (SQL).
@Suite("reel review keeps what you decide")
struct ReviewKeepsDecisionsTests {
    /// Session ids an SQL statement returns, in its order.
    private func ids(_ path: String, _ sql: String) throws -> [Int64] {
        let statement = try Database.open(path, mode: .readOnly).prepare(sql)
        var found: [Int64] = []
        while try statement.step() { found.append(statement.int64(at: 0)) }
        return found
    }

    /// Replay 1's diverged sessions in review order (flips first, each by scenario and id), and the flips' count.
    private func reviewOrder(_ archive: String) throws -> (sessions: [Int64], flips: Int) {
        let flipped = "coalesce(rr.decision_expected <> rr.decision_actual, 0)"
        let sessions = try ids(
            archive,
            """
            SELECT rr.session_id FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
            JOIN scenarios AS sc ON sc.id = s.scenario_id WHERE rr.replay_id = 1 AND rr.status = 'diverged'
            ORDER BY \(flipped) DESC, sc.name, rr.session_id
            """)
        let flips = try archiveCount(archive, "SELECT count(*) FROM replay_results AS rr WHERE replay_id = 1 AND \(flipped) = 1")
        return (sessions, Int(flips))
    }

    private func accepted(_ archive: String) throws -> [Int64] {
        try ids(archive, "SELECT session_id FROM baseline_history WHERE replay_id = 1 ORDER BY session_id")
    }

    private func rejected(_ archive: String) throws -> [Int64] {
        try ids(archive, "SELECT session_id FROM review_rejects WHERE replay_id = 1 ORDER BY session_id")
    }

    private func write(_ text: String, to path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    /// A candidate that must run again and is not given is refused before the first question (0.16.0
    /// asked every question, then refused them all at the end with 64).
    @Test func aCandidateThatMustRunAgainIsRefusedBeforeTheFirstQuestion() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 30)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate, "--no-keep-traces"], in: folder).status == 1)
        try write("a\na\nq\n", to: folder + "/answers.txt")
        let before = try archiveFileHash(archive)
        let run = try runReel(["review", "a.sqlite", "--interactive"], in: folder, input: folder + "/answers.txt")
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains("have no kept trace"), "\(run.standardError)")
        #expect(!run.standardError.contains("flip 1/"), "asked before refusing: \(run.standardError)")
        #expect(try archiveFileHash(archive) == before)
    }

    /// The candidate named by another spelling of the file the replay ran (relative there, absolute
    /// here; a symbolic link) is the same engine; another file with the same text is not.
    @Test func theEngineIsComparedByTheFileItNames() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 30)
        let name = URL(fileURLWithPath: candidate).lastPathComponent
        #expect(try runReel(["replay", "a.sqlite", "--engine", name, "--no-keep-traces"], in: folder).status == 1)
        let order = try reviewOrder(archive)
        try #require(order.sessions.count >= 2)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: candidate)
        try FileManager.default.copyItem(atPath: candidate, toPath: folder + "/copy.json")

        let copy = try runReel(["accept", "a.sqlite", "--replay", "1", "--engine", folder + "/copy.json"], in: folder)
        #expect(copy.status == 64 && copy.standardError.contains("was run with --engine"), "\(copy.standardError)")
        try write("a\nq\n", to: folder + "/answers.txt")
        let review = try runReel(
            ["review", "a.sqlite", "--interactive", "--engine", candidate], in: folder, input: folder + "/answers.txt")
        #expect(review.status == 0, "\(review.standardError)")
        #expect(try accepted(archive) == [order.sessions[0]])
        let accept = try runReel(
            ["accept", "a.sqlite", "--replay", "1", "--session", String(order.sessions[1]), "--engine", "link.json"], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        #expect(try accepted(archive) == [order.sessions[0], order.sessions[1]].sorted())
    }

    /// `a` and `r` are stored as they are answered and `q` keeps them; the next review leaves both
    /// out (the reject unless --include-rejected); `reel info` lists the reject, in text and in JSON
    /// that still validates; accepting a rejected session forgets the reject.
    @Test func answersAreStoredAsGivenAndRejectsAreRemembered() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let order = try reviewOrder(archive)
        try #require(order.flips >= 3)
        let (first, second, third) = (order.sessions[0], order.sessions[1], order.sessions[2])
        try write("a\nr\nq\ns\n", to: folder + "/answers.txt")
        let review = try runReel(["review", "a.sqlite", "--interactive"], in: folder, input: folder + "/answers.txt")
        #expect(review.status == 0, "\(review.standardError)")
        #expect(review.standardError.contains("flip 1/\(order.flips), session \(first):"), "\(review.standardError)")
        #expect(review.standardError.contains("flip 2/\(order.flips), session \(second):"), "\(review.standardError)")
        #expect(!review.standardError.contains("flip 4/"), "asked after q: \(review.standardError)")
        #expect(try accepted(archive) == [first])
        #expect(try rejected(archive) == [second])

        let list = try runReel(["review", "a.sqlite"], in: folder)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(!list.standardOutput.contains("session \(first) ") && !list.standardOutput.contains("session \(second) "))
        #expect(list.standardOutput.contains("session \(third) "), "\(list.standardOutput)")
        #expect(list.standardOutput.contains("1 accepted before, 1 rejected before"), "\(list.standardOutput)")
        let again = try runReel(["review", "a.sqlite", "--include-rejected"], in: folder)
        #expect(again.standardOutput.contains("session \(second) "), "\(again.standardOutput)")

        let info = try runReel(["info", "a.sqlite"], in: folder)
        #expect(info.standardOutput.contains("rejected: replay 1: 1 session (\(second));"), "\(info.standardOutput)")
        let json = try runReel(["info", "a.sqlite", "--format", "json"], in: folder)
        let document = try JSONParser.parse(json.standardOutput)
        #expect(document["rows"]?["review_rejects"] == .number(1), "\(json.standardOutput)")
        #expect(try JSONSchemaTests.schema("info-1").violations(of: document) == [])

        // Asked again with --include-rejected, the rejected session comes first now and is accepted.
        try write("a\nq\n", to: folder + "/answers.txt")
        let accept = try runReel(
            ["review", "a.sqlite", "--interactive", "--include-rejected"], in: folder, input: folder + "/answers.txt")
        #expect(accept.status == 0, "\(accept.standardError)")
        #expect(try accepted(archive) == [first, second].sorted())
        #expect(try rejected(archive) == [])
    }

    /// `A` accepts every remaining session, `R` rejects them, `S` skips them (nothing written), `i`
    /// hides the decision arithmetic; the counts in the prompt name flips and other divergences apart.
    @Test func capitalKeysDecideEveryRemainingSession() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        _ = try archiveFileHash(archive)
        for copy in ["b", "c"] { try FileManager.default.copyItem(atPath: archive, toPath: folder + "/\(copy).sqlite") }
        let order = try reviewOrder(archive)
        try #require(order.flips >= 2)

        try write("i\nS\n", to: folder + "/answers.txt")
        let before = try archiveFileHash(archive)
        let skip = try runReel(["review", "a.sqlite", "--interactive"], in: folder, input: folder + "/answers.txt")
        #expect(skip.status == 0, "\(skip.standardError)")
        #expect(skip.standardOutput.contains("skipped \(order.sessions.count), 0 undecided"), "\(skip.standardOutput)")
        // The block is printed twice: with the arithmetic, then without it after `i`.
        let blocks = skip.standardOutput.components(separatedBy: "session \(order.sessions[0])  flipped")
        #expect(blocks.count == 3 && blocks[1].contains("  recorded: ") && !blocks[2].contains("  recorded: "), "\(skip.standardOutput)")
        #expect(try archiveFileHash(archive) == before)

        try write("r\nA\n", to: folder + "/answers.txt")
        let acceptAll = try runReel(["review", "b.sqlite", "--interactive"], in: folder, input: folder + "/answers.txt")
        #expect(acceptAll.status == 0, "\(acceptAll.standardError)")
        #expect(try rejected(folder + "/b.sqlite") == [order.sessions[0]])
        #expect(try accepted(folder + "/b.sqlite") == Array(order.sessions.dropFirst()).sorted())

        try write("a\nR\n", to: folder + "/answers.txt")
        let rejectAll = try runReel(["review", "c.sqlite", "--interactive"], in: folder, input: folder + "/answers.txt")
        #expect(rejectAll.status == 0, "\(rejectAll.standardError)")
        #expect(try accepted(folder + "/c.sqlite") == [order.sessions[0]])
        #expect(try rejected(folder + "/c.sqlite") == Array(order.sessions.dropFirst()).sorted())
        if order.sessions.count > order.flips {
            #expect(rejectAll.standardError.contains("flip 2/\(order.flips)"), "\(rejectAll.standardError)")
        }
        let done = try runReel(["review", "c.sqlite", "--interactive"], in: folder, input: folder + "/answers.txt")
        #expect(done.status == 0 && done.standardOutput.contains("no diverged session left to review"), "\(done.standardOutput)")
    }

    /// `reel demo` keeps the diverged sessions' candidate traces as `reel replay` does, so its
    /// archive is reviewed and accepted without naming the candidate (0.16.0: exit 64, nothing applied).
    @Test func theDemoArchiveIsAcceptedWithoutRunningTheCandidateAgain() throws {
        let folder = try temporaryFolder()
        let demo = try runReel(["demo", "--directory", "d", "--count", "20"], in: folder)
        #expect(demo.status == 0, "\(demo.standardError)")
        let archive = folder + "/d/demo.sqlite"
        let diverged = try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 1 AND status = 'diverged'")
        try #require(diverged >= 2)
        let kept = try archiveCount(
            archive,
            """
            SELECT count(*) FROM replay_results AS rr JOIN replays AS r ON r.id = rr.replay_id
            WHERE rr.replay_id = 1 AND rr.status = 'diverged'
              AND EXISTS (SELECT 1 FROM traces AS t WHERE t.session_id = rr.session_id AND t.engine_id = r.engine_id)
            """)
        #expect(kept == diverged)
        let order = try reviewOrder(archive)
        try write("a\nq\n", to: folder + "/answers.txt")
        let review = try runReel(["review", "d/demo.sqlite", "--interactive"], in: folder, input: folder + "/answers.txt")
        #expect(review.status == 0, "\(review.standardError)")
        #expect(try accepted(archive) == [order.sessions[0]])
    }

    /// Pruning a replay takes its rejects along (ON DELETE CASCADE), and the archive still checks.
    @Test func pruningAReplayForgetsItsRejects() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 30)
        for _ in 0..<2 { #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1) }
        try write("r\nr\nq\n", to: folder + "/answers.txt")
        #expect(
            try runReel(["review", "a.sqlite", "--replay", "1", "--interactive"], in: folder, input: folder + "/answers.txt").status == 0)
        #expect(try archiveCount(archive, "SELECT count(*) FROM review_rejects WHERE replay_id = 1") == 2)
        let prune = try runReel(["prune", "a.sqlite", "--keep-last", "1"], in: folder)
        #expect(prune.status == 0, "\(prune.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM review_rejects") == 0)
        let check = try runReel(["info", "a.sqlite", "--check"], in: folder)
        #expect(check.status == 0 && !check.standardOutput.contains("rejected: "), "\(check.standardOutput)")
    }

    /// An `exec:` engine tells who it is only in an answer: the review runs it once before the first
    /// question, so an engine that changed since the replay (here its version) is refused (65) with
    /// nothing asked and nothing written (0.16.0 asked first, then refused at the end).
    @Test func aChangedExecEngineIsRefusedBeforeTheFirstQuestion() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        // The example engine knows the navigation pops (not the swipe dismissal).
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 12, seed: 12, in: folder), into: archive)
        let script = folder + "/engine.sh"
        let engine = "python3 \(repositoryRoot)/tools/example_engine.py --threshold 0.3 --engine-version"
        try write("exec \(engine) 1.0\n", to: script)
        let replay = try runReel(["replay", "a.sqlite", "--engine", "exec:sh engine.sh", "--no-keep-traces"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        try write("exec \(engine) 2.0\n", to: script)
        try write("a\nA\n", to: folder + "/answers.txt")
        let review = try runReel(
            ["review", "a.sqlite", "--interactive", "--engine", "exec:sh \(script)"], in: folder, input: folder + "/answers.txt")
        #expect(review.status == 65, "\(review.standardError)")
        #expect(review.standardError.contains("example-percent-engine 2.0"), "\(review.standardError)")
        #expect(!review.standardError.contains(", session "), "asked before refusing: \(review.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM baseline_history") == 0)
    }
}
