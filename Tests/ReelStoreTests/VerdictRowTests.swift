import Foundation
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// A replay's verdict on a session goes into the store as one value (`Archive.insertVerdict`: its
/// `replay_results` row and its `divergences`), and its divergence kinds come back typed: the text
/// Reel writes is read in place, any other JSON array through SQLite's JSON, to the same kinds.
@Suite("verdict rows")
struct VerdictRowTests {
    /// An archive with one replay of two sessions, and the two session ids.
    private func replayOfTwoSessions() throws -> (archive: Archive, replay: Int64, sessions: [Int64]) {
        let archive = try Archive.open(temporaryPath("verdicts.sqlite"), mode: .readWrite)
        let recorder = try archive.engineID(for: sampleEngine)
        let first = try archive.insert(sampleSession(contentHash: "1"), engineID: recorder)
        let second = try archive.insert(sampleSession(contentHash: "2"), engineID: recorder)
        let replay = try archive.beginReplay(
            engineID: try archive.engineID(for: candidateEngine), candidate: "candidate.json", tolerancesJSON: "{}", shard: nil)
        return (archive, replay, [first, second])
    }

    private func text(_ sql: String, in archive: Archive) throws -> [String] {
        let statement = try archive.database.prepare(sql)
        var rows: [String] = []
        while try statement.step() {
            rows.append(
                (0..<statement.columnCount).map { statement.isNull(at: $0) ? "NULL" : statement.string(at: $0) }.joined(separator: "|"))
        }
        return rows
    }

    @Test func aVerdictIsStoredAsOneRowWithItsDivergencesAndReadsBackAsTheSameValue() throws {
        let (archive, replay, sessions) = try replayOfTwoSessions()
        let divergences = [
            Divergence(
                kind: .frame, frameIndex: 4, viewKey: "B.view", property: "x", expected: "10", actual: "13.5", delta: 3.5, detail: "x"),
            Divergence(kind: .decision, property: "completed", expected: "finished", actual: "cancelled", detail: "flipped"),
            Divergence(
                kind: .frame, frameIndex: 5, viewKey: "A.view", property: "alpha", expected: "1", actual: "0.5", delta: -0.5, detail: "a"),
            Divergence(kind: .timing, property: "t", expected: "0.5", actual: "0.6", delta: 0.1, detail: "t"),
        ]
        let diverged = SessionComparison(
            status: .diverged, decisionExpected: true, decisionActual: false, divergences: divergences, firstDivergentFrame: 4,
            maxError: 3.5)
        let failed = SessionComparison.failed(expected: sampleSession().trace, message: "the engine exited with status 3")
        try archive.write {
            try archive.insertVerdict(diverged, sessionID: sessions[0], replayID: replay)
            try archive.insertVerdict(failed, sessionID: sessions[1], replayID: replay)
        }
        // kinds_json: each kind once, in the declaration order of DivergenceKind (decision, lifecycle,
        // frame_count, frame, timing, ...), whatever the order of the divergences; an error verdict
        // keeps its message and no largest error.
        #expect(
            try text(
                "SELECT status, decision_expected, coalesce(decision_actual, 'NULL'), coalesce(first_divergent_frame, 'NULL'), "
                    + "coalesce(max_error, 'NULL'), coalesce(error_message, 'NULL'), kinds_json FROM replay_results ORDER BY session_id",
                in: archive)
                == [
                    #"diverged|finished|cancelled|4|3.5|NULL|["decision","frame","timing"]"#,
                    #"error|finished|NULL|NULL|NULL|the engine exited with status 3|["error"]"#,
                ])
        #expect(try text("SELECT kind FROM divergences ORDER BY id", in: archive) == ["frame", "decision", "frame", "timing", "error"])

