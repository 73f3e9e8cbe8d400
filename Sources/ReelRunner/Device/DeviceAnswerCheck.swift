import ReelFormats
import ReelTrace

/// What a device's trace must say consistently, beyond what any engine answer must hold: its
/// decision is the one its coordinator events report. The recorder writes `completion(finished)`
/// or `completion(cancelled)` (kind `coordinator`) when a transition's completion context runs,
/// and `outcome.completed` / `outcome.t` are the last such event's; with no completion event the
/// outcome is cancelled. An explained decision (`outcome.decision.finish`) must agree too.
enum DeviceAnswerCheck {
    /// Why `response` contradicts itself, nil when it does not.
    ///
    /// Example: `outcome.completed` true over a last completion event `completion(cancelled)` gives
    /// `"outcome.completed is true, but its last completion event (events[2] at 0.5 s) says cancelled"`.
    static func contradiction(in response: EngineResponse) -> String? {
        let outcome = response.trace.outcome
        let events = response.trace.events
        let last = events.indices.last { events[$0].kind == "coordinator" && events[$0].detail.hasPrefix("completion(") }
        if let index = last {
            let event = events[index]
            let says = event.detail == "completion(finished)"
            guard says || event.detail == "completion(cancelled)" else {
                return "events[\(index)].detail is '\(event.detail)', not completion(finished) or completion(cancelled)"
            }
            if says != outcome.completed {
                return "outcome.completed is \(outcome.completed), but its last completion event (events[\(index)] at \(event.t) s) says "
                    + (says ? "finished" : "cancelled")
            }
            if event.t != outcome.t {
                return "outcome.t is \(outcome.t) s, but its last completion event (events[\(index)]) is at \(event.t) s"
            }
        } else if outcome.completed {
            return "outcome.completed is true, but no completion event says a transition finished"
        }
        if let decision = response.decision, decision.finish != outcome.completed {
            return "outcome.decision.finish is \(decision.finish), but outcome.completed is \(outcome.completed)"
        }
        return nil
    }
}
