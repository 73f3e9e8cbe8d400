import Foundation
import ReelTestSupport
import Testing
import Yams

/// The recipes of docs/SCALE.md, run as their schedulers would run them: N local processes, each
/// with the scheduler's variables for its task, run the replay command the recipe holds; the
/// recipe's merge command combines them; the result equals one unsharded run.
@Suite("Scale-out recipes: scheduler shards merged equal one run")
struct SchedulerRecipeTests {
    /// What the test takes from a recipe: the shell text of its replay and merge steps, its number
    /// of shards, the variables a scheduler sets for task `i` (0-based), and the merged archive's path.
    struct Recipe: CustomStringConvertible {
        let name: String
        let replay: String
        let merge: String
        let shards: Int
        let variables: @Sendable (Int) -> [String: String]
        /// Relative to the folder the commands run in.
        let merged: String
        var description: String { name }
    }

    static let recipeFolder = repositoryRoot + "/docs/scale/"

    static func text(_ file: String) throws -> String {
        try String(contentsOfFile: recipeFolder + file, encoding: .utf8)
    }

    static func kubernetes() throws -> Recipe {
        let replayJob = try Yams.load_all(yaml: text("kubernetes-replay.yaml")).compactMap { $0 as? [String: Any] }
            .first { $0["kind"] as? String == "Job" }!
        let spec = replayJob["spec"] as! [String: Any]
        let container = (((spec["template"] as! [String: Any])["spec"] as! [String: Any])["containers"] as! [[String: Any]])[0]
        let recipeEnvironment = Dictionary(
            uniqueKeysWithValues: (container["env"] as! [[String: Any]]).map { ($0["name"] as! String, "\($0["value"]!)") })
        let mergeJob = try Yams.load(yaml: text("kubernetes-merge.yaml")) as! [String: Any]
        let mergeContainer =
            ((((mergeJob["spec"] as! [String: Any])["template"] as! [String: Any])["spec"]
            as! [String: Any])["containers"] as! [[String: Any]])[0]
        let count = spec["completions"] as! Int
        #expect(spec["completionMode"] as? String == "Indexed" && spec["parallelism"] as? Int == count)
        return Recipe(
            name: "Kubernetes", replay: (container["args"] as! [String])[0], merge: (mergeContainer["args"] as! [String])[0],
            shards: count,
            variables: { ["JOB_COMPLETION_INDEX": "\($0)", "REEL_SHARD_COUNT": recipeEnvironment["REEL_SHARD_COUNT"]!] },
            merged: "results/merged/merged.sqlite")
    }

    static func gitHubActions() throws -> Recipe {
        let jobs = (try Yams.load(yaml: text("github-actions-replay.yml")) as! [String: Any])["jobs"] as! [String: Any]
        func step(_ job: String, _ name: String) -> String {
            ((jobs[job] as! [String: Any])["steps"] as! [[String: Any]]).first { $0["name"] as? String == name }!["run"] as! String
        }
        let replayJob = jobs["replay"] as! [String: Any]
        let matrix = ((replayJob["strategy"] as! [String: Any])["matrix"] as! [String: Any])["shard"] as! [Int]
        let environment = replayJob["env"] as! [String: String]
        #expect(environment["REEL_SHARD_INDEX"] == "${{ matrix.shard }}")
        #expect(environment["REEL_SHARD_COUNT"] == "${{ strategy.job-total }}")
        return Recipe(
            name: "GitHub Actions", replay: step("replay", "Replay this shard"), merge: step("merge", "Merge the shards"),
            shards: matrix.count,
            variables: { ["REEL_SHARD_INDEX": "\(matrix[$0])", "REEL_SHARD_COUNT": "\(matrix.count)"] },
            merged: "merged/merged.sqlite")
    }

    static func gitLab() throws -> Recipe {
        let pipeline = try Yams.load(yaml: text("gitlab-ci.yml")) as! [String: Any]
        let replay = pipeline["reel-replay"] as! [String: Any]
        let count = replay["parallel"] as! Int
        return Recipe(
            name: "GitLab", replay: (replay["script"] as! [String]).last!,
            merge: ((pipeline["reel-merge"] as! [String: Any])["script"] as! [String]).last!, shards: count,
            variables: { ["CI_NODE_INDEX": "\($0 + 1)", "CI_NODE_TOTAL": "\(count)"] }, merged: "merged/merged.sqlite")
    }

