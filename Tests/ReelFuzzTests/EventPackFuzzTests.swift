import Foundation
import PropertyBased
import ReelStore
import ReelTestSupport
import Testing

/// Row-level damage to the event packs (schema v10) of the damaged-archive fuzzer's seed archive,
/// which page mutations reach only by chance: a pack's characters set to any byte, cut, lengthened
/// or swapped with another trace's, its widths set to anything, a detail it names deleted. Every
/// command ends as `ArchiveFuzzTests.check` requires (0, 1, 2 or 65 with one clean line).
@Suite("Fuzz: damaged event packs")
struct EventPackFuzzTests {
    @Test func everyCommandEndsCleanlyOnADamagedPack() async throws {
        try await RowDamageFuzzing.run(label: "damaged-pack", firstCase: 10000) { database, choices in try Self.damage(database, &choices) }
    }

    /// One damage of the seed archive through SQL, chosen by `choices` (RowDamageFuzzing applies
    /// one per word, CHECKs off, and checkpoints).
    static func damage(_ database: Database, _ choices: inout WordChoices) throws {
        let traces = try database.scalarInt64("SELECT count(*) FROM trace_event_packs") ?? 0
        let trace = "(SELECT trace_id FROM trace_event_packs ORDER BY trace_id LIMIT 1 OFFSET \(choices.take(Int(max(1, traces)))))"
        let position = 1 + choices.take(200)
        let update: String
        switch choices.take(7) {
        case 0:
            update = """
                UPDATE trace_event_packs SET events = CAST(substr(CAST(events AS BLOB), 1, \(position - 1)) || \
                x'\(String(format: "%02x", choices.take(256)))' || substr(CAST(events AS BLOB), \(position + 1)) AS TEXT)
                WHERE trace_id = \(trace)
                """
        case 1: update = "UPDATE trace_event_packs SET events = substr(events, 1, \(position)) WHERE trace_id = \(trace)"
        case 2:
            update =
                "UPDATE trace_event_packs SET events = events || substr('~ !\"#', 1, \(1 + choices.take(5))) WHERE trace_id = \(trace)"
        case 3:
            update = "UPDATE trace_event_packs SET detail_width = \(choices.take(7) - 1) WHERE trace_id = \(trace)"
        case 4:
            update = "UPDATE trace_event_packs SET time_width = \(choices.take(7) - 1) WHERE trace_id = \(trace)"
        case 5:
            update = """
                UPDATE trace_event_packs SET events = (SELECT o.events FROM trace_event_packs AS o WHERE o.trace_id <> \
                trace_event_packs.trace_id ORDER BY o.trace_id LIMIT 1) WHERE trace_id = \(trace)
                """
        default: update = "DELETE FROM event_details WHERE id = \(1 + choices.take(40))"
        }
        try database.execute(update)
    }
}
