import ReelDiff
import ReelTrace
import Testing

/// A lifecycle call is its subject and its name, the event's detail up to the first "(": the diff
/// compares recorded calls, as the store hands them, with the replayed events by that rule.
@Suite("lifecycle calls")
struct LifecycleCallTests {
    @Test func aCallIsItsSubjectAndTheDetailBeforeItsArguments() {
        #expect(LifecycleCall(subject: "B", detail: "viewWillAppear(true)") == LifecycleCall(subject: "B", name: "viewWillAppear"))
        #expect(LifecycleCall(subject: "nav", detail: "didShow").name == "didShow")
        #expect(LifecycleCall(subject: "B", detail: "update(0.5)(1)").name == "update")
        #expect(LifecycleCall(subject: "B", detail: "").text == "B.")
        #expect(
            LifecycleCall(TraceEvent(t: 0, kind: "transition", subject: "nav", detail: "animateTransition(push)"))?.text
                == "nav.animateTransition")
        #expect(LifecycleCall(TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began")) == nil)
    }

    @Test func recordedCallsMatchReplayedEventsWhateverTheirArguments() {
        let replayed = Trace(
            frames: [],
            events: [
                TraceEvent(t: 0, kind: "lifecycle", subject: "B", detail: "viewWillAppear(false)"),
                TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began"),
                TraceEvent(t: 0.1, kind: "lifecycle", subject: "A", detail: "viewDidDisappear(true)"),
            ],
            outcome: Outcome(completed: true, t: 0.1, hierarchy: ""))
        func verdict(_ calls: [LifecycleCall]) -> SessionComparison {
            var session = TraceDiff().begin(actual: replayed, refreshHz: 60)
            for call in calls { session.compare(recorded: call) }
            return session.verdict(recordedOutcome: replayed.outcome)
        }
        let same = [LifecycleCall(subject: "B", name: "viewWillAppear"), LifecycleCall(subject: "A", name: "viewDidDisappear")]
        #expect(verdict(same).status == .matched)
        let other = [LifecycleCall(subject: "B", name: "viewWillAppearing"), LifecycleCall(subject: "A", name: "viewDidDisappear")]
        let diverged = verdict(other)
        #expect(diverged.divergences.map(\.kind) == [.lifecycle])
        #expect(diverged.divergences.first?.expected == "B.viewWillAppearing")
        #expect(diverged.divergences.first?.actual == "B.viewWillAppear")
        #expect(diverged.divergences.first?.property == "event[0]")
        let short = verdict(Array(same.prefix(1)))
        #expect(short.divergences.first?.expected == "(end)" && short.divergences.first?.actual == "A.viewDidDisappear")
        #expect(verdict(same + [LifecycleCall(subject: "A", name: "viewDidAppear")]).divergences.first?.actual == "(end)")
    }
}
