import Foundation
import PropertyBased
import ReelStore
import ReelTestSupport
import Testing

/// Page-level mutations of a small archive (12 sessions, two replays): every command given the
/// damaged file ends with 0, 1, 2 or 65, never with a signal, a hang or an internal error (70); a
/// 65 says so in one line `reel: error: ...` without SQLite's raw text (`info --check`: one such
/// line per problem, none twice). Cases: `REEL_FUZZ_CASES` /
/// 40, from 10 to 300 (tools/fuzz 10000: 250).
@Suite("Fuzz: damaged archives")
struct ArchiveFuzzTests {
    static let cases = min(300, max(10, fuzzCases / 40))

    /// The commands run on a damaged archive ARCHIVE, two per case chosen by its words
    /// (so a failing input, replayed with its fixed seed, runs the same two); FOLDER is the case's folder.
    static let commands: [[String]] = [
        ["info", "ARCHIVE"],
        ["export", "ARCHIVE"],
        ["replay", "ARCHIVE", "--results", "FOLDER/results.sqlite"],
        ["report", "ARCHIVE", "-o", "FOLDER/report.html"],
        ["record", "ARCHIVE", "STREAM"],
        ["migrate", "ARCHIVE"],
        ["replay", "ARCHIVE"],
        ["show", "ARCHIVE", "1"],
        ["merge", "ARCHIVE", "--output", "FOLDER/merged.sqlite"],
        ["query", "ARCHIVE", "SELECT * FROM sessions JOIN replay_results ON session_id = sessions.id"],
        ["accept", "ARCHIVE", "--replay", "2"],
        ["compare", "ARCHIVE", "1", "2"],
        ["info", "ARCHIVE", "--check"],
    ]

    /// SQLite's own words that must not reach the user in a 65: result codes, the failing
    /// statement, the schema text SQLite quotes, and the bug report of an exit 70.
    static let rawSQLitePhrases = [
        "SQLite error", "SQL:", "sqlite_schema", "sqlite_master", "near \"", "unrecognized token", "no such table",
        "no such column", "constraint failed", "This is a bug",
    ]

