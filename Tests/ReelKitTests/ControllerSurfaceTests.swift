import ReelKit
import ReelTrace
import Testing

/// isMovingToParent / isMovingFromParent on push and pop, the navigation bar's hidden state, and
/// UITabBarController's selection through its delegate's animator.
@Suite @MainActor struct ControllerSurfaceTests {
    /// Two taps: at 0 and at 0.8 s (after a push has ended).
    static let twoTaps = [
        Touch(t: 0, id: 0, phase: .began, x: 100, y: 400), Touch(t: 0.05, id: 0, phase: .ended, x: 100, y: 400),
        Touch(t: 0.8, id: 1, phase: .began, x: 100, y: 400), Touch(t: 0.85, id: 1, phase: .ended, x: 100, y: 400),
    ]

    /// Writes down what its appearance callbacks see.
    final class Watching: UIViewController {
        var seen: [String] = []
        override func viewWillAppear(_ animated: Bool) { seen.append("willAppear toParent=\(isMovingToParent)") }
        override func viewDidAppear(_ animated: Bool) { seen.append("didAppear toParent=\(isMovingToParent)") }
        override func viewWillDisappear(_ animated: Bool) { seen.append("willDisappear fromParent=\(isMovingFromParent)") }
        override func viewDidDisappear(_ animated: Bool) { seen.append("didDisappear fromParent=\(isMovingFromParent)") }
    }

    static func run(touches: [Touch] = twoTaps, _ build: @escaping @MainActor @Sendable (UIWindow) -> Void) throws -> Trace {
        try EnvironmentTests.run(Device(width: 390, height: 844, scale: 3), touches: touches, build)
    }

