import ReelKit
import ReelKitRunner
import ReelRunner

/// The team's transition: a full-screen card presented over a list, dismissed by dragging it down.
/// The drag finishes the dismissal when it has covered more than `threshold` of `travel`, or when
/// the finger leaves faster than `flickSpeed` points per second downwards.
public enum CardScenes {
    /// The numbers of one build of the card.
    public struct Tuning: Sendable {
        public var travel: CGFloat = 420
        public var threshold: CGFloat = 0.45
        public var flickSpeed: CGFloat = 900
        public init() {}
    }

    /// The scenes of one build, for `reel record`/`reel replay` or an in-process replay.
    public static func scenes(_ tuning: Tuning = Tuning()) -> [ReelKitScene] {
        [
            ReelKitScene(catalogScenario: "modal.swipe-dismiss") { window in
                let list = CardListViewController()
                list.drag = CardDragInteraction(tuning: tuning)
                list.restorationIdentifier = "A"
                let navigation = UINavigationController(rootViewController: list)
                navigation.restorationIdentifier = "nav"
                window.rootViewController = navigation
                window.makeKeyAndVisible()
                list.presentCard()
            }!
        ]
    }

    /// The scenes as an engine the replayer runs in this process.
    public static func engine(_ tuning: Tuning = Tuning(), version: String) -> EngineFactory {
        ReelKitEngine.factory(scenes: scenes(tuning), name: "card-transitions", version: version)
    }
}

/// Presents the card and hands out the dismissal's animator and interaction.
final class CardListViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let dismissal = CardDismissAnimator()
    var drag = CardDragInteraction(tuning: CardScenes.Tuning())

    func presentCard() {
        let card = UIViewController()
        card.restorationIdentifier = "B"
        card.modalPresentationStyle = .fullScreen
        card.transitioningDelegate = self
        present(card, animated: false)
        drag.attach(to: card)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        dismissal
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        drag.isDragging ? drag : nil
    }
}

/// The drag: progress is the downward travel over `tuning.travel`; the decision is made at the lift.
final class CardDragInteraction: UIPercentDrivenInteractiveTransition {
    let tuning: CardScenes.Tuning
    private(set) var isDragging = false
    private weak var card: UIViewController?

    init(tuning: CardScenes.Tuning) {
        self.tuning = tuning
        super.init()
    }

    func attach(to controller: UIViewController) {
        card = controller
        let surface = controller.view.superview ?? controller.view!
        surface.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: CardDragInteraction.dragged))
    }

    func dragged(_ pan: UIPanGestureRecognizer) {
        let translation = pan.translation(in: pan.view?.superview)
        let progress = min(max(translation.y / tuning.travel, 0), 1)
        switch pan.state {
        case .began:
            isDragging = true
            card?.dismiss(animated: true)
        case .changed:
            update(progress)
        case .ended:
            isDragging = false
            let flick = pan.velocity(in: pan.view?.superview).y > tuning.flickSpeed
            if progress > tuning.threshold || flick { finish() } else { cancel() }
        case .cancelled, .failed:
            isDragging = false
            cancel()
        default:
            break
        }
    }
}

/// Slides the card off the bottom of the screen over 0.35 s.
final class CardDismissAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let card = transitionContext.viewController(forKey: .from) else { return }
        let container = transitionContext.containerView
        if let list = transitionContext.view(forKey: .to) {
            container.insertSubview(list, belowSubview: card.view)
        }
        let start = transitionContext.initialFrame(for: card)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseOut,
            animations: { card.view.frame = start.offsetBy(dx: 0, dy: container.bounds.height) },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
