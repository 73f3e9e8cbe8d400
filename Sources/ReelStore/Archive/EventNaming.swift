/// Where an event's detail splits, as stored: a detail `head(argument)` (with a "(" and a final
/// ")") keeps only its argument per row, the head up to the "(" and the ")" being interned with the
/// event's kind and subject; any other detail is all head (no argument, empty tail). `head +
/// argument + tail` is the detail. The split is on the detail's UTF-8 bytes, as migration 0004
/// splits it in SQL.
struct DetailSplit {
    /// The head's bytes: through the first "(" when the detail has one and ends with ")", else all.
    let headLength: Int
    /// Whether the detail is `head(argument)`, its tail ")".
    let hasArgument: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let open = bytes.firstIndex(of: UInt8(ascii: "(")), bytes.last == UInt8(ascii: ")") {
            headLength = open + 1
            hasArgument = true
        } else {
            headLength = bytes.count
            hasArgument = false
        }
    }

    /// The argument's bytes of `bytes` (the detail this split was made of), nil when it has none.
    func argument(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        hasArgument ? UnsafeBufferPointer(rebasing: bytes[headLength..<(bytes.count - 1)]) : nil
    }
}

/// The event names the traces written so far have used, with their interned ids (kept in the
/// archive's caches, so dropped with them when a transaction rolls back). A trace uses a dozen
/// names or so, often in a repeating pattern, and the traces of a scenario the same ones in the
/// same order, so comparing an event with the few names after the last one found costs less than
/// building its name's strings and hashing them for every event. Past
/// that short look-ahead (`lookAhead` names), a name is found by its hash: a trace of N distinct
/// names costs O(N), never a scan of every name known (O(N^2), issue 32 item 14).
struct TraceEventNames {
    private struct Known {
        var kind: String
        var subject: String
        var head: [UInt8]
        var hasArgument: Bool
        var id: Int64

        func matches(kind: String, subject: String, detail: UnsafeBufferPointer<UInt8>, split: DetailSplit) -> Bool {
            hasArgument == split.hasArgument && head.count == split.headLength
                && self.kind == kind && self.subject == subject
                && head.withUnsafeBufferPointer { Self.sameBytes($0, detail) }
        }

        /// Whether `detail` starts with `head`'s bytes (its length at least `head.count`): a plain
        /// loop, where `elementsEqual` over a slice cost about 650 instructions a call.
        private static func sameBytes(_ head: UnsafeBufferPointer<UInt8>, _ detail: UnsafeBufferPointer<UInt8>) -> Bool {
            for index in 0..<head.count where head[index] != detail[index] { return false }
            return true
        }
    }

    /// A name as a hash key.
    private struct Key: Hashable {
        var kind: String
        var subject: String
        var head: [UInt8]
        var hasArgument: Bool
    }

    /// How many names after the last one found are compared before the name is hashed.
    static let lookAhead = 8

    private var known: [Known] = []
    private var byKey: [Key: Int] = [:]
    private var next = 0

    /// The id of the name of the event with `kind`, `subject` and `detail` (split as `split`):
    /// from the names seen in this trace, else from `intern`.
    mutating func id(
        kind: String, subject: String, detail: UnsafeBufferPointer<UInt8>, split: DetailSplit, intern: (EventName) throws -> Int64
    ) rethrows -> Int64 {
        for step in 0..<min(Self.lookAhead, known.count) {
            let index = (next + step) % known.count
            if known[index].matches(kind: kind, subject: subject, detail: detail, split: split) {
                next = index + 1
                return known[index].id
            }
        }
        let head = Array(detail[..<split.headLength])
        let key = Key(kind: kind, subject: subject, head: head, hasArgument: split.hasArgument)
        if let index = byKey[key] {
            next = index + 1
            return known[index].id
        }
        let id = try intern(
            EventName(
                kind: kind, subject: subject, detailHead: String(decoding: head, as: UTF8.self), detailTail: split.hasArgument ? ")" : ""))
        byKey[key] = known.count
        known.append(Known(kind: kind, subject: subject, head: head, hasArgument: split.hasArgument, id: id))
        next = known.count
        return id
    }
}
