import Foundation
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

/// Migration 0010: a trace's events are one `trace_event_packs` row (each event's interned name and
/// argument, and its time as a touch, a frame clock tick or a `trace_event_times` row), read back
/// bit for bit by the reader and, through the view `trace_events`, as the v9 table's rows.
@Suite struct EventPackTests {
    /// A session at 120 Hz whose events cover every form: at touch times (touch 0 at 0 s, touch 3
    /// at 0.5 s), at ticks (k / 120 for k = 0 ... 140, which also makes the time codes 3k + 1 need
    /// two characters), at times that are neither (0.7 + 0.1, not 96 / 120, and a negative time), details with an
    /// argument, an empty argument, none, and one with "(" that does not end with ")".
    static func session(_ hash: String = "events") -> RecordedSession {
        var session = sampleSession(contentHash: hash)
        var events = [
            TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began"),
            TraceEvent(t: 0.5, kind: "transition", subject: "nav", detail: "updateInteractiveTransition(0.0252)"),
            TraceEvent(t: 0.7 + 0.1, kind: "lifecycle", subject: "B", detail: "willMove(toParent: nil)"),
            TraceEvent(t: -1.0 / 7.0, kind: "lifecycle", subject: "B", detail: "didMove()"),
            TraceEvent(t: 0.5, kind: "delegate", subject: "nav", detail: "open(without close"),
            // Arguments the writer's cache keys by their bytes (16 differing in the last) or text (19).
            TraceEvent(t: 0.5, kind: "delegate", subject: "nav", detail: "animationControllerFor(pop, from: B, to: A)"),
            TraceEvent(t: 0.5, kind: "delegate", subject: "nav", detail: "x(0123456789abcdef)"),
            TraceEvent(t: 0.5, kind: "delegate", subject: "nav", detail: "x(0123456789abcdeg)"),
            TraceEvent(t: 0.5, kind: "delegate", subject: "nav", detail: "x(0123456789abcdef)"),
        ]
        for tick in 0...140 {
            events.append(
                TraceEvent(t: Double(tick) / 120, kind: "transition", subject: "nav", detail: "updateInteractiveTransition(\(tick % 3))"))
        }
        session.trace = Trace(frames: session.trace.frames, events: events, outcome: session.trace.outcome)
        return session
    }

    @Test func aTraceComesBackBitForBitThroughTheReaderAndTheView() throws {
        let archive = try Archive.open(temporaryPath("events.sqlite"), mode: .readWrite)
        let session = Self.session()
        let id = try archive.insert(session, engineID: try archive.engineID(for: sampleEngine))
        let loaded = try archive.loadSession(id)
        #expect(loaded.trace.events.map(\.t.bitPattern) == session.trace.events.map(\.t.bitPattern))
        #expect(loaded.trace == session.trace)
        #expect(try archive.integrityProblems().isEmpty)
        #expect(try archive.rowCounts().first { $0.table == "trace_events" }?.rows == Int64(session.trace.events.count))

        // One pack; the two times that are neither a touch's nor a tick's are rows of their own.
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM trace_event_packs") == 1)
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM trace_event_times") == 2)
        #expect(try archive.database.scalarInt64("SELECT min(seq) * 10 + max(seq) FROM trace_event_times") == 23)
        // Time codes: touch 0 is 0, touch 3 is 9, tick 140 is 3 * 140 + 1 = 421 (two characters);
        // 6 distinct details plus "updateInteractiveTransition" with 0, 1 and 2: ids below 95 (one).
        let widths = try archive.database.prepare("SELECT detail_width, time_width, length(events) FROM trace_event_packs")
        #expect(try widths.step())
        let stored: [Int] = [widths.int(at: 0), widths.int(at: 1), widths.int(at: 2)]
        let expected: [Int] = [1, 2, 3 * session.trace.events.count]
        #expect(stored == expected)

        // The view gives the v9 columns: touch_seq for touch times, t for the others.
        let view = try archive.database.prepare(
            "SELECT seq, t, touch_seq, argument, typeof(t) FROM trace_events WHERE trace_id = ?1 ORDER BY seq")
        try view.bind(id, at: 1)
        var seq = 0
        while try view.step() {
            let event = session.trace.events[seq]
            let touch = session.touches.firstIndex { $0.t == event.t }
            #expect(view.int(at: 0) == seq)
            if let touch {
                #expect(view.isNull(at: 1) && view.int(at: 2) == touch, "event \(seq)")
            } else {
                #expect(view.string(at: 4) == "real" && view.double(at: 1).bitPattern == event.t.bitPattern, "event \(seq)")
                #expect(view.isNull(at: 2), "event \(seq)")
            }
            let detail = event.detail
            let argument: String? =
                detail.hasSuffix(")") && detail.contains("(")
                ? String(detail[detail.index(after: detail.firstIndex(of: "(")!)..<detail.index(before: detail.endIndex)]) : nil
            #expect(view.optionalString(at: 3) == argument, "event \(seq)")
            seq += 1
        }
        #expect(seq == session.trace.events.count)
        let events = try archive.database.prepare("SELECT t, detail FROM events WHERE session_id = ?1 ORDER BY seq")
        try events.bind(id, at: 1)
        var texts: [String] = []
        var times: [UInt64] = []
        while try events.step() {
            times.append(events.double(at: 0).bitPattern)
            texts.append(events.string(at: 1))
        }
        #expect(texts == session.trace.events.map(\.detail))
        #expect(times == session.trace.events.map(\.t.bitPattern))
    }

