import ReelKit

/// The catalog's `sheet.present` as an app writes it (a mail-style sheet): a tap on A presents B
/// with a custom presentation controller that leaves 100 pt at the top, fades a dimming view to
/// 0.4 and shrinks the presenter's view to 0.9 alongside; the animator slides B up from below the
/// screen over 0.4 s, ease in-out.
public enum MailSheetExample {
    public static let scene = ReelKitScene(catalogScenario: "sheet.present") { window in
        let first = MailHomeViewController()
        first.restorationIdentifier = "A"
        let navigation = UINavigationController(rootViewController: first)
        navigation.restorationIdentifier = "nav"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }!
}

final class MailHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let slide = MailSlideAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: MailHomeViewController.compose))
    }

    func compose(_ tap: UITapGestureRecognizer) {
        let sheet = UIViewController()
        sheet.restorationIdentifier = "B"
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = self
        present(sheet, animated: true)
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController)
        -> UIPresentationController?
    {
        MailSheetPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    { slide }
}

final class MailSheetPresentationController: UIPresentationController {
    let dimming = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return CGRect(x: 0, y: 100, width: bounds.width, height: bounds.height - 100)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        let presenter = presentingViewController
        // The presenter is the navigation controller; its visible content is what shrinks (ReelKit,
        // like the built-in engine, lists a navigation controller's content views, not its own).
        let presenterView = (presenter as? UINavigationController)?.topViewController?.view ?? presenter.view!
        dimming.accessibilityIdentifier = "dimming"
        dimming.frame = containerView.bounds
        dimming.alpha = 0
        containerView.addSubview(dimming)
        presentedViewController.transitionCoordinator?.animate(
            alongsideTransition: { _ in
                self.dimming.alpha = 0.4
                presenterView.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
            }, completion: nil)
    }

    override func containerViewWillLayoutSubviews() {
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

final class MailSlideAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let sheet = transitionContext.viewController(forKey: .to), let sheetView = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        let final = transitionContext.finalFrame(for: sheet)
        sheetView.frame = CGRect(x: final.minX, y: container.bounds.height, width: final.width, height: final.height)
        container.addSubview(sheetView)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseInOut,
            animations: { sheetView.frame = final },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
