import ReelTrace

/// Compares a recording's lifecycle calls, arriving one at a time in order, with the replayed
/// trace's: the first place where the two sequences differ is the session's lifecycle divergence.
///
/// Calls are compared by subject and name (`LifecycleCall`): the arguments in parentheses
/// ("update(0.42)") are frame-level detail, not lifecycle. A replayed event is compared with a
/// recorded call byte by byte, without building its name; names are only built for the divergence.
struct LifecycleComparison: Sendable {
    /// The replay's events (all of them, shared with its trace, not copied), or none when they
    /// came packed (`PackedEvents`).
    private let events: [TraceEvent]
    /// The positions in `events` of the events of a lifecycle kind, in order: the replay's calls.
    private let calls: [Int]
    /// Packed events: their texts (shared, not copied), and per call the numbers of its subject
    /// and detail among them (`calls` then holds the calls' positions among the packed events).
    private let texts: [String]
    private let callSubjects: [Int]
    private let callDetails: [Int]
    private let isPacked: Bool
    /// Recorded lifecycle calls compared so far.
    private var position = 0
    private var found: Divergence?
    /// Whether `found` is set: checked per call instead of `found == nil`, which copies the divergence.
    private var isSettled = false

    init(replayed events: [TraceEvent]) {
        self.events = events
        let kinds = LifecycleCall.eventKinds
        var calls: [Int] = []
        calls.reserveCapacity(events.count)
        events.withUnsafeBufferPointer { events in
            for index in events.indices where kinds.contains(events[index].kind) { calls.append(index) }
        }
        self.calls = calls
        texts = []
        callSubjects = []
        callDetails = []
        isPacked = false
    }

    /// The comparison of `init(replayed: packed.events)`, reading the columns.
    init(replayed packed: PackedEvents) {
        events = []
        texts = packed.texts
        isPacked = true
        let kinds = LifecycleCall.eventKinds
        // Whether each text is a lifecycle kind, worked out once per text, not per event.
        let isLifecycle = packed.texts.map { kinds.contains($0) }
        var calls: [Int] = []
        var subjects: [Int] = []
        var details: [Int] = []
        calls.reserveCapacity(packed.count)
        subjects.reserveCapacity(packed.count)
        details.reserveCapacity(packed.count)
        packed.kinds.withUnsafeBufferPointer { eventKinds in
            for index in eventKinds.indices where isLifecycle[eventKinds[index]] {
                calls.append(index)
                subjects.append(packed.subjects[index])
                details.append(packed.details[index])
            }
        }
        self.calls = calls
        callSubjects = subjects
        callDetails = details
    }

    /// Compares the next recorded lifecycle call.
    mutating func compare(recorded call: LifecycleCall) {
        guard !isSettled else { return }
        defer { position += 1 }
        if isPacked {
            if position < calls.count, makesPacked(position, call) { return }
        } else if position < calls.count, Self.makes(events, calls[position], call) {
            return
        }
        found = divergence(expected: call.text)
        isSettled = true
    }

    /// The divergence, once every recorded call went through `compare` (nil when the sequences match).
    var divergence: Divergence? {
        found ?? (position < calls.count ? divergence(expected: "(end)") : nil)
    }

    /// The divergence at `position`: the recorded call `expected` against the replay's call there.
    private func divergence(expected: String) -> Divergence {
        let actual: String
        if position >= calls.count {
            actual = "(end)"
        } else if isPacked {
            actual = LifecycleCall(subject: texts[callSubjects[position]], detail: texts[callDetails[position]]).text
        } else {
            actual = LifecycleCall(subject: events[calls[position]].subject, detail: events[calls[position]].detail).text
        }
        return Divergence(
            kind: .lifecycle, property: "event[\(position)]", expected: expected, actual: actual,
            detail: "lifecycle call \(position) is \(actual) instead of \(expected)")
    }

    /// Whether event `index` of `events` makes `call`: the same subject, and its detail's bytes
    /// before the arguments are the call's name. The strings are read in place (no event copied).
    private static func makes(_ events: [TraceEvent], _ index: Int, _ call: LifecycleCall) -> Bool {
        events.withUnsafeBufferPointer { events in
            let event = events.baseAddress! + index
            // Native strings lend their bytes in place; any other (none on Linux) is copied first.
            let sameSubject =
                event.pointee.subject.utf8.withContiguousStorageIfAvailable { left in
                    call.subject.utf8.withContiguousStorageIfAvailable { left.hasSameBytes(as: $0) }
                } ?? nil
            guard sameSubject ?? copiedBytes(event.pointee.subject, call.subject, { $0.hasSameBytes(as: $1) }) else { return false }
            let sameName =
                event.pointee.detail.utf8.withContiguousStorageIfAvailable { detail in
                    call.name.utf8.withContiguousStorageIfAvailable { sameCallName(detail, $0) }
                } ?? nil
            return sameName ?? copiedBytes(event.pointee.detail, call.name, sameCallName)
        }
    }

    /// Whether packed call `position` makes `call` (`makes`), its texts read in place.
    private func makesPacked(_ position: Int, _ call: LifecycleCall) -> Bool {
        let subject = callSubjects[position]
        let detail = callDetails[position]
        return texts.withUnsafeBufferPointer { texts in
            Self.makes(subject: texts.baseAddress! + subject, detail: texts.baseAddress! + detail, call)
        }
    }

    /// Whether an event of `subject` and `detail` makes `call` (`makes` of packed events).
    private static func makes(subject: UnsafePointer<String>, detail: UnsafePointer<String>, _ call: LifecycleCall) -> Bool {
        let sameSubject =
            subject.pointee.utf8.withContiguousStorageIfAvailable { left in
                call.subject.utf8.withContiguousStorageIfAvailable { left.hasSameBytes(as: $0) }
            } ?? nil
        guard sameSubject ?? copiedBytes(subject.pointee, call.subject, { $0.hasSameBytes(as: $1) }) else { return false }
        let sameName =
            detail.pointee.utf8.withContiguousStorageIfAvailable { detail in
                call.name.utf8.withContiguousStorageIfAvailable { sameCallName(detail, $0) }
            } ?? nil
        return sameName ?? copiedBytes(detail.pointee, call.name, sameCallName)
    }

    /// `compare` of the UTF-8 bytes of `lhs` and `rhs`, made contiguous.
    private static func copiedBytes(
        _ lhs: String, _ rhs: String, _ compare: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { compare(left, $0) } }
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
