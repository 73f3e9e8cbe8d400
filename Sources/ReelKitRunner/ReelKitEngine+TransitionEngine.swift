import ReelKit
import ReelRunner

/// A team's scenes as ReelRunner's engine: record, replay and diff them in process, like the
/// built-in engine. Its own module, so that a package serving its scenes (`ReelKitServer`, product
/// `ReelKit`) compiles neither ReelRunner nor the store and SQLite under it; a package that also
/// records or replays in process adds the `ReelKitRunner` product.
///
/// ```swift
/// import ReelKitRunner
/// let recorder = Recorder(archive: archive, engine: ReelKitEngine(scenes: [cardScene], name: "cards", version: "A"))
/// ```
extension ReelKitEngine: TransitionEngine {
    /// A ReelKit engine always knows who it is: the name and version it was made with.
    public var identityIsKnown: Bool { true }
}

extension ReelKitEngine {
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
}
