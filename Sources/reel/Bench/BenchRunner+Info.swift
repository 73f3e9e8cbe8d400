import Foundation

extension BenchRunner {
    /// Runs of each command the fixed-cost figure takes the minimum of (issue 37: at least 15).
    static let fixedCostRuns = 20

    /// The fixed cost of opening an archive (issue 37): `reel info` of a 10-session
    /// nav.interactive-pop archive against `reel --version` (the process start alone), the least
    /// wall time of `fixedCostRuns` runs each, taken in turns so both see the same load; the
    /// figure is the difference, goal at most 5 ms.
    func fixedCostFigure() throws {
        let corpus = "\(work)/ten.jsonl"
        let archive = "\(work)/ten.sqlite"
        removeArchive(archive)
        note("yardstick: reel info of 10 sessions against reel --version, least of \(Self.fixedCostRuns) runs each")
        _ = try reel(["synth", "--scenario", "nav.interactive-pop", "--count", "10", "--seed", "1", "-o", corpus], name: "ten-synth")
        _ = try reel(["record", archive, corpus], name: "ten-record")
        var version = Double.infinity
        var info = Double.infinity
        for _ in 0..<Self.fixedCostRuns {
            version = min(version, try reel(["--version"], name: "version").seconds)
            info = min(info, try reel(["info", archive], name: "info").seconds)
        }
        removeArchive(archive)
        try? FileManager.default.removeItem(atPath: corpus)
        add(
            BenchFigure(
                id: "yardstick.version_ms", label: "yardstick: reel --version, least of \(Self.fixedCostRuns)", value: version * 1000,
                unit: "ms"))
        add(
            BenchFigure(
                id: "yardstick.info_ms", label: "yardstick: reel info, 10 sessions, least of \(Self.fixedCostRuns)", value: info * 1000,
                unit: "ms"))
        add(
            BenchFigure(
                id: "yardstick.info_fixed_cost_ms", label: "yardstick: reel info minus reel --version", value: (info - version) * 1000,
                unit: "ms", goal: .atMost(5)))
    }
}
