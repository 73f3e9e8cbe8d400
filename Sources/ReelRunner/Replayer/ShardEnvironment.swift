import Foundation
import ReelTrace

/// `reel replay --shard auto`: the shard a job scheduler gave this process, read from the
/// variables the scheduler sets (docs/SCALE.md has a recipe for each).
///
/// | scheduler | index | count |
/// |---|---|---|
/// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX` (0-based) | `--shard-count`, else `REEL_SHARD_COUNT` |
/// | GitLab `parallel:` | `CI_NODE_INDEX` (1-based) | `CI_NODE_TOTAL` |
/// | Buildkite `parallelism:` | `BUILDKITE_PARALLEL_JOB` (0-based) | `BUILDKITE_PARALLEL_JOB_COUNT` |
/// | Slurm job array | `SLURM_ARRAY_TASK_ID` - `SLURM_ARRAY_TASK_MIN` (0-based) | `SLURM_ARRAY_TASK_COUNT` |
/// | anything else (GitHub Actions matrix) | `REEL_SHARD_INDEX` (1-based) | `REEL_SHARD_COUNT` |
///
/// GitHub Actions sets no shard variables of its own; its recipe defines `REEL_SHARD_INDEX` and
/// `REEL_SHARD_COUNT` from the matrix. Every scheduler whose variables are present is read; they
/// must all name the same shard. A scheduler with only some of its variables, values that are not
/// whole numbers or out of range, two schedulers naming different shards, or none at all are
/// usage errors that name the variables.
package struct ShardEnvironment: Sendable {
    /// The shard and where it came from, for the message `reel replay` prints.
    package struct Resolution: Sendable, Equatable {
        package let shard: Shard
        /// For example `Slurm (SLURM_ARRAY_TASK_ID=7, SLURM_ARRAY_TASK_MIN=5, SLURM_ARRAY_TASK_COUNT=4)`.
        package let source: String
    }

    private let variables: [String: String]
    /// `--shard-count`, for a scheduler that gives only an index (Kubernetes).
    private let countOption: Int?

    package init(variables: [String: String], countOption: Int? = nil) {
        self.variables = variables
        self.countOption = countOption
    }

    package func resolve() throws(ReelFailure) -> Resolution {
        var found: [Resolution] = []
        for scheduler in Self.schedulers {
            if let resolution = try read(scheduler) { found.append(resolution) }
        }
        guard let first = found.first else {
            throw ReelFailure(
                .usage,
                "--shard auto found no scheduler's shard variables; set one of: "
                    + Self.schedulers.map { "\($0.name) (\($0.names.joined(separator: ", ")))" }.joined(separator: "; ")
                    + ", or give --shard I/N")
        }
        if let other = found.dropFirst().first(where: { $0.shard != first.shard }) {
            throw ReelFailure(
                .usage,
                "--shard auto: the environment names two shards, \(first.shard) from \(first.source) and "
                    + "\(other.shard) from \(other.source); unset the variables that do not belong to this job")
        }
        if let countOption, countOption != first.shard.count {
            throw ReelFailure(
                .usage, "--shard-count \(countOption) contradicts \(first.source), which makes \(first.shard.count) shards")
        }
        return first
    }

    /// One scheduler's variables: where the index comes from, whether it counts from 0, and the count.
    private struct Scheduler {
        let name: String
        let index: String
        let zeroBased: Bool
        /// The count's variable; nil when the count comes from `--shard-count` or `REEL_SHARD_COUNT`.
        let count: String?
        /// Subtracted from the index (Slurm's first task id).
        let offset: String?

        var names: [String] { [index] + [offset, count ?? "REEL_SHARD_COUNT"].compactMap { $0 } }
    }

    private static let schedulers: [Scheduler] = [
        Scheduler(name: "Kubernetes", index: "JOB_COMPLETION_INDEX", zeroBased: true, count: nil, offset: nil),
        Scheduler(name: "GitLab", index: "CI_NODE_INDEX", zeroBased: false, count: "CI_NODE_TOTAL", offset: nil),
        Scheduler(
            name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", zeroBased: true, count: "BUILDKITE_PARALLEL_JOB_COUNT",
            offset: nil),
        Scheduler(
            name: "Slurm", index: "SLURM_ARRAY_TASK_ID", zeroBased: true, count: "SLURM_ARRAY_TASK_COUNT",
            offset: "SLURM_ARRAY_TASK_MIN"),
        Scheduler(name: "Reel", index: "REEL_SHARD_INDEX", zeroBased: false, count: "REEL_SHARD_COUNT", offset: nil),
    ]

    /// The scheduler's shard, nil when neither its index nor its offset is set (a count alone,
    /// such as `REEL_SHARD_COUNT` for a Kubernetes Job, names no shard).
    private func read(_ scheduler: Scheduler) throws(ReelFailure) -> Resolution? {
        let own = [scheduler.index, scheduler.offset, scheduler.count].compactMap { $0 }
        let present = own.filter { variables[$0] != nil }
        guard variables[scheduler.index] != nil || scheduler.offset.map({ variables[$0] != nil }) == true else { return nil }
        if let missing = own.first(where: { variables[$0] == nil }) {
            throw ReelFailure(
                .usage,
                "--shard auto: \(present.joined(separator: " and ")) \(present.count == 1 ? "is" : "are") set but "
                    + "\(missing) is not; \(scheduler.name) sets \(own.joined(separator: ", ")) together")
        }
        var shown: [String] = []
        var index = try number(scheduler.index, shown: &shown)
        if let offset = scheduler.offset { index -= try number(offset, shown: &shown) }
        let count: Int
        if let countName = scheduler.count {
            count = try number(countName, shown: &shown)
        } else if let countOption {
            count = countOption
            shown.append("--shard-count \(countOption)")
        } else if variables["REEL_SHARD_COUNT"] != nil {
            count = try number("REEL_SHARD_COUNT", shown: &shown)
        } else {
            throw ReelFailure(
                .usage,
                "--shard auto: \(scheduler.name) gives the index (\(scheduler.index)) but not the number of shards; "
                    + "give --shard-count N or set REEL_SHARD_COUNT (the Job's completions)")
        }
        if scheduler.offset != nil, let step = variables["SLURM_ARRAY_TASK_STEP"], step != "1" {
            throw ReelFailure(
                .usage, "--shard auto: SLURM_ARRAY_TASK_STEP=\(step); shards need a contiguous array (--array=0-N, no step)")
        }
        let oneBased = scheduler.zeroBased ? index + 1 : index
        let source = "\(scheduler.name) (\(shown.joined(separator: ", ")))"
        guard (1...Shard.maximumCount).contains(count), (1...count).contains(oneBased) else {
            throw ReelFailure(
                .usage,
                "--shard auto: \(source) makes shard \(oneBased) of \(count), outside 1...\(max(count, 1)) "
                    + "(at most \(Shard.maximumCount) shards)"
                    + (scheduler.offset != nil ? "; the array must be contiguous (no step)" : ""))
        }
        return Resolution(shard: Shard(index: oneBased, count: count), source: source)
    }

    private func number(_ name: String, shown: inout [String]) throws(ReelFailure) -> Int {
        let text = variables[name] ?? ""
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (0...1_000_000).contains(value) else {
            throw ReelFailure(.usage, "--shard auto: \(name)=\(text) is not a whole number from 0 to 1000000")
        }
        shown.append("\(name)=\(value)")
        return value
    }
}
