import Dispatch
import ReelStore
import Synchronization

/// The bounded hand-off of chunks from the recorder's producer thread to its writing thread.
///
/// Room for another chunk frees when the writer has inserted one, so the producer runs at most
/// `depth` chunks ahead and the traces held at once are a few chunks', whatever the batch size.
/// The traces' bytes in flight (`RecordChunk.heldBytes`, from the hand-over until the writer has
/// inserted them) are counted too: the producer waits, before it runs another session, until they
/// are at most a budget (`waitForRoom(budget:)`).
/// The writer counts the batches it commits; a batch the producer handed over is in the archive
/// once `committedBatches` is past its number.
final class RecordHandOff: Sendable {
    /// Chunks handed over and not inserted yet, at most.
    let depth: Int
    private let room: DispatchSemaphore
    private let ready = DispatchSemaphore(value: 0)
    private let chunks = Locked<[RecordChunk]>([])
    private let stopped = Atomic<Bool>(false)
    private let committed = Atomic<Int>(0)
    private let heldBytes = Atomic<Int>(0)
    private let peakHeldBytes = Atomic<Int>(0)
    /// Signalled whenever the writer has inserted a chunk (or stopped): held bytes may have dropped.
    private let freed = DispatchSemaphore(value: 0)

    init(depth: Int) {
        self.depth = depth
        // The writer may stop with chunks still in flight.
        room = .counting(depth)
    }

    /// Whether the writer gave up: the producer should stop.
    var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// How many batches the writer has committed (batch n, counted from 0, is committed when this is
    /// more than n).
    var committedBatches: Int { committed.load(ordering: .acquiring) }

    /// Hands `chunk` to the writer once there is room; false when the writer stopped instead.
    func put(_ chunk: RecordChunk) -> Bool {
        room.wait()
        guard !isStopped else { return false }
        let held = heldBytes.add(chunk.heldBytes, ordering: .relaxed).newValue
        peakHeldBytes.max(held, ordering: .relaxed)
        chunks.withLock { $0.append(chunk) }
        ready.signal()
        return true
    }

    /// The oldest chunk put, waiting for one when there is none.
    func take() -> RecordChunk {
        ready.wait()
        return chunks.withLock { $0.removeFirst() }
    }

    /// The most traces' bytes that were handed over and not inserted yet at once.
    var peakBytesInFlight: Int { peakHeldBytes.load(ordering: .relaxed) }

    /// The writer inserted (or gave up on) a chunk it took, whose traces held `bytes`: room for another.
    func inserted(bytes: Int) {
        heldBytes.subtract(bytes, ordering: .relaxed)
        room.signal()
        freed.signal()
    }

    /// Waits until the chunks handed over and not inserted yet hold at most `budget` bytes of
    /// traces, or the writer stopped.
    func waitForRoom(budget: Int) {
        while !isStopped, heldBytes.load(ordering: .relaxed) > budget { freed.wait() }
    }

    /// The writer committed a batch.
    func committedBatch() {
        committed.add(1, ordering: .releasing)
    }

    /// The writer stops taking chunks; a producer waiting for room wakes and sees it.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        room.signal()
        freed.signal()
    }
}
