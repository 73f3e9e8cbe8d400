import ReelTrace

/// Everything a session player shows: the device, the touches, the recorded trace and, when the
/// candidate could be re-run, the replayed one, on one clock.
public struct PlayerSession: Sendable, Hashable {
    public var sessionID: Int64
    public var scenario: String
    public var device: Device
    public var refreshHz: Double
    /// The first recorded frame index at which the replay diverged (stored in replay_results).
    public var firstDivergentFrame: Int?
    /// The session's touches (the input both sides ran on).
    public var touches: [Touch]
    public var recorded: PlayerTrace
    public var replayed: PlayerTrace?
    /// Why the replayed side is missing, when it is.
    public var replayedNote: String?

    public init(
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
    public init(
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
