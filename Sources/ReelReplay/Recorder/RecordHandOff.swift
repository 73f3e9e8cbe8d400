import Dispatch
import Synchronization

/// The bounded hand-off of batches from the recorder's producer thread to its writing thread.
///
/// Room for another batch frees only when the writer has committed one, so once `put` returns,
/// every batch put before the last `depth` is committed: the producer need remember only the
/// content hashes of those `depth` batches, and finds every older one in the archive.
final class RecordHandOff: Sendable {
    /// Batches put and maybe not committed yet, at most.
    let depth: Int
    private let room: DispatchSemaphore
    private let ready = DispatchSemaphore(value: 0)
    private let batches = Mutex<[RecordBatch]>([])
    private let stopped = Atomic<Bool>(false)

    init(depth: Int) {
        self.depth = depth
        room = DispatchSemaphore(value: depth)
    }

    /// Whether the writer gave up: the producer should stop.
    var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Hands `batch` to the writer once there is room; false when the writer stopped instead.
    func put(_ batch: RecordBatch) -> Bool {
        room.wait()
        guard !isStopped else { return false }
        batches.withLock { $0.append(batch) }
        ready.signal()
        return true
    }

    /// The oldest batch put, waiting for one when there is none.
    func take() -> RecordBatch {
        ready.wait()
        return batches.withLock { $0.removeFirst() }
    }

    /// The writer committed (or gave up on) a batch it took: room for another.
    func committed() {
        room.signal()
    }

    /// The writer stops taking batches; a producer waiting for room wakes and sees it.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        room.signal()
    }
}
