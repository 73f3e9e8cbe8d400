// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Reel",
    products: [
        .executable(name: "reel", targets: ["reel"]),
        .library(name: "ReelEngine", targets: ["ReelEngine"]),
        .library(name: "ReelStore", targets: ["ReelStore"]),
        .library(name: "ReelReplay", targets: ["ReelReplay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Test-only: property-based testing (the fuzz suites of ReelFuzzTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Test-only: parses the scale-out recipes (docs/scale/*.yml) the way their schedulers read them.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `reel capture` only: the HTTP server of the ReelCapture module (README, "Capture a corpus", says why).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own networking layer and logger; ReelCapture names client addresses (NIOCore)
        // and keeps the server's log quiet (Logging).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
    ],
    targets: [
        // SQLite's C API, straight from the system library (pkg-config sqlite3).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Value types shared by the engine, the store and the replayer: touches, devices, traces.
        .target(name: "ReelTrace"),
        // Cubic-bezier curves, springs, keyframes, property animators, the frame clock.
        .target(name: "ReelTiming"),
        // Gesture recognizers, velocity estimation, completion policies.
        .target(name: "ReelGestures", dependencies: ["ReelTrace", "ReelTiming"]),
        // The headless UIKit-style transition engine: pure, deterministic, no I/O.
        .target(name: "ReelEngine", dependencies: ["ReelTrace", "ReelTiming", "ReelGestures"]),
        // The archive: SQLite layer, embedded migrations and saved queries, trace writers and streaming readers.
        .target(
            name: "ReelStore",
            dependencies: ["CSQLite", "ReelTrace"],
            plugins: ["EmbedSQL"]
        ),
        // Gesture streams, engine adapters and protocol, recorder, replayer, diff, synthesizer.
        .target(name: "ReelReplay", dependencies: ["ReelEngine", "ReelGestures", "ReelStore", "ReelTrace"]),
        // Replay reports: one self-contained HTML page with tables and SVG plots.
        .target(name: "ReelReport", dependencies: ["ReelReplay", "ReelEngine", "ReelGestures", "ReelStore", "ReelTrace"]),
        // `reel capture`: a small web server that records gesture sessions from a person's finger on a
        // phone. Its own module, so that nothing else in Reel depends on the HTTP server.
        .target(
            name: "ReelCapture",
            dependencies: [
                "ReelReplay", "ReelReport", "ReelEngine", "ReelStore", "ReelTrace",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command-line front end.
        .executableTarget(
            name: "reel",
            dependencies: [
                "ReelReplay", "ReelReport", "ReelEngine", "ReelStore", "ReelTrace", "ReelCapture",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-time tool: turns Migrations/*.sql and Queries/*.sql into Swift source, so the binary
        // carries its schema and its saved queries.
        .executableTarget(name: "SQLEmbedder"),
        .plugin(
            name: "EmbedSQL",
            capability: .buildTool(),
            dependencies: ["SQLEmbedder"]
        ),
        .testTarget(name: "ReelTimingTests", dependencies: ["ReelTiming"]),
        .testTarget(name: "ReelTraceTests", dependencies: ["ReelTrace"]),
        .testTarget(name: "ReelGesturesTests", dependencies: ["ReelGestures", "ReelTrace"]),
        .testTarget(name: "ReelEngineTests", dependencies: ["ReelEngine", "ReelTrace", "ReelTiming", "ReelGestures"]),
        .testTarget(name: "ReelStoreTests", dependencies: ["ReelStore", "ReelTrace", "CSQLite"]),
        .testTarget(name: "ReelReplayTests", dependencies: ["ReelReplay", "ReelEngine", "ReelStore", "ReelTrace"]),
        .testTarget(
            name: "ReelCLITests", dependencies: ["ReelReplay", "ReelStore", "ReelTrace", .product(name: "Yams", package: "Yams")],
            exclude: ["BadInput"]),
        .testTarget(
            name: "ReelCaptureTests",
            dependencies: [
                "ReelCapture", "ReelReplay", "ReelStore", "ReelTrace",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "ReelReportTests", dependencies: ["ReelReport", "ReelReplay", "ReelEngine", "ReelStore", "ReelTrace"]),
        // An independent decision oracle per interactive scenario family, written from the published
        // rules alone (its Oracle*.swift files import no Reel module), checked against the engine.
        .testTarget(name: "ReelOracleTests", dependencies: ["ReelEngine", "ReelReplay", "ReelTrace"]),
        // Mutation fuzzing of the input readers (gesture streams, profiles, engine replies) over Tests/Corpus.
        .testTarget(
            name: "ReelFuzzTests",
            dependencies: ["ReelReplay", "ReelEngine", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
