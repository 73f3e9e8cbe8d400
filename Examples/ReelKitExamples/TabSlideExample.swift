import ReelKit

/// A custom tab-bar transition with an interactive pan, in the style of the transition libraries:
/// a tab bar controller with two tabs ("feed", "profile") whose delegate hands out a slide
/// animator, and, while a finger drives it, a percent-driven interaction. A horizontal pan on the
/// tab controller's view that begins leftwards selects the next tab, rightwards the previous one.
/// The rule: fraction = |translation.x| / the container's width, clamped to 0...1; on release the
/// switch finishes when the fraction passes `TabSlideExample.threshold` (0.4) or the finger flicks
/// faster than `TabSlideExample.flickSpeed` (600 pt/s) in the pan's direction, else it cancels.
/// The animator slides the outgoing view out and the incoming one in by the width, linearly, over
/// 0.35 s.
public enum TabSlideExample {
    public static let threshold: CGFloat = 0.4
    public static let flickSpeed: CGFloat = 600
    public static let duration: TimeInterval = 0.35

    public static let scene = ReelKitScene(
        name: "tab.slide", summary: "A tab bar controller switching tabs with an interactive horizontal pan",
        trigger: TriggerSpec(kind: .pan, direction: .left, extent: 250)
    ) { window in
        let tabs = SlideTabBarController()
        tabs.restorationIdentifier = "tabs"
        let feed = UIViewController()
        feed.restorationIdentifier = "feed"
        let profile = UIViewController()
        profile.restorationIdentifier = "profile"
        tabs.viewControllers = [feed, profile]
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        tabs.installTransitions()
    }
}

/// The tab bar controller keeps its transitions (its delegate and the pan's target are weak).
final class SlideTabBarController: UITabBarController {
    private var transitions: TabSlideTransitions?

    func installTransitions() {
        let made = TabSlideTransitions(tabs: self)
        transitions = made
        delegate = made
    }
}

/// The tab controller's delegate: the slide animator, and the interaction while a pan drives it.
final class TabSlideTransitions: NSObject, UITabBarControllerDelegate {
    let interaction = UIPercentDrivenInteractiveTransition()
    private(set) var isInteracting = false
    private var movingLeft = true
    private weak var tabs: UITabBarController?

    init(tabs: UITabBarController) {
        self.tabs = tabs
        super.init()
        let pan = UIPanGestureRecognizer(target: self, action: TabSlideTransitions.handlePan)
        tabs.view.addGestureRecognizer(pan)
    }

    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        let controllers = tabBarController.viewControllers ?? []
        let forward = (controllers.firstIndex { $0 === toVC } ?? 0) > (controllers.firstIndex { $0 === fromVC } ?? 0)
        return TabSlideAnimator(forward: forward)
    }

    func tabBarController(
        _ tabBarController: UITabBarController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        isInteracting ? interaction : nil
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let tabs, let view = pan.view else { return }
        let translation = pan.translation(in: view)
        switch pan.state {
        case .began:
            movingLeft = translation.x < 0
            let target = tabs.selectedIndex + (movingLeft ? 1 : -1)
            guard (tabs.viewControllers ?? []).indices.contains(target) else { return }
            isInteracting = true
            tabs.selectedIndex = target
        case .changed:
            guard isInteracting else { return }
            interaction.update(Self.fraction(translationX: translation.x, width: view.bounds.width))
        case .ended, .cancelled:
            guard isInteracting else { return }
            isInteracting = false
            let fraction = Self.fraction(translationX: translation.x, width: view.bounds.width)
            let velocity = pan.velocity(in: view).x
            let finishes =
                pan.state == .ended
                && Self.finishes(fraction: fraction, velocityX: velocity, movingLeft: movingLeft)
            if finishes { interaction.finish() } else { interaction.cancel() }
        default:
            break
        }
    }

    /// |translation.x| / width, clamped to 0...1.
    static func fraction(translationX: CGFloat, width: CGFloat) -> CGFloat {
        guard width > 0 else { return 0 }
        return min(max(abs(translationX) / width, 0), 1)
    }

    /// Past the threshold, or a flick faster than `flickSpeed` in the pan's direction.
    static func finishes(fraction: CGFloat, velocityX: CGFloat, movingLeft: Bool) -> Bool {
        let along = movingLeft ? -velocityX : velocityX
        return fraction > TabSlideExample.threshold || along > TabSlideExample.flickSpeed
    }
}

/// Slides the outgoing view out and the incoming one in by the container's width, linearly.
final class TabSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let forward: Bool

    init(forward: Bool) { self.forward = forward }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        TabSlideExample.duration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else { return }
        let container = context.containerView
        let width = container.bounds.width
        let shift = forward ? width : -width
        let final = context.finalFrame(for: toVC)
        toVC.view.frame = final.offsetBy(dx: shift, dy: 0)
        container.addSubview(toVC.view)
        let fromStart = context.initialFrame(for: fromVC)
        UIView.animate(
            withDuration: TabSlideExample.duration, delay: 0, options: .curveLinear,
            animations: {
                fromVC.view.frame = fromStart.offsetBy(dx: -shift, dy: 0)
                toVC.view.frame = final
            },
            completion: { _ in
                if context.transitionWasCancelled { fromVC.view.frame = fromStart }
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}
