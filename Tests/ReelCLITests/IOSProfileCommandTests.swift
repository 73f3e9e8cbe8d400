import Foundation
import ReelEngine
import ReelJSON
import ReelTestSupport
import Testing

/// `reel engine profiles` and `--engine uikit-ios26` through the real binary.
@Suite("reel engine profiles")
struct IOSProfileCommandTests {
    @Test func textListsEachPresetWithWhatItModelsAndTheParametersItSets() throws {
        let run = try runReel(["engine", "profiles"], in: try temporaryFolder())
        #expect(run.status == 0, "\(run.standardError)")
        for preset in EngineProfile.presets {
            #expect(run.standardOutput.contains("\(preset.name): \(preset.models)\n"))
        }
        #expect(run.standardOutput.contains("  backswipe.fluid = true (default false)\n"))
        #expect(run.standardOutput.contains("  nav.interruptible = true (default false)\n"))
        #expect(run.standardOutput.contains("  gesture.event_model = per-touch (default uikit)\n"))
    }

    @Test func jsonListsThePresetsWithTheirParameters() throws {
        let run = try runReel(["engine", "profiles", "--format", "json"], in: try temporaryFolder())
        #expect(run.status == 0, "\(run.standardError)")
        guard case .array(let presets)? = try JSONParser.parse(run.standardOutput)["presets"] else {
            Issue.record("not an array: \(run.standardOutput)")
            return
        }
        #expect(presets.count == EngineProfile.presets.count)
        for (json, preset) in zip(presets, EngineProfile.presets) {
            #expect(json["name"] == .string(preset.name))
            #expect(json["models"] == .string(preset.models))
            guard case .array(let sets)? = json["sets"] else {
                Issue.record("no sets in \(json)")
                continue
            }
            #expect(sets.compactMap { if case .string(let name)? = $0["name"] { name } else { nil } } == preset.overrides.map(\.0))
        }
    }

    @Test func replayAgainstUIKitIOS26() throws {
        let folder = try temporaryFolder()
        _ = try record(
            try synthesizedStream("nav.content-swipe-pop", count: 8, seed: 4, in: folder), engine: .preset(name: "classic"),
            into: folder + "/a.sqlite")
        let same = try runReel(["replay", "a.sqlite", "--engine", "uikit-ios18"], in: folder)
        #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
        let ios26 = try runReel(["replay", "a.sqlite", "--engine", "uikit-ios26"], in: folder)
        #expect(ios26.status == 1, "\(ios26.standardError)")
        #expect(ios26.standardOutput.contains("reel-builtin+uikit-ios26"))
        #expect(ios26.standardOutput.contains("replay finished"))
    }
}
