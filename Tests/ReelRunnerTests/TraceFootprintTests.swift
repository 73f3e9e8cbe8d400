import ReelTrace
import Testing

@testable import ReelRunner

/// `ReplayWorker.heldTraceBudget` counts what a replayed trace holds on the heap
/// (`TraceFootprint.bytes`), by the allocators' rules, not the elements' strides alone.
@Suite("The heap a replayed trace holds")
struct TraceFootprintTests {
    /// glibc malloc: a chunk is the request plus its 8-byte size field, rounded up to 16 bytes, at
    /// least 32 (MINSIZE on 64-bit).
    private func chunk(_ request: Int) -> Int { max(32, (request + 8 + 15) / 16 * 16) }

    /// A Swift array buffer: a 32-byte object header (metadata, reference counts, count, capacity)
    /// then `capacity` elements at their stride.
    private func arrayChunk<Element>(_ array: [Element]) -> Int { chunk(32 + array.capacity * MemoryLayout<Element>.stride) }

    /// A native Swift string longer than 15 UTF-8 bytes (shorter ones are stored inline): a 32-byte
    /// object header, the bytes and a terminating NUL.
    private func stringChunk(_ count: Int) -> Int { chunk(32 + count + 1) }

    @Test func buffersAndLongStringsAreCountedOnceEach() {
        let longKey = String(repeating: "k", count: 40)
        let views = [ViewState(key: longKey, x: 0, y: 0, w: 10, h: 10, z: 0), ViewState(key: "short", x: 0, y: 0, w: 5, h: 5, z: 1)]
        var moved = views
        moved[1].x = 3  // a buffer of its own; its first key shares the first frame's storage
        let detail = String(repeating: "d", count: 20)
        let trace = Trace(
            frames: [
                Frame(index: 0, t: 0, progress: 0, views: views), Frame(index: 1, t: 0.1, progress: 0.5, views: views),
                Frame(index: 2, t: 0.2, progress: 1, views: moved),
            ],
            events: [TraceEvent(t: 0, kind: "lifecycle", subject: "B", detail: detail)],
            outcome: Outcome(completed: true, t: 0.2, hierarchy: ""))

        let expected =
            arrayChunk(trace.frames) + arrayChunk(trace.events) + stringChunk(20)  // the detail; "lifecycle" and "B" are inline
            + arrayChunk(views) + stringChunk(40)  // frame 0; frame 1 shares its buffer
            + arrayChunk(moved)  // frame 2: its own buffer, the long key shared
        #expect(TraceFootprint.bytes(of: trace) == expected)

        // What the budget counted before: the strides alone, a fraction of the heap's size.
        let strides =
            MemoryLayout<TraceEvent>.stride + 3 * MemoryLayout<Frame>.stride + 6 * MemoryLayout<ViewState>.stride
        #expect(strides < expected)
    }
}
