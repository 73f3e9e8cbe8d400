import ReelTrace
import Testing

@testable import ReelDiff

/// A replay that compares an engine's events as packed columns (`PackedEvents`, what an exec
/// engine's binary answer gives) reaches the verdict of the same events as `TraceEvent` values:
/// the same lifecycle divergence, at the same call, with the same texts, whatever differs.
@Suite("Packed events compared as TraceEvent values")
struct PackedEventsComparisonTests {
    /// A swipe-dismiss-like sequence: lifecycle, transition and presentation calls among gesture
    /// and interaction events, details with and without arguments, texts repeated.
    private static let replayed: [TraceEvent] = [
        TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began"),
        TraceEvent(t: 0, kind: "presentation", subject: "B", detail: "dismiss(animated: true)"),
        TraceEvent(t: 0, kind: "lifecycle", subject: "B", detail: "viewWillDisappear(true)"),
        TraceEvent(t: 0, kind: "lifecycle", subject: "A", detail: "viewWillAppear(true)"),
        TraceEvent(t: 0.016, kind: "interaction", subject: "B", detail: "updateInteractiveTransition(0.0412)"),
        TraceEvent(t: 0.033, kind: "interaction", subject: "B", detail: "updateInteractiveTransition(0.0825)"),
        TraceEvent(t: 0.2, kind: "gesture", subject: "pan", detail: "ended"),
        TraceEvent(t: 0.2, kind: "transition", subject: "B", detail: "finishInteractiveTransition"),
        TraceEvent(t: 0.45, kind: "lifecycle", subject: "B", detail: "viewDidDisappear(true)"),
        TraceEvent(t: 0.45, kind: "lifecycle", subject: "A", detail: "viewDidAppear(true)"),
    ]

    /// The recorded calls that match `replayed`: its events of a lifecycle kind, by the rule of
    /// `LifecycleCall` (subject, detail before "(").
    private static let calls: [LifecycleCall] = [
        LifecycleCall(subject: "B", name: "dismiss"), LifecycleCall(subject: "B", name: "viewWillDisappear"),
        LifecycleCall(subject: "A", name: "viewWillAppear"), LifecycleCall(subject: "B", name: "finishInteractiveTransition"),
        LifecycleCall(subject: "B", name: "viewDidDisappear"), LifecycleCall(subject: "A", name: "viewDidAppear"),
    ]

    /// The verdict with the replayed events as `TraceEvent`s and as packed columns.
    private static func verdicts(recorded: [LifecycleCall]) -> (events: SessionComparison, packed: SessionComparison) {
        let outcome = Outcome(completed: true, t: 0.45, hierarchy: "")
        let full = Trace(frames: [], events: replayed, outcome: outcome)
        let withoutEvents = Trace(frames: [], events: [], outcome: outcome)
        let diff = TraceDiff()
        var plain = diff.begin(actual: full, packed: FrameColumns(), refreshHz: 60)
        var packed = diff.begin(actual: withoutEvents, packed: FrameColumns(), events: PackedEvents(replayed), refreshHz: 60)
        for call in recorded {
            plain.compare(recorded: call)
            packed.compare(recorded: call)
        }
        return (plain.verdict(recordedOutcome: outcome), packed.verdict(recordedOutcome: outcome))
    }

    @Test func packedEventsMakeTheSameEvents() {
        let packed = PackedEvents(Self.replayed)
        #expect(packed.count == Self.replayed.count)
        // "B" is a subject of many events and stored once.
        #expect(packed.texts.filter { $0 == "B" }.count == 1)
        #expect(packed.events == Self.replayed)
        #expect(PackedEvents([]).events.isEmpty)
    }

    @Test(arguments: ["same", "name", "subject", "missing", "extra", "none", "swapped"])
    func aDifferenceGivesTheVerdictOfTheEvents(_ change: String) {
        var recorded = Self.calls
        // The call at which the lifecycle diverges, and the two texts there, from the rule.
        var expected: (index: Int, recorded: String, replayed: String)?
        switch change {
        case "same": break
        case "name":
            recorded[2] = LifecycleCall(subject: "A", name: "viewDidAppear")
            expected = (2, "A.viewDidAppear", "A.viewWillAppear")
        case "subject":
            recorded[4] = LifecycleCall(subject: "A", name: "viewDidDisappear")
            expected = (4, "A.viewDidDisappear", "B.viewDidDisappear")
        case "missing":
            recorded.removeLast()
            expected = (5, "(end)", "A.viewDidAppear")
        case "extra":
            recorded.append(LifecycleCall(subject: "nav", name: "didShow"))
            expected = (6, "nav.didShow", "(end)")
        case "none":
            recorded = []
            expected = (0, "(end)", "B.dismiss")
        default:
            recorded.swapAt(1, 2)
            expected = (1, "A.viewWillAppear", "B.viewWillDisappear")
        }
        let (events, packed) = Self.verdicts(recorded: recorded)
        #expect(packed == events)
        let lifecycle = packed.divergences.filter { $0.kind == .lifecycle }
        if let expected {
            #expect(lifecycle.count == 1)
            #expect(lifecycle.first?.property == "event[\(expected.index)]")
            #expect(lifecycle.first?.expected == expected.recorded)
            #expect(lifecycle.first?.actual == expected.replayed)
        } else {
            #expect(lifecycle.isEmpty)
            #expect(packed.status == .matched)
        }
    }
}
