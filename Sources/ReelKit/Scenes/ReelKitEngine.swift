import ReelEngine
import ReelTrace

/// A team's scenes as an engine: a session's touches in, its trace out, in this process. ReelKit
/// needs nothing else to serve them (`ReelKitServer`); the `ReelKitRunner` product makes it ReelRunner's
/// `TransitionEngine`, to record, replay and diff them in process like the built-in engine
/// (`ReelKitEngine.factory`). Not thread-safe (the replayer gives every worker its own engine).
///
/// ```swift
/// let engine = ReelKitEngine(scenes: [cardScene], name: "my-transitions", version: "1.4.0")
/// let trace = try engine.run(scenario: cardScene.spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: true)
/// ```
public nonisolated final class ReelKitEngine {
    public let scenes: [ReelKitScene]
    public let identity: EngineIdentity
    private let byName: [String: ReelKitScene]

    public init(scenes: [ReelKitScene], name: String, version: String) {
        self.scenes = scenes
        var byName: [String: ReelKitScene] = [:]
        for scene in scenes where byName[scene.name] == nil { byName[scene.name] = scene }
        self.byName = byName
        let digest = SHA256.hex("reelkit\n" + name + "\n" + version + "\n" + scenes.map(\.name).joined(separator: "\n"))
        identity = EngineIdentity(name: name, version: version, fingerprint: digest, profileJSON: "{}")
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
