import Foundation
import PropertyBased
import ReelStore
import ReelTestSupport
import Testing

/// Row-level damage to the frame packs (schema v11) of the damaged-archive fuzzer's seed archive,
/// which page mutations reach only by chance: a pack's count set to anything, a progress set to
/// NULL, a count past its values, a pack moved onto its neighbour (frames overlapping) or away (frames missing),
/// deleted, or given a value past its count. Every command ends as `ArchiveFuzzTests.check`
/// requires (0, 1, 2 or 65 with one clean line).
@Suite("Fuzz: damaged frame packs")
struct FramePackFuzzTests {
    @Test func everyCommandEndsCleanlyOnADamagedFramePack() async throws {
        try await RowDamageFuzzing.run(label: "damaged-frame-pack", firstCase: 20000) { database, choices in
            try Self.damage(database, &choices)
        }
    }

    /// One damage of the seed archive through SQL, chosen by `choices` (RowDamageFuzzing applies
    /// one per word, CHECKs off, and checkpoints).
    static func damage(_ database: Database, _ choices: inout WordChoices) throws {
        let packs = try database.scalarInt64("SELECT count(*) FROM trace_frame_packs") ?? 0
        let offset = choices.take(Int(max(1, packs)))
        let key =
            "(trace_id, first_frame) = (SELECT trace_id, first_frame FROM trace_frame_packs ORDER BY trace_id, first_frame LIMIT 1 OFFSET \(offset))"
        let column = choices.take(16)
        let update: String
        switch choices.take(7) {
        case 0: update = "UPDATE trace_frame_packs SET frame_count = \(choices.take(20) - 2) WHERE \(key)"
        case 1: update = "UPDATE trace_frame_packs SET p\(column) = NULL WHERE \(key)"
        case 2: update = "UPDATE trace_frame_packs SET frame_count = frame_count + 1 WHERE \(key)"
        case 3: update = "UPDATE trace_frame_packs SET first_frame = first_frame - \(1 + choices.take(20)) WHERE \(key)"
        case 4: update = "UPDATE trace_frame_packs SET first_frame = first_frame + \(1 + choices.take(40)) WHERE \(key)"
        case 5: update = "DELETE FROM trace_frame_packs WHERE \(key)"
        default: update = "UPDATE trace_frame_packs SET t\(column) = \(Double(choices.take(1000)) / 7) WHERE \(key)"
        }
        // A move onto another pack's key fails its primary key: that word then damages nothing.
        try? database.execute(update)
    }
}
