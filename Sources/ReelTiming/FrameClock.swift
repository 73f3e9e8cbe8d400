/// Display ticks at a fixed refresh rate. Tick k happens at k / refreshHz seconds, computed
/// by one division (never by accumulating intervals) so that times are reproducible.
package struct FrameClock: Sendable, Hashable, Codable {
    /// Ticks per second (60, 120, ...).
    package let refreshHz: Double

    package init(refreshHz: Double) {
        self.refreshHz = refreshHz
    }

    /// Seconds between ticks.
    package var interval: Double { 1 / refreshHz }

    /// The time of tick `k`, seconds: Double(k) / refreshHz.
    package func time(ofTick k: Int) -> Double { Double(k) / refreshHz }

    /// The first tick whose time is at or after `t`.
    package func firstTick(atOrAfter t: Double) -> Int {
        var k = Int((t * refreshHz).rounded(.up))
        while time(ofTick: k - 1) >= t { k -= 1 }
        while time(ofTick: k) < t { k += 1 }
        return k
    }

    /// The first tick whose time is strictly after `t`.
    package func firstTick(after t: Double) -> Int {
        var k = firstTick(atOrAfter: t)
        while time(ofTick: k) <= t { k += 1 }
        return k
    }

    /// The last tick whose time is at or before `t`.
    package func lastTick(atOrBefore t: Double) -> Int { firstTick(after: t) - 1 }

    /// Ticks with times in start...end (empty when end < start).
    package func ticks(from start: Double, through end: Double) -> ClosedRange<Int>? {
        let first = firstTick(atOrAfter: start)
        let last = lastTick(atOrBefore: end)
        return first <= last ? first...last : nil
    }
}
