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

/// The event names a trace has used so far, with their interned ids. A trace uses a dozen names
/// or so, often in a repeating pattern, so comparing an event with those few (from the one after
/// the last found) costs less than building its name's strings and hashing them for every event.
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
                && head.withUnsafeBufferPointer { $0.elementsEqual(UnsafeBufferPointer(rebasing: detail[..<split.headLength])) }
        }
    }

    private var known: [Known] = []
    private var next = 0

    /// The id of the name of the event with `kind`, `subject` and `detail` (split as `split`):
    /// from the names seen in this trace, else from `intern`.
    mutating func id(
        kind: String, subject: String, detail: UnsafeBufferPointer<UInt8>, split: DetailSplit, intern: (EventName) throws -> Int64
    ) rethrows -> Int64 {
        let start = min(next, known.count)
        let match = { (name: Known) in name.matches(kind: kind, subject: subject, detail: detail, split: split) }
        if let index = known[start...].firstIndex(where: match) ?? known[..<start].firstIndex(where: match) {
            next = index + 1
            return known[index].id
        }
        let head = Array(detail[..<split.headLength])
        let id = try intern(
            EventName(
                kind: kind, subject: subject, detailHead: String(decoding: head, as: UTF8.self), detailTail: split.hasArgument ? ")" : ""))
        known.append(Known(kind: kind, subject: subject, head: head, hasArgument: split.hasArgument, id: id))
        next = known.count
        return id
    }
}
