import ReelTrace

/// What an answer's trace costs once decoded, counted from its counts and run lengths before
/// anything is allocated for them (`EngineReplyLimits.maxDecodedBytes`).
///
/// The binary encoding's runs (`binary_trace`) describe many values in a few bytes: a 3 KB
/// layout of single runs stands for 288,001 frames of 8 views, about 390 MB decoded. Each count
/// read is charged at what one decoded item holds at least (`frameBytes`, `viewStateBytes`,
/// `eventBytes`, `textBytes`), and the answer is refused as soon as the sum passes the budget.
///
/// ```swift
/// var size = DecodedSize()
/// guard size.add(frames, each: DecodedSize.frameBytes) else { throw ... size.problem }
/// ```
package struct DecodedSize {
    /// One frame: its time, progress and the start of its views (a `Frame` as `ReelTrace` stores it).
    package static let frameBytes = MemoryLayout<Frame>.stride
    /// One view of one frame: its 16 numbers and its key (a `ViewState`).
    package static let viewStateBytes = MemoryLayout<ViewState>.stride
    /// One event: its time, three texts and its argument (a `TraceEvent` and one number).
    package static let eventBytes = MemoryLayout<TraceEvent>.stride + MemoryLayout<Int64>.stride
    /// One text of a layout's list (a view key, an event text): a `String`, without its bytes
    /// (those are in the answer's line already).
    package static let textBytes = MemoryLayout<String>.stride

    /// The bytes charged so far.
    package private(set) var bytes = 0

    package init() {}

    /// Charges `count` items of `each` bytes; false, and nothing charged, when the total would
    /// pass `EngineReplyLimits.maxDecodedBytes`.
    package mutating func add(_ count: Int, each: Int) -> Bool {
        let (cost, overflow) = count.multipliedReportingOverflow(by: each)
        guard !overflow, cost <= EngineReplyLimits.maxDecodedBytes - bytes else { return false }
        bytes += cost
        return true
    }

    /// Whether `count` more items of `each` bytes would still fit, charging nothing (for items
    /// charged later under another name: every view key is held by at least one view state).
    package func fits(_ count: Int, each: Int) -> Bool {
        let (cost, overflow) = count.multipliedReportingOverflow(by: each)
        return !overflow && cost <= EngineReplyLimits.maxDecodedBytes - bytes
    }

    /// The reason an answer is refused for `count` `what` (e.g. "views over all frames").
    package func problem(_ count: Int, _ what: String) -> String {
        "\(count) \(what) would decode to more than \(EngineReplyLimits.maxDecodedBytes) bytes "
            + "(EngineReplyLimits.maxDecodedBytes, with \(bytes) bytes counted before)"
    }
}
