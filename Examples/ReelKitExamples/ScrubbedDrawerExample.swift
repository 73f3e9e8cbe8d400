import ReelKit

/// An upward pan presents a 500 pt drawer interactively, by pausing and scrubbing Core Animation:
/// the interaction controller adds linear 0.4 s animations (the drawer's `position.y` from below
/// the screen to its place, a dimming view's `opacity` 0 to 0.5, both filling both ways) under the
/// container's layer with `speed = 0`, and each move sets the container's `timeOffset` to 0.4 x f
/// (f = -translation.y / 500 clamped to 0...1). At the lift, f > 0.5 resumes the clock where it
/// stands (speed 1, timeOffset 0, beginTime = the layer's time now - the paused time: the
/// remaining (1 - f) x 0.4 s run on) and the drawer's animation's delegate completes the
/// transition; otherwise the layers run back from where they show to the start over the time
/// scrubbed (f x 0.4 s, linear) and the transition is cancelled.
public enum ScrubbedDrawerExample {
    public static let drawerHeight: CGFloat = 500
    public static let duration: TimeInterval = 0.4
    public static let dimmedOpacity: Float = 0.5

    public static var scene: ReelKitScene { scene(dimmedOpacity: dimmedOpacity) }

    /// The scene with the dimming view animating to another opacity (a version with one layer
    /// constant changed, for the replay tests).
    public static func scene(dimmedOpacity: Float) -> ReelKitScene {
        ReelKitScene(
            name: "drawer.scrub", summary: "Pull the drawer up: a paused layer clock scrubbed by the pan",
            trigger: TriggerSpec(kind: .pan, direction: .up, extent: 500)
        ) { window in build(window, dimmedOpacity: dimmedOpacity) }
    }

    @MainActor public static func build(_ window: UIWindow, dimmedOpacity: Float = dimmedOpacity) {
        let home = ScrubHomeController()
        home.interaction.dimmedOpacity = dimmedOpacity
        home.restorationIdentifier = "home"
        window.rootViewController = home
        window.makeKeyAndVisible()
    }
}

final class ScrubHomeController: UIViewController, UIViewControllerTransitioningDelegate {
    let interaction = ScrubbedDrawerInteraction()
    let animator = ScrubbedDrawerAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self, action: ScrubHomeController.drag)
        view.addGestureRecognizer(pan)
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        let fraction = min(max(-pan.translation(in: view).y / ScrubbedDrawerExample.drawerHeight, 0), 1)
        switch pan.state {
        case .began:
            interaction.isDragging = true
            let drawer = UIViewController()
            drawer.restorationIdentifier = "drawer"
            drawer.modalPresentationStyle = .overFullScreen
            drawer.transitioningDelegate = self
            present(drawer, animated: true)
            interaction.scrub(to: fraction)
        case .changed:
            interaction.scrub(to: fraction)
        case .ended:
            interaction.isDragging = false
            interaction.release(finishing: fraction > 0.5)
        case .cancelled, .failed:
            interaction.isDragging = false
            interaction.release(finishing: false)
        default:
            break
        }
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    {
        animator
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        interaction.isDragging ? interaction : nil
    }
}

/// Only interactive here: the interaction controller runs the layers.
final class ScrubbedDrawerAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        ScrubbedDrawerExample.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}
}

/// Pauses the container's layer, scrubs its time, resumes or runs back.
final class ScrubbedDrawerInteraction: NSObject, UIViewControllerInteractiveTransitioning, CAAnimationDelegate {
    var isDragging = false
    var dimmedOpacity = ScrubbedDrawerExample.dimmedOpacity
    private var context: UIViewControllerContextTransitioning?
    private var drawer: UIView?
    private var dimming: UIView?
    private var finishing = false

    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let presented = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        let height = ScrubbedDrawerExample.drawerHeight
        let dim = UIView(frame: container.bounds)
        dim.accessibilityIdentifier = "dimming"
        dim.alpha = CGFloat(dimmedOpacity)
        container.addSubview(dim)
        presented.view.frame = CGRect(x: 0, y: container.bounds.height - height, width: container.bounds.width, height: height)
        presented.view.accessibilityIdentifier = "drawer"
        container.addSubview(presented.view)
        container.layer.speed = 0
        container.layer.timeOffset = 0
        let rise = animation("position.y", from: container.bounds.height + height / 2, to: presented.view.center.y)
        rise.delegate = self
        presented.view.layer.add(rise, forKey: "rise")
        dim.layer.add(animation("opacity", from: 0, to: CGFloat(dimmedOpacity)), forKey: "dim")
        context = transitionContext
        drawer = presented.view
        dimming = dim
    }

    private func animation(_ keyPath: String, from: CGFloat, to: CGFloat, duration: TimeInterval = ScrubbedDrawerExample.duration)
        -> CABasicAnimation
    {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.fillMode = .both
        return animation
    }

    func scrub(to fraction: CGFloat) {
        guard let context else { return }
        context.containerView.layer.timeOffset = ScrubbedDrawerExample.duration * Double(fraction)
        context.updateInteractiveTransition(fraction)
    }

    func release(finishing: Bool) {
        guard let context, let drawer, let dimming else { return }
        let layer = context.containerView.layer
        let paused = layer.timeOffset
        // What shows now, read before the clock changes.
        let shownY = drawer.layer.presentation()?.position.y ?? drawer.center.y
        let shownOpacity = CGFloat(dimming.layer.presentation()?.opacity ?? 0)
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        self.finishing = finishing
        if finishing {
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
            context.finishInteractiveTransition()
            return
        }
        context.cancelInteractiveTransition()
        guard paused > 0 else { return end(completed: false) }
        // Back from where the layers showed, over the time scrubbed.
        let height = ScrubbedDrawerExample.drawerHeight
        drawer.layer.removeAllAnimations()
        dimming.layer.removeAllAnimations()
        drawer.center.y = context.containerView.bounds.height + height / 2
        dimming.alpha = 0
        let fall = animation("position.y", from: shownY, to: drawer.center.y, duration: paused)
        fall.delegate = self
        drawer.layer.add(fall, forKey: "fall")
        dimming.layer.add(animation("opacity", from: shownOpacity, to: 0, duration: paused), forKey: "undim")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // The rise removed to run back is not the end.
        guard flag else { return }
        end(completed: finishing)
    }

    private func end(completed: Bool) {
        context?.completeTransition(completed)
        context = nil
    }
}
