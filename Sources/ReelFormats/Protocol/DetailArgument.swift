import ReelTrace

/// An event detail that is a call with one number of four decimals, `head(-12.3456)`, as the
/// binary encoding carries it (docs/PROTOCOL.md, "Details with an argument"): the head
/// up to and with its `(` as a text, the number as an integer of ten-thousandths. The text is
/// rebuilt exactly: a `-` for a negative number, the whole part without leading zeros, `.`, four
/// digits, `)`. Only a detail that this rule writes back byte for byte is split, so a detail
/// such as `f(0.50)`, `f(00.5000)` or `f(-0.0000)` stays a text.
///
/// ```swift
/// DetailArgument.split("updateInteractiveTransition(0.4127)")  // head 28 bytes, argument 4127
/// DetailArgument.text(head: "finish(", argument: -15)             // "finish(-0.0015)"
/// ```
enum DetailArgument {
    /// The argument column's value for an event whose detail is all text.
    static let none = Int64.min
    /// The longest head carried with an argument (every rebuilt detail copies it, so a few bytes
    /// of runs cannot make each of a million events a long text).
    static let maxHeadBytes = 64
    /// The most digits of the whole part the writer splits (so the argument fits an `Int64`).
    private static let maxWholeDigits = 14

    /// The length of the head (with its `(`) and the argument of `detail`, or nil when the detail
    /// is not `head(number)` in exactly the rebuilt form, or its head is longer than `maxHeadBytes`.
    static func split(_ detail: UnsafeBufferPointer<UInt8>) -> (headCount: Int, argument: Int64)? {
        let count = detail.count
        // The shortest: "(0.0000)", 8 bytes.
        guard count >= 8, detail[count - 1] == UInt8(ascii: ")"), detail[count - 6] == UInt8(ascii: ".") else { return nil }
        var fraction: Int64 = 0
        for position in (count - 5)..<(count - 1) {
            let digit = detail[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            fraction = fraction * 10 + Int64(digit)
        }
        var start = count - 6
        while start > 0, detail[start - 1] &- UInt8(ascii: "0") < 10 { start -= 1 }
        let wholeDigits = count - 6 - start
        guard wholeDigits >= 1, wholeDigits <= maxWholeDigits else { return nil }
        guard wholeDigits == 1 || detail[start] != UInt8(ascii: "0") else { return nil }
        var whole: Int64 = 0
        for position in start..<(count - 6) { whole = whole * 10 + Int64(detail[position] - UInt8(ascii: "0")) }
        var magnitude = whole * 10_000 + fraction
        var headCount = start
        if headCount > 0, detail[headCount - 1] == UInt8(ascii: "-") {
            // "-0.0000" is never written: zero has no sign.
            guard magnitude != 0 else { return nil }
            magnitude = -magnitude
            headCount -= 1
        }
        guard headCount >= 1, headCount <= maxHeadBytes, detail[headCount - 1] == UInt8(ascii: "(") else { return nil }
        return (headCount, magnitude)
    }

    /// `head` followed by `argument` written back: sign, whole part, `.`, four digits, `)`.
    /// `argument` is never `none`.
    static func text(head: UnsafeBufferPointer<UInt8>, argument: Int64) -> String {
        let magnitude = argument.magnitude
        var whole = magnitude / 10_000
        var wholeDigits = 1
        while whole >= 10 {
            wholeDigits += 1
            whole /= 10
        }
        let sign = argument < 0 ? 1 : 0
        let count = head.count + sign + wholeDigits + 6
        return String(unsafeUninitializedCapacity: count) { buffer in
            if let from = head.baseAddress {
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: from, byteCount: head.count)
            }
            if sign == 1 { buffer[head.count] = UInt8(ascii: "-") }
            buffer[count - 1] = UInt8(ascii: ")")
            var rest = magnitude
            var position = count - 2
            for digit in 0..<(4 + wholeDigits) {
                if digit == 4 {
                    buffer[position] = UInt8(ascii: ".")
                    position -= 1
                }
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                position -= 1
            }
            return count
        }
    }
}

/// The events whose details a reader left as their heads (a binary answer of version 2 read for
/// a replay, `ReplyMemo.packsFrames`), with their arguments: a head holds the call's name, which
/// is all the lifecycle comparison reads, and the details are made only for a trace that is kept.
///
/// ```swift
/// let events = heads.details(of: trace.events)  // "updateInteractiveTransition(" -> "updateInteractiveTransition(0.4127)"
/// ```
package struct DetailHeads: Sendable, Hashable {
    /// The events' positions, ascending.
    package var positions: [Int] = []
    /// Each one's argument (`DetailArgument`), never `DetailArgument.none`.
    package var arguments: [Int64] = []

    package init() {}

    /// `events` with each detail at `positions` made from its head and argument, as the reader
    /// makes it when it leaves no heads.
    package func details(of events: [TraceEvent]) -> [TraceEvent] {
        var events = events
        for (position, argument) in zip(positions, arguments) {
            var head = events[position].detail
            events[position].detail = head.withUTF8 { DetailArgument.text(head: $0, argument: argument) }
        }
        return events
    }
}
