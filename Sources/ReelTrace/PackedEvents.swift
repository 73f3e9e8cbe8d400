/// A replayed trace's events as columns over their distinct texts: per event its time and the
/// numbers of its kind, subject and detail among `texts`.
///
/// What a replay reads from an engine's binary answer (docs/PROTOCOL.md, "The binary encoding") when
/// it only compares the lifecycle calls with the recorded ones: no `TraceEvent` is made (and
/// freed) per event. `events` makes them when they are needed (a trace that is kept).
///
/// ```swift
/// let packed = PackedEvents(trace.events)
/// packed.events == trace.events  // true
/// ```
package struct PackedEvents: Sendable, Hashable {
    /// The distinct texts the events name by number.
    package var texts: [String] = []
    /// Per event: its time and the numbers of its kind, subject and detail in `texts`.
    package var times: [Double] = []
    package var kinds: [Int] = []
    package var subjects: [Int] = []
    package var details: [Int] = []

    package init() {}

    /// The columns as a reader has them; every number must be an index of `texts` and the four
    /// columns of one length (a reader checks both before).
    package init(texts: [String], times: [Double], kinds: [Int], subjects: [Int], details: [Int]) {
        precondition(times.count == kinds.count && kinds.count == subjects.count && subjects.count == details.count)
        self.texts = texts
        self.times = times
        self.kinds = kinds
        self.subjects = subjects
        self.details = details
    }

    /// `events`, packed (each distinct text once).
    package init(_ events: [TraceEvent]) {
        var numbers: [String: Int] = [:]
        func number(_ text: String) -> Int {
            if let known = numbers[text] { return known }
            numbers[text] = texts.count
            texts.append(text)
            return texts.count - 1
        }
        for event in events {
            times.append(event.t)
            kinds.append(number(event.kind))
            subjects.append(number(event.subject))
            details.append(number(event.detail))
        }
    }

    /// How many events.
    package var count: Int { times.count }

    /// Event `index` as a `TraceEvent`.
    package func event(_ index: Int) -> TraceEvent {
        TraceEvent(t: times[index], kind: texts[kinds[index]], subject: texts[subjects[index]], detail: texts[details[index]])
    }

    /// Every event as a `TraceEvent`.
    package var events: [TraceEvent] { (0..<count).map(event) }

    /// The heap bytes the columns hold (element strides; the texts' own storage aside).
    package var heapBytes: Int {
        texts.count * MemoryLayout<String>.stride + times.count * 8
            + (kinds.count + subjects.count + details.count) * MemoryLayout<Int>.stride
    }
}