    @Test func numbersAreBase95FromSpaceWithTheFewestCharacters() {
        #expect(EventPack.width(of: 94) == 1 && EventPack.width(of: 95) == 2 && EventPack.width(of: 95 * 95) == 3)
        #expect(EventPack.width(of: 95 * 95 * 95) == 4)
        let pack = EventPack(details: [1, 2], times: [0, 3 * 40 + 1])
        #expect(pack.detailWidth == 1 && pack.timeWidth == 2)
        // 121 = 1 * 95 + 26: characters 32 + 1 and 32 + 26.
        #expect(pack.text == [33, 32, 32, 34, 33, 58])
        let codes = pack.text.withUnsafeBufferPointer { EventPack.codes(detailWidth: 1, timeWidth: 2, text: $0) }
        #expect((try? codes.get())?.map(\.detail) == [1, 2])
        #expect((try? codes.get())?.map(\.time) == [0, 121])
        #expect(EventPack.timeCode(t: 5.0 / 60, touchSeq: nil, refreshHz: 60) == 3 * 5 + 1)
        #expect(EventPack.timeCode(t: 0.1 + 0.2, touchSeq: nil, refreshHz: 60) == EventPack.explicitTime)
        #expect(EventPack.timeCode(t: -0.0, touchSeq: nil, refreshHz: 60) == EventPack.explicitTime)
        #expect(EventPack.timeCode(t: 1, touchSeq: 7, refreshHz: 60) == 21)
    }

    @Test func aDamagedPackIsABadRowNamedByTrace() throws {
        let archive = try Archive.open(temporaryPath("damaged-events.sqlite"), mode: .readWrite)
        let id = try archive.insert(Self.session(), engineID: try archive.engineID(for: sampleEngine))
        let trace = try #require(try archive.database.scalarInt64("SELECT trace_id FROM baselines WHERE session_id = \(id)"))
        try archive.database.execute("CREATE TEMP TABLE whole AS SELECT * FROM trace_event_packs")
        for (column, damage) in [
            ("events", "substr(events, 2)"), ("events", "'~' || substr(events, 2)"), ("events", "CAST(x'ff2020' AS TEXT)"),
            ("detail_width", "7"), ("time_width", "0"),
        ] {
            try archive.database.execute("PRAGMA ignore_check_constraints = ON")
            try archive.database.execute("UPDATE trace_event_packs SET \(column) = \(damage)")
            let error = #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
            if case .invalidStoredRow("trace_event_packs", trace, column, _)? = error {
            } else {
                Issue.record("\(String(describing: error))")
            }
            #expect(throws: ArchiveError.self) { try archive.forEachLifecycleCall(of: [id]) { _, _ in } }
            let problems = try archive.integrityProblems()
            #expect(problems.contains { $0.hasPrefix("trace_event_packs row of trace \(trace): \(column) ") }, "\(problems)")
            try archive.database.execute("DELETE FROM trace_event_packs")
            try archive.database.execute("INSERT INTO trace_event_packs SELECT * FROM temp.whole")
            #expect(try archive.loadSession(id).trace.events.count == Self.session().trace.events.count)
        }
    }

