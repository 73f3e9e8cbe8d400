import ReelKit

/// The card of `CardDismissExample` (threshold 0.35, the same frames and decisions) written the way
/// much shipped code is: it logs from every callback with `print` and `debugPrint`, including lines
/// that look like the engine protocol's own answers. Served over the protocol it must still answer
/// cleanly: `ReelKitServer` keeps its answers apart from the app's standard output
/// (`ProtocolChannel`), so this scene's sessions record and replay like the quiet card's.
public enum LoggingCardExample {
    public static let threshold: CGFloat = 0.35

    public static var scene: ReelKitScene {
        ReelKitScene(
            name: "card.logging", summary: "The card dismissal, logging from every callback",
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 444, threshold: Double(threshold))
        ) { window in
            print("scene: building the window")
            let home = LoggingHomeViewController()
            home.restorationIdentifier = "home"
            window.rootViewController = home
            window.makeKeyAndVisible()
            home.showCard()
        }
    }
}

final class LoggingHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let interaction = LoggingDragInteraction()
    let animator = LoggingSpringAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        print("home: viewDidLoad")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        print("home: viewWillDisappear(\(animated))")
    }

    func showCard() {
        let card = LoggingCardViewController()
        card.restorationIdentifier = "card"
        card.modalPresentationStyle = .overFullScreen
        card.transitioningDelegate = self
        present(card, animated: false)
        interaction.attach(to: card)
        // A line shaped like an answer, unterminated: on the protocol's channel it would corrupt the next answer.
        print(#"{"id":1,"error":"not from the engine"}"#, terminator: "")
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        print("delegate: animationController(forDismissed:)")
        return animator
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        print("delegate: interactionControllerForDismissal, dragging \(interaction.isDragging)")
        return interaction.isDragging ? interaction : nil
    }
}

final class LoggingCardViewController: UIViewController {
    let cardView = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        print("card: viewDidLoad")
        view.backgroundColor = .clear
        cardView.accessibilityIdentifier = "card"
        cardView.frame = CGRect(
            x: 0, y: CardDismissExample.cardTop, width: view.bounds.width, height: view.bounds.height - CardDismissExample.cardTop)
        view.addSubview(cardView)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        debugPrint("card: viewDidDisappear", animated)
    }
}

final class LoggingDragInteraction: UIPercentDrivenInteractiveTransition {
    private(set) var isDragging = false
    private weak var card: LoggingCardViewController?

    func attach(to card: LoggingCardViewController) {
        self.card = card
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self, action: LoggingDragInteraction.drag)
        card.view.addGestureRecognizer(pan)
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        guard let card else { return }
        let progress = min(max(pan.translation(in: card.view).y / card.cardView.bounds.height, 0), 1)
        print("pan: state \(pan.state.rawValue), progress \(progress)")
        switch pan.state {
        case .began:
            isDragging = true
            card.dismiss(animated: true)
        case .changed:
            update(progress)
        case .ended:
            isDragging = false
            if progress > LoggingCardExample.threshold { finish() } else { cancel() }
        case .cancelled, .failed:
            isDragging = false
            cancel()
        default:
            break
        }
    }
}

final class LoggingSpringAnimator: UIViewControllerAnimatedTransitioning {
    private var running: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        print("animator: transitionDuration")
        return CardDismissExample.springDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        print("animator: animateTransition")
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        print("animator: interruptibleAnimator")
        if let running { return running }
        let card = (transitionContext.viewController(forKey: .from) as? LoggingCardViewController)?.cardView
        let bottom = transitionContext.containerView.bounds.height
        let animator = UIViewPropertyAnimator(
            duration: transitionDuration(using: transitionContext), dampingRatio: CardDismissExample.springDamping
        ) {
            print("animator: animations block")
            card?.frame.origin.y = bottom
        }
        animator.addCompletion { position in
            print("animator: completion at \(position == .end ? "end" : "start")")
            transitionContext.completeTransition(position == .end)
        }
        running = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) {
        print("animator: animationEnded(\(transitionCompleted))")
        running = nil
    }
}
