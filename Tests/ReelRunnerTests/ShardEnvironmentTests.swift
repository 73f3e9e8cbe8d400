import ReelRunner
import Testing

@Suite("--shard auto: the shard from a scheduler's variables")
struct ShardEnvironmentTests {
    private func shard(_ variables: [String: String], count: Int? = nil) throws -> Shard {
        try ShardEnvironment(variables: variables, countOption: count).resolve().shard
    }

    private func usageMessage(_ variables: [String: String], count: Int? = nil) -> String {
        do {
            _ = try ShardEnvironment(variables: variables, countOption: count).resolve()
            return "no error"
        } catch {
            #expect(error.kind == .usage)
            return error.message
        }
    }

    @Test func eachSchedulerNumbersItsTasksItsOwnWay() throws {
        // Kubernetes: JOB_COMPLETION_INDEX counts from 0; the count is the Job's completions.
        #expect(try shard(["JOB_COMPLETION_INDEX": "0"], count: 4) == Shard(index: 1, count: 4))
        #expect(try shard(["JOB_COMPLETION_INDEX": "3", "REEL_SHARD_COUNT": "4"]) == Shard(index: 4, count: 4))
        // GitLab: CI_NODE_INDEX counts from 1.
        #expect(try shard(["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]) == Shard(index: 3, count: 3))
        // Buildkite: BUILDKITE_PARALLEL_JOB counts from 0.
        #expect(try shard(["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "2"]) == Shard(index: 1, count: 2))
        // Slurm: --array=5-8 gives task ids 5...8 and SLURM_ARRAY_TASK_MIN 5.
        let slurm = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"]
        #expect(try shard(slurm) == Shard(index: 3, count: 4))
        // GitHub Actions, or any other: the workflow sets REEL_SHARD_INDEX (from 1) and REEL_SHARD_COUNT.
        #expect(try shard(["REEL_SHARD_INDEX": "2", "REEL_SHARD_COUNT": "3"]) == Shard(index: 2, count: 3))
    }

    @Test func theSourceNamesTheVariablesRead() throws {
        let resolution = try ShardEnvironment(variables: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "5"]).resolve()
        #expect(resolution.source == "GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=5)")
    }

    @Test func missingVariablesAreNamed() {
        #expect(usageMessage([:]).contains("found no scheduler's shard variables"))
        #expect(usageMessage(["CI_NODE_INDEX": "1"]).contains("CI_NODE_TOTAL is not"))
        #expect(usageMessage(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"]).contains("SLURM_ARRAY_TASK_MIN is not"))
        #expect(usageMessage(["JOB_COMPLETION_INDEX": "1"]).contains("--shard-count N or set REEL_SHARD_COUNT"))
    }

    @Test func contradictionsAreNamed() {
        let two = usageMessage([
            "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "2",
        ])
        #expect(two.contains("two shards, 1/2 from GitLab") && two.contains("2/2 from Buildkite"))
        // The same shard from two sources is no contradiction.
        #expect(usageMessage(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2", "REEL_SHARD_INDEX": "2", "REEL_SHARD_COUNT": "2"]) == "no error")
        #expect(usageMessage(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], count: 4).contains("--shard-count 4 contradicts GitLab"))
    }

    @Test func valuesOutOfRangeOrNotNumbersAreRefused() {
        #expect(usageMessage(["CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "3"]).contains("outside 1...3"))
        #expect(usageMessage(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"]).contains("outside 1...3"))
        #expect(usageMessage(["JOB_COMPLETION_INDEX": "4"], count: 4).contains("outside 1...4"))
        #expect(usageMessage(["CI_NODE_INDEX": "one", "CI_NODE_TOTAL": "3"]).contains("CI_NODE_INDEX=one is not a whole number"))
        #expect(usageMessage(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "99999999999999999999"]).contains("is not a whole number"))
        let stepped = [
            "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "2",
        ]
        #expect(usageMessage(stepped).contains("contiguous"))
    }
}
