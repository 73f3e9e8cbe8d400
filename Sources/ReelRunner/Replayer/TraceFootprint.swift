import ReelTrace

/// The heap bytes a replayed trace really holds, as glibc's malloc hands them out: each array's
/// buffer (Swift's 32-byte object header and its capacity, not only its count), each string
/// longer than 15 UTF-8 bytes (stored out of line, with the same header and a terminating NUL),
/// every block with malloc's 8-byte header rounded up to 16 bytes (32 at least). A frame's views
/// array or a view's key that shares its storage with the previous frame's (the same buffer, as
/// an engine that copies an unchanged value makes) is counted once.
///
/// `ReplayWorker.heldTraceBudget` and `keptTraceBudget` bound this count; counting only the
/// elements' strides, as they once did, left out the buffers' headers, the slack of their
/// capacity and every key and event string, so the real size of 16 counted MiB was several times that.
///
/// ```swift
/// let bytes = TraceFootprint.bytes(of: trace)  // what holding `trace` costs the heap
/// ```
enum TraceFootprint {
    /// The bytes of a malloc block of `requested` bytes.
    static func block(_ requested: Int) -> Int { max(32, (requested + 8 + 15) & ~15) }

    /// The bytes of an array's buffer (none for an empty array without capacity, which shares
    /// Swift's empty singleton).
    static func buffer<Element>(_ array: [Element]) -> Int {
        array.capacity == 0 ? 0 : block(32 + array.capacity * MemoryLayout<Element>.stride)
    }

    /// The bytes of a string's out-of-line storage; none for one of 15 UTF-8 bytes or fewer,
    /// which a Swift string holds inline.
    static func storage(_ text: String) -> Int {
        let count = text.utf8.count
        return count <= 15 ? 0 : block(32 + count + 1)
    }

    /// What `trace`'s frames, views, keys, events and final hierarchy hold.
    static func bytes(of trace: Trace) -> Int {
        var total = buffer(trace.frames) + buffer(trace.events) + storage(trace.outcome.hierarchy)
        for event in trace.events {
            total += storage(event.kind) + storage(event.subject) + storage(event.detail)
        }
        var previousViews: UnsafeRawPointer?
        var previousKeys: [UnsafeRawPointer?] = []
        for frame in trace.frames {
            let views = frame.views.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if views != nil, views == previousViews { continue }
            previousViews = views
            total += buffer(frame.views)
            for (position, view) in frame.views.enumerated() {
                let key = view.key.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
                let shared = key != nil && position < previousKeys.count && previousKeys[position] == key
                if !shared { total += storage(view.key) }
                if position < previousKeys.count { previousKeys[position] = key } else { previousKeys.append(key) }
            }
        }
        return total
    }
}
