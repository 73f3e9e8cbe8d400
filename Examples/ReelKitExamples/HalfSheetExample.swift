import ReelKit

/// A tap on the home screen presents a half-height sheet: a custom presentation controller puts the
/// sheet in the lower half and fades a dimming view to 0.5 alongside the transition; the animator
/// slides the sheet up from below the screen over 0.35 s, ease out.
public enum HalfSheetExample {
    public static let duration: TimeInterval = 0.35
    public static let dimmingAlpha: CGFloat = 0.5

    public static let scene = ReelKitScene(
        name: "sheet.half", summary: "Tap presents a half-height sheet over a dimming view (0.5) sliding up in 0.35 s, ease out",
        trigger: TriggerSpec(kind: .tap)
    ) { window in
        let home = SheetHomeViewController()
        home.restorationIdentifier = "home"
        window.rootViewController = home
        window.makeKeyAndVisible()
    }
}

final class SheetHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let slideUp = SlideUpAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: SheetHomeViewController.showSheet))
    }

    func showSheet(_ tap: UITapGestureRecognizer) {
        let sheet = UIViewController()
        sheet.restorationIdentifier = "sheet"
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = self
        present(sheet, animated: true)
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController)
        -> UIPresentationController?
    {
        HalfSheetPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    {
        slideUp
    }
}

/// The lower half of the container, over a dimming view.
final class HalfSheetPresentationController: UIPresentationController {
    let dimming = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimming.accessibilityIdentifier = "dimming"
        dimming.frame = containerView.bounds
        dimming.backgroundColor = .black
        dimming.alpha = 0
        containerView.insertSubview(dimming, at: 0)
        presentedViewController.transitionCoordinator?.animate(
            alongsideTransition: { _ in
                self.dimming.alpha = HalfSheetExample.dimmingAlpha
            }, completion: nil)
    }

    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 }, completion: nil)
    }

    override func containerViewWillLayoutSubviews() {
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

/// Slides the presented view up from below the container into its final frame.
final class SlideUpAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { HalfSheetExample.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let sheet = transitionContext.viewController(forKey: .to), let sheetView = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        let final = transitionContext.finalFrame(for: sheet)
        container.addSubview(sheetView)
        sheetView.frame = final.offsetBy(dx: 0, dy: container.bounds.height - final.minY)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseOut,
            animations: { sheetView.frame = final },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