        let rows = try archive.replayResults(replayID: replay)
        #expect(rows.map(\.kinds) == [[.decision, .frame, .timing], [.error]])
        #expect(rows[1].errorMessage == "the engine exited with status 3" && rows[1].maxError == nil)
        for (row, verdict) in zip(rows, [diverged, failed]) {
            let stored = try archive.divergences(replayID: replay, sessionID: row.sessionID)
            #expect(SessionComparison(row, divergences: stored) == verdict)
        }
        let groups = try archive.verdictGroups(replayID: replay)
        #expect(groups.map(\.kinds).sorted { $0.count > $1.count } == [[.decision, .frame, .timing], [.error]])
        #expect(groups.first { $0.status == .diverged }?.flips == 1)
        #expect(groups.first { $0.status == .error }?.flips == 0)
    }

    @Test func kindsWrittenByHandReadAsSQLiteReadsThemAndAnUnknownKindIsInvalid() throws {
        let (archive, replay, sessions) = try replayOfTwoSessions()
        let verdict = SessionComparison(
            status: .diverged, decisionExpected: true, decisionActual: true,
            divergences: [Divergence(kind: .frame, frameIndex: 0, detail: "x")], firstDivergentFrame: 0, maxError: 1)
        try archive.write {
            for session in sessions { try archive.insertVerdict(verdict, sessionID: session, replayID: replay) }
        }
        // Valid JSON arrays (the schema's CHECK) in forms Reel does not write: the kinds are those the
        // JSON says, in its order, as SQLite's json_each reads them.
        let forms: [(String, [DivergenceKind])] = [
            ("[]", []),
            (#"[ "frame" , "decision" ]"#, [.frame, .decision]),
            (#"["\u0066rame","missing_view"]"#, [.frame, .missingView]),
            (#"["lifecycle","lifecycle"]"#, [.lifecycle, .lifecycle]),
            (#"["frame_count"]"#, [.frameCount]),
        ]
        for (form, kinds) in forms {
            try archive.database.execute("UPDATE replay_results SET kinds_json = '\(form)' WHERE session_id = \(sessions[1])")
            let rows = try archive.replayResults(replayID: replay)
            #expect(rows.map(\.kinds) == [[.frame], kinds], "\(form)")
            #expect(try archive.unmatchedSessionFacets(replayID: replay, sessionIDs: sessions)[sessions[1]]?.kinds == kinds, "\(form)")
            #expect(try archive.verdictGroups(replayID: replay).contains { $0.kinds == kinds }, "\(form)")
        }
        for (form, value) in [(#"["fram"]"#, "fram"), (#"["decision","Frame"]"#, "Frame"), (#"["fr\u0061me!"]"#, "frame!")] {
            try archive.database.execute("UPDATE replay_results SET kinds_json = '\(form)' WHERE session_id = \(sessions[1])")
            let invalid = ArchiveError.invalidStoredValue(table: "replay_results", column: "kinds_json", value: value)
            #expect(throws: invalid, "\(form)") { try archive.replayResults(replayID: replay) }
            #expect(throws: invalid, "\(form)") { try archive.verdictGroups(replayID: replay) }
            #expect(throws: invalid, "\(form)") { try archive.unmatchedSessionFacets(replayID: replay, sessionIDs: sessions) }
        }
    }
}

/// The replay's diff reads a session's recorded lifecycle calls from the store as plain values
/// (`LifecycleCall`), never as the bytes of the stored events.
@Suite("lifecycle calls from the store")
struct LifecycleCallReadTests {
    @Test func theStreamedCallsAreThoseOfTheLoadedEvents() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        for (index, scenario) in ["nav.interactive-pop", "modal.swipe-dismiss", "present.page-sheet"].enumerated() {
            _ = try record(try synthesizedStream(scenario, count: 4, seed: UInt64(20 + index), in: folder), into: archivePath)
        }
        let archive = try Archive.open(archivePath, mode: .readOnly)
        let ids = try archive.sessionIDs()
        var streamed: [Int64: [LifecycleCall]] = [:]
        try archive.forEachLifecycleCall(of: ids) { sessionID, call in streamed[sessionID, default: []].append(call) }
        var expected: [Int64: [LifecycleCall]] = [:]
        for session in try archive.loadSessions(ids) {
            // The rule of LifecycleCall, written out: events of the three lifecycle kinds, the detail
            // cut before its first "(".
            let calls = session.trace.events.filter { ["lifecycle", "transition", "presentation"].contains($0.kind) }.map { event in
                LifecycleCall(subject: event.subject, name: String(event.detail.split(separator: "(", omittingEmptySubsequences: false)[0]))
            }
            if !calls.isEmpty { expected[session.id] = calls }
        }
        #expect(streamed == expected)
        #expect(streamed.values.contains { calls in calls.contains { $0.name == "viewWillAppear" } })
        // The arguments are not part of a call: the stored events of the recording do carry some.
        #expect(try archive.loadSessions(ids).contains { $0.trace.events.contains { $0.detail.contains("(") } })
    }
}