    /// A checkpointed archive (no -wal beside it) and a stream to record into it.
    static let seed: Result<(folder: String, archive: [UInt8], stream: String), any Error> = Result {
        let folder = try temporaryFolder()
        let archive = folder + "/seed.sqlite"
        let stream = folder + "/in.jsonl"
        for arguments in [
            ["synth", "--scenario", "nav.interactive-pop", "--count", "12", "--seed", "5", "-o", stream],
            ["record", archive, stream], ["replay", archive], ["replay", archive, "--engine", "builtin"],
        ] {
            let (ending, error) = try ReelProcess.run(arguments, in: folder)
            guard ending == .exited(0) || ending == .exited(1) else {
                throw ReelFuzzSetupError(message: "\(arguments[0]): \(ending): \(error)")
            }
        }
        do {
            let database = try Database.open(archive, mode: .readWrite)
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try? FileManager.default.removeItem(atPath: archive + "-wal")
        try? FileManager.default.removeItem(atPath: archive + "-shm")
        return (folder, Array(try Data(contentsOf: URL(fileURLWithPath: archive))), stream)
    }

    @Test func everyCommandEndsCleanlyOnADamagedArchive() async throws {
        let seed = try Self.seed.get()
        let counter = CaseCounter()
        await propertyCheck(count: Self.cases, input: Gen<UInt64>.value().array(of: 1...4)) { words in
            let number = counter.next()
            do {
                try Self.check(PageMutator.mutate(seed.archive, words: words), words: words, case: number, seed: seed)
            } catch {
                // The property check reports the input, not this comment: say the error where CI logs show it.
                FileHandle.standardError.write(Data("damaged-archive case \(number), words \(words): \(error)\n".utf8))
                Issue.record("case \(number): \(error)")
            }
        }
    }

    /// A case a fresh seed found (session 20): damaged pages hide the largest replay id, so
    /// `reel replay`'s new replay id clashes with a stored one. It ended 70 ("UNIQUE constraint
    /// failed: replays.id"); a damaged file is a 65. The fuzzer's input depended on where the
    /// pages lie (a new table moved them), so the damage is made by hand: replay 2's verdicts
    /// removed (so `replay_results` names replay 1 at most) and the two cells of the `replays`
    /// table's one leaf page swapped, which leaves `max(id)` reading replay 1 while the insert's
    /// search still finds replay 2.
    @Test func aReplayIDHiddenByADamagedIndexIsADamagedFile() throws {
        let seed = try Self.seed.get()
        let folder = try temporaryFolder()
        let archive = folder + "/damaged.sqlite"
        try Data(seed.archive).write(to: URL(fileURLWithPath: archive))
        let (root, pageSize) = try {
            let database = try Database.open(archive, mode: .readWrite)
            try database.execute("DELETE FROM replay_results WHERE replay_id = 2")
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return (
                Int(try database.scalarInt64("SELECT rootpage FROM sqlite_schema WHERE name = 'replays'") ?? 0),
                Int(try database.scalarInt64("PRAGMA page_size") ?? 0)
            )
        }()
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: archive + suffix) }
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
        let header = (root - 1) * pageSize + (root == 1 ? 100 : 0)
        // A table leaf page (13) holding the two replays.
        #expect(bytes[header] == 13 && bytes[header + 3] == 0 && bytes[header + 4] == 2)
        bytes.swapAt(header + 8, header + 10)
        bytes.swapAt(header + 9, header + 11)
        try Data(bytes).write(to: URL(fileURLWithPath: archive))
        let (ending, error) = try ReelProcess.run(["replay", archive], in: folder)
        #expect(ending == .exited(65), "\(error)")
        #expect(error.contains("the replays table and its index disagree on which replay ids exist"), "\(error)")
        #expect(!Self.rawSQLitePhrases.contains { error.contains($0) }, "\(error)")
    }

    /// Runs the case's two commands on the damaged bytes and checks how each ends; returns their endings and messages.
    @discardableResult
    static func check(
        _ bytes: [UInt8], words: [UInt64], case number: Int, seed: (folder: String, archive: [UInt8], stream: String)
    ) throws -> [(ending: ReelProcess.Ending, error: String)] {
        var endings: [(ending: ReelProcess.Ending, error: String)] = []
        let folder = seed.folder + "/case-\(number)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = folder + "/a.sqlite"
        // The high half of a Fibonacci hash of the words: unrelated to the mutation the words decode to.
        let mixed = words.reduce(0) { $0 &* 31 &+ $1 }.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15).high
        let first = Int(mixed % UInt64(commands.count))
        for command in [commands[first], commands[(first + 4) % commands.count]] {
            try Data(bytes).write(to: URL(fileURLWithPath: archive))
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: archive + suffix) }
            let arguments = command.map {
                $0.replacingOccurrences(of: "ARCHIVE", with: archive).replacingOccurrences(of: "FOLDER", with: folder)
                    .replacingOccurrences(of: "STREAM", with: seed.stream)
            }
            let (ending, error) = try ReelProcess.run(arguments, in: folder)
            endings.append((ending, error))
            var clean: Set<ReelProcess.Ending> = [.exited(0), .exited(1), .exited(2), .exited(65)]
            // A damaged candidate text can name a profile file or a process: accept then asks for
            // --engine (64) rather than run or read what the archive names.
            if command[0] == "accept", error.contains("Reel never runs or reads what an archive names") { clean.insert(.exited(64)) }
            #expect(clean.contains(ending), "reel \(command.joined(separator: " ")): \(ending): \(error)")
            if ending == .exited(65) {
                // `info --check` lists each problem it finds on its own line, each line once.
                let lines = error.split(separator: "\n")
                let count = command.contains("--check") ? Set(lines).count : 1
                let clean =
                    lines.count == count && lines.allSatisfy { $0.hasPrefix("reel: error: ") }
                    && !rawSQLitePhrases.contains { error.contains($0) }
                #expect(clean, "reel \(command.joined(separator: " ")): 65 without one clean line: \(error)")
            }
        }
        return endings
    }
}

/// The failure of the fuzz properties' setup.
struct ReelFuzzSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Numbers the cases of a property (its body runs on one task at a time).
final class CaseCounter: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

/// Damage to a SQLite file a page at a time, each mutation decoded from one random word: bytes of
/// a page flipped or set to special values, a page zeroed, filled with garbage or replaced by
/// another page, the file cut short, or a byte of the 100-byte header changed.
enum PageMutator {
    static func mutate(_ file: [UInt8], words: [UInt64]) -> [UInt8] {
        var bytes = file
        let pageSize = max(512, Int(file[16]) << 8 | Int(file[17]))
        for word in words {
            var choices = WordChoices(word)
            func take(_ bound: Int) -> Int { choices.take(bound) }
            let pages = max(1, bytes.count / pageSize)
            let page = take(pages)
            let start = page * pageSize
            let end = min(bytes.count, start + pageSize)
            guard start < end else { continue }
            switch take(7) {
            case 0:
                for _ in 0..<(1 + take(8)) { bytes[start + take(end - start)] ^= UInt8(1 << take(8)) }
            case 1:
                for _ in 0..<(1 + take(4)) { bytes[start + take(end - start)] = [0x00, 0x7F, 0x80, 0xFF][take(4)] }
            case 2:
                bytes.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
            case 3:
                for index in start..<end { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
            case 4:
                let other = take(pages) * pageSize
                if other + pageSize <= bytes.count { bytes.replaceSubrange(start..<end, with: bytes[other..<(other + end - start)]) }
            case 5:
                bytes.removeSubrange(max(pageSize, start)...)
            default:
                bytes[take(100)] = UInt8(take(256))
            }
        }
        return bytes
    }
}
