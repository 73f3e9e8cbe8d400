import Foundation
import ReelJSON
import ReelTestSupport
import Testing

/// `reel bench --c-limit`: the shared yardstick (shared/bench/c_limit.c beside the project) side by
/// side with record and replay (no timing is asserted, only that every figure is there).
@Suite("reel bench yardstick")
struct BenchYardstickTests {
    /// Where tools/bench reads the yardstick from: shared/bench next to the project root.
    static let cLimitSource = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().path + "/shared/bench/c_limit.c"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: cLimitSource), "shared/bench/c_limit.c is not beside the project"))
    func quickYardstickPrintsEveryRatio() throws {
        let folder = try temporaryFolder()
        let cLimit = folder + "/c_limit"
        let compile = try startProcess(
            ["/usr/bin/env", "cc", "-O2", "-o", cLimit, Self.cLimitSource, "-lsqlite3"], in: folder, captureFolder: folder
        ).wait()
        try #require(compile.status == 0, "\(compile.standardError)")
        let run = try runReel(["bench", "--quick", "--yardstick-only", "--json", "--c-limit", cLimit], in: folder)
        try #require(run.status == 0, "\(run.standardError)")
        let report = try JSONParser.parse(run.standardOutput)
        guard case .array(let figures)? = report["figures"] else {
            Issue.record("no figures array in \(run.standardOutput)")
            return
        }
        var byID: [String: JSONValue] = [:]
        for figure in figures { if case .string(let id)? = figure["id"] { byID[id] = figure } }
        #expect(
            Set(byID.keys) == [
                "yardstick.c_insert", "yardstick.record", "yardstick.bytes_per_session", "yardstick.c_scan", "yardstick.own_scan",
                "yardstick.replay", "yardstick.replay_vs_own_scan", "yardstick.version_ms", "yardstick.info_ms",
                "yardstick.info_fixed_cost_ms",
            ])
        // Each ratio is its figure's value over the reference measured in the same run.
        func value(_ id: String) -> Double? { if case .number(let v)? = byID[id]?["value"] { v } else { nil } }
        func ratio(_ id: String) -> Double? { if case .number(let v)? = byID[id]?["ratio"] { v } else { nil } }
        for (id, reference) in [("yardstick.record", "yardstick.c_insert"), ("yardstick.replay", "yardstick.c_scan")] {
            let expected = try #require(value(id)) / #require(value(reference))
            #expect(abs(try #require(ratio(id)) - expected) <= 1e-9 * expected, "\(id)")
        }
        // 500 sessions: the checkpointed archive holds at least its frames' rows, and is no empty file.
        #expect((value("yardstick.bytes_per_session") ?? 0) > 1000)
        // The fixed cost is `reel info`'s least time minus `reel --version`'s, both positive.
        let info = try #require(value("yardstick.info_ms"))
        let version = try #require(value("yardstick.version_ms"))
        #expect(info > 0 && version > 0)
        #expect(abs(try #require(value("yardstick.info_fixed_cost_ms")) - (info - version)) <= 1e-9 * max(info, version))
    }

    @Test func aMissingCLimitIsMissingInputAndYardstickOnlyNeedsIt() throws {
        let folder = try temporaryFolder()
        let missing = try runReel(["bench", "--quick", "--c-limit", folder + "/no-such-c_limit"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("no-such-c_limit"))
        let alone = try runReel(["bench", "--quick", "--yardstick-only"], in: folder)
        #expect(alone.status == 64)
        #expect(alone.standardError.contains("--c-limit"))
    }
}
