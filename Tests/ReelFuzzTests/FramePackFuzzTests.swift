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
        let seed = try ArchiveFuzzTests.seed.get()
        let counter = CaseCounter()
        await propertyCheck(count: ArchiveFuzzTests.cases, input: Gen<UInt64>.value().array(of: 1...3)) { words in
            let number = counter.next()
            do {
                let bytes = try Self.damage(seed.archive, words: words, in: seed.folder + "/frames-\(number).sqlite")
                try ArchiveFuzzTests.check(bytes, words: words, case: 20_000 + number, seed: seed)
            } catch {
                FileHandle.standardError.write(Data("damaged-frame-pack case \(number), words \(words): \(error)\n".utf8))
                Issue.record("case \(number): \(error)")
            }
        }
    }

    /// The seed archive with one damage per word applied through SQL (CHECKs off), checkpointed.
    static func damage(_ archive: [UInt8], words: [UInt64], in path: String) throws -> [UInt8] {
        try Data(archive).write(to: URL(fileURLWithPath: path))
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute("PRAGMA ignore_check_constraints = ON")
            let packs = try database.scalarInt64("SELECT count(*) FROM trace_frame_packs") ?? 0
            for word in words {
                var choices = WordChoices(word)
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
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
