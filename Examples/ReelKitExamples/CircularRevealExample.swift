import ReelKit

/// A tap presents a detail screen through a circular reveal: the presented view's layer is masked
/// by a `CAShapeLayer` whose `path` a `CABasicAnimation` grows from the 44 pt circle of the button
/// at (195, 760) to the circle through the screen's farthest corner (radius
/// hypot(max(cx, W - cx), max(cy, H - cy))) over 0.5 s ease in-out; the animation's delegate
/// removes the mask and completes the transition when it stops.
public enum CircularRevealExample {
    public static let center = CGPoint(x: 195, y: 760)
    public static let startRadius: CGFloat = 22
    public static let duration: TimeInterval = 0.5

    public static var scene: ReelKitScene { scene(startRadius: startRadius) }

    /// The scene with the reveal starting from another circle (a version with one layer constant
    /// changed, for the replay tests).
    public static func scene(startRadius: CGFloat) -> ReelKitScene {
        ReelKitScene(
            name: "reveal.circle", summary: "Tap: the detail screen grows out of the button in a circle",
            trigger: TriggerSpec(kind: .tap)
        ) { window in build(window, startRadius: startRadius) }
    }

    /// The circle's rect of `radius` about the button.
    public static func circle(radius: CGFloat) -> CGRect {
        CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// The radius that covers a screen of `size` from the button.
    public static func coveringRadius(_ size: CGSize) -> CGFloat {
        let dx = max(center.x, size.width - center.x)
        let dy = max(center.y, size.height - center.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    @MainActor public static func build(_ window: UIWindow, startRadius: CGFloat = startRadius) {
        let home = RevealHomeController()
        home.animator.startRadius = startRadius
        home.restorationIdentifier = "home"
        window.rootViewController = home
        window.makeKeyAndVisible()
    }
}

final class RevealHomeController: UIViewController, UIViewControllerTransitioningDelegate {
    let animator = CircularRevealAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        let tap = UITapGestureRecognizer()
        tap.addTarget(self, action: RevealHomeController.open)
        view.addGestureRecognizer(tap)
    }

    func open(_ tap: UITapGestureRecognizer) {
        let detail = UIViewController()
        detail.restorationIdentifier = "detail"
        detail.modalPresentationStyle = .overFullScreen
        detail.transitioningDelegate = self
        present(detail, animated: true)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    {
        animator
    }
}

/// Grows the mask's circle; completes the transition from the animation's delegate.
final class CircularRevealAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
    private var context: UIViewControllerContextTransitioning?
    private weak var revealed: UIView?
    var startRadius = CircularRevealExample.startRadius

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        CircularRevealExample.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let presented = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        presented.view.frame = transitionContext.finalFrame(for: presented)
        container.addSubview(presented.view)
        let start = UIBezierPath(ovalIn: CircularRevealExample.circle(radius: startRadius)).cgPath
        let end = UIBezierPath(ovalIn: CircularRevealExample.circle(radius: CircularRevealExample.coveringRadius(container.bounds.size)))
            .cgPath
        let mask = CAShapeLayer()
        mask.frame = presented.view.bounds
        mask.path = end
        presented.view.layer.mask = mask
        let grow = CABasicAnimation(keyPath: "path")
        grow.fromValue = start
        grow.toValue = end
        grow.duration = CircularRevealExample.duration
        grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        grow.delegate = self
        context = transitionContext
        revealed = presented.view
        mask.add(grow, forKey: "reveal")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        revealed?.layer.mask = nil
        context?.completeTransition(flag)
        context = nil
    }
}
