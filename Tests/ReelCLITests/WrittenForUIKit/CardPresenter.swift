import UIKit

// The screen that presents the card of SwiftSixCardTransition.swift (its interaction controller
// with a static threshold, its spring animator), as an iOS app's Swift 6 target has it, written
// against Apple's UIKit only: a designated initializer with `super.init(nibName: nil, bundle: nil)`
// and the `required init?(coder:)` UIKit makes a subclass write, and a pan whose target-action is
// `#selector` and `@objc`. KitInitSwiftSixTests drops it into the package `reel kit init` writes,
// applies the edit list v2 (`reel kit port`: the selector and `@objc`) and compiles the package's
// sources; nothing else is edited. (Not part of the ReelCLITests target: Package.swift excludes it.)

final class CardPresenterViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let interaction = SwiftSixCardInteraction()
    let animator = SwiftSixCardAnimator()
    private let cardHeight: CGFloat

    init(cardHeight: CGFloat) {
        self.cardHeight = cardHeight
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func showCard() {
        let card = UIViewController(nibName: nil, bundle: nil)
        card.modalPresentationStyle = .overFullScreen
        card.transitioningDelegate = self
        let cardView = UIView(
            frame: CGRect(x: 0, y: view.bounds.height - cardHeight, width: view.bounds.width, height: cardHeight))
        card.view.addSubview(cardView)
        cardView.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
        interaction.card = card
        present(card, animated: false, completion: nil)
    }

    @objc private func handlePan(_ pan: UIPanGestureRecognizer) {
        interaction.handlePan(pan)
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
