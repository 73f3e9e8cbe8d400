import ReelKit

/// The catalog's `modal.bounce-present` as an app writes it: a tap on A (in a navigation
/// controller) presents B full screen with a transitioning delegate whose animator drops B in from
/// one screen below on a UIView spring (0.8 s, damping 0.6, no initial velocity).
public enum BouncePresentExample {
    public static let scene = ReelKitScene(catalogScenario: "modal.bounce-present") { window in
        let first = BounceHomeViewController()
        first.restorationIdentifier = "A"
        let navigation = UINavigationController(rootViewController: first)
        navigation.restorationIdentifier = "nav"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }!
}

final class BounceHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let bounce = BounceInAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: BounceHomeViewController.tapped))
    }

    func tapped(_ tap: UITapGestureRecognizer) {
        let modal = UIViewController()
        modal.restorationIdentifier = "B"
        modal.modalPresentationStyle = .fullScreen
        modal.transitioningDelegate = self
        present(modal, animated: true)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    { bounce }
}

/// Drops the presented view in from one screen below on a spring.
final class BounceInAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.8 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let incoming = transitionContext.viewController(forKey: .to), let incomingView = transitionContext.view(forKey: .to) else {
            return
        }
        let final = transitionContext.finalFrame(for: incoming)
        let screenHeight = transitionContext.containerView.bounds.height
        incomingView.frame = final.offsetBy(dx: 0, dy: screenHeight)
        transitionContext.containerView.addSubview(incomingView)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
            options: [], animations: { incomingView.frame = final },
            completion: { _ in transitionContext.completeTransition(true) })
    }
}