    /// Apple: isMovingToParent is true in viewWillAppear/viewDidAppear of a controller being added
    /// (pushed); isMovingFromParent in viewWillDisappear/viewDidDisappear of one being removed (popped).
    @Test(arguments: [false, true])
    func aPushedControllerIsMovingToItsParentAndAPoppedOneFromIt(animated: Bool) throws {
        nonisolated(unsafe) var pushed: Watching?
        nonisolated(unsafe) var root: Watching?
        nonisolated(unsafe) var after: (Bool, Bool)?
        _ = try Self.run { window in
            let first = Watching()
            let navigation = UINavigationController(rootViewController: first)
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            first.seen.removeAll()
            root = first
            var taps = 0
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in
                taps += 1
                if taps == 1 {
                    let detail = Watching()
                    pushed = detail
                    navigation.pushViewController(detail, animated: animated)
                } else {
                    navigation.popViewController(animated: animated)
                }
            }
            navigation.view.addGestureRecognizer(tap)
        }
        after = (pushed?.isMovingToParent ?? true, pushed?.isMovingFromParent ?? true)
        #expect(
            pushed?.seen == [
                "willAppear toParent=true", "didAppear toParent=true", "willDisappear fromParent=true", "didDisappear fromParent=true",
            ])
        #expect(
            root?.seen == [
                "willDisappear fromParent=false", "didDisappear fromParent=false", "willAppear toParent=false", "didAppear toParent=false",
            ])
        #expect(after! == (false, false), "both are false once the transitions ended")
    }

    @Test func hidingTheNavigationBarIsRecordedOncePerChange() throws {
        nonisolated(unsafe) var hidden: Bool?
        let trace = try Self.run { window in
            let navigation = UINavigationController(rootViewController: UIViewController())
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in
                navigation.setNavigationBarHidden(true, animated: true)
                navigation.setNavigationBarHidden(true, animated: false)
                hidden = navigation.isNavigationBarHidden
            }
            navigation.view.addGestureRecognizer(tap)
        }
        #expect(hidden == true)
        #expect(trace.events.filter { $0.kind == "navigation" }.map(\.detail) == ["setNavigationBarHidden(true, animated: true)"])
    }

    /// A custom tab animator: slides the incoming view in from the right over 0.3 s.
    final class SlideIn: NSObject, UIViewControllerAnimatedTransitioning, UITabBarControllerDelegate {
        var asked: [String] = []
        var onEnd: () -> Void = {}
        func animationEnded(_ transitionCompleted: Bool) { onEnd() }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using context: UIViewControllerContextTransitioning) {
            guard let to = context.view(forKey: .to) else { return }
            let final = context.finalFrame(for: context.viewController(forKey: .to)!)
            context.containerView.addSubview(to)
            to.frame = final.offsetBy(dx: final.width, dy: 0)
            UIView.animate(withDuration: 0.3, delay: 0, options: [.curveLinear]) {
                to.frame = final
            } completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
        func tabBarController(
            _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? {
            asked.append("\(fromVC.restorationIdentifier ?? "?")->\(toVC.restorationIdentifier ?? "?")")
            return self
        }
    }

    @Test func selectingATabRunsTheDelegatesAnimatorAndSwitchesTheSelection() throws {
        nonisolated(unsafe) var slide: SlideIn?
        nonisolated(unsafe) var selected: (Int, String?)?
        nonisolated(unsafe) var second: UIViewController?
        let trace = try Self.run { window in
            let tabs = UITabBarController()
            let feed = UIViewController()
            feed.restorationIdentifier = "feed"
            let profile = UIViewController()
            profile.restorationIdentifier = "profile"
            tabs.viewControllers = [feed, profile]
            let delegate = SlideIn()
            slide = delegate
            tabs.delegate = delegate
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            second = profile
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in
                if tabs.selectedIndex == 0 { tabs.selectedIndex = 1 }
                selected = (tabs.selectedIndex, tabs.selectedViewController?.restorationIdentifier)
            }
            tabs.view.addGestureRecognizer(tap)
        }
        #expect(slide?.asked == ["feed->profile"])
        #expect(selected?.0 == 1 && selected?.1 == "profile")
        #expect(second?.tabBarController != nil)
        let lifecycle = trace.events.filter { $0.kind == "lifecycle" && ($0.detail.hasPrefix("view") && $0.detail.hasSuffix("ppear")) }
        #expect(
            lifecycle.map { "\($0.subject).\($0.detail)" }.suffix(4) == [
                "feed.viewWillDisappear", "profile.viewWillAppear", "feed.viewDidDisappear", "profile.viewDidAppear",
            ])
        // The incoming view slides linearly from x = 390 to 0 over 0.3 s, from the first tap's recognition at 0.05 s.
        let start = 0.05
        for frame in trace.frames {
            guard let view = frame.views.first(where: { $0.key == "profile.view" }), frame.t > start, frame.t < start + 0.3 else {
                continue
            }
            let expected = 390 * (1 - (frame.t - start) / 0.3)
            #expect(abs(view.x - expected) < 1e-9, "t = \(frame.t)")
        }
        #expect(trace.frames.contains { frame in frame.views.contains { $0.key == "profile.view" } })
    }

    /// An interactive tab switch that is cancelled puts the selection back (UIKit restores the
    /// selected controller when the transition does not complete).
    @Test func aCancelledInteractiveTabSwitchRestoresTheSelection() throws {
        final class Interactive: NSObject, UITabBarControllerDelegate {
            let slide = SlideIn()
            let interaction = UIPercentDrivenInteractiveTransition()
            func tabBarController(
                _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                to toVC: UIViewController
            ) -> UIViewControllerAnimatedTransitioning? { slide }
            func tabBarController(
                _ tabBarController: UITabBarController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
            ) -> UIViewControllerInteractiveTransitioning? { interaction }
        }
        nonisolated(unsafe) var kept: Interactive?
        nonisolated(unsafe) var readings: [Int] = []
        var touches = [Touch(t: 0, id: 0, phase: .began, x: 300, y: 400)]
        for k in 1...10 { touches.append(Touch(t: 0.016 * Double(k), id: 0, phase: .moved, x: 300 - 5 * Double(k), y: 400)) }
        touches.append(Touch(t: 0.2, id: 0, phase: .ended, x: 250, y: 400))
        let trace = try Self.run(touches: touches) { window in
            let tabs = UITabBarController()
            tabs.viewControllers = [UIViewController(), UIViewController()]
            let delegate = Interactive()
            kept = delegate
            tabs.delegate = delegate
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            pan.addTarget { recognizer in
                switch recognizer.state {
                case .began:
                    tabs.selectedIndex = 1
                    readings.append(tabs.selectedIndex)
                case .ended: delegate.interaction.cancel()
                default: break
                }
            }
            tabs.view.addGestureRecognizer(pan)
            // Read the selection once the cancelled transition has run to its end.
            delegate.slide.onEnd = { readings.append(tabs.selectedIndex) }
        }
        #expect(kept != nil)
        #expect(!trace.outcome.completed)
        #expect(readings == [1, 0], "selected during the switch, restored after the cancel")
    }
}
