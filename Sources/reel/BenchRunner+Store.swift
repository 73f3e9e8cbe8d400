import Foundation
import ReelReplay
import ReelStore

extension BenchRunner {
    /// The store's bulk insert (`StoreBenchmark`) against a plain C loop writing the same rows into
    /// the same schema (tools/bench-src/insert.c), one after the other; then the bytes each
    /// frame-view row takes in the Swift-written archive.
    func storeFigures() throws {
        note("store: \(sizes.storeRows) frame-view rows, C then Swift")
        var cRate: Double?
        if let cInsert {
            // The C program creates the schema itself: every migration of this build, in order.
            let schema = "\(work)/schema.sql"
            try EmbeddedMigration.all.map(\.sql).joined(separator: "\n").write(toFile: schema, atomically: true, encoding: .utf8)
            let run = try MeasuredProcess.run(
                cInsert, ["\(work)/c.sqlite", schema, String(sizes.storeRows)], outputPath: "\(work)/c-insert.out")
            let fields = run.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard fields.count == 3, fields[2] > 0 else {
                throw ReelFailure(.internalError, "\(cInsert): expected 'sessions rows seconds', got '\(run.output)'")
            }
            cRate = fields[1] / fields[2]
            add(BenchFigure(id: "store.insert_c", label: "store: bulk insert, C loop (same rows)", value: fields[1] / fields[2], unit: "rows/s"))
        }
        let swiftPath = "\(work)/swift.sqlite"
        let swift = try StoreBenchmark().run(path: swiftPath, frameViewRows: sizes.storeRows)
        add(BenchFigure(
            id: "store.insert", label: "store: bulk insert (Archive.insert)", value: swift.frameViewRowsPerSecond,
            unit: "rows/s", goal: .ratioAtLeast(0.85, of: "C"), ratio: cRate.map { swift.frameViewRowsPerSecond / $0 }))
        add(BenchFigure(
            id: "store.bytes_per_row", label: "store: frame_views bytes per row (benchmark rows)",
            value: try StoreBenchmark.frameViewBytesPerRow(path: swiftPath), unit: "B/row", goal: .atMost(80)))
        for file in ["c.sqlite", "swift.sqlite"] { removeArchive("\(work)/\(file)") }
    }

    /// Deletes an archive with its write-ahead log and shared-memory file.
    func removeArchive(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
