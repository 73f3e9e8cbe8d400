import ReelTrace

/// Compares a recording's lifecycle calls, arriving one at a time in order, with the replayed
/// trace's: the first place where the two sequences differ is the session's lifecycle divergence.
///
/// Calls are compared by subject and name (`LifecycleCall`): the arguments in parentheses
/// ("update(0.42)") are frame-level detail, not lifecycle. A replayed event is compared with a
/// recorded call byte by byte, without building its name; names are only built for the divergence.
struct LifecycleComparison: Sendable {
    /// The replay's events of a lifecycle kind, in order.
    private let replayed: [TraceEvent]
    /// Recorded lifecycle calls compared so far.
    private var position = 0
    private var found: Divergence?

    init(replayed events: [TraceEvent]) {
        replayed = events.filter { LifecycleCall.eventKinds.contains($0.kind) }
    }

    /// Compares the next recorded lifecycle call.
    mutating func compare(recorded call: LifecycleCall) {
        guard found == nil else { return }
        defer { position += 1 }
        if position < replayed.count, Self.makes(replayed[position], call) { return }
        found = divergence(expected: call.text)
    }

    /// The divergence, once every recorded call went through `compare` (nil when the sequences match).
    var divergence: Divergence? {
        found ?? (position < replayed.count ? divergence(expected: "(end)") : nil)
    }

    /// The divergence at `position`: the recorded call `expected` against the replay's call there.
    private func divergence(expected: String) -> Divergence {
        let actual =
            position < replayed.count
            ? LifecycleCall(subject: replayed[position].subject, detail: replayed[position].detail).text : "(end)"
        return Divergence(
            kind: .lifecycle, property: "event[\(position)]", expected: expected, actual: actual,
            detail: "lifecycle call \(position) is \(actual) instead of \(expected)")
    }

    /// Whether `event` makes `call`: the same subject, and its detail's bytes before the arguments
    /// are the call's name.
    private static func makes(_ event: TraceEvent, _ call: LifecycleCall) -> Bool {
        var eventSubject = event.subject
        var eventDetail = event.detail
        var subject = call.subject
        var name = call.name
        return eventSubject.withUTF8 { left in subject.withUTF8 { left.hasSameBytes(as: $0) } }
            && eventDetail.withUTF8 { detail in name.withUTF8 { sameCallName(detail, $0) } }
    }

    /// Whether two details have the same bytes before their arguments ("update" of "update(0.42)"):
    /// the end of a detail counts as the "(" that opens its arguments.
    private static func sameCallName(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        let open = UInt8(ascii: "(")
        var index = 0
        while true {
            let left = index < lhs.count ? lhs[index] : open
            let right = index < rhs.count ? rhs[index] : open
            if left != right { return false }
            if left == open { return true }
            index += 1
        }
    }
}
