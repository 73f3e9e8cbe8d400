import ReelEngine
import ReelRunner
import ReelTrace

/// A team's scenes behind ReelRunner's `TransitionEngine`: record, replay and diff them in process,
/// like the built-in engine. Not thread-safe (the replayer gives every worker its own engine).
///
/// ```swift
/// let engine = ReelKitEngine(scenes: [cardScene], name: "my-transitions", version: "1.4.0")
/// let trace = try engine.run(scenario: cardScene.spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: true)
/// ```
public nonisolated final class ReelKitEngine: TransitionEngine {
    public let scenes: [ReelKitScene]
    public let identity: EngineIdentity
    public var identityIsKnown: Bool { true }
    private let byName: [String: ReelKitScene]

    public init(scenes: [ReelKitScene], name: String, version: String) {
        self.scenes = scenes
        var byName: [String: ReelKitScene] = [:]
        for scene in scenes where byName[scene.name] == nil { byName[scene.name] = scene }
        self.byName = byName
        let digest = SHA256.hex("reelkit\n" + name + "\n" + version + "\n" + scenes.map(\.name).joined(separator: "\n"))
        identity = EngineIdentity(name: name, version: version, fingerprint: digest, profileJSON: "{}")
    }

    /// Engines of these scenes for ReelRunner's `Replayer` (one per worker), replaying in this
    /// process: the replay stores `in-process:NAME` as its candidate and the engine's identity
    /// (`name`, `version`) as the traces' engine, as the same scenes served over the protocol would.
    ///
    /// ```swift
    /// // Recorded with version A (here, or `reel record --engine exec:...`); replayed with B in process:
    /// let engine = ReelKitEngine.factory(scenes: [CardScene.make(threshold: 0.45)], name: "my-transitions", version: "B")
    /// let summary = try Replayer(archivePath: "card.sqlite", engine: engine, options: .init(jobs: 2, tolerances: .exact)).run()
    /// print(summary.matched, summary.diverged)
    /// ```
    public static func factory(scenes: [ReelKitScene], name: String, version: String) -> EngineFactory {
        EngineFactory(inProcess: name) { ReelKitEngine(scenes: scenes, name: name, version: version) }
    }

    /// The scene a session's scenario names.
    public func scene(named name: String) -> ReelKitScene? { byName[name] }

    public func run(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool) throws -> Trace {
        guard let scene = byName[scenario.name] else {
            throw ReelKitError(
                "unknown scene '\(scenario.name)' (this engine has: \(scenes.map(\.name).joined(separator: ", ")))")
        }
        return try SessionIsolation.run {
            KitSession.result(scene, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy)
        }.get()
    }
}
