import ReelEngine
import ReelFormats
import ReelTrace

/// Makes engines from an `--engine` value, or from an embedder's own engine type
/// (`init(inProcess:make:)`). The replayer asks for one engine per worker thread.
public struct EngineFactory: Sendable {
    public let spec: EngineSpec
    /// The longest wait for an external engine's answer to one session.
    public let timeLimit: Duration
    /// The longest response line taken from an external engine.
    public let maxReplyBytes: Int
    /// Sessions in a row an external engine may fail before its first answer before it is given up on.
    public let startupAttempts: Int
    private let profile: ProfileLoader.Loaded?
    /// The embedder's engine maker of an in-process engine.
    private let inProcessMaker: (@Sendable () throws -> any TransitionEngine)?

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
        inProcessMaker = nil
        if case .profile(let path) = spec {
            profile = try ProfileLoader.load(path: path)
        } else {
            profile = nil
        }
    }

    /// Engines of the embedder's own making, run in this process: the replayer calls `make` once
    /// per worker (`Replayer.Options.jobs`), so each engine is used by one thread at a time. `name`
    /// is what the replay stores as its candidate (`in-process:NAME`, where a command line's
    /// replay stores its `--engine` text); the traces' engine is the made engine's own `identity`.
    ///
    /// ```swift
    /// let factory = EngineFactory(inProcess: "my-transitions") {
    ///     ReelKitEngine(scenes: [cardScene], name: "my-transitions", version: "1.5.0")
    /// }
    /// let summary = try Replayer(archivePath: "card.sqlite", engine: factory, options: .init(tolerances: .exact)).run()
    /// ```
    public init(inProcess name: String, make: @escaping @Sendable () throws -> any TransitionEngine) {
        spec = .inProcess(name: name)
        timeLimit = ExternalEngine.defaultTimeLimit
        startupAttempts = ExternalTransitionEngine.startupAttempts
        maxReplyBytes = ExternalEngine.defaultMaxReplyBytes
        profile = nil
        inProcessMaker = make
    }

    /// A new engine instance (external engines get their own process).
    public func make() throws(ReelFailure) -> TransitionEngine {
        switch spec {
        case .inProcess(let name):
            guard let inProcessMaker else {
                throw ReelFailure(
                    .usage, "the in-process engine '\(name)' has no maker: build its factory with EngineFactory(inProcess:make:)")
            }
            do {
                return try inProcessMaker()
            } catch let failure as ReelFailure {
                throw failure
            } catch {
                throw ReelFailure(.engineFailed, "the in-process engine '\(name)' could not be made: \(error)")
            }
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
        case .exec, .inProcess: nil
        }
    }
}
