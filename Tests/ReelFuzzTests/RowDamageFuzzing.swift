import Foundation
import PropertyBased
import ReelStore
import ReelTestSupport
import Testing

/// What the row-level fuzzers (EventPackFuzzTests, FramePackFuzzTests) share: fresh words per case,
/// the seed archive damaged through SQL, and `ArchiveFuzzTests.check` on the result.
enum RowDamageFuzzing {
    /// Runs `ArchiveFuzzTests.cases` cases; each damages a copy of the seed archive with 1-3 random
    /// words through `damage` (called once per word, CHECK constraints off) and checks that every
    /// command ends cleanly on it. `label` names the cases' files and messages; `firstCase` keeps
    /// their numbers apart from the other fuzzers'.
    static func run(label: String, firstCase: Int, damage: @escaping @Sendable (Database, inout WordChoices) throws -> Void) async throws {
        let seed = try ArchiveFuzzTests.seed.get()
        let counter = CaseCounter()
        await propertyCheck(count: ArchiveFuzzTests.cases, input: Gen<UInt64>.value().array(of: 1...3)) { words in
            let number = counter.next()
            do {
                let bytes = try damaged(seed.archive, words: words, in: seed.folder + "/\(label)-\(number).sqlite", damage: damage)
                try ArchiveFuzzTests.check(bytes, words: words, case: firstCase + number, seed: seed)
            } catch {
                FileHandle.standardError.write(Data("\(label) case \(number), words \(words): \(error)\n".utf8))
                Issue.record("case \(number): \(error)")
            }
        }
    }

    /// The seed archive with one damage per word applied through SQL (CHECKs off), checkpointed.
    static func damaged(
        _ archive: [UInt8], words: [UInt64], in path: String, damage: (Database, inout WordChoices) throws -> Void
    ) throws -> [UInt8] {
        try Data(archive).write(to: URL(fileURLWithPath: path))
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            let database = try Database.open(path, mode: .readWrite)
            try database.execute("PRAGMA ignore_check_constraints = ON")
            for word in words {
                var choices = WordChoices(word)
                try damage(database, &choices)
            }
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
