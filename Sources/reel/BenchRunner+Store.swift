import Foundation
import ReelReplay
import ReelStore

extension BenchRunner {
    /// The store's bulk insert (`StoreBenchmark`) against a plain C loop writing the same rows into
    /// the same schema (tools/bench-src/insert.c), alternating C and Swift `storeRounds` times and
    /// keeping each side's best rate (single runs of either swing by 30% on a shared disk and
    /// page cache); then the bytes each frame-view row takes in the Swift-written archive.
    func storeFigures() throws {
        note("store: \(sizes.storeRows) frame-view rows, C then Swift, \(Self.storeRounds) rounds")
        let schema = "\(work)/schema.sql"
        // The C program creates the schema itself: every migration of this build, in order.
        try EmbeddedMigration.all.map(\.sql).joined(separator: "\n").write(toFile: schema, atomically: true, encoding: .utf8)
        var cRate: Double?
        var swiftRate = 0.0
        let swiftPath = "\(work)/swift.sqlite"
        for round in 1...Self.storeRounds {
            if let cInsert {
                removeArchive("\(work)/c.sqlite")
                let run = try MeasuredProcess.run(
                    cInsert, ["\(work)/c.sqlite", schema, String(sizes.storeRows)], outputPath: "\(work)/c-insert.out")
                let fields = run.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                guard fields.count == 3, fields[2] > 0 else {
                    throw ReelFailure(.internalError, "\(cInsert): expected 'sessions rows seconds', got '\(run.output)'")
                }
                cRate = max(cRate ?? 0, fields[1] / fields[2])
            }
            removeArchive(swiftPath)
            swiftRate = max(swiftRate, try StoreBenchmark().run(path: swiftPath, frameViewRows: sizes.storeRows).frameViewRowsPerSecond)
            note("store: round \(round) done")
        }
        if let cRate {
            add(BenchFigure(id: "store.insert_c", label: "store: bulk insert, C loop (same rows, best of \(Self.storeRounds))", value: cRate, unit: "rows/s"))
        }
        add(BenchFigure(
            id: "store.insert", label: "store: bulk insert (Archive.insert, best of \(Self.storeRounds))", value: swiftRate,
            unit: "rows/s", goal: .ratioAtLeast(0.85, of: "C"), ratio: cRate.map { swiftRate / $0 }))
        add(BenchFigure(
            id: "store.bytes_per_row", label: "store: frame_views bytes per row (benchmark rows)",
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
