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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
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
        // The archive: SQLite layer, embedded migrations, trace writers and streaming readers.
        .target(
            name: "ReelStore",
            dependencies: ["CSQLite", "ReelTrace"],
            plugins: ["EmbedMigrations"]
        ),
        // Gesture streams, engine adapters and protocol, recorder, replayer, diff, synthesizer.
        .target(name: "ReelReplay", dependencies: ["ReelEngine", "ReelStore", "ReelTrace"]),
        // The command-line front end.
        .executableTarget(
            name: "reel",
            dependencies: [
                "ReelReplay", "ReelEngine", "ReelStore", "ReelTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-time tool: turns Migrations/*.sql into Swift source so the binary carries its schema.
        .executableTarget(name: "MigrationEmbedder"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"]
        ),
        .testTarget(name: "ReelTimingTests", dependencies: ["ReelTiming"]),
        .testTarget(name: "ReelGesturesTests", dependencies: ["ReelGestures", "ReelTrace"]),
        .testTarget(name: "ReelEngineTests", dependencies: ["ReelEngine", "ReelTrace", "ReelTiming", "ReelGestures"]),
        .testTarget(name: "ReelStoreTests", dependencies: ["ReelStore", "ReelTrace", "CSQLite"]),
        .testTarget(name: "ReelReplayTests", dependencies: ["ReelReplay", "ReelEngine", "ReelStore", "ReelTrace"]),
        .testTarget(name: "ReelCLITests", dependencies: ["ReelReplay", "ReelStore"]),
    ]
)
