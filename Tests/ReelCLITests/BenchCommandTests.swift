import Foundation
import ReelEngine
import ReelJSON
import ReelTestSupport
import Testing

/// `reel bench --quick --json` runs every step and reports every figure (no timing is asserted).
@Suite("reel bench")
struct BenchCommandTests {
    @Test func quickRunPrintsEveryFigureAsJSON() throws {
        let folder = try temporaryFolder()
        let insert = folder + "/insert"
        try runProcess("/usr/bin/env", ["gcc", "-O2", "-o", insert, repositoryRoot + "/tools/bench-src/insert.c", "-lsqlite3"])
        let output = try runProcess(reelExecutable, ["bench", "--quick", "--json", "--c-insert", insert])

        let report = try JSONParser.parse(output)
        guard case .array(let figures)? = report["figures"] else {
            Issue.record("no figures array in \(output)")
            return
        }
        let ids = figures.compactMap { figure -> String? in
            if case .string(let id)? = figure["id"] { id } else { nil }
        }
        var families: [String] = []
        for spec in ScenarioCatalog.all {
            let family = String(spec.name.split(separator: ".")[0])
            if !families.contains(family) { families.append(family) }
        }
        let expected =
            ["engine.animated", "engine.interactive_pop", "engine.sheet_detents", "engine.zoom_dismiss"]
            + families.map { "engine.family." + $0 }
            + ["engine.ios26.nav.content-swipe-pop", "engine.ios26.nav.interrupt-push"] + [
                "store.insert_c", "store.scan_c", "store.insert", "store.bytes_per_row",
                "record.sessions_per_s", "store.insert_recorded", "record.rows_per_s", "record.rows_per_s_vs_c", "record.peak_memory",
                "archive.bytes_per_row", "archive.file_bytes_per_row", "scan.rows_per_s",
                "replay.sessions_per_s", "replay.rows_per_s", "replay.rows_per_s_vs_c", "replay.jobs2_rows_per_s",
                "replay.jobs2_cores_used",
                "replay.jobs2_cpu_vs_jobs1", "replay.peak_memory",
                "view.frame_views_by_session", "view.frame_views_scan", "view.touches_by_session", "view.touches_scan",
                "query.regressions", "query.decision-changes-by-scenario", "query.divergence-by-view", "query.near-boundary",
                "query.divergence_summary", "accept.sessions_per_s", "replay.keep_traces_sessions_per_s", "accept.kept_sessions_per_s",
                "archive.bytes_per_pop_session", "exec.builtin_sessions_per_cpu_s", "exec.serve_sessions_per_cpu_s",
                "memory.peak",
            ]
        #expect(ids == expected)

        for figure in figures {
            guard case .number(let value)? = figure["value"] else {
                Issue.record("figure without a number: \(figure)")
                continue
            }
            #expect(value.isFinite && value >= 0, "\(figure)")
            // A goal always comes with its verdict; a ratio goal with the ratio it is judged on.
            if case .string(let goal)? = figure["goal"] {
                if case .bool? = figure["met"] {} else { Issue.record("goal without a verdict: \(figure)") }
                if goal.contains("x") {
                    if case .number? = figure["ratio"] {} else { Issue.record("ratio goal without a ratio: \(figure)") }
                }
            }
        }
    }

    /// The `reel` executable built next to this test bundle.
    /// Runs a program to completion and returns its standard output; fails the test on a non-zero exit.
    @discardableResult
    private func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0, "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}
