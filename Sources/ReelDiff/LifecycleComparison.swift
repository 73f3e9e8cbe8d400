import ReelTrace

/// Compares a recording's lifecycle calls, arriving one at a time in order, with the replayed
/// trace's: the first place where the two sequences differ is the session's lifecycle divergence.
///
/// Calls are compared by subject and name: the arguments in parentheses ("update(0.42)") are
/// frame-level detail, not lifecycle. Recorded calls are compared as the archive stores them, byte
/// by byte; names are only built for the divergence.
struct LifecycleComparison: Sendable {
    /// The replay's events of a lifecycle kind, in order.
    private let replayed: [TraceEvent]
    /// Recorded lifecycle calls compared so far.
    private var position = 0
    private var found: Divergence?

    init(replayed events: [TraceEvent]) {
        replayed = events.filter { TraceDiff.lifecycleKinds.contains($0.kind) }
    }

    /// Compares the next recorded lifecycle call, given by its subject and detail.
    mutating func compare(recordedSubject subject: UnsafeBufferPointer<UInt8>, detail: UnsafeBufferPointer<UInt8>) {
        guard found == nil else { return }
        defer { position += 1 }
        if position < replayed.count, Self.sameCall(replayed[position], subject: subject, detail: detail) { return }
        found = divergence(
            expected: Self.callName(subject: String(decoding: subject, as: UTF8.self), detail: String(decoding: detail, as: UTF8.self)))
    }

    /// Compares the next recorded lifecycle call.
    mutating func compare(recorded event: TraceEvent) {
        var subject = event.subject
        var detail = event.detail
        subject.withUTF8 { subject in detail.withUTF8 { detail in compare(recordedSubject: subject, detail: detail) } }
    }

    /// The divergence, once every recorded call went through `compare` (nil when the sequences match).
    var divergence: Divergence? {
        found ?? (position < replayed.count ? divergence(expected: "(end)") : nil)
    }

    /// The divergence at `position`: the recorded call `expected` against the replay's call there.
    private func divergence(expected: String) -> Divergence {
        let actual =
            position < replayed.count ? Self.callName(subject: replayed[position].subject, detail: replayed[position].detail) : "(end)"
        return Divergence(
            kind: .lifecycle, property: "event[\(position)]", expected: expected, actual: actual,
            detail: "lifecycle call \(position) is \(actual) instead of \(expected)")
    }

    /// Whether `event` makes the call of `subject` and `detail`: same subject, same detail up to its arguments.
    private static func sameCall(
        _ event: TraceEvent, subject: UnsafeBufferPointer<UInt8>, detail: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var eventSubject = event.subject
        var eventDetail = event.detail
        return eventSubject.withUTF8 { $0.hasSameBytes(as: subject) }
            && eventDetail.withUTF8 { sameCallName($0, detail) }
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

    /// "B.viewWillAppear" for subject "B" and detail "viewWillAppear(true)".
    private static func callName(subject: String, detail: String) -> String {
        let name = detail.split(separator: "(", maxSplits: 1).first.map(String.init) ?? ""
        return "\(subject).\(name)"
    }
}
