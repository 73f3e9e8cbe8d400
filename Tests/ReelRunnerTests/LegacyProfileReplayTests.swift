import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelTestSupport
import Testing

/// `--engine legacy-0.3` (EngineProfile.preset): engine 0.3.0's decisions from this build.
@Suite("legacy-0.3 profile")
struct LegacyProfileReplayTests {
    static let families = [
        "nav.interactive-pop", "modal.swipe-dismiss", "sheet.drag-dismiss", "modal.pinch-dismiss",
        "image.drag-dismiss", "nav.vertical-swipe-pop",
    ]

    @Test func recordedWithLegacyAndReplayedWithLegacyNothingDiverges() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        for (index, family) in Self.families.enumerated() {
            let stream = try synthesizedStream(
                family, count: 25, seed: UInt64(40 + index), in: folder, refreshHz: index % 2 == 0 ? 60 : 120)
            _ = try record(stream, engine: .preset(name: "legacy-0.3"), into: archive)
        }
        let legacy = try Replayer(
            archivePath: archive, engine: try EngineFactory(.preset(name: "legacy-0.3")),
            options: .init(tolerances: .exact)
        ).run()
        #expect(legacy.sessions == 150 && legacy.matched == 150 && legacy.byKind.isEmpty)
        // The built-in engine (0.4.0) decides some of them otherwise: the flips of issue 14.
        let builtin = try Replayer(archivePath: archive, engine: try EngineFactory(.builtin), options: .init()).run()
        #expect(builtin.byKind.contains { $0.kind == .decision && $0.count > 0 })
    }

    @Test func theNameParsesAsAPreset() throws {
        #expect(try EngineSpec(parsing: "legacy-0.3") == .preset(name: "legacy-0.3"))
        #expect(try EngineSpec(parsing: "legacy-0.3").description == "legacy-0.3")
        #expect(try EngineFactory(.preset(name: "legacy-0.3")).builtinProfile == EngineProfile.preset(named: "legacy-0.3"))
        #expect(try EngineFactory(.preset(name: "legacy-0.3")).make().identity.name == "reel-builtin+legacy-0.3")
    }
}
