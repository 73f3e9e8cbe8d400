import UIKit

/// Delivers recorded sessions to a folder in the app's container, off the main thread: each batch
/// is encoded (`RecordedSession.jsonLines`) and written on the folder's own serial queue, to a
/// temporary file renamed into place when complete (`sessions-000001.jsonl`, ...), so a reader
/// never sees half a file. The folder stays within `maximumBytes`: after each write the oldest
/// files go first; a batch larger than the bound alone is not written and counted. `reel record
/// ARCHIVE folder/*.jsonl` records them.
///
/// ```swift
/// let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
/// recorder.delivery = try SessionFolder(path: documents.appendingPathComponent("reel").path, maximumBytes: 8 << 20)
/// // recorder hands it every `RecorderLimits.deliveryBatch` sessions; the folder writes them on its queue.
/// ```
public final class SessionFolder: @unchecked Sendable {
    // @unchecked: `state` is read and written only on `queue`.
    public let path: String
    public let maximumBytes: Int
    private let queue: DispatchQueue
    private var state = State()

    /// What the folder did so far (read through `statistics`).
    public struct Statistics: Sendable, Hashable {
        /// Files written (renamed into place).
        public var filesWritten = 0
        /// Files removed to keep the folder within `maximumBytes`.
        public var filesRemoved = 0
        /// Batches not written: larger than `maximumBytes` alone, or the write failed.
        public var batchesDropped = 0
        /// The folder's bytes of session files after the last write, and the most it held after any.
        public var bytesOnDisk = 0
        public var peakBytesOnDisk = 0
        /// The last write error, when one failed.
        public var lastError: String?
    }

    private struct State {
        var statistics = Statistics()
        var nextNumber = 1
    }

    /// Creates the folder when missing; numbering continues after the files already there.
    public init(path: String, maximumBytes: Int) throws {
        self.path = path
        self.maximumBytes = max(0, maximumBytes)
        queue = DispatchQueue(label: "reel.recorder.session-folder")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let existing = try Self.sessionFiles(in: path)
        state.nextNumber = (existing.last?.number ?? 0) + 1
        state.statistics.bytesOnDisk = existing.reduce(0) { $0 + $1.bytes }
        state.statistics.peakBytesOnDisk = state.statistics.bytesOnDisk
    }

    /// Queues `sessions` to be written as one file (nothing for none); returns at once.
    public func write(_ sessions: [RecordedSession]) {
        guard !sessions.isEmpty else { return }
        queue.async { self.writeNow(sessions) }
    }

    /// Waits for the writes queued so far and returns what the folder did.
    public var statistics: Statistics { queue.sync { state.statistics } }

    private func writeNow(_ sessions: [RecordedSession]) {
        let data = Data(sessions.map(\.jsonLines).joined().utf8)
        guard data.count <= maximumBytes else {
            state.statistics.batchesDropped += 1
            return
        }
        let name = "sessions-" + Self.padded(state.nextNumber) + ".jsonl"
        let temporary = path + "/.writing-" + name
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
            try FileManager.default.moveItem(atPath: temporary, toPath: path + "/" + name)
            state.nextNumber += 1
            state.statistics.filesWritten += 1
            var files = try Self.sessionFiles(in: path)
            var total = files.reduce(0) { $0 + $1.bytes }
            while total > maximumBytes, !files.isEmpty {
                let oldest = files.removeFirst()
                try FileManager.default.removeItem(atPath: path + "/" + oldest.name)
                total -= oldest.bytes
                state.statistics.filesRemoved += 1
            }
            state.statistics.bytesOnDisk = total
            state.statistics.peakBytesOnDisk = max(state.statistics.peakBytesOnDisk, total)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            state.statistics.batchesDropped += 1
            state.statistics.lastError = "\(error)"
        }
    }

    /// The folder's session files, oldest (lowest number) first.
    private static func sessionFiles(in path: String) throws -> [(name: String, number: Int, bytes: Int)] {
        try FileManager.default.contentsOfDirectory(atPath: path).compactMap { name in
            guard name.hasPrefix("sessions-"), name.hasSuffix(".jsonl"),
                let number = Int(name.dropFirst("sessions-".count).dropLast(".jsonl".count))
            else { return nil }
            let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + name)
            return (name, number, (attributes[.size] as? NSNumber)?.intValue ?? 0)
        }.sorted { $0.number < $1.number }
    }

    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
