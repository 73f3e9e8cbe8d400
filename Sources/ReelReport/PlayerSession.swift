import ReelTrace

/// Everything a session player shows: the device, the touches, the recorded trace and, when the
/// candidate could be re-run, the replayed one, on one clock.
package struct PlayerSession: Sendable, Hashable {
    package var sessionID: Int64
    package var scenario: String
    package var device: Device
    package var refreshHz: Double
    /// The first recorded frame index at which the replay diverged (stored in replay_results).
    package var firstDivergentFrame: Int?
    /// The session's touches (the input both sides ran on).
    package var touches: [Touch]
    package var recorded: PlayerTrace
    package var replayed: PlayerTrace?
    /// Why the replayed side is missing, when it is.
    package var replayedNote: String?

    package init(
        sessionID: Int64, scenario: String, device: Device, refreshHz: Double, firstDivergentFrame: Int?,
        touches: [Touch], recorded: PlayerTrace, replayed: PlayerTrace?, replayedNote: String?
    ) {
        self.sessionID = sessionID
        self.scenario = scenario
        self.device = device
        self.refreshHz = refreshHz
        self.firstDivergentFrame = firstDivergentFrame
        self.touches = touches
        self.recorded = recorded
        self.replayed = replayed
        self.replayedNote = replayedNote
    }

    /// The player of a recorded session and its replayed trace (nil when the candidate could not
    /// be re-run; `storedLifecycleProperty` then marks the recorded lifecycle call the stored
    /// divergence names).
    package init(
        _ session: RecordedSession, replayed: Trace?, replayedNote: String?, firstDivergentFrame: Int?,
        storedLifecycleProperty: String?
    ) {
        let marks: (recorded: Set<Int>, replayed: Set<Int>) =
            replayed.map { PlayerEvents.divergent(recorded: session.trace.events, replayed: $0.events) }
            ?? (PlayerEvents.divergent(recorded: session.trace.events, storedLifecycleProperty: storedLifecycleProperty), [])
        self.init(
            sessionID: session.id, scenario: session.header.scenarioName, device: session.header.device,
            refreshHz: session.header.refreshHz, firstDivergentFrame: firstDivergentFrame, touches: session.touches,
            recorded: PlayerTrace(session.trace, divergentEvents: marks.recorded),
            replayed: replayed.map { PlayerTrace($0, divergentEvents: marks.replayed) }, replayedNote: replayedNote)
    }
}
