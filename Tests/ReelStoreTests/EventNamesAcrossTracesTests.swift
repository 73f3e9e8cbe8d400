import Foundation
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

/// The event names the writer keeps from one trace to the next (`ArchiveCaches.traceEventNames`):
/// every trace's events read back as written, in one transaction or many, and after a rollback
/// that took away a name interned inside it.
@Suite struct EventNamesAcrossTracesTests {
    /// `base` with its events replaced by `details` (all of kind "transition", subject "nav").
    private func session(_ hash: String, details: [String]) -> RecordedSession {
        var session = sampleSession(contentHash: hash)
        let outcome = session.trace.outcome
        session.trace = Trace(
            frames: session.trace.frames,
            events: details.enumerated().map {
                TraceEvent(t: Double($0.offset) / 10, kind: "transition", subject: "nav", detail: $0.element)
            },
            outcome: outcome)
        return session
    }

    @Test func eachTraceReadsBackItsOwnEventsWhateverTheTracesBeforeIt() throws {
        let archive = try Archive.open(temporaryPath("names.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        // Overlapping names in changing orders, some with arguments, some new in later traces.
        let traces: [[String]] = [
            ["begin", "update(0.25)", "update(0.5)", "finish(1)"],
            ["update(0.75)", "begin", "cancel", "update(2)"],
            ["finish(3)", "finish(4)", "begin", "new name", "update()"],
            [],
            ["new name", "begin", "begin", "cancel"],
        ]
        var written: [(id: Int64, session: RecordedSession)] = []
        try archive.write {
            for (index, details) in traces.prefix(3).enumerated() {
                let recorded = session("hash-\(index)", details: details)
                written.append((try archive.insert(recorded, engineID: engine), recorded))
            }
        }
        for (index, details) in traces.enumerated().dropFirst(3) {
            let recorded = session("hash-\(index)", details: details)
            written.append((try archive.write { try archive.insert(recorded, engineID: engine) }, recorded))
        }
        for (id, recorded) in written {
            #expect(try archive.loadSession(id).trace.events == recorded.trace.events, "session \(id)")
        }
    }

    /// A new archive's writer inserts a detail its cache lacks without looking for it first
    /// (`eventDetailsAllCached`); a detail another connection committed in between must still be
    /// found and reused. Three traces written by two connections in turn give the same
    /// `event_details` (same ids, no duplicate) and packs as one connection writing them, and so
    /// does a connection that opens an archive already holding details.
    @Test func detailsAnotherConnectionInternedAreReusedNotDuplicated() throws {
        let traces: [[String]] = [
            ["begin", "update(0.25)", "update(0.5)"],
            ["begin", "update(0.5)", "update(0.75)", "finish(1)"],
            ["update(0.75)", "update(0.9)", "finish(1)", "update(0.25)"],
        ]
        let alone = temporaryPath("details-alone.sqlite")
        let single = try Archive.open(alone, mode: .readWrite)
        let engine = try single.engineID(for: sampleEngine)
        for (index, details) in traces.enumerated() {
            try single.write { _ = try single.insert(session("hash-\(index)", details: details), engineID: engine) }
        }

        let shared = temporaryPath("details-shared.sqlite")
        let first = try Archive.open(shared, mode: .readWrite)
        let second = try Archive.open(shared, mode: .readWrite)
        let writers = [first, second, first]
        for (index, details) in traces.enumerated() {
            let writer = writers[index]
            let id = try writer.engineID(for: sampleEngine)
            try writer.write { _ = try writer.insert(session("hash-\(index)", details: details), engineID: id) }
        }

        let reopened = temporaryPath("details-reopened.sqlite")
        for (index, details) in traces.enumerated() {
            let writer = try Archive.open(reopened, mode: .readWrite)
            let id = try writer.engineID(for: sampleEngine)
            try writer.write { _ = try writer.insert(session("hash-\(index)", details: details), engineID: id) }
        }

        let detailsQuery = "SELECT group_concat(id || ':' || name_id || ':' || coalesce(argument, '-'), ' ') FROM event_details"
        let packsQuery = "SELECT group_concat(events, ' ') FROM (SELECT events FROM trace_event_packs ORDER BY trace_id)"
        func text(_ archive: Archive, _ sql: String) throws -> String {
            try archive.database.withCachedStatement(sql) { statement in try statement.step() ? statement.string(at: 0) : "" }
        }
        let expectedDetails = try text(single, detailsQuery)
        let expectedPacks = try text(single, packsQuery)
        // begin, update with 0.25, 0.5, 0.75 and 0.9, finish(1): six details, each once.
        #expect(try single.database.scalarInt64("SELECT count(*) FROM event_details") == 6)
        for path in [shared, reopened] {
            let archive = try Archive.open(path, mode: .readWrite)
            #expect(try text(archive, detailsQuery) == expectedDetails, "\(path)")
            #expect(try text(archive, packsQuery) == expectedPacks, "\(path)")
        }
    }

    /// A trace with more names than the look-ahead reaches, one name repeated event after event
    /// and names taken up again after others: each event reads back as written, in a later trace
    /// too, and no name is interned twice.
    @Test func repeatedNamesAmongManyReadBackAsWritten() throws {
        let archive = try Archive.open(temporaryPath("repeats.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        let names = (0..<(TraceEventNames.lookAhead + 4)).map { "step\($0)(" }
        let first = names.map { $0 + "1)" } + (2...6).map { "step11(\($0))" } + ["step0(9)", "step0(10)", "plain", "plain"]
        let second = ["step11(7)", "step11(8)", "plain", "step3(1)", "step3(2)", "step0(11)"]
        var written: [(id: Int64, session: RecordedSession)] = []
        for (index, details) in [first, second].enumerated() {
            let recorded = session("hash-\(index)", details: details)
            written.append((try archive.write { try archive.insert(recorded, engineID: engine) }, recorded))
        }
        for (id, recorded) in written {
            #expect(try archive.loadSession(id).trace.events == recorded.trace.events, "session \(id)")
        }
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM event_names") == Int64(names.count + 1))
    }

    @Test func aNameInternedInARolledBackSessionIsInternedAgain() throws {
        let archive = try Archive.open(temporaryPath("rollback.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        struct Abandoned: Error {}
        let first = session("hash-1", details: ["begin", "only here(1)"])
        #expect(throws: Abandoned.self) {
            try archive.write {
                try archive.insert(first, engineID: engine)
                throw Abandoned()
            }
        }
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM event_names WHERE detail_head = 'only here('") == 0)
        let second = session("hash-2", details: ["only here(2)", "begin"])
        let id = try archive.write { try archive.insert(second, engineID: engine) }
        #expect(try archive.loadSession(id).trace.events == second.trace.events)
        #expect(try archive.integrityProblems().isEmpty)
    }
}

/// `Archive.foldWriteAheadLog(at:)` folds the log through a connection that reads no schema
/// (`Database.openForCheckpoint`): the rows another connection committed reach the file and the
/// log is emptied while that connection is still open. (That no command leaves a log behind is
/// CleanCloseTests', through the binary.)
@Suite struct FoldWithoutSchemaTests {
    @Test func theFoldEmptiesTheLogAndKeepsTheRows() throws {
        let path = temporaryPath("fold.sqlite")
        let archive = try Archive.open(path, mode: .readWrite)
        try archive.database.execute("PRAGMA wal_autocheckpoint = 0")
        let engine = try archive.engineID(for: sampleEngine)
        try archive.write {
            for index in 0..<20 { try archive.insert(sampleSession(contentHash: "hash-\(index)"), engineID: engine) }
        }
        let wal = path + "-wal"
        #expect(fileSize(wal) > 0)
        try Archive.foldWriteAheadLog(at: path)
        #expect(fileSize(wal) == 0)
        // The file alone, read without its log, holds the rows.
        let copy = temporaryPath("copy.sqlite")
        try copyFile(path, to: copy)
        #expect(try Archive.open(copy, mode: .readOnly).database.scalarInt64("SELECT count(*) FROM sessions") == 20)
    }

    private func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : -1
    }

    private func copyFile(_ from: String, to: String) throws {
        let data = try #require(FileManager.default.contents(atPath: from))
        #expect(FileManager.default.createFile(atPath: to, contents: data))
    }
}