    @Test func aVersion9ArchiveConvertsAndReadsTheSameRows() throws {
        let sessions = [Self.session("a"), sampleSession(contentHash: "b"), TouchPackTests.sessions()[1]]
        let path = temporaryPath("v9.sqlite")
        let ids = try Self.makeVersion9Archive(path, sessions)
        let copy = temporaryPath("v9-copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let migrated = try Archive.open(path, mode: .readWrite)
        #expect(
            migrated.migrationsApplied.map(\.name) == [
                "event_packs", "frame_packs", "traces_by_replay", "review_rejects", "engine_seconds", "layer_and_scroll_properties",
            ])
        try migrated.attach(copy, as: "v9")
        for table in ["trace_events", "events", "engine_events"] {
            #expect(
                try migrated.database.scalarInt64("SELECT count(*) FROM v9.\(table)")
                    == migrated.database.scalarInt64("SELECT count(*) FROM main.\(table)"), "\(table)")
            #expect(try TraceMigrationTests.difference(table, migrated.database, attached: "v9") == 0, "\(table)")
        }
        #expect(
            try migrated.database.scalarInt64(
                """
                SELECT count(*) FROM trace_events AS e JOIN v9.trace_events AS o ON o.trace_id = e.trace_id AND o.seq = e.seq
                WHERE typeof(e.t) <> typeof(o.t) OR typeof(e.touch_seq) <> typeof(o.touch_seq) OR typeof(e.argument) <> typeof(o.argument)
                """) == 0)
        try migrated.detach("v9")
        for (id, session) in zip(ids, sessions) {
            #expect(try migrated.loadSession(id).trace == session.trace, "\(session.header.contentHash)")
        }
        #expect(try migrated.integrityProblems().isEmpty)

        // The writer stores the same sessions' events as the migration converted them.
        let written = try Archive.open(temporaryPath("written-events.sqlite"), mode: .readWrite)
        let engine = try written.engineID(for: sampleEngine)
        try written.write {
            for session in sessions { try written.insert(session, engineID: engine) }
        }
        try written.attach(path, as: "converted")
        #expect(try TraceMigrationTests.difference("events", written.database, attached: "converted") == 0)
    }

    @Test func aV9RowThatDoesNotPackLeavesTheArchiveAtVersion9() throws {
        let path = temporaryPath("v9-unpackable.sqlite")
        _ = try Self.makeVersion9Archive(path, [Self.session()])
        do {
            let archive = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(9)))
            // A touch number past what four characters hold (3 * touch_seq >= 95^4).
            try archive.database.execute("UPDATE trace_events SET touch_seq = 30000000 WHERE seq = 0")
        }
        #expect(throws: (any Error).self) { try Archive.open(path, mode: .readWrite) }
        let v9 = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(9)))
        #expect(v9.schemaVersion == 9)
        #expect(try v9.database.scalarInt64("SELECT count(*) FROM trace_events") == Int64(Self.session().trace.events.count))
        #expect(try v9.database.scalarInt64("SELECT count(*) FROM sqlite_schema WHERE name = 'trace_event_packs'") == 0)
    }

    /// A v9 archive (v3 rows migrated by 0004 ... 0009) holding `sessions`.
    static func makeVersion9Archive(_ path: String, _ sessions: [RecordedSession]) throws -> [Int64] {
        let ids = try {
            let archive = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(3)))
            let engine = try archive.engineID(for: sampleEngine)
            return try archive.write {
                try sessions.map { try insertVersion3Session($0, engineID: engine, into: archive) }
            }
        }()
        let version9 = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(9)))
        #expect(version9.schemaVersion == 9)
        return ids
    }
}
