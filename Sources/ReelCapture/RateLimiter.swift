import Dispatch
import Synchronization

/// A token bucket per client (`CaptureLimits.rateBurst` tokens, refilled at
/// `CaptureLimits.ratePerSecond`): a request spends one token or is refused. Past 4096 clients,
/// those whose bucket has refilled are forgotten, so the table stays small.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    private let burst: Double
    private let perSecond: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Seconds on a monotonic clock; a parameter so tests can drive time.
    private let now: @Sendable () -> Double

    init(burst: Int, perSecond: Double, now: @escaping @Sendable () -> Double = RateLimiter.monotonicSeconds) {
        self.burst = Double(max(1, burst))
        self.perSecond = max(0, perSecond)
        self.now = now
    }

    /// Spends one of `client`'s tokens; false when it has none left.
    func allow(_ client: String) -> Bool {
        let t = now()
        return buckets.withLock { buckets in
            if buckets.count > 4096 { forgetRefilled(&buckets, at: t) }
            var bucket = buckets[client] ?? Bucket(tokens: burst, updated: t)
            bucket.tokens = min(burst, bucket.tokens + (t - bucket.updated) * perSecond)
            bucket.updated = t
            guard bucket.tokens >= 1 else {
                buckets[client] = bucket
                return false
            }
            bucket.tokens -= 1
            buckets[client] = bucket
            return true
        }
    }

    private func forgetRefilled(_ buckets: inout [String: Bucket], at t: Double) {
        buckets = buckets.filter { $0.value.tokens + (t - $0.value.updated) * perSecond < burst }
    }

    /// Seconds since boot on the monotonic clock.
    static let monotonicSeconds: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
