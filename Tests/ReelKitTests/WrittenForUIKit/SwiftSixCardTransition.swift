import UIKit

// A card dismissal as an iOS app's Swift 6 target has it, written against Apple's UIKit only: this
// file compiles in such a target as it is, and compiles here unchanged against ReelKit (through the
// `UIKit` module name, docs/KIT.md "Imports stay"). What the Swift 6 compiler checks: a mutable
// `static var` in a UIPercentDrivenInteractiveTransition subclass is main-actor isolated through its
// superclass (no "not concurrency-safe" error), an NSObject animator conforming to
// UIViewControllerAnimatedTransitioning is main-actor isolated through the protocol, and the
// spring's completion touches the context from the main actor. The recognizer's target-action
// (`#selector`, `@objc`) is the one part a scene wires (SwiftSixCardTests), per the edit list.

final class SwiftSixCardInteraction: UIPercentDrivenInteractiveTransition {
    /// Tuned by the app at launch (a remote setting, a debug menu).
    static var dismissThreshold: CGFloat = 0.35
    static var cardHeight: CGFloat = 444

    private(set) var isDragging = false
    weak var card: UIViewController?

    func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let card, let view = pan.view else { return }
        let progress = min(max(pan.translation(in: view).y / Self.cardHeight, 0), 1)
        switch pan.state {
        case .began:
            isDragging = true
            card.dismiss(animated: true, completion: nil)
        case .changed:
            update(progress)
        case .ended:
            isDragging = false
            if progress > Self.dismissThreshold { finish() } else { cancel() }
        case .cancelled, .failed:
            isDragging = false
            cancel()
        default:
            break
        }
    }
}

final class SwiftSixCardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    static let springDamping: CGFloat = 0.9
    private var running: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        if let running { return running }
        let cardView = transitionContext.viewController(forKey: .from)?.view.subviews.first
        let bottom = transitionContext.containerView.bounds.height
        let animator = UIViewPropertyAnimator(
            duration: transitionDuration(using: transitionContext),
            timingParameters: UISpringTimingParameters(dampingRatio: Self.springDamping))
        animator.addAnimations { cardView?.frame.origin.y = bottom }
        animator.addCompletion { position in
            transitionContext.completeTransition(position == .end)
        }
        running = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) { running = nil }
}

final class SwiftSixCardHostViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let interaction = SwiftSixCardInteraction()
    let animator = SwiftSixCardAnimator()

    func showCard() {
        let card = UIViewController()
        card.modalPresentationStyle = .overFullScreen
        card.transitioningDelegate = self
        let cardView = UIView(
            frame: CGRect(
                x: 0, y: view.bounds.height - SwiftSixCardInteraction.cardHeight, width: view.bounds.width,
                height: SwiftSixCardInteraction.cardHeight))
        cardView.accessibilityIdentifier = "card"
        card.view.addSubview(cardView)
        interaction.card = card
        present(card, animated: false, completion: nil)
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator
    }

    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    {
        interaction.isDragging ? interaction : nil
    }
}
