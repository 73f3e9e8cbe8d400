import Foundation
import ReelJSON
import ReelStore
import ReelTrace

extension BenchRunner {
    /// The shared yardstick (shared/bench/c_limit.c, a plain C loop over libsqlite3) side by side
    /// with Reel on the corpus its README names: `yardstickSessions` nav.interactive-pop sessions of
    /// `reel synth --seed 5`. Record's logical frame-view rows per second against `c_limit insert`
    /// of as many rows; the bytes per session after a checkpoint; replay --jobs 1's rows replayed
    /// and compared per second against `c_limit scan` of the table that insert made, and against
    /// the store's own scan of its packed frames (`Archive.forEachFrame`, which reads fewer rows).
    func yardstickFigures() throws {
        guard let cLimit else { return }
        let sessions = sizes.yardstickSessions
        let count = BenchFigure.format(Double(sessions))
        let corpus = "\(work)/yardstick.jsonl"
        let archive = "\(work)/yardstick.sqlite"
        let cDatabase = "\(work)/c-limit.sqlite"
        removeArchive(archive)
        removeArchive(cDatabase)
        note("yardstick: \(count) nav.interactive-pop sessions (seed 5): record, then c_limit insert")
        _ = try reel(
            ["synth", "--scenario", "nav.interactive-pop", "--count", String(sessions), "--seed", "5", "-o", corpus],
            name: "yardstick-synth")
        let record = try reel(
            ["record", archive, corpus, "--batch-size", String(Self.recordBatchSize), "--format", "json"], name: "yardstick-record")
        try? FileManager.default.removeItem(atPath: corpus)
        let summary = try JSONParser.parse(record.output)
        guard case .number(let rowCount)? = summary["frame_views"], rowCount > 0 else {
            throw ReelFailure(.internalError, "reel record printed no frame_views: \(record.output)")
        }
        let rows = Int(rowCount)
        let cInsert = try cLimitRate(cLimit, ["insert", cDatabase, String(rows)], name: "c-limit-insert")
        let recordRate = Double(rows) / record.seconds

        try Archive.open(archive, mode: .readWrite).foldWriteAheadLog()
        let bytes = Double(archiveFileSize(archive)) / Double(sessions)

        note("yardstick: replay --jobs 1, c_limit scan, the store's frame scan")
        let replay = try reel(["replay", archive, "--jobs", "1", "--format", "json"], name: "yardstick-replay")
        let cScan = try cLimitRate(cLimit, ["scan", cDatabase, "fv"], name: "c-limit-scan")
        let ownScan = try scanRate(archive)
        let replayRate = Double(rows) / replay.seconds
        removeArchive(archive)
        removeArchive(cDatabase)

        let rowsText = BenchFigure.format(Double(rows))
        add(BenchFigure(id: "yardstick.c_insert", label: "yardstick: c_limit insert of \(rowsText) rows", value: cInsert, unit: "rows/s"))
        add(
            BenchFigure(
                id: "yardstick.record", label: "yardstick: record, \(count) pop sessions, frame-view rows", value: recordRate,
                unit: "rows/s",
                goal: .ratioAtLeast(0.85, of: "c_limit insert"), ratio: recordRate / cInsert))
        add(
            BenchFigure(
                id: "yardstick.bytes_per_session", label: "yardstick: bytes per session (checkpointed)", value: bytes, unit: "B",
                goal: .atMost(4500)))
        add(BenchFigure(id: "yardstick.c_scan", label: "yardstick: c_limit scan of those rows", value: cScan, unit: "rows/s"))
        add(
            BenchFigure(id: "yardstick.own_scan", label: "yardstick: the store's frame scan (forEachFrame)", value: ownScan, unit: "rows/s")
        )
        add(
            BenchFigure(
                id: "yardstick.replay", label: "yardstick: replay --jobs 1, frame-view rows replayed and compared", value: replayRate,
                unit: "rows/s", goal: .ratioAtLeast(0.5, of: "c_limit scan"), ratio: replayRate / cScan))
        add(
            BenchFigure(
                id: "yardstick.replay_vs_own_scan", label: "yardstick: replay --jobs 1, against the store's frame scan", value: replayRate,
                unit: "rows/s", ratio: replayRate / ownScan))
        try fixedCostFigure()
    }

    /// The rows per second `c_limit` prints first.
    private func cLimitRate(_ cLimit: String, _ arguments: [String], name: String) throws -> Double {
        let run = try MeasuredProcess.run(cLimit, arguments, outputPath: "\(work)/\(name).out")
        guard let rate = run.output.split(whereSeparator: \.isWhitespace).first.flatMap({ Double($0) }), rate > 0 else {
            throw ReelFailure(.internalError, "\(cLimit) \(arguments.joined(separator: " ")): expected rows/s, got '\(run.output)'")
        }
        return rate
    }
}