    static func buildkite() throws -> Recipe {
        let steps = (try Yams.load(yaml: text("buildkite-pipeline.yml")) as! [String: Any])["steps"] as! [[String: Any]]
        let replay = steps.first { $0["parallelism"] != nil }!
        let merge = steps.first { $0["label"] as? String == "reel merge" }!
        let count = replay["parallelism"] as! Int
        return Recipe(
            name: "Buildkite", replay: (replay["commands"] as! [String]).last!, merge: (merge["commands"] as! [String]).last!,
            shards: count,
            variables: { ["BUILDKITE_PARALLEL_JOB": "\($0)", "BUILDKITE_PARALLEL_JOB_COUNT": "\(count)"] },
            merged: "merged/merged.sqlite")
    }

    /// The Slurm scripts run as they are; the array's range comes from their `#SBATCH --array=A-B`.
    /// The test shifts it to start at 5, as `--array=5-8` would, to check SLURM_ARRAY_TASK_MIN.
    static func slurm() throws -> Recipe {
        let script = try text("slurm-replay.sh")
        let range = script.split(separator: "\n").first { $0.hasPrefix("#SBATCH --array=") }!
            .dropFirst("#SBATCH --array=".count).split(separator: "-").map { Int($0)! }
        let count = range[1] - range[0] + 1
        let first = 5
        return Recipe(
            name: "Slurm", replay: "bash '\(recipeFolder)slurm-replay.sh'", merge: "bash '\(recipeFolder)slurm-merge.sh'",
            shards: count,
            variables: {
                [
                    "SLURM_ARRAY_JOB_ID": "4242", "SLURM_ARRAY_TASK_ID": "\(first + $0)", "SLURM_ARRAY_TASK_MIN": "\(first)",
                    "SLURM_ARRAY_TASK_MAX": "\(first + count - 1)", "SLURM_ARRAY_TASK_COUNT": "\(count)",
                    "SLURM_ARRAY_TASK_STEP": "1", "SLURM_CPUS_PER_TASK": "2",
                ]
            }, merged: "results/merged/merged.sqlite")
    }

    static let recipes: [Recipe] = [
        try! kubernetes(), try! gitHubActions(), try! gitLab(), try! buildkite(), try! slurm(),
    ]

    @Test func theRecipesUseThreeAndFourShards() {
        #expect(Set(Self.recipes.map(\.shards)) == [3, 4])
        for recipe in Self.recipes {
            let replay = recipe.name == "Slurm" ? (try? Self.text("slurm-replay.sh")) ?? "" : recipe.replay
            let merge = recipe.name == "Slurm" ? (try? Self.text("slurm-merge.sh")) ?? "" : recipe.merge
            #expect(replay.contains("reel replay \"$REEL_ARCHIVE\" --engine \"$REEL_CANDIDATE\" --shard auto"), "\(recipe.name)")
            #expect(merge.contains("reel merge \"$REEL_RESULTS\" -o"), "\(recipe.name)")
        }
    }

    @Test func theSlurmScriptsParse() throws {
        for script in ["slurm-replay.sh", "slurm-merge.sh"] {
            #expect(try shell("bash -n '\(Self.recipeFolder)\(script)'", in: NSTemporaryDirectory()).status == 0)
        }
    }

