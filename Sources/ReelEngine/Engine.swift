import ReelTrace

/// The built-in headless model of UIKit view-controller transitions: pure and deterministic.
public struct Engine: Sendable {
    public static let name = "reel-builtin"
    /// Bumped whenever behaviour changes.
    public static let version = "0.7.0"

    public let profile: EngineProfile

    public init(profile: EngineProfile = .builtin) {
        self.profile = profile
    }

    /// Name, version and fingerprint (FNV-1a 64 of version and profile canonical JSON).
    public var identity: EngineIdentity {
        let json = profile.canonicalJSON
        return EngineIdentity(
            name: Engine.name, version: Engine.version,
            fingerprint: FNV1a.hex(Engine.version + "\n" + json), profileJSON: json)
    }

    /// The largest touch time, in seconds from the session's start, the engine accepts: a day.
    /// Frame ticks are touch times times the refresh rate, as integers; much later times overflow them.
    public static let maximumTouchTime = 86_400.0
    /// The longest a transition is simulated, in seconds, whatever the profile's `clock.max_duration`:
    /// what runs after the last touch is bounded like a session's span (limits.max_session_span,
    /// 600 s); a profile asking for a 10^7 s transition would otherwise render frames until memory ran out.
    public static let maximumTransitionDuration = 600.0
    /// The most views over all frames of one session (views x frames): the longest session
    /// (`limits.max_session_span`, 600 s) at 120 Hz with 10 views in every frame. A spec presenting
    /// thousands of controllers under a long drag would otherwise render tens of millions
    /// (2,000 controllers and a 60 s drag: 28.8 M views, 4 GB); the session fails naming the limit.
    /// A trace within it also stays within what an answer may decode to (`EngineReplyLimits.maxDecodedBytes`).
    public static let maximumFrameViews = 720_000
    /// The highest refresh rate the engine accepts, Hz.
    public static let maximumRefreshHz = 1_000.0

    /// Runs one session: the scenario on the device at the refresh rate, driven by the touches.
    /// Throws for a spec the engine cannot run (unknown names, seed 002's transition(from:to:)
    /// crash case), a refresh rate that is not within 0-1000 Hz, or a touch time beyond a day.
    /// With `outcomeHierarchy` false, `outcome.hierarchy` stays empty: describing the final
    /// hierarchy costs about a tenth of a short session, and a replay does not compare it.
    public func run(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool = true
    ) throws -> Trace {
        var (trace, hierarchy) = try runDeferringHierarchy(
            scenario: scenario, device: device, refreshHz: refreshHz, touches: touches)
        if outcomeHierarchy { trace.outcome.hierarchy = hierarchy.json }
        return trace
    }

    /// `run` with the outcome's hierarchy left empty and the final hierarchy handed back, to be
    /// described (`FinalHierarchy.json`) only if the caller keeps it.
    package func runDeferringHierarchy(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]
    ) throws -> (trace: Trace, hierarchy: FinalHierarchy) {
        guard refreshHz > 0, refreshHz <= Engine.maximumRefreshHz else {
            throw EngineError("refresh rate must be within 0-1000 Hz, got \(refreshHz)")
        }
        if let late = touches.first(where: { !(abs($0.t) <= Engine.maximumTouchTime) }) {
            throw EngineError("touch time \(late.t) s is beyond a day (86400 s) from the session's start")
        }
        if SheetDetentSession.runs(scenario) {
            var session = try SheetDetentSession(profile: profile, spec: scenario, device: device, refreshHz: refreshHz)
            return session.run(touches)
        }
        var simulation = try Simulation(profile: profile, spec: scenario, device: device, refreshHz: refreshHz)
        try simulation.drive(touches)
        return simulation.finished()
    }
}
