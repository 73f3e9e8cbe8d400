import Foundation
import PropertyBased
import Testing

/// Hostile values for the command line's options (huge, negative, not numbers, empty): every
/// command ends with 0, 1, 2, 64, 65 or 66 within 10 s, never a signal or a hang. Cases: `REEL_FUZZ_CASES` /
/// 40, from 10 to 300.
@Suite("Fuzz: option values")
struct OptionFuzzTests {
    static let values = [
        "0", "-1", "1", "2", "1.5", "-0", "1e300", "-1e300", "1e-300", "nan", "inf", "-inf", "0x10", "",
        "x", "9223372036854775807", "9223372036854775808", "-9223372036854775808", String(repeating: "9", count: 400),
        "1/0", "0/0", "2/1", "1/2", "9223372036854775807/9223372036854775807", "position=nan", "alpha=-1",
        "exact", "default", "all", "json", "junit", "\u{1b}[31m", "*", "?", "nav.*", "[", "**?*", String(repeating: "*?", count: 2000),
    ]

    /// (arguments before the option, the option); ARCHIVE is a small recorded archive, STREAM its input.
    static let options: [([String], String)] = [
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--shard"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--tolerance"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--session"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--scenario"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--tag"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--diverged-in"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--max-reply-bytes"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--format"),
        (["replay", "ARCHIVE"], "--resume"),
        (["record", "FOLDER/new.sqlite", "STREAM"], "--batch-size"),
        (["record", "FOLDER/new.sqlite", "STREAM"], "--format"),
        (["report", "ARCHIVE", "-o", "FOLDER/r.html"], "--plots"),
        (["report", "ARCHIVE", "-o", "FOLDER/r.html"], "--replay"),
        (["show", "ARCHIVE", "1"], "--replay"),
        (["export", "ARCHIVE"], "--session"),
        (["synth", "--scenario", "nav.interactive-pop", "--count", "2", "-o", "FOLDER/s.jsonl"], "--seed"),
        (["synth", "--scenario", "nav.interactive-pop", "--count", "2", "-o", "FOLDER/s.jsonl"], "--refresh-hz"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--timeout"),
        (["replay", "ARCHIVE", "--results", "FOLDER/r.sqlite"], "--jobs"),
        (["synth", "--scenario", "nav.interactive-pop", "--count", "2", "-o", "FOLDER/s.jsonl"], "--width"),
    ]

    @Test func hostileOptionValuesEndCleanly() async throws {
        let seed = try ArchiveFuzzTests.seed.get()
        let counter = CaseCounter()
        await propertyCheck(
            count: ArchiveFuzzTests.cases, input: Gen.int(in: 0..<Self.options.count), Gen.int(in: 0..<Self.values.count)
        ) { option, value in
            let number = counter.next()
            let (prefix, name) = Self.options[option]
            let folder = seed.folder + "/option-\(number)"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(atPath: folder) }
                try Data(seed.archive).write(to: URL(fileURLWithPath: folder + "/a.sqlite"))
                let arguments =
                    prefix.map {
                        $0.replacingOccurrences(of: "ARCHIVE", with: folder + "/a.sqlite")
                            .replacingOccurrences(of: "FOLDER", with: folder).replacingOccurrences(of: "STREAM", with: seed.stream)
                    } + [name, Self.values[value]]
                let (ending, error) = try ReelProcess.run(arguments, in: folder, limit: .seconds(10))
                #expect(Self.clean.contains(ending), "reel \(arguments.joined(separator: " ")): \(ending): \(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    static let clean: Set<ReelProcess.Ending> = [.exited(0), .exited(1), .exited(2), .exited(64), .exited(65), .exited(66)]
}
