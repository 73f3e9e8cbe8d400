import ReelEngine
import ReelStore

/// What `reel --version` prints: the tool's version, the engine's name and version, the archive
/// schema this build writes, and the kind of build.
///
/// The tool and the engine have versions of their own: a release of the tool that leaves the
/// engine alone (a new command, a faster archive) changes `tool` only, so no engine fingerprint,
/// no recorded trace and no replay verdict changes with it. The engine's version changes exactly
/// when its traces may (docs/ENGINE.md).
enum ReelVersion {
    /// The command-line tool's release (CHANGELOG.md).
    static let tool = "0.18.0"
    static var schema: Int { EmbeddedMigration.all.last?.version ?? 0 }

    #if DEBUG
        static let build = "debug build"
    #else
        static let build = "release build"
    #endif

    /// "0.9.0 (engine reel-builtin 0.7.0, archive schema v9, release build)".
    static var text: String { "\(tool) (engine \(Engine.name) \(Engine.version), archive schema v\(schema), \(build))" }
}
