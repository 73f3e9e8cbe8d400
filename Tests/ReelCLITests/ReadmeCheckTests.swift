import Foundation
import ReelTestSupport
import Testing

/// Issue 33: tools/readme-check took exit 1 from any line naming `reel replay` as a divergence, so
/// a README line that failed in the shell (`>> "$GITHUB_STEP_SUMMARY"` with the variable unset)
/// passed. A 1 is a divergence only when that reel replay or merge itself exited 1.
@Suite("tools/readme-check tells a divergence from a failure")
struct ReadmeCheckTests {
    /// Runs tools/readme-check on a README whose tour is `lines`, with this build's reel and an
    /// environment without GITHUB_STEP_SUMMARY.
    private func check(_ lines: [String]) throws -> ReelRun {
        let folder = try temporaryFolder()
        let readme = folder + "/README.md"
        let text = "# Test\n\n## A tour\n\n```sh\n" + lines.joined(separator: "\n") + "\n```\n\n## Commands\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: readme))
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_STEP_SUMMARY"] = nil
        environment["REEL"] = reelExecutable
        environment["README"] = readme
        return try startProcess(
            [repositoryRoot + "/tools/readme-check"], in: folder, environment: environment, captureFolder: folder
        ).wait()
    }

    private let setUp = [
        "reel synth --scenario nav.interactive-pop --count 30 --seed 7 -o pops.jsonl",
        "reel record a.sqlite pops.jsonl",
    ]

    @Test func aDivergingReplayPasses() throws {
        let run = try check(setUp + ["reel replay a.sqlite --engine legacy-0.3"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("-> exit 1"), "\(run.standardOutput)")
    }

    @Test func aRedirectionToAnUnsetVariableFails() throws {
        let run = try check(setUp + ["reel replay a.sqlite --engine legacy-0.3 --format markdown >> \"$GITHUB_STEP_SUMMARY\""])
        #expect(run.status != 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.contains("readme-check: exit 1 from: reel replay"), "\(run.standardError)")
    }

    @Test func aFailingPipeStageAfterADivergingReplayFails() throws {
        let run = try check(setUp + ["reel replay a.sqlite --engine legacy-0.3 --format markdown | tee -a \"$GITHUB_STEP_SUMMARY\""])
        #expect(run.status != 0, "\(run.standardOutput)\(run.standardError)")
    }

    @Test func aReplayThatFailsOtherwiseFails() throws {
        // Exit 2 or 65 was never allowed; a missing archive is 66.
        let run = try check(["reel replay missing.sqlite"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("exit 66"), "\(run.standardError)")
    }
}
