import ReelKit

/// The catalog's `modal.swipe-dismiss` written as an app would: a navigation controller whose root
/// ("A") has presented "B" full screen; a pan on B's view dismisses it interactively. The handler is
/// seed 000's rule in our words: fraction = translation.y / 400 clamped to 0...1, decided in
/// `.changed` (finish when the fraction passes 0.5), cancelled when the pan is cancelled; the
/// finish or cancel runs at completionSpeed = 1 - percentComplete. The dismissal slides B down by
/// the screen's height over 0.4 s, ease in-out (UIKit's cover-vertical numbers).
public enum SwipeDismissExample {
    public static let scene = ReelKitScene(catalogScenario: "modal.swipe-dismiss") { window in
        let home = SwipeHomeViewController()
        home.restorationIdentifier = "A"
        let navigation = UINavigationController(rootViewController: home)
        navigation.restorationIdentifier = "nav"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        home.showModal(animated: false)
    }!
}

/// The presenting screen: it owns the dismissal animator and the swipe interaction, and hands them
/// out as B's transitioning delegate.
final class SwipeHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let dismissAnimation = SlideDownDismissAnimation()
    let swipe = SwipeDownInteraction()

    func showModal(animated: Bool) {
        let modal = UIViewController()
        modal.restorationIdentifier = "B"
        modal.modalPresentationStyle = .fullScreen
        modal.transitioningDelegate = self
        present(modal, animated: animated)
        swipe.attach(to: modal)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        dismissAnimation
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        swipe.isInteracting ? swipe : nil
    }
}

/// Drag down to dismiss: a percent-driven transition fed by a pan on the presented view.
final class SwipeDownInteraction: UIPercentDrivenInteractiveTransition {
    /// Points of downward travel that make the whole dismissal.
    let travel: CGFloat = 400
    private(set) var isInteracting = false
    private var shouldComplete = false
    private weak var presented: UIViewController?

    /// Listens on the presentation's container (B's superview once presented), which covers the
    /// screen, so every finger reaches the pan wherever B has slid to, as in the catalog scenario.
    func attach(to controller: UIViewController) {
        presented = controller
        let surface = controller.view.superview ?? controller.view!
        surface.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: SwipeDownInteraction.handlePan))
    }

    /// The remaining part runs faster the further the finger got.
    override var completionSpeed: CGFloat {
        get { 1 - percentComplete }
        set {}
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        let translation = pan.translation(in: pan.view?.superview)
        switch pan.state {
        case .began:
            isInteracting = true
            presented?.dismiss(animated: true)
        case .changed:
            let fraction = min(max(translation.y / travel, 0), 1)
            shouldComplete = fraction > 0.5
            update(fraction)
        case .ended, .cancelled:
            isInteracting = false
            if !shouldComplete || pan.state == .cancelled { cancel() } else { finish() }
        default:
            break
        }
    }
}

/// Slides the presented view down off the screen, uncovering the presenter's.
final class SlideDownDismissAnimation: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let leaving = transitionContext.viewController(forKey: .from) else { return }
        let container = transitionContext.containerView
        if let revealed = transitionContext.view(forKey: .to) {
            container.insertSubview(revealed, belowSubview: leaving.view)
        }
        let start = transitionContext.initialFrame(for: leaving)
        let offScreen = CGRect(x: start.minX, y: container.bounds.height, width: start.width, height: start.height)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseInOut,
            animations: { leaving.view.frame = offScreen },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
