import ReelKit

/// An interruptible card: when the scene starts, a property animator is already moving the card
/// down (2 s, ease in-out, y 100 -> 600). A pan grabs it (pauses it and reverses it), scrubs it
/// (reversed, fractionComplete counts toward the start, so fractionComplete = the grabbed fraction
/// − translation.y / 500 keeps the card under the finger), and at the lift continues it on
/// a spring (damping 0.8, over 0.25 x 2 s): down to the end when the finger moved down at the lift
/// (velocity.y > 0), else back up to the start. No view-controller transition: the trace's frames
/// and the card's position are what replays compare.
public enum InterruptibleCardExample {
    public static let startY: CGFloat = 100
    public static let endY: CGFloat = 600
    public static let duration: TimeInterval = 2
    public static let scrubDistance: CGFloat = 500
    public static let springDamping: CGFloat = 0.8
    public static let springDurationFactor: CGFloat = 0.25

    public static let scene = ReelKitScene(
        name: "card.interrupt", summary: "Grab the moving card, drag it, let go: it springs on in the finger's direction",
        trigger: TriggerSpec(kind: .pan, direction: .down, extent: 300, threshold: 0)
    ) { window in
        let root = InterruptibleCardViewController()
        root.restorationIdentifier = "cards"
        window.rootViewController = root
        window.makeKeyAndVisible()
        root.startMoving()
    }
}

final class InterruptibleCardViewController: UIViewController {
    let card = UIView()
    private var animator: UIViewPropertyAnimator?
    private var grabbedFraction: CGFloat = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        card.frame = CGRect(x: 20, y: InterruptibleCardExample.startY, width: 350, height: 200)
        card.accessibilityIdentifier = "card"
        view.addSubview(card)
        view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: InterruptibleCardViewController.dragged))
    }

    func startMoving() {
        let animator = UIViewPropertyAnimator(duration: InterruptibleCardExample.duration, curve: .easeInOut) {
            self.card.frame.origin.y = InterruptibleCardExample.endY
        }
        animator.startAnimation()
        self.animator = animator
    }

    func dragged(_ pan: UIPanGestureRecognizer) {
        guard let animator, animator.state == .active else { return }
        switch pan.state {
        case .began:
            animator.pauseAnimation()
            animator.isReversed = true
            grabbedFraction = animator.fractionComplete
        case .changed:
            animator.fractionComplete = grabbedFraction - pan.translation(in: view).y / InterruptibleCardExample.scrubDistance
        case .ended, .cancelled:
            animator.isReversed = !(pan.velocity(in: view).y > 0)
            let spring = UISpringTimingParameters(dampingRatio: InterruptibleCardExample.springDamping)
            animator.continueAnimation(withTimingParameters: spring, durationFactor: InterruptibleCardExample.springDurationFactor)
        default:
            break
        }
    }
}
