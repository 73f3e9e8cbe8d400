import ReelEngine
import ReelFormats
import ReelTrace

/// The release rules (see `ReleaseRule`) of the engines a replay compared, rebuilt from their
/// stored profiles, so the decision maps can draw each engine's boundary. External engines
/// (`exec:`) store no profile and get no line.
struct StoredRules {
    private let recorded: EngineProfile?
    private let candidate: EngineProfile?

    /// `recording` is the one engine that recorded the replayed sessions (nil when several did).
    init(recording: EngineIdentity?, candidate: EngineIdentity?) {
        recorded = recording.flatMap(Self.profile)
        self.candidate = candidate.flatMap(Self.profile)
    }

    /// The recording and the candidate engine's rules for `spec`, on the default phone screen.
    func rules(_ spec: ScenarioSpec) -> (recorded: ReleaseRule?, candidate: ReleaseRule?) {
        (
            recorded.flatMap { ReleaseRule(spec: spec, profile: $0, device: .phone) },
            candidate.flatMap { ReleaseRule(spec: spec, profile: $0, device: .phone) }
        )
    }

    private static func profile(_ identity: EngineIdentity) -> EngineProfile? {
        guard BuiltinEngineName(parsing: identity.name) != nil else { return nil }
        return try? ProfileLoader.parse(storedProfileJSON: identity.profileJSON, of: identity.name).profile
    }
}
