import ReelEngine
import ReelFormats
import ReelTrace

/// Makes engines from an `--engine` value. The replayer asks for one engine per worker thread.
public struct EngineFactory: Sendable {
    public let spec: EngineSpec
    /// The longest wait for an external engine's answer to one session.
    public let timeLimit: Duration
    /// The longest response line taken from an external engine.
    public let maxReplyBytes: Int
    /// Sessions in a row an external engine may fail before its first answer before it is given up on.
    public let startupAttempts: Int
    private let profile: ProfileLoader.Loaded?

    /// Loads and checks the profile file now, so a bad profile fails before any work starts.
    public init(
        _ spec: EngineSpec, timeLimit: Duration = ExternalEngine.defaultTimeLimit,
        startupAttempts: Int = ExternalTransitionEngine.startupAttempts,
        maxReplyBytes: Int = ExternalEngine.defaultMaxReplyBytes
    ) throws(ReelFailure) {
        self.spec = spec
        self.timeLimit = timeLimit
        self.startupAttempts = startupAttempts
        self.maxReplyBytes = maxReplyBytes
        if case .profile(let path) = spec {
            profile = try ProfileLoader.load(path: path)
        } else {
            profile = nil
        }
    }

    /// A new engine instance (external engines get their own process).
    public func make() throws(ReelFailure) -> TransitionEngine {
        switch spec {
        case .builtin:
            return BuiltinEngine()
        case .preset(let name):
            return BuiltinEngine(profile: EngineProfile.preset(named: name)!, label: name)
        case .profile:
            return BuiltinEngine(profile: profile!.profile, label: profile!.name)
        case .exec(let command):
            return ExternalTransitionEngine(
                command: command, timeLimit: timeLimit, startupAttempts: startupAttempts, maxReplyBytes: maxReplyBytes)
        }
    }

    /// The built-in profile in force (nil for an external engine).
    public var builtinProfile: EngineProfile? {
        switch spec {
        case .builtin: .builtin
        case .preset(let name): EngineProfile.preset(named: name)
        case .profile: profile?.profile
        case .exec: nil
        }
    }
}
