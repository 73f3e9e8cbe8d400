import ReelKit

/// A card over the home screen, dismissed by dragging it down: the card's own pan handler drives a
/// percent-driven dismissal whose animator is an interruptible spring (UIViewPropertyAnimator,
/// damping ratio 0.9, 0.5 s). Progress = the drag's downward translation / the card's height
/// (clamped to 0...1); at the lift the card goes if progress > `threshold`, else springs back.
/// Version A of the app uses 0.35, version B 0.45 (the regression the README walks through).
public enum CardDismissExample {
    /// The card's frame in the window, points (a 390 x 844 phone).
    public static let cardTop: CGFloat = 400
    public static let springDuration: TimeInterval = 0.5
    public static let springDamping: CGFloat = 0.9

    public static func scene(threshold: CGFloat) -> ReelKitScene {
        ReelKitScene(
            name: "card.dismiss", summary: "Drag the card down: it goes past \(threshold) of its height, else springs back",
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 444, threshold: Double(threshold))
        ) { window in
            let home = CardHomeViewController(threshold: threshold)
            home.restorationIdentifier = "home"
            window.rootViewController = home
            window.makeKeyAndVisible()
            home.showCard(animated: false)
        }
    }
}

final class CardHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let interaction: CardDragInteraction
    let animator = CardSpringAnimator()

    init(threshold: CGFloat) {
        interaction = CardDragInteraction(threshold: threshold)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func showCard(animated: Bool) {
        let card = CardViewController()
        card.restorationIdentifier = "card"
        card.modalPresentationStyle = .overFullScreen
        card.transitioningDelegate = self
        present(card, animated: animated)
        interaction.attach(to: card)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        interaction.isDragging ? interaction : nil
    }
}

/// A clear full-screen controller holding the card.
final class CardViewController: UIViewController {
    let cardView = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .clear
        cardView.accessibilityIdentifier = "card"
        cardView.frame = CGRect(
            x: 0, y: CardDismissExample.cardTop, width: view.bounds.width, height: view.bounds.height - CardDismissExample.cardTop)
        view.addSubview(cardView)
    }
}

/// The card's drag handler and the percent-driven dismissal it feeds.
final class CardDragInteraction: UIPercentDrivenInteractiveTransition {
    let threshold: CGFloat
    private(set) var isDragging = false
    private weak var card: CardViewController?

    init(threshold: CGFloat) {
        self.threshold = threshold
        super.init()
    }

    func attach(to card: CardViewController) {
        self.card = card
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self, action: CardDragInteraction.drag)
        card.view.addGestureRecognizer(pan)
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        guard let card else { return }
        let height = card.cardView.bounds.height
        let progress = min(max(pan.translation(in: card.view).y / height, 0), 1)
        switch pan.state {
        case .began:
            isDragging = true
            card.dismiss(animated: true)
        case .changed:
            update(progress)
        case .ended:
            isDragging = false
            if progress > threshold { finish() } else { cancel() }
        case .cancelled, .failed:
            isDragging = false
            cancel()
        default:
            break
        }
    }
}

/// Moves the card below the screen on an interruptible spring.
final class CardSpringAnimator: UIViewControllerAnimatedTransitioning {
    private var running: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        CardDismissExample.springDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let running { return running }
        let card = (transitionContext.viewController(forKey: .from) as? CardViewController)?.cardView
        let bottom = transitionContext.containerView.bounds.height
        let animator = UIViewPropertyAnimator(
            duration: transitionDuration(using: transitionContext), dampingRatio: CardDismissExample.springDamping
        ) {
            card?.frame.origin.y = bottom
        }
        animator.addCompletion { position in
            transitionContext.completeTransition(position == .end)
        }
        running = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) { running = nil }
}
