import Foundation
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

/// Migration 0004 and the compact trace layout: a v3 archive converts value for value (its recorded
/// traces become the baselines), the views under the v3 names give back the v3 rows, and the
/// writer stores a session exactly as the migration converts it.
@Suite struct TraceMigrationTests {
    /// Sessions that exercise the layout: a view leaving and coming back (two runs), frame times off
    /// the frame clock, a property that changes and changes back, no frames at all.
    static func awkwardSessions() -> [RecordedSession] {
        var gap = sampleSession(contentHash: "gap")
        gap.trace.frames[2].views.removeAll { $0.key == "A.view" }
        gap.trace.frames[1].views[2].alpha = 0.5
        // Details with and without an argument, and events at times no touch has.
        gap.trace.events += ["a)(b)", "()", "x(", ")", "ü(é, ö)", "", "update(0.25"].enumerated().map { index, detail in
            TraceEvent(t: 0.75 + Double(index) / 7, kind: "transition", subject: "nav", detail: detail)
        }
        var offClock = sampleSession(contentHash: "off-clock")
        offClock.trace.frames[3].t = 0.025_000_000_000_000_1
        offClock.trace.frames[0].t = 1.0 / 3.0
        var empty = sampleSession(contentHash: "empty")
        empty.trace.frames = []
        return [sampleSession(contentHash: "plain"), gap, offClock, empty]
    }

