// swift-tools-version: 6.2
// An example of a team's package that tests its transitions with ReelTesting (docs/TESTING.md):
// CardScenes is the team's UIKit-style code on ReelKit, CardScenesTests replays an archive of
// recorded swipes against it inside `swift test`. Reel is a path dependency here (this repository);
// a team names it by URL and version instead.
import Foundation
import PackageDescription

// A path dependency's package identity is its folder's name, whatever the clone is called.
let reelFolder = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let reel = reelFolder.lastPathComponent.lowercased()

let package = Package(
    name: "CardTransitions",
    platforms: [.macOS("26.0")],
    dependencies: [.package(path: reelFolder.path)],
    targets: [
        // ReelKitRunner: the scenes as ReelRunner's engine, for the in-process replay (`CardScenes.engine`).
        .target(
            name: "CardScenes",
            dependencies: [.product(name: "ReelKit", package: reel), .product(name: "ReelKitRunner", package: reel)]
        ),
        .testTarget(
            name: "CardScenesTests",
            dependencies: [
                "CardScenes",
                .product(name: "ReelKit", package: reel),
                .product(name: "ReelRunner", package: reel),
                .product(name: "ReelTesting", package: reel),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)
