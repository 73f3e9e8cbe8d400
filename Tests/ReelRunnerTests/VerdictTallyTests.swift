import Foundation
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// The `--fail-on` tally counts the store's typed verdict groups (`Archive.verdictGroups` decodes
/// status and kinds; no reader parses `kinds_json` again), and a kind the schema does not know is
/// bad data naming the archive.
@Suite("verdict tally from typed verdict groups")
struct VerdictTallyTests {
    @Test func theTallyCountsWhatTheRowsSayAndAnUnknownKindIsBadData() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        let run = try runReel(["replay", archive, "--engine", candidate], in: folder)
        #expect(run.status == 1, "\(run.standardError)")

        let store = try Archive.open(archive, mode: .readOnly)
        let rows = try store.replayResults(replayID: 1)
        let tally = try VerdictTally(replayID: 1, in: store, policy: .everyKind)
        // Expected counts from the result rows, one by one (a session counts once per kind).
        var byKind: [DivergenceKind: Int] = [:]
        for row in rows where row.status != .matched {
            for kind in Set(row.kinds) { byKind[kind, default: 0] += 1 }
        }
        let flips = rows.filter { row in
            guard let expected = row.decisionExpected, let actual = row.decisionActual else { return false }
            return expected != actual
        }.count
        #expect(tally.failingSessions == rows.filter { $0.status == .diverged }.count)
        #expect(tally.failingSessions > 0)
        #expect(tally.errors == rows.filter { $0.status == .error }.count)
        #expect(tally.sessionsByKind == byKind)
        #expect(tally.flips == flips && flips > 0)
        let groups = try store.verdictGroups(replayID: 1)
        #expect(groups.map(\.sessions).reduce(0, +) == rows.filter { $0.status != .matched }.count)

        let diverged = try #require(rows.first { $0.status == .diverged }).sessionID
        try Database.open(archive, mode: .readWrite).execute(
            // A valid JSON array (the schema's CHECK) naming a kind no migration knows, with an escape
            // character a terminal would obey.
            "UPDATE replay_results SET kinds_json = '[\"frame\",\"tele\\u001bport\"]' WHERE session_id = \(diverged)")
        let damaged = try Archive.open(archive, mode: .readOnly)
        #expect(throws: ArchiveError.invalidStoredValue(table: "replay_results", column: "kinds_json", value: "tele\u{1B}port")) {
            try damaged.verdictGroups(replayID: 1)
        }
        do {
            _ = try VerdictTally(replayID: 1, in: damaged, policy: .everyKind)
            Issue.record("an unknown kind was counted")
        } catch let failure as ReelFailure {
            #expect(failure.kind == .dataError)
            #expect(failure.message.hasPrefix("\(archive): replay_results.kinds_json of replay 1 holds "), "\(failure.message)")
            #expect(failure.message.hasSuffix("not a list of divergence kinds") && !failure.message.contains("\u{1B}"))
        }
    }
}
