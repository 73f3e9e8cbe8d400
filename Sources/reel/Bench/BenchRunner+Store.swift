import Foundation
import ReelStore
import ReelTrace

extension BenchRunner {
    /// The store's bulk insert (`StoreBenchmark`: whole sessions through `Archive.insert`) and the C
    /// reference (tools/bench-src/insert.c: prepared inserts of the same number of frame-view rows into a
    /// simple keyed table, then a scan of them), alternating C and Swift `storeRounds` times and keeping
    /// each side's best rate (single runs of either swing by 30% on a shared disk and page cache); then
    /// the bytes each frame-view row takes in the Swift-written archive.
    func storeFigures() throws {
        note("store: \(sizes.storeRows) frame-view rows, C then Swift, \(Self.storeRounds) rounds")
        var best: (insert: Double, scan: Double)?
        var swiftRate = 0.0
        let swiftPath = "\(work)/swift.sqlite"
        for round in 1...Self.storeRounds {
            if let cInsert {
                removeArchive("\(work)/c.sqlite")
                let run = try MeasuredProcess.run(
                    cInsert, ["\(work)/c.sqlite", String(sizes.storeRows)], outputPath: "\(work)/c-insert.out")
                let fields = run.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                guard fields.count == 4, fields[2] > 0, fields[3] > 0 else {
                    throw ReelFailure(
                        .internalError, "\(cInsert): expected 'sessions rows insert_seconds scan_seconds', got '\(run.output)'")
                }
                best = (max(best?.insert ?? 0, fields[1] / fields[2]), max(best?.scan ?? 0, fields[1] / fields[3]))
            }
            removeArchive(swiftPath)
            swiftRate = max(swiftRate, try StoreBenchmark().run(path: swiftPath, frameViewRows: sizes.storeRows).frameViewRowsPerSecond)
            note("store: round \(round) done")
        }
        cRates = best
        if let best {
            add(
                BenchFigure(
                    id: "store.insert_c",
                    label: "store: C loop, prepared frame-view inserts, simple keyed table (best of \(Self.storeRounds))",
                    value: best.insert, unit: "rows/s"))
            add(
                BenchFigure(
                    id: "store.scan_c", label: "store: C scan of that table (best of \(Self.storeRounds))", value: best.scan, unit: "rows/s"
                ))
        }
        add(
            BenchFigure(
                id: "store.insert", label: "store: bulk insert of whole sessions (Archive.insert, best of \(Self.storeRounds))",
                value: swiftRate,
                unit: "rows/s", goal: .ratioAtLeast(0.6, of: "C loop"), ratio: best.map { swiftRate / $0.insert }))
        add(
            BenchFigure(
                id: "store.bytes_per_row", label: "store: frame view bytes per row (benchmark rows)",
                value: try StoreBenchmark.frameViewBytesPerRow(path: swiftPath), unit: "B/row", goal: .atMost(80)))
        for file in ["c.sqlite", "swift.sqlite"] { removeArchive("\(work)/\(file)") }
    }

    /// Alternating rounds of the C and Swift store inserts.
    static let storeRounds = 3

    /// Deletes an archive with its write-ahead log and shared-memory file.
    func removeArchive(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