    /// A v3 archive holding `awkwardSessions()` written as reel 0.4 wrote them, with one replay.
    static func makeVersion3Archive(_ path: String) throws -> [Int64] {
        let archive = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(3)))
        let engine = try archive.engineID(for: sampleEngine)
        let ids = try archive.write {
            try awkwardSessions().map { try insertVersion3Session($0, engineID: engine, into: archive) }
        }
        let replay = try archive.beginReplay(
            engineID: try archive.engineID(for: candidateEngine), candidate: "c", tolerancesJSON: "{}", shard: nil)
        try archive.write {
            for id in ids {
                try archive.insertReplayResult(
                    ReplayResultRow(
                        replayID: replay, sessionID: id, status: .matched, decisionExpected: .finished,
                        decisionActual: .finished, firstDivergentFrame: nil, maxError: 0, kinds: []))
            }
        }
        try archive.finishReplay(replay)
        return ids
    }

    /// The number of rows of `table` in one of the two archives that the other lacks (values compared
    /// with SQLite's `=`, which tells every two doubles apart but 0.0 and -0.0).
    /// Rows of `table` that differ between main and the attached schema, over the attached table's
    /// columns (a later migration may add columns to main's, as v8 adds replays.metadata_json).
    static func difference(_ table: String, _ database: Database, attached schema: String) throws -> Int64 {
        let names = try database.prepare("SELECT name FROM pragma_table_info(?1, ?2)")
        try names.bind(table, at: 1)
        try names.bind(schema, at: 2)
        let columns = try names.rows { $0.string(at: 0) }.joined(separator: ", ")
        let oneWay =
            try database.scalarInt64(
                "SELECT count(*) FROM (SELECT \(columns) FROM main.\(table) EXCEPT SELECT \(columns) FROM \(schema).\(table))") ?? -1
        let otherWay =
            try database.scalarInt64(
                "SELECT count(*) FROM (SELECT \(columns) FROM \(schema).\(table) EXCEPT SELECT \(columns) FROM main.\(table))") ?? -1
        return oneWay + otherWay
    }

    static let version3Tables = [
        "engines", "scenarios", "sessions", "touches", "frames", "view_keys", "frame_views", "events", "outcomes",
        "replays", "replay_results", "divergences", "regressions", "divergence_summary",
    ]

    @Test func aVersion3ArchiveKeepsEveryRow() throws {
        let path = temporaryPath("v3.sqlite")
        let ids = try Self.makeVersion3Archive(path)  // closed on return: no write-ahead log left
        let copy = temporaryPath("v3-copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let migrated = try Archive.open(path, mode: .readWrite)
        // 0004 converts the rows; 0005 redefines the regressions view (same rows before any accept);
        // 0006 packs the touches (TouchPackTests); 0007 packs the view changes (ViewChangePackTests).
        // 0008 adds replays.metadata_json (NULL for the v3 replays); 0009 adds the decision tables
        // (no row for the sessions stored before); 0010 packs the events (EventPackTests); 0011 packs
        // the frames (FramePackTests); 0012 indexes the kept traces by replay (PruneIndexTests); 0013
        // adds the review's rejects (empty); 0014 adds replay_results.engine_seconds (NULL for the v3 verdicts).
        #expect(
            migrated.migrationsApplied.map(\.name) == [
                "traces", "keep_traces", "touch_packs", "view_change_packs", "replay_metadata", "decisions", "event_packs",
                "frame_packs", "traces_by_replay", "review_rejects", "engine_seconds", "layer_and_scroll_properties",
            ])
        #expect(try migrated.database.scalarInt64("SELECT count(*) FROM decision_rows") == 0)
        #expect(migrated.schemaVersion == EmbeddedMigration.all.last!.version)
        try migrated.attach(copy, as: "v3")
        for table in Self.version3Tables {
            #expect(
                try migrated.database.scalarInt64("SELECT count(*) FROM v3.\(table)")
                    == migrated.database.scalarInt64("SELECT count(*) FROM main.\(table)"), "\(table)")
            #expect(try Self.difference(table, migrated.database, attached: "v3") == 0, "\(table)")
        }
        // Column types too: the v3 tables stored z and hidden as integers, the rest of a view as reals.
        #expect(
            try migrated.database.scalarInt64(
                """
                SELECT count(*) FROM frame_views WHERE typeof(z) <> 'integer' OR typeof(hidden) <> 'integer'
                    OR typeof(x) <> 'real' OR typeof(alpha) <> 'real' OR typeof(m34) <> 'real'
                """) == 0)
        try migrated.detach("v3")
        #expect(try migrated.integrityProblems().isEmpty)
        // The recorded trace is each session's baseline, read back bit for bit.
        for (id, session) in zip(ids, Self.awkwardSessions()) {
            #expect(try migrated.baselineTraceID(sessionID: id) == id)
            #expect(allDoubles(try migrated.loadSession(id)) == allDoubles(session))
            #expect(try migrated.loadSession(id).trace == session.trace)
        }
        // Frame times on the clock (tick round(t0 * Hz) + frame index, over Hz) are not stored; the others are.
        let offClock = Self.awkwardSessions().reduce(0) { sum, session in
            guard let first = session.trace.frames.first else { return sum }
            let hz = session.header.refreshHz
            let tick = (first.t * hz).rounded()
            return sum + session.trace.frames.filter { $0.t != (tick + Double($0.index)) / hz }.count
        }
        #expect(offClock > 0)
        #expect(try migrated.database.scalarInt64("SELECT count(*) FROM trace_frames WHERE t IS NOT NULL") == Int64(offClock))
        // Event times that are a touch's time refer to the touch; the others are stored.
        let touchTimes = Self.awkwardSessions().map { session in
            session.trace.events.filter { event in session.touches.contains { $0.t == event.t } }.count
        }.reduce(0, +)
        #expect(touchTimes > 0)
        #expect(try migrated.database.scalarInt64("SELECT count(*) FROM trace_events WHERE touch_seq IS NOT NULL") == Int64(touchTimes))
    }

    @Test func theWriterStoresWhatTheMigrationMakes() throws {
        let v3 = temporaryPath("converted.sqlite")
        _ = try Self.makeVersion3Archive(v3)
        _ = try Archive.open(v3, mode: .readWrite)
        let archive = try Archive.open(temporaryPath("written.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        try archive.write {
            for session in Self.awkwardSessions() { try archive.insert(session, engineID: engine) }
        }
        try archive.attach(v3, as: "converted")
        for table in [
            "trace_frames", "trace_views", "view_change_packs", "view_keys", "frames", "frame_views", "events", "outcomes",
            "touch_packs", "touch_rows", "touches",
        ] {
            #expect(try Self.difference(table, archive.database, attached: "converted") == 0, "\(table)")
        }
        // Event names are interned in another order (the migration sorts them): the same rows by name.
        let events = { (schema: String) in
            """
            SELECT e.trace_id, e.seq, e.t, e.touch_seq, n.kind, n.subject, n.detail_head, n.detail_tail, e.argument
            FROM \(schema).trace_events AS e JOIN \(schema).event_names AS n ON n.id = e.name_id
            """
        }
        #expect(
            try archive.database.scalarInt64(
                "SELECT count(*) FROM (\(events("main")) EXCEPT \(events("converted")))") == 0)
        #expect(
            try archive.database.scalarInt64(
                "SELECT count(*) FROM (\(events("converted")) EXCEPT \(events("main")))") == 0)
        #expect(
            try archive.database.scalarInt64("SELECT count(*) FROM trace_events")
                == archive.database.scalarInt64("SELECT count(*) FROM converted.trace_events"))
    }

    @Test func valuesAreStoredOnlyWhereTheyChange() throws {
        let archive = try Archive.open(temporaryPath("changes.sqlite"), mode: .readWrite)
        let session = sampleSession()
        let id = try archive.insert(session, engineID: try archive.engineID(for: sampleEngine))
        // Counted from the session: a value is stored at a view's first frame and where it differs
        // from the frame before.
        var changes = 0
        for (previous, frame) in zip(session.trace.frames, session.trace.frames.dropFirst()) {
            for view in frame.views {
                let before = try #require(previous.views.first { $0.key == view.key })
                changes += ViewProperty.allCases.filter { $0.value(of: view) != $0.value(of: before) }.count
            }
        }
        #expect(changes > 0)
        #expect(try archive.database.scalarInt64("SELECT sum(change_count) FROM view_change_packs") == Int64(changes))
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM trace_views") == 3)
        #expect(try archive.loadSession(id).trace == session.trace)
    }

    @Test func aNewEnginesTraceIsNotTheBaselineUntilAccepted() throws {
        let archive = try Archive.open(temporaryPath("accept.sqlite"), mode: .readWrite)
        let recorder = try archive.engineID(for: sampleEngine)
        let candidate = try archive.engineID(for: candidateEngine)
        let session = sampleSession()
        let id = try archive.insert(session, engineID: recorder)
        var other = session.trace
        other.outcome = Outcome(completed: false, t: 0.75, hierarchy: #"{"stack":["A"]}"#)
        other.frames[1].progress = 0.9
        let traceID = try archive.addTrace(other, sessionID: id, engineID: candidate)
        #expect(try archive.addTrace(other, sessionID: id, engineID: candidate) == traceID)
        #expect(try archive.loadSession(id).trace == session.trace)
        let recorded = try archive.baselineTraceID(sessionID: id)

        let change = try archive.acceptBaseline(sessionID: id, traceID: traceID, replayID: nil, acceptedBy: "tester")
        #expect(change?.sessionID == id && change?.previousTraceID == recorded && change?.traceID == traceID)
        #expect(try archive.acceptBaseline(sessionID: id, traceID: traceID, replayID: nil, acceptedBy: "tester") == nil)
        #expect(try archive.loadSession(id).trace == other)
        #expect(try archive.baselineEngineID(sessionID: id) == candidate)
        // The history says what the baseline was: the recorded trace's outcome.
        let history = try archive.database.prepare(
            "SELECT previous_decision, previous_completed_at, decision, accepted_by FROM baseline_changes WHERE session_id = ?1")
        try history.bind(id, at: 1)
        #expect(try history.step())
        #expect(history.string(at: 0) == "finished" && history.double(at: 1) == session.trace.outcome.t)
        #expect(history.string(at: 2) == "cancelled" && history.string(at: 3) == "tester")
        // And the two engines' outcomes side by side.
        let pair = try archive.database.prepare(
            "SELECT decision_a, decision_b, decision_differs FROM engine_outcome_pairs WHERE engine_a = ?1 AND engine_b = ?2")
        try pair.bind(recorder, at: 1)
        try pair.bind(candidate, at: 2)
        #expect(try pair.step())
        #expect(pair.string(at: 0) == "finished" && pair.string(at: 1) == "cancelled" && pair.int64(at: 2) == 1)
        #expect(try archive.integrityProblems().isEmpty)
    }

    @Test func integrityProblemsNameABrokenForeignKey() throws {
        let archive = try Archive.open(temporaryPath("fk.sqlite"), mode: .readWrite)
        let id = try archive.insert(sampleSession(), engineID: try archive.engineID(for: sampleEngine))
        try archive.withForeignKeysHeldByConstruction {
            try archive.database.execute("UPDATE trace_frame_packs SET trace_id = 999 WHERE trace_id = \(id) AND first_frame = 0")
            try archive.database.execute("DELETE FROM baselines")
        }
        let problems = try archive.integrityProblems()
        #expect(problems.contains { $0.hasPrefix("trace_frame_packs") && $0.contains("traces") })
        #expect(problems.contains("session \(id): has no baseline trace"))
    }

    @Test func damagedRunsAndZValuesAreRefusedNotTrappedOn() throws {
        let archive = try Archive.open(temporaryPath("damaged.sqlite"), mode: .readWrite)
        let id = try archive.insert(sampleSession(), engineID: try archive.engineID(for: sampleEngine))
        try archive.database.execute("UPDATE trace_views SET z = 9223372036854775807 WHERE first_frame = 0 AND z = 0")
        #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
        try archive.database.execute("UPDATE trace_views SET z = 0 WHERE z = 9223372036854775807")
        #expect(try archive.loadSession(id).trace == sampleSession().trace)
        try archive.database.execute("UPDATE trace_views SET last_frame = 5000000 WHERE z = 0")
        #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
        try archive.database.execute("UPDATE traces SET first_tick = 9223372036854775807")
        #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
    }

    /// A damaged index can hand a view's changes out of frame order; the assembler refuses them
    /// as bad data (it trapped on an empty range before: found by the archive fuzzer).
    @Test func changesOutOfFrameOrderAreRefusedNotTrappedOn() throws {
        var assembler = TraceAssembler()
        assembler.add(ViewRun(viewID: 1, firstFrame: 0, lastFrame: 20, changing: 1, first: ViewValues()))
        assembler.add(ViewChange(viewID: 1, property: 0, frameIndex: 14, value: 3))
        assembler.add(ViewChange(viewID: 1, property: 0, frameIndex: 2, value: 4))
        #expect(throws: ArchiveError.self) { try assembler.finish() }

        var ordered = TraceAssembler()
        ordered.add(ViewRun(viewID: 1, firstFrame: 0, lastFrame: 20, changing: 1, first: ViewValues()))
        ordered.add(ViewChange(viewID: 1, property: 0, frameIndex: 2, value: 4))
        ordered.add(ViewChange(viewID: 1, property: 0, frameIndex: 14, value: 3))
        try ordered.finish()
        try ordered.resolveKeys { _ in "v" }
        let x = { (frame: Int) in
            var columns = FrameColumns()
            try ordered.columns(ofFrame: frame, t: 0, progress: 0, into: &columns)
            return columns.value(.x, ofSlot: 0)
        }
        #expect(try [x(1), x(2), x(13), x(14), x(20)] == [0, 4, 4, 3, 3])
    }
}
