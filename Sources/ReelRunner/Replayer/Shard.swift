import ReelTrace

/// One of N disjoint parts of an archive: `--shard I/N` takes the sessions whose id modulo N is
/// I - 1. Shards of one archive cover every session exactly once, on any machine, in any order.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The most shards a replay may be split into.
    package static let maximumCount = 100_000

    package init(parsing text: String) throws(ReelFailure) {
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], (1...Self.maximumCount).contains(count),
            (1...count).contains(index)
        else {
            throw ReelFailure(.usage, "bad --shard '\(text)': use I/N with 1 <= I <= N <= \(Self.maximumCount), as in --shard 2/3")
        }
        self.index = index
        self.count = count
    }

    /// Shard `index` (1-based) of `count`; the caller guarantees 1 <= index <= count.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    public func contains(sessionID: Int64) -> Bool {
        sessionID % Int64(count) == Int64(index - 1)
    }

    public var description: String { "\(index)/\(count)" }
}
