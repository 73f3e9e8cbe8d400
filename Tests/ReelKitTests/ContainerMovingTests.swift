import ReelKit
import ReelTrace
import Testing

/// isMovingToParent / isMovingFromParent for a custom container, from Apple's documentation: a
/// container calls `addChild(_:)`, which calls the child's `willMove(toParent:)`, and calls the
/// child's `didMove(toParent:)` when the move is done; to remove, it calls `willMove(toParent: nil)`
/// and then `removeFromParent()`, which calls `didMove(toParent: nil)` itself. In between, the
/// child's appearance callbacks see isMovingToParent (added, "because it was just added as a child
/// of a container view controller") or isMovingFromParent (removed); outside, both are false.
@Suite @MainActor struct ContainerMovingTests {
    typealias Watching = ControllerSurfaceTests.Watching

    @Test func aChildAddedAndRemovedByACustomContainerIsMovingInBetween() throws {
        nonisolated(unsafe) var child: Watching?
        nonisolated(unsafe) var moving: [String] = []
        let trace = try ControllerSurfaceTests.run { window in
            let container = UIViewController()
            container.restorationIdentifier = "container"
            window.rootViewController = container
            window.makeKeyAndVisible()
            let added = Watching()
            added.restorationIdentifier = "child"
            child = added
            @MainActor func note(_ moment: String) {
                moving.append("\(moment) to=\(added.isMovingToParent) from=\(added.isMovingFromParent)")
            }
            var taps = 0
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in
                taps += 1
                if taps == 1 {
                    note("before addChild")
                    container.addChild(added)
                    note("after addChild")
                    added.beginAppearanceTransition(true, animated: false)
                    container.view.addSubview(added.view)
                    added.endAppearanceTransition()
                    added.didMove(toParent: container)
                    note("after didMove")
                } else {
                    added.willMove(toParent: nil)
                    note("after willMove(nil)")
                    added.beginAppearanceTransition(false, animated: false)
                    added.view.removeFromSuperview()
                    added.endAppearanceTransition()
                    added.removeFromParent()
                    note("after removeFromParent")
                }
            }
            container.view.addGestureRecognizer(tap)
        }
        #expect(
            moving == [
                "before addChild to=false from=false", "after addChild to=true from=false", "after didMove to=false from=false",
                "after willMove(nil) to=false from=true", "after removeFromParent to=false from=false",
            ])
        #expect(
            child?.seen == [
                "willAppear toParent=true", "didAppear toParent=true", "willDisappear fromParent=true", "didDisappear fromParent=true",
            ])
        // removeFromParent calls didMove(toParent: nil) itself: once, after the removal.
        let calls = trace.events.filter { ["lifecycle", "containment"].contains($0.kind) && $0.detail != "viewDidLoad" }
        #expect(
            calls.filter { $0.subject == "child" }.map(\.detail) == [
                "willMove(toParent: container)", "viewWillAppear", "viewDidAppear", "didMove(toParent: container)",
                "willMove(toParent: nil)", "viewWillDisappear", "viewDidDisappear", "removeFromParent", "didMove(toParent: nil)",
            ])
        #expect(calls.contains { $0.subject == "container" && $0.detail == "addChild(child)" })
    }
}
