import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

@Suite struct ArchiveTests {
    @Test func sessionRoundTripsBitExact() throws {
        let archive = try Archive.open(temporaryPath("rt.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        let original = sampleSession()
        let id = try archive.write { try archive.insert(original, engineID: engine) }
        let loaded = try archive.loadSession(id)
        var expected = original
        expected.id = id
        #expect(loaded == expected)
        #expect(allDoubles(loaded) == allDoubles(original))
        #expect(loaded.header.externalID == nil)
        #expect(loaded.header.tags == ["slow", "edge \"quoted\"", "ünïcode"])
        #expect(try archive.baselineEngineID(sessionID: id) == engine)
        #expect(try archive.engine(id: engine) == sampleEngine)
        // The session's size class is derived from the device.
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM sessions WHERE size_class = 'compact'") == 1)
        let counts = Dictionary(uniqueKeysWithValues: try archive.rowCounts().map { ($0.table, $0.rows) })
        #expect(counts["touches"] == 4 && counts["trace_frames"] == 4 && counts["trace_views"] == 3)
        #expect(counts["view_keys"] == 3 && counts["trace_events"] == 3 && counts["traces"] == 1 && counts["baselines"] == 1)
        // The views under the v3 names count the rows v3 stored.
        #expect(
            try ["frames", "frame_views", "events", "outcomes"].map { try archive.database.scalarInt64("SELECT count(*) FROM \($0)") }
                == [4, 12, 3, 1])
    }

    @Test func negativeZeroReadsBackAsZero() throws {
        let archive = try Archive.open(temporaryPath("zero.sqlite"), mode: .readWrite)
        var session = sampleSession()
        session.trace.frames[0].views[0].x = -0.0
        let id = try archive.insert(session, engineID: try archive.engineID(for: sampleEngine))
        let x = try archive.loadSession(id).trace.frames[0].views[0].x
        #expect(x == 0 && x.sign == .plus)
    }

    @Test func engineAndScenarioIdsAreInsertOrGet() throws {
        let archive = try Archive.open(temporaryPath("ids.sqlite"), mode: .readWrite)
        let first = try archive.engineID(for: sampleEngine)
        #expect(try archive.engineID(for: sampleEngine) == first)
        #expect(try archive.engineID(for: candidateEngine) != first)
        let scenario = try archive.scenarioID(name: "nav.push", specJSON: "{}")
        #expect(try archive.scenarioID(name: "nav.push", specJSON: "{}") == scenario)
        #expect(try archive.scenarioID(name: "nav.push", specJSON: #"{"v":2}"#) != scenario)
    }

    @Test func contentHashDeduplicates() throws {
        let archive = try Archive.open(temporaryPath("dedupe.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        #expect(try archive.sessionID(contentHash: "hash-1") == nil)
        let id = try archive.insert(sampleSession(), engineID: engine)
        #expect(try archive.sessionID(contentHash: "hash-1") == id)
        let error = #expect(throws: SQLiteError.self) { try archive.insert(sampleSession(), engineID: engine) }
        #expect(error?.code == 19)  // SQLITE_CONSTRAINT
        #expect(error?.message.contains("sessions.content_hash") == true)
        #expect(try archive.sessionIDs() == [id])
    }

    @Test func failedTransactionLeavesNoRows() throws {
        struct Interrupted: Error {}
        let archive = try Archive.open(temporaryPath("rollback.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        #expect(throws: Interrupted.self) {
            try archive.write {
                try archive.insert(sampleSession(contentHash: "a"), engineID: engine)
                try archive.insert(sampleSession(contentHash: "b"), engineID: engine)
                throw Interrupted()
            }
        }
        let counts = try archive.rowCounts()
        #expect(counts.filter { $0.table != "engines" }.allSatisfy { $0.rows == 0 })
        // Ids cached during the rolled-back transaction are not reused: a new insert works.
        let id = try archive.insert(sampleSession(contentHash: "a"), engineID: engine)
        #expect(try archive.loadSession(id).trace.frames.count == 4)
    }

    @Test func sessionFailingHalfWayLeavesNoRows() throws {
        let archive = try Archive.open(temporaryPath("half.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        var broken = sampleSession(contentHash: "broken")
        broken.trace.outcome.hierarchy = "not json"  // the last row of the session fails its CHECK
        try archive.write {
            try archive.insert(sampleSession(contentHash: "good"), engineID: engine)
            #expect(throws: SQLiteError.self) { try archive.insert(broken, engineID: engine) }
        }
        #expect(try archive.sessionIDs().count == 1)
        let counts = Dictionary(uniqueKeysWithValues: try archive.rowCounts().map { ($0.table, $0.rows) })
        #expect(counts["trace_views"] == 3 && counts["touches"] == 4 && counts["traces"] == 1)
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM frame_views") == 12)
    }

    @Test func readsStreamInOrder() throws {
        let archive = try Archive.open(temporaryPath("stream.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        let (first, second, third) = try archive.write {
            (
                try archive.insert(sampleSession(contentHash: "1"), engineID: engine),
                try archive.insert(sampleSession(contentHash: "2", scenario: "sheet.dismiss"), engineID: engine),
                try archive.insert(sampleSession(contentHash: "3"), engineID: engine)
            )
        }
        #expect(try archive.sessionIDs(scenario: "nav.interactive-pop") == [first, third])
        #expect(try archive.sessionIDs(ids: [third, 999, first]) == [first, third])
        #expect(try archive.sessionIDs(scenario: "sheet.dismiss", ids: [first, second]) == [second])

        var rows: [FrameViewRow] = []
        try archive.forEachFrameView(sessionID: nil) { rows.append($0) }
        #expect(rows.count == 36)
        #expect(rows.map(\.sessionID) == [first, second, third].flatMap { Array(repeating: $0, count: 12) })
        #expect(rows.prefix(3).map(\.view.key) == ["A.view", "dimming", "B.view"])

        var frames: [(Int64, Frame)] = []
        try archive.forEachFrame(sessionID: second) { frames.append(($0, $1)) }
        #expect(frames.map(\.0) == [second, second, second, second])
        #expect(frames.map(\.1) == sampleSession().trace.frames)
    }

    @Test func loadSessionsReadsStoredIdsInOrderWithViewsBackToFront() throws {
        let archive = try Archive.open(temporaryPath("chunk.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        // The first session interns A.view, dimming and B.view in that order; the second lists its
        // views back to front in the opposite key order, and two of them share a z.
        var reversed = sampleSession(contentHash: "2", scenario: "sheet.dismiss")
        reversed.header.tags = []
        for index in reversed.trace.frames.indices {
            let views = reversed.trace.frames[index].views
            var front = views[0]
            var middle = views[1]
            var back = views[2]
            back.z = 0
            middle.z = 1
            front.z = 1
            // Equal z: the view interned first (A.view) is further back.
            reversed.trace.frames[index].views = [back, front, middle]
        }
        let sessions = [sampleSession(contentHash: "1"), reversed, sampleSession(contentHash: "3")]
        let ids = try archive.write { try sessions.map { try archive.insert($0, engineID: engine) } }

        let loaded = try archive.loadSessions([ids[2], 999, ids[1], ids[0]])
        let expected = zip(ids, sessions).map { id, session in
            var session = session
            session.id = id
            return session
        }
        #expect(loaded == expected)
        #expect(loaded.map(allDoubles) == sessions.map(allDoubles))
        #expect(loaded[1].trace.frames[0].views.map(\.key) == ["B.view", "A.view", "dimming"])
        #expect(try archive.loadSessions([ids[1]]) == [expected[1]])
        #expect(try archive.loadSessions([]) == [])
        #expect(throws: ArchiveError.self) { try archive.loadSession(999) }
    }

    @Test func replayResultsRoundTripAndFeedTheViews() throws {
        let archive = try Archive.open(temporaryPath("replay.sqlite"), mode: .readWrite)
        let recorder = try archive.engineID(for: sampleEngine)
        let candidate = try archive.engineID(for: candidateEngine)
        let flipped = try archive.insert(sampleSession(contentHash: "1", externalID: "ext-1"), engineID: recorder)
        let same = try archive.insert(sampleSession(contentHash: "2"), engineID: recorder)
        let replay = try archive.beginReplay(
            engineID: candidate, candidate: "profile.json", tolerancesJSON: #"{"points":0.5}"#, shard: "1/2")
        let results = [
            ReplayResultRow(
                replayID: replay, sessionID: flipped, status: .diverged, decisionExpected: .finished,
                decisionActual: .cancelled, firstDivergentFrame: 2, maxError: 12.5,
                kinds: [.frame, .decision, .frame]),
            ReplayResultRow(
                replayID: replay, sessionID: same, status: .diverged, decisionExpected: .finished,
                decisionActual: .finished, firstDivergentFrame: 3, maxError: 0.75, kinds: [.frame]),
        ]
        let divergences = [
            DivergenceRow(
                replayID: replay, sessionID: flipped,
                divergence: Divergence(
                    kind: .decision, expected: "finished", actual: "cancelled", detail: "recorded finished, replay cancelled")),
            DivergenceRow(
                replayID: replay, sessionID: flipped,
                divergence: Divergence(
                    kind: .frame, frameIndex: 2, viewKey: "B.view", property: "x", expected: "195.75", actual: "208.25",
                    delta: 12.5, detail: "beyond 0.5 pt")),
            DivergenceRow(
                replayID: replay, sessionID: same,
                divergence: Divergence(
                    kind: .frame, frameIndex: 3, viewKey: "B.view", property: "alpha", expected: "0.99", actual: "0.24",
                    delta: -0.75, detail: "")),
        ]
        try archive.write {
            for row in results { try archive.insertReplayResult(row) }
            for row in divergences { try archive.insertDivergence(row) }
        }
        try archive.finishReplay(replay)

        var canonical = results
        canonical[0].kinds = [.decision, .frame]
        #expect(try archive.replayResults(replayID: replay) == canonical)
        #expect(try archive.divergences(replayID: replay) == divergences)
        #expect(try archive.divergences(replayID: replay, sessionID: same) == [divergences[2]])

        let status = try archive.database.prepare("SELECT status, finished_at IS NOT NULL, shard FROM replays WHERE id = ?1")
        try status.bind(replay, at: 1)
        #expect(try status.step())
        #expect(status.string(at: 0) == "finished" && status.bool(at: 1) && status.string(at: 2) == "1/2")

        let regressions = try archive.database.prepare(
            """
            SELECT replay_id, session_id, scenario, external_id, recorded_engine_version, candidate_engine_version,
                decision_expected, decision_actual FROM regressions
            """)
        #expect(try regressions.step())
        #expect(regressions.int64(at: 0) == replay && regressions.int64(at: 1) == flipped)
        #expect(regressions.string(at: 2) == "nav.interactive-pop" && regressions.string(at: 3) == "ext-1")
        #expect(regressions.string(at: 4) == "1.0.0" && regressions.string(at: 5) == "1.1.0")
        #expect(regressions.string(at: 6) == "finished" && regressions.string(at: 7) == "cancelled")
        #expect(try regressions.step() == false)

        let summary = try archive.database.prepare(
            "SELECT kind, sessions, divergences FROM divergence_summary WHERE replay_id = ?1 ORDER BY kind")
        try summary.bind(replay, at: 1)
        var lines: [String] = []
        while try summary.step() { lines.append("\(summary.string(at: 0)) \(summary.int64(at: 1)) \(summary.int64(at: 2))") }
        #expect(lines == ["decision 1 1", "frame 2 2"])
    }
}
