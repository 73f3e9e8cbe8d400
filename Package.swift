// swift-tools-version: 6.2
import PackageDescription

// ReelKit under the module names of Apple's frameworks, so a team's `import UIKit` needs no edit and
// `#if canImport(UIKit)` is true (docs/KIT.md, "Imports stay"). Only where those frameworks do not
// exist: on an Apple platform the names are the SDK's.
#if canImport(Darwin)
    let appleFrameworkAliases: [String] = []
#else
    let appleFrameworkAliases = ["UIKit", "QuartzCore", "CoreGraphics"]
#endif

let package = Package(
    name: "Reel",
    // Linux is where this project builds and tests. On macOS the same sources build (not tested in
    // this project's CI, README "macOS"): InlineArray needs the Swift 6.2 runtime, which macOS 26 ships.
    platforms: [.macOS("26.0")],
    products: [
        .executable(name: "reel", targets: ["reel"]),
        // `reel capture`'s web server, which `reel capture` runs (README, "Capture a corpus"): its own
        // product, so that building `reel` compiles neither SwiftNIO nor Hummingbird; in the package only
        // with REEL_CAPTURE=1 (below).
        .executable(name: "reel-capture", targets: ["reel-capture"]),
        .library(name: "ReelEngine", targets: ["ReelEngine"]),
        .library(name: "ReelStore", targets: ["ReelStore"]),
        // Recording and replaying with a user's own engine: the runner and the formats, diff and JSON
        // its API speaks.
        .library(name: "ReelRunner", targets: ["ReelRunner", "ReelFormats", "ReelDiff", "ReelJSON"]),
        .library(name: "ReelSynth", targets: ["ReelSynth"]),
        // A team's own test target: replay an archive against its scenes or any engine, fail with the
        // flips and the report's path, accept with REEL_ACCEPT=1 (docs/TESTING.md).
        .library(name: "ReelTesting", targets: ["ReelTesting"]),
        // A team's own transition code as an engine: UIKit's names for the transition surface on Reel's model.
        // What a team's engine executable compiles: serving its scenes needs no store, no SQLite and no
        // runner (docs/KIT.md, "A lean package").
        .library(name: "ReelKit", targets: ["ReelKit"] + appleFrameworkAliases),
        // A team's scenes as ReelRunner's engine, for a package that records or replays them in process.
        .library(name: "ReelKitRunner", targets: ["ReelKitRunner"]),
        // An app's touch recorder (docs/DEVICE.md): its window's touches as gesture-stream sessions, on
        // public UIKit API only; on Linux it builds against ReelKit's UIKit.
        .library(name: "ReelRecorder", targets: ["ReelRecorder"]),
        // The ReelKit examples served over the engine protocol (card threshold 0.35), and version B (0.45).
        .executable(name: "reelkit-examples", targets: ["reelkit-examples"]),
        .executable(name: "reelkit-examples-b", targets: ["reelkit-examples-b"]),
        // `reel publish`: sends a replay's run, verdicts and divergences to a shared PostgreSQL
        // database (docs/FLEET.md). Its own executable, so `reel` does not link PostgresNIO.
        .executable(name: "reel-publish", targets: ["reel-publish"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Test-only: property-based testing (the fuzz suites of ReelFuzzTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Test-only: parses the scale-out recipes (docs/scale/*.yml) the way their schedulers read them.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `reel capture` only: the HTTP server of the ReelCapture module (README, "Capture a corpus", says why).
        // Without the default trait ConfigurationSupport: Reel reads no swift-configuration, and leaving it out
        // spares the build that package.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        // Hummingbird's own networking layer and logger; ReelCapture names client addresses (NIOCore)
        // and keeps the server's log quiet (Logging).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The HTTP parts Hummingbird's pipeline carries (NIOHTTPTypes), which ReelCapture's connection
        // guard reads.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        // Hummingbird's service runner: `reel capture` stops its server with a graceful shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        // `reel-publish` only: the PostgreSQL client of the ReelFleet module (docs/FLEET.md).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // SQLite's C API, straight from the system library (pkg-config sqlite3).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Value types shared by the engine, the store and the replayer: touches, devices, traces,
        // gesture sessions, verdicts, digests, the library error (`ReelFailure`).
        .target(name: "ReelTrace"),
        // JSON: parser, value, field access, writer (one number rule).
        .target(name: "ReelJSON", dependencies: ["ReelTrace"]),
        // Cubic-bezier curves, springs, keyframes, property animators, the frame clock.
        .target(name: "ReelTiming"),
        // Gesture recognizers, velocity estimation, completion policies.
        .target(name: "ReelGestures", dependencies: ["ReelTrace", "ReelTiming"]),
        // The headless UIKit-style transition engine: pure, deterministic, no I/O.
        .target(name: "ReelEngine", dependencies: ["ReelTrace", "ReelTiming", "ReelGestures", "ReelJSON"]),
        // The archive: SQLite layer, embedded migrations and saved queries, trace writers and streaming readers.
        .target(
            name: "ReelStore",
            dependencies: ["CSQLite", "ReelTrace", "ReelJSON"],
            plugins: ["EmbedSQL"]
        ),
        // The diff of two traces: divergences, tolerances. Pure values, no store.
        .target(name: "ReelDiff", dependencies: ["ReelTrace"]),
        // What Reel reads from files and engines: gesture streams, the engine protocol's messages and
        // its serving loop, engine specs and profile files, scenario resolution (what ReelFuzzTests fuzzes).
        .target(name: "ReelFormats", dependencies: ["ReelJSON", "ReelEngine", "ReelTrace"]),
        // The gesture synthesizer: seeded, realistic touches for every catalog scenario.
        .target(name: "ReelSynth", dependencies: ["ReelEngine", "ReelGestures", "ReelTrace"]),
        // Engines (built-in, external process, `reel engine serve`'s server), recorder, replayer, results
        // (shards, merge, resume), export, the --fail-on policy.
        .target(
            name: "ReelRunner",
            dependencies: ["ReelFormats", "ReelDiff", "ReelJSON", "ReelEngine", "ReelStore", "ReelTrace"]
        ),
        // ReelKit: UIKit's names and signatures for the transition surface (views, animations, view
        // controllers, transitioning protocols, presentation controllers, recognizers), run on Reel's
        // own timing, gestures and frame clock; scenes served over the engine protocol.
        .target(
            name: "ReelKit",
            dependencies: ["ReelFormats", "ReelSynth", "ReelJSON", "ReelEngine", "ReelGestures", "ReelTiming", "ReelTrace"],
            // UIKit's classes are @MainActor; so are ReelKit's (the engine's entry points are `nonisolated`).
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // `ReelKitEngine` as ReelRunner's `TransitionEngine` and its `factory`: in-process recording and replay.
        .target(name: "ReelKitRunner", dependencies: ["ReelKit", "ReelRunner"]),
    ] + appleFrameworkAliases.map { .target(name: $0, dependencies: ["ReelKit"]) } + [
        // The app's touch recorder: imports UIKit only (Apple's, or ReelKit's alias where Apple's does not exist).
        .target(name: "ReelRecorder", dependencies: appleFrameworkAliases.contains("UIKit") ? ["UIKit"] : []),
        // The ReelKit examples, written in UIKit style (a team's code), and their executables.
        .target(name: "ReelKitExamples", dependencies: ["ReelKit"], path: "Examples/ReelKitExamples"),
        .executableTarget(name: "reelkit-examples", dependencies: ["ReelKit", "ReelKitExamples"], path: "Examples/reelkit-examples"),
        .executableTarget(name: "reelkit-examples-b", dependencies: ["ReelKit", "ReelKitExamples"], path: "Examples/reelkit-examples-b"),
        // Replay reports: one self-contained HTML page with tables and SVG plots.
        .target(
            name: "ReelReport",
            dependencies: [
                "ReelFormats", "ReelDiff", "ReelJSON", "ReelEngine", "ReelGestures", "ReelTiming", "ReelStore", "ReelTrace",
            ],
            // The page's scripts as files of their own (a browser loads them in tools/check-report),
            // compiled into the module as bytes, so the binary needs no resource bundle beside it.
            resources: [.embedInCode("Resources/player.js"), .embedInCode("Resources/review-filters.js")]
        ),
        // The test helper: ArchiveReplay and its Swift Testing and XCTest assertions.
        .target(name: "ReelTesting", dependencies: ["ReelRunner", "ReelReport", "ReelFormats", "ReelStore", "ReelTrace"]),
        // `reel capture`: a small web server that records gesture sessions from a person's finger on a
        // phone. Its own module, so that nothing else in Reel depends on the HTTP server.
        .target(
            name: "ReelCapture",
            dependencies: [
                "ReelRunner", "ReelFormats", "ReelJSON", "ReelSynth", "ReelReport", "ReelEngine", "ReelStore", "ReelTrace",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Fleet results: a replay's run, verdicts and divergences written to a shared PostgreSQL
        // database in one transaction (docs/FLEET.md). Only `reel-publish` links it.
        .target(
            name: "ReelFleet",
            dependencies: [
                "ReelStore", "ReelTrace",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `reel-publish ARCHIVE --replay ID --to postgres://...` (also run by `reel publish`).
        .executableTarget(
            name: "reel-publish",
            dependencies: ["ReelFleet", "ReelStore", "ReelTrace", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `reel-capture`: the capture server's command line, run by `reel capture`.
        .executableTarget(
            name: "reel-capture",
            dependencies: [
                "ReelCapture", "ReelFormats", "ReelRunner", "ReelEngine", "ReelStore", "ReelTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command-line front end.
        .executableTarget(
            name: "reel",
            dependencies: [
                "ReelRunner", "ReelFormats", "ReelDiff", "ReelJSON", "ReelSynth", "ReelReport", "ReelEngine", "ReelStore",
                "ReelTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-time tool: turns Migrations/*.sql and Queries/*.sql into Swift source, so the binary
        // carries its schema and its saved queries. Its SHA256.swift is a symbolic link to ReelTrace's
        // (the migrations' checksums): the tool compiles that one file instead of all of ReelTrace a
        // second time for the build host.
        .executableTarget(name: "SQLEmbedder"),
        .plugin(
            name: "EmbedSQL",
            capability: .buildTool(),
            dependencies: ["SQLEmbedder"]
        ),
        // What the test targets share: temporary folders, the repository root, running the built
        // `reel`, recording and replaying small corpora, archive dumps. Not a product.
        .target(
            name: "ReelTestSupport",
            dependencies: ["ReelRunner", "ReelFormats", "ReelSynth", "ReelEngine", "ReelStore", "ReelJSON", "ReelTrace"],
            path: "Tests/ReelTestSupport"
        ),
        .testTarget(name: "ReelTimingTests", dependencies: ["ReelTiming"]),
        .testTarget(name: "ReelTraceTests", dependencies: ["ReelTrace"]),
        .testTarget(name: "ReelGesturesTests", dependencies: ["ReelGestures", "ReelTrace"]),
        .testTarget(name: "ReelEngineTests", dependencies: ["ReelEngine", "ReelTrace", "ReelTiming", "ReelGestures"]),
        .testTarget(name: "ReelStoreTests", dependencies: ["ReelStore", "ReelTrace", "CSQLite", "ReelTestSupport"]),
        // SplitMix64 (ReelSynth) draws the random inputs of the JSON round-trip tests.
        .testTarget(name: "ReelJSONTests", dependencies: ["ReelJSON", "ReelSynth", "ReelTrace"]),
        .testTarget(name: "ReelDiffTests", dependencies: ["ReelDiff", "ReelStore", "ReelTrace"]),
        .testTarget(name: "ReelFormatsTests", dependencies: ["ReelFormats", "ReelJSON", "ReelTrace", "ReelTestSupport"]),
        .testTarget(name: "ReelSynthTests", dependencies: ["ReelSynth", "ReelFormats", "ReelJSON", "ReelEngine", "ReelTrace"]),
        .testTarget(
            name: "ReelRunnerTests",
            dependencies: [
                "ReelRunner", "ReelFormats", "ReelDiff", "ReelSynth", "ReelEngine", "ReelStore", "ReelTrace", "ReelTestSupport",
            ]
        ),
        // The tests that run the built `reel` binary.
        .testTarget(
            name: "ReelCLITests",
            dependencies: [
                "ReelRunner", "ReelFormats", "ReelJSON", "ReelEngine", "ReelStore", "ReelTrace", "ReelTestSupport",
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["BadInput", "JUnitSchemas", "WrittenForUIKit"]
        ),
        .testTarget(
            name: "ReelCaptureTests",
            dependencies: [
                "ReelCapture", "ReelRunner", "ReelFormats", "ReelSynth", "ReelEngine", "ReelStore", "ReelTrace",
                "ReelTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ReelReportTests",
            dependencies: [
                "ReelReport", "ReelTesting", "ReelRunner", "ReelFormats", "ReelSynth", "ReelEngine", "ReelGestures", "ReelStore",
                "ReelTrace",
                "ReelTestSupport",
            ]
        ),
        .testTarget(
            name: "ReelKitTests",
            dependencies: [
                "ReelKit", "ReelKitRunner", "ReelKitExamples", "ReelRecorder", "ReelRunner", "ReelFormats", "ReelDiff", "ReelSynth",
                "ReelEngine", "ReelGestures", "ReelTiming", "ReelStore", "ReelReport", "ReelTrace", "ReelTestSupport",
            ] + appleFrameworkAliases.map { .target(name: $0) }
        ),
        // An independent decision oracle per interactive scenario family, written from the published
        // rules alone (its Oracle*.swift files import no Reel module), checked against the engine.
        .testTarget(name: "ReelOracleTests", dependencies: ["ReelEngine", "ReelTrace"]),
        // docs/ARCHITECTURE.md's rules (import arrows, where SQL lives, public surface), checked on the
        // source text; it depends on no Reel module.
        .testTarget(name: "ReelArchitectureTests"),
        // Publishing to a real PostgreSQL server started by tools/postgres-test-server.
        .testTarget(
            name: "ReelFleetTests",
            dependencies: ["ReelFleet", "ReelRunner", "ReelSynth", "ReelEngine", "ReelStore", "ReelTrace", "ReelTestSupport"]
        ),
        // Mutation fuzzing of the input readers (gesture streams, profiles, engine replies) over Tests/Corpus.
        .testTarget(
            name: "ReelFuzzTests",
            dependencies: [
                "ReelFormats", "ReelEngine", "ReelStore", "ReelTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)

// The two heavy parts are opt-in, each with its own variable; the default package (`swift build`,
// `swift test`, tools/test, tools/demo) compiles neither:
// - the fleet publisher (ReelFleet, reel-publish, ReelFleetTests), REEL_FLEET=1: PostgresNIO brings
//   SwiftNIO's TLS and swift-crypto, each with its own copy of BoringSSL (about 800 C files), for tests
//   that need a PostgreSQL server. tools/install --fleet and .ci/run's fleet step set it (docs/FLEET.md).
// - the capture server (ReelCapture, reel-capture, ReelCaptureTests), REEL_CAPTURE=1: SwiftNIO and
//   Hummingbird were about a fifth of the test build's CPU (docs/history/PERFORMANCE.md, "Session 15: capture
//   opt-in"), and only `reel capture` runs them. tools/install, tools/check-capture and .ci/run's
//   capture step set it; `reel capture` without the executable says how to build it.
// REEL_LEAN_BUILD=1 (tools/sanitize sets it) leaves both out even when one of the two asks for it.
let environment = Context.environment
let lean = environment["REEL_LEAN_BUILD"] == "1"
let withCapture = environment["REEL_CAPTURE"] == "1" && !lean
let withFleet = environment["REEL_FLEET"] == "1" && !lean
var leftOut: Set<String> = []
if !withCapture { leftOut.formUnion(["ReelCapture", "reel-capture", "ReelCaptureTests"]) }
if !withFleet { leftOut.formUnion(["ReelFleet", "reel-publish", "ReelFleetTests"]) }
package.targets.removeAll { leftOut.contains($0.name) }
package.products.removeAll { leftOut.contains($0.name) }
var unusedPackages: [String] = []
if !withCapture { unusedPackages += ["hummingbird", "swift-nio", "swift-nio-extras", "swift-service-lifecycle"] }
if !withFleet { unusedPackages += ["postgres-nio"] }
if !withCapture && !withFleet { unusedPackages += ["swift-log"] }
package.dependencies.removeAll { dependency in
    guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
    return unusedPackages.contains { location.hasSuffix("/" + $0) }
}

// REEL_DOCS=1 (tools/docs sets it): swift-docc-plugin, for `swift package generate-documentation` over the
// DocC catalogs (Sources/*/*.docc). A plugin only, but a package to fetch, so the default build leaves it out.
if environment["REEL_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}

// REEL_OPTIMIZED_TESTS=1 (tools/test sets it): the modules whose code the tests run hardest (the engine,
// its gestures and timing, the trace, the store, the diff, the formats, the synthesizer) are compiled with
// -O in the debug build as well, so the suite's simulations, oracle runs and corpora run at release speed
// while the tests keep `@testable import` (debug builds pass -enable-testing) and their assertions.
// Of the test targets only ReelOracleTests is optimized: its independent oracles simulate 54,000
// sessions, 111 of the suite's 250 s of CPU at -Onone, 22 s at -O; -O keeps IEEE arithmetic exact
// (no fast-math), so the oracles compute the same numbers, and `#expect` is a macro -O leaves in place.
// The optimized modules carry line tables only (-gline-tables-only): a backtrace still names file and
// line, and their rebuild takes 20% less CPU than with full debug info (150 -> 121 s, measured by
// rebuilding them both ways). Each module is here because -O pays for itself in the suite, measured
// one by one in session 17 (compile CPU at -O against -Onone, and the suite's CPU with the module at
// each): ReelFormats at -Onone saved 18 s of compiling and cost the suite 23 s, so it stays; ReelRunner,
// ReelKit and ReelReport at -Onone save 38 s of compiling and cost the suite about 3 s, so they left.
// Set only by the project's own scripts: a package that depends on Reel never sees it, so Reel's
// products carry no unsafe flags.
if Context.environment["REEL_OPTIMIZED_TESTS"] == "1" {
    // The project's own test build compiles swift-property-based, whose `#if canImport(UIKit)` code
    // needs Core Graphics' CGColor. On Linux the name UIKit is ReelKit's alias, so whether that code
    // compiled depended on the scheduler's order (since ReelKit no longer waits for ReelRunner, the
    // aliases could come first). Building the aliases after PropertyBased keeps canImport(UIKit) false
    // there. A package that depends on Reel never builds PropertyBased, and never sees this variable.
    for target in package.targets where appleFrameworkAliases.contains(target.name) {
        target.dependencies.append(.product(name: "PropertyBased", package: "swift-property-based"))
    }
    let optimized: Set<String> = [
        "ReelTrace", "ReelJSON", "ReelTiming", "ReelGestures", "ReelEngine", "ReelStore", "ReelDiff", "ReelFormats",
        "ReelSynth", "ReelOracleTests",
    ]
    for target in package.targets where optimized.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O", "-gline-tables-only"], .when(configuration: .debug))]
    }
}
