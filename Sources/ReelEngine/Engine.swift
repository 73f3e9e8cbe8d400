import ReelTrace

/// The built-in headless model of UIKit view-controller transitions: pure and deterministic.
public struct Engine: Sendable {
    public static let name = "reel-builtin"
    /// Bumped whenever behaviour changes.
    public static let version = "0.2.0"

    public let profile: EngineProfile

    public init(profile: EngineProfile = .builtin) {
        self.profile = profile
    }

    /// Name, version and fingerprint (FNV-1a 64 of version and profile canonical JSON).
    public var identity: EngineIdentity {
        let json = profile.canonicalJSON
        return EngineIdentity(name: Engine.name, version: Engine.version,
                              fingerprint: FNV1a.hex(Engine.version + "\n" + json), profileJSON: json)
    }

    /// Runs one session: the scenario on the device at the refresh rate, driven by the touches.
    /// Throws for a spec the engine cannot run (unknown names, seed 002's transition(from:to:)
    /// crash case) or a refresh rate that is not positive.
    public func run(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]) throws -> Trace {
        guard refreshHz > 0, refreshHz.isFinite else { throw EngineError("refresh rate must be positive, got \(refreshHz)") }
        var simulation = try Simulation(profile: profile, spec: scenario, device: device, refreshHz: refreshHz)
        try simulation.drive(touches)
        return simulation.trace()
    }
}
