import ReelTrace

/// The touches' times, sorted, to find the first touch at an event's time: -0.0 and 0.0 are one
/// time, as SQLite compares them. A binary search over a sorted array costs less per event than
/// hashing the time (touches arrive in time order, so the sort finds them sorted).
struct TouchTimes {
    /// (time, seq) of every touch, by time, then seq.
    private var times: [(t: Double, seq: Int64)]

    init(_ touches: [Touch]) {
        times = touches.enumerated().map { (t: $0.element.t, seq: Int64($0.offset)) }
        if zip(times, times.dropFirst()).contains(where: { Self.precedes($1, $0) }) { times.sort(by: Self.precedes) }
    }

    private static func precedes(_ a: (t: Double, seq: Int64), _ b: (t: Double, seq: Int64)) -> Bool {
        a.t < b.t || (a.t == b.t && a.seq < b.seq)
    }

    /// The seq of the first touch at time `t`, or nil when no touch is at `t`.
    func firstTouch(at t: Double) -> Int64? {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle].t < t { low = middle + 1 } else { high = middle }
        }
        return low < times.count && times[low].t == t ? times[low].seq : nil
    }
}
