import Foundation
import ReelJSON
import ReelTestSupport
import Testing

/// `reel bench --kit-engine`: the ReelKit figure, the built-in engine and the ReelKit example
/// replaying the same recorded `modal.swipe-dismiss` sessions in one run, then the
/// `exec:reel engine serve` figures (no timing is asserted).
@Suite("reel bench: the ReelKit figure")
struct BenchKitTests {
    /// The examples' engine, built next to `reel`.
    static let kitEngine = URL(fileURLWithPath: reelExecutable).deletingLastPathComponent().path + "/reelkit-examples"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: kitEngine), "needs reelkit-examples built next to reel (swift build)"))
    func kitOnlyMeasuresReelKitBesideTheBuiltinEngine() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["bench", "--quick", "--json", "--kit-only", "--kit-engine", Self.kitEngine], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let report = try JSONParser.parse(run.standardOutput)
        guard case .array(let figures)? = report["figures"] else {
            Issue.record("no figures array in \(run.standardOutput)")
            return
        }
        var byID: [String: JSONValue] = [:]
        for figure in figures {
            if case .string(let id)? = figure["id"] { byID[id] = figure }
        }
        #expect(
            figures.compactMap { figure -> String? in if case .string(let id)? = figure["id"] { id } else { nil } } == [
                "kit.builtin_sessions_per_s", "kit.sessions_per_s", "kit.serve_sessions_per_s", "kit.vs_serve", "kit.sessions_per_cpu_s",
                "exec.builtin_sessions_per_cpu_s", "exec.serve_sessions_per_cpu_s",
            ])
        func number(_ id: String, _ field: String) -> Double? {
            if case .number(let value)? = byID[id]?[field] { value } else { nil }
        }
        func text(_ id: String, _ field: String) -> String? {
            if case .string(let value)? = byID[id]?[field] { value } else { nil }
        }
        // Every replay of the quick size's 60 sessions matches at the exact tolerance: the example
        // re-implements the scenario bit for bit (docs/KIT.md, "Same model").
        for id in ["kit.builtin_sessions_per_s", "kit.sessions_per_s", "kit.serve_sessions_per_s"] {
            #expect(text(id, "figure")?.contains("60 of 60 matched") == true, "\(byID[id].map { "\($0)" } ?? id)")
        }
        let builtin = try #require(number("kit.builtin_sessions_per_s", "value"))
        let kit = try #require(number("kit.sessions_per_s", "value"))
        #expect(builtin > 0 && kit > 0)
        #expect(number("kit.sessions_per_s", "ratio") == kit / builtin)
        let serve = try #require(number("kit.serve_sessions_per_s", "value"))
        #expect(number("kit.vs_serve", "value") == kit && number("kit.vs_serve", "ratio") == kit / serve)
        #expect(text("kit.sessions_per_s", "goal") == ">= 0.5x built-in")
        if case .bool(let met)? = byID["kit.sessions_per_s"]?["met"] {
            #expect(met == (kit / builtin >= 0.5))
        } else {
            Issue.record("no verdict")
        }
    }

    @Test func kitOnlyNeedsAnEngineAndAMissingOneIsNamed() throws {
        let folder = try temporaryFolder()
        let alone = try runReel(["bench", "--quick", "--kit-only"], in: folder)
        #expect(alone.status == 64)
        #expect(alone.standardError.contains("--kit-only needs --kit-engine"), "\(alone.standardError)")
        let missing = try runReel(["bench", "--quick", "--kit-only", "--kit-engine", "no-such-engine"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("no-such-engine: no such executable"), "\(missing.standardError)")
    }
}
