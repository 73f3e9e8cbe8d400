import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

/// The reads and copies that moved into ReelStore (issue 19): results archives copy rows column by
/// column by name, and `reel compare --against` runs the saved query verdict-changes on an attached file.
@Suite struct ResultsCopyTests {
    /// The column names of `table` as the migrations made it (`PRAGMA table_info`), in order.
    private func schemaColumns(_ table: String, in archive: Archive) throws -> [String] {
        let statement = try archive.database.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")
        try statement.bind(table, at: 1)
        var names: [String] = []
        while try statement.step() { names.append(statement.string(at: 0)) }
        return names
    }

    /// Every column of the row, as SQLite quotes it (type and value), in the schema's order.
    private func quotedRow(_ table: String, id: Int64, schema: String, in archive: Archive) throws -> String? {
        let columns = try schemaColumns(table, in: archive).map { "quote(\($0))" }.joined(separator: " || '|' || ")
        let statement = try archive.database.prepare("SELECT \(columns) FROM \(schema).\(table) WHERE id = ?1")
        try statement.bind(id, at: 1)
        return try statement.step() ? statement.string(at: 0) : nil
    }

    @Test func headerTablesNameEveryColumnOfTheSchema() throws {
        let archive = try Archive.open(temporaryPath("columns.sqlite"), mode: .readWrite)
        for table in HeaderTable.allCases {
            let columns = try schemaColumns(table.rawValue, in: archive)
            #expect(table.columns == columns.joined(separator: ", "), "\(table)")
        }
    }

    @Test func copiedHeaderRowsAreTheSourceRowsAndCopyOnce() throws {
        let sourcePath = temporaryPath("copy-source.sqlite")
        let source = try Archive.open(sourcePath, mode: .readWrite)
        let engine = try source.engineID(for: sampleEngine)
        let session = try source.insert(sampleSession(externalID: "ext-1"), engineID: engine)
        let results = try Archive.open(temporaryPath("copy-results.sqlite"), mode: .readWrite)
        try results.attach(sourcePath, as: "source")
        try results.write {
            for table in [HeaderTable.engines, .scenarios] {
                for id in try results.rowIDs(of: table, inAttached: "source") {
                    try results.copyRow(id, of: table, fromAttached: "source")
                    try results.copyRow(id, of: table, fromAttached: "source")
                }
            }
            try results.copyRow(session, of: .sessions, fromAttached: "source")
            try results.copyRow(session, of: .sessions, fromAttached: "source")
        }
        for table in HeaderTable.allCases {
            let ids = try results.rowIDs(of: table, inAttached: "source")
            #expect(ids.count == 1, "\(table)")
            for id in ids {
                let copied = try quotedRow(table.rawValue, id: id, schema: "main", in: results)
                let original = try quotedRow(table.rawValue, id: id, schema: "source", in: results)
                #expect(copied != nil && copied == original, "\(table)")
            }
        }
        #expect(try results.sessionContentHashes().map(\.contentHash) == ["hash-1"])
        #expect(try results.holdsRecordedFrames() == false)
        #expect(try source.holdsRecordedFrames())
    }

    /// Three sessions over two replays: s1 matched then matched (unchanged), s2 matched then
    /// diverged with its decision flipped (`new_flip`), s3 diverged then matched (`newly_matched`),
    /// as Queries/verdict-changes.sql defines the changes.
    @Test func verdictChangesOfAnAttachedReplayAreTheSavedQuerysRows() throws {
        let path = temporaryPath("changes.sqlite")
        let archive = try Archive.open(path, mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        let sessions = try (1...3).map { try archive.insert(sampleSession(contentHash: "hash-\($0)"), engineID: engine) }
        let verdicts: [[(VerdictStatus, Decision)]] = [
            [(.matched, .finished), (.matched, .finished), (.diverged, .finished)],
            [(.matched, .finished), (.diverged, .cancelled), (.matched, .finished)],
        ]
        var replays: [Int64] = []
        for replay in verdicts {
            let id = try archive.beginReplay(engineID: engine, candidate: "builtin", tolerancesJSON: "{}", shard: nil)
            for (session, verdict) in zip(sessions, replay) {
                try archive.insertReplayResult(
                    ReplayResultRow(
                        replayID: id, sessionID: session, status: verdict.0, decisionExpected: .finished, decisionActual: verdict.1,
                        kinds: verdict.0 == .diverged ? [.frame] : []))
            }
            replays.append(id)
        }
        func changes(laterSchema: String?) throws -> [VerdictChangeRow] {
            var rows: [VerdictChangeRow] = []
            try archive.forEachVerdictChange(earlier: replays[0], later: replays[1], laterSchema: laterSchema) { rows.append($0) }
            return rows
        }
        let scenario = sampleSession().header.scenarioName
        let expected = [
            VerdictChangeRow(
                sessionID: sessions[1], scenario: scenario, change: "new_flip", before: "matched", after: "flipped",
                decisionBefore: "finished", decisionAfter: "cancelled"),
            VerdictChangeRow(
                sessionID: sessions[2], scenario: scenario, change: "newly_matched", before: "diverged", after: "matched",
                decisionBefore: "finished", decisionAfter: "finished"),
        ]
        #expect(try changes(laterSchema: nil) == expected)
        try archive.attach(path, as: "later_results")
        #expect(try changes(laterSchema: "later_results") == expected)
        // The temporary view is gone: replay_results is the archive's table again.
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM temp.sqlite_schema") == 0)
        let coverage = try archive.verdictCoverage(earlier: replays[0], later: replays[1], laterSchema: "later_results")
        #expect(coverage.both == 3 && coverage.onlyEarlier == 0 && coverage.onlyLater == 0)
        #expect(try archive.firstSessionDiffering(fromAttached: "later_results") == nil)
    }
}
