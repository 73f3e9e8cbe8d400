import ReelEngine
import ReelStore

/// What `reel --version` prints: the engine's name and version, the archive schema this build
/// writes, and the kind of build.
enum ReelVersion {
    static var schema: Int { EmbeddedMigration.all.last?.version ?? 0 }

    #if DEBUG
        static let build = "debug build"
    #else
        static let build = "release build"
    #endif

    /// "0.3.0 (engine reel-builtin 0.3.0, archive schema v4, release build)".
    static var text: String { "\(Engine.version) (engine \(Engine.name) \(Engine.version), archive schema v\(schema), \(build))" }
}
