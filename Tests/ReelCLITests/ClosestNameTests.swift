import Foundation
import ReelTestSupport
import Testing

/// Issue 33: wherever a name is typed, a misspelt one is refused with the closest names: synth's
/// scenario, engine presets, parameter names in profiles, saved queries' parameters.
@Suite("Closest-name suggestions")
struct ClosestNameTests {
    @Test func synthScenario() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["synth", "--scenario", "nav.interactve-pop", "--count", "1"], in: folder)
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains("nav.interactive-pop"), "\(run.standardError)")
    }

    @Test func enginePreset() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 2, seed: 1, in: folder)
        let run = try runReel(["record", "a.sqlite", stream, "--engine", "legacy-03"], in: folder)
        #expect(run.status == 66, "\(run.standardError)")
        #expect(run.standardError.contains("(closest: legacy-0.3"), "\(run.standardError)")
    }

    @Test func profileParameter() throws {
        let folder = try temporaryFolder()
        let candidate = try profile("\"swipe.treshold\":0.3", in: folder)
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 2, seed: 1, in: folder)
        let run = try runReel(["record", "a.sqlite", stream, "--engine", candidate], in: folder)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("unknown engine parameter 'swipe.treshold' (closest: swipe.threshold"), "\(run.standardError)")
    }

    @Test func savedQueryParameter() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 2, seed: 1, in: folder)
        #expect(try runReel(["record", "a.sqlite", stream], in: folder).status == 0)
        let run = try runReel(["query", "a.sqlite", "--saved", "near-boundary", "--param", "scenaro=modal.swipe-dismiss"], in: folder)
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains("(closest: scenario"), "\(run.standardError)")
    }
}

/// Issue 33: a saved query hides its rows of zeros unless asked (`--param all=1`).
@Suite("Saved queries hide zero rows")
struct SavedQueryZeroRowTests {
    @Test func decisionChangesListsOnlyScenariosWithAFlipUnlessAll() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        _ = try record(try synthesizedStream("nav.push", count: 5, seed: 2, in: folder), into: archive)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let hidden = try runReel(["query", "a.sqlite", "--saved", "decision-changes-by-scenario", "--format", "csv"], in: folder)
        #expect(hidden.status == 0, "\(hidden.standardError)")
        let rows = hidden.standardOutput.split(separator: "\n").dropFirst()
        #expect(rows.count == 1 && rows.allSatisfy { $0.contains("modal.swipe-dismiss") }, "\(hidden.standardOutput)")
        let all = try runReel(
            ["query", "a.sqlite", "--saved", "decision-changes-by-scenario", "--param", "all=1", "--format", "csv"], in: folder)
        #expect(all.standardOutput.contains("nav.push,5,0,0,0"), "\(all.standardOutput)")
    }
}