    @Test(arguments: recipes)
    func shardsRunAsTheSchedulerRunsThemMergeIntoOneRun(_ recipe: Recipe) throws {
        let corpus = try swipeDismissCorpus(count: 30)
        let one = try runReel(
            ["replay", corpus.archive, "--engine", corpus.candidate, "--results", "one.sqlite", "--format", "json"],
            in: corpus.folder)
        #expect(one.status == 1, "the candidate flips some sessions: \(one.standardError)")
        let oneJUnit = try runReel(
            ["replay", corpus.archive, "--engine", corpus.candidate, "--results", "one-junit.sqlite", "--format", "junit"],
            in: corpus.folder)

        let shared = ["REEL_ARCHIVE": corpus.archive, "REEL_CANDIDATE": corpus.candidate, "REEL_RESULTS": "results"]
        let runs = try (0..<recipe.shards).map { task in
            try startShell(recipe.replay, environment: shared.merging(recipe.variables(task)) { $1 }, in: corpus.folder)
        }
        for (task, run) in runs.enumerated() {
            let result = try run.wait()
            #expect(result.status == 0, "\(recipe.name) task \(task): \(result.standardError)")
            #expect(result.standardError.contains("shard \(task + 1)/\(recipe.shards) from"), "\(result.standardError)")
        }
        let merge = try startShell(recipe.merge, environment: shared, in: corpus.folder).wait()
        #expect(merge.status == 1, "\(recipe.name) merge: \(merge.standardError)")
        let merged = corpus.folder + "/" + recipe.merged
        let junit = String(merged.dropLast(".sqlite".count)) + ".xml"
        // Byte-identical but for the times and the suite's start: each case's time is what its own
        // run measured (stored with the verdict, issue 54), the merged suite starts with its first shard.
        let mergedJUnit = try String(contentsOfFile: junit, encoding: .utf8)
        let times = try NSRegularExpression(pattern: " (time|timestamp)=\"[0-9.:T-]+\"")
        let untimed = { (xml: String) in
            times.stringByReplacingMatches(in: xml, range: NSRange(xml.startIndex..., in: xml), withTemplate: "")
        }
        let caseTimes = try NSRegularExpression(pattern: "<testcase [^>]* time=\"[0-9]+\\.[0-9]{6}\"")
        for xml in [oneJUnit.standardOutput, mergedJUnit] {
            #expect(caseTimes.numberOfMatches(in: xml, range: NSRange(xml.startIndex..., in: xml)) == 30, "every case has its time")
        }
        #expect(untimed(mergedJUnit) == untimed(oneJUnit.standardOutput), "byte-identical JUnit XML but for the times")

        #expect(try verdicts(of: 1, in: merged) == verdicts(of: 1, in: corpus.folder + "/one.sqlite"))
        let rows = ["replay_results", "divergences"]
        #expect(
            try archiveDump(merged).filter { rows.contains($0.key) }
                == archiveDump(corpus.folder + "/one.sqlite").filter { rows.contains($0.key) })
        let json = try runReel(["merge", "results", "-o", "merged-again.sqlite", "--format", "json"], in: corpus.folder)
        #expect(json.standardOutput == one.standardOutput, "byte-identical --format json")
    }

    @Test func aMissingShardIsNamedWhenMergingAFolder() throws {
        let corpus = try swipeDismissCorpus(count: 12)
        for index in [1, 3] {
            let run = try runReel(
                ["replay", corpus.archive, "--engine", corpus.candidate, "--shard", "\(index)/3", "--results", "r/s\(index).sqlite"],
                in: (
                    try FileManager.default.createDirectory(atPath: corpus.folder + "/r", withIntermediateDirectories: true),
                    corpus.folder
                ).1)
            #expect(run.status <= 1, "\(run.standardError)")
        }
        let merge = try runReel(["merge", "r", "-o", "m.sqlite"], in: corpus.folder)
        #expect(merge.status == 65)
        #expect(merge.standardError.contains("shard 2/3 missing"), "\(merge.standardError)")
        let glob = try runReel(["merge", "r/s*.sqlite", "-o", "m.sqlite"], in: corpus.folder)
        #expect(glob.status == 65 && glob.standardError.contains("shard 2/3 missing"), "\(glob.standardError)")
        // A shard of another replay (the built-in engine) in the same folder: both replays are listed.
        let builtin = try runReel(
            ["replay", corpus.archive, "--shard", "2/3", "--results", "r/builtin.sqlite"], in: corpus.folder)
        #expect(builtin.status == 0, "\(builtin.standardError)")
        let mixed = try runReel(["merge", "r", "-o", "m.sqlite"], in: corpus.folder)
        #expect(mixed.status == 65)
        #expect(mixed.standardError.contains("shards of 2 different replays"), "\(mixed.standardError)")
        #expect(mixed.standardError.contains("r/builtin.sqlite [2/3]; missing 1/3, 3/3"), "\(mixed.standardError)")
        #expect(mixed.standardError.contains("its candidate engine"), "\(mixed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: corpus.folder + "/m.sqlite"))
        let nothing = try runReel(["merge", "r/none-*.sqlite", "-o", "m.sqlite"], in: corpus.folder)
        #expect(nothing.status == 66 && nothing.standardError.contains("no file matches r/none-*.sqlite"))
    }
}

/// A shell command started with `sh -c`, `reel` of this build first on PATH, the scheduler
/// variables of the machine running the tests removed and `environment` added.
func startShell(_ command: String, environment: [String: String] = [:], in folder: String) throws -> StartedProcess {
    let schedulerPrefixes = ["JOB_COMPLETION_INDEX", "CI_NODE_", "BUILDKITE_PARALLEL", "SLURM_", "REEL_"]
    var variables = ProcessInfo.processInfo.environment.filter { name, _ in
        !schedulerPrefixes.contains { name.hasPrefix($0) }
    }
    variables["PATH"] = URL(fileURLWithPath: reelExecutable).deletingLastPathComponent().path + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
    variables.merge(environment) { $1 }
    return try startProcess(
        ["/bin/sh", "-c", command], in: folder, environment: variables, captureFolder: NSTemporaryDirectory())
}

func shell(_ command: String, in folder: String) throws -> ReelRun {
    try startShell(command, in: folder).wait()
}
