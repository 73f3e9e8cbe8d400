import ReelTrace
import Testing

@testable import ReelEngine

/// Appearance and containment callbacks in UIKit's order (REFERENCE.md tables).
@Suite struct CallbackOrderTests {
    @Test func push() throws {
        let trace = try runCatalog("nav.push", touches: tapTouches())
        // B.viewDidLoad, A.viewWillDisappear, B.viewWillAppear, A.viewDidDisappear, B.viewDidAppear; containment around it.
        #expect(
            calls(trace) == [
                "B.willMove(toParent: nav)", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear",
                "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(toParent: nav)",
            ])
        #expect(
            calls(trace, kinds: ["transition"]) == ["nav.animateTransition", "nav.completeTransition(true)", "nav.animationEnded(true)"])
        #expect(trace.outcome.hierarchy.contains(#""children":["A","B"]"#))
    }

    @Test func pop() throws {
        let trace = try runCatalog("nav.pop", touches: tapTouches())
        #expect(
            calls(trace) == [
                "B.willMove(toParent: nil)", "B.viewWillDisappear", "A.viewDidLoad", "A.viewWillAppear",
                "B.viewDidDisappear", "A.viewDidAppear", "B.didMove(toParent: nil)",
            ])
    }

    @Test func popToRootSkipsTheMiddleControllersAppearance() throws {
        let trace = try runCatalog("nav.pop-to-root", touches: tapTouches())
        // Only the top and the root appear or disappear; the middle one only leaves the stack.
        #expect(
            calls(trace) == [
                "C.willMove(toParent: nil)", "B.willMove(toParent: nil)", "C.viewWillDisappear",
                "A.viewDidLoad", "A.viewWillAppear", "C.viewDidDisappear", "A.viewDidAppear",
                "C.didMove(toParent: nil)", "B.didMove(toParent: nil)",
            ])
        #expect(trace.outcome.hierarchy.contains(#""children":["A"]"#))
    }

    @Test func overFullScreenKeepsThePresenterWithoutAppearanceCalls() throws {
        let trace = try runCatalog("present.over-full-screen", touches: tapTouches())
        #expect(
            calls(trace, kinds: ["lifecycle", "presentation"]) == [
                "B.viewDidLoad", "B.viewWillAppear", "B.presentation.frameOfPresentedViewInContainerView",
                "B.presentation.presentationTransitionWillBegin", "B.presentation.presentationTransitionDidEnd(true)",
                "B.viewDidAppear",
            ])
    }

    @Test func customContainerAddChildAndRemove() throws {
        let trace = try runCatalog("container.crossfade", touches: tapTouches())
        // Seed 000: addChild (calls willMove itself), willMove(nil), transition(from:to:) with
        // to.beginAppearance before from's, then from removed, removeFromParent (didMove(nil)), didMove(toParent:).
        #expect(
            calls(trace, kinds: ["lifecycle", "containment"]) == [
                "container.addChild(B)", "B.willMove(toParent: container)", "A.willMove(toParent: nil)", "B.viewDidLoad",
                "B.viewWillAppear", "A.viewWillDisappear", "A.viewDidDisappear", "B.viewDidAppear",
                "A.removeFromParent", "A.didMove(toParent: nil)", "B.didMove(toParent: container)",
            ])
        #expect(trace.outcome.hierarchy.contains(#""children":["B"]"#))
    }

    @Test func transitionBetweenNonChildrenThrows() throws {
        var spec = try #require(ScenarioCatalog.named("container.crossfade"))
        spec.action.addsChild = false
        #expect(throws: EngineError.self) { try Engine().run(scenario: spec, device: .phone, refreshHz: 60, touches: tapTouches()) }
    }

    @Test func fullScreenPresentAndDismiss() throws {
        let present = try runCatalog("present.full-screen", touches: tapTouches())
        #expect(
            calls(present, kinds: ["lifecycle", "presentation"]) == [
                "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.presentation.frameOfPresentedViewInContainerView",
                "B.presentation.presentationTransitionWillBegin", "B.presentation.presentationTransitionDidEnd(true)",
                "A.viewDidDisappear", "B.viewDidAppear",
            ])
        let dismiss = try runCatalog("modal.dismiss", touches: tapTouches())
        #expect(
            calls(dismiss, kinds: ["lifecycle", "presentation"]) == [
                "B.presentation.dismissalTransitionWillBegin", "B.viewWillDisappear", "A.viewWillAppear",
                "B.presentation.dismissalTransitionDidEnd(true)", "B.viewDidDisappear", "A.viewDidAppear",
            ])
        #expect(dismiss.outcome.hierarchy.contains(#""views":["A.view"]"#))
    }

    @Test func segueRoutingAndDecline() throws {
        let trace = try runCatalog("nav.segue-push", touches: tapTouches())
        #expect(
            calls(trace, kinds: ["segue"]) == [
                "A.performSegue(showDetail)", "A.shouldPerformSegue(showDetail) -> true", "A.prepare(for: showDetail, destination: B)",
            ])
        var declined = try #require(ScenarioCatalog.named("nav.segue-push"))
        declined.segueAllowed = false
        let none = try Engine().run(scenario: declined, device: .phone, refreshHz: 60, touches: tapTouches())
        #expect(!none.outcome.completed && none.frames.isEmpty)
    }

    @Test func noTapNoTransition() throws {
        let trace = try runCatalog("nav.push", touches: drag(x0: 100, y0: 100, dx: 100, dy: 0, steps: 5))
        #expect(!trace.outcome.completed && trace.outcome.t == 0 && trace.frames.isEmpty)
        #expect(trace.outcome.hierarchy.contains(#""views":["A.view"]"#))
    }
}
