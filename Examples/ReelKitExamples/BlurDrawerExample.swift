import ReelKit

/// A drawer presented over a blur with safe-area-aware frames, in the style of the side-menu
/// libraries: a tap on the home screen presents a menu from the left edge. The presentation
/// controller puts a `UIVisualEffectView` over the whole container (its effect set to a dark blur
/// when the presentation begins) and gives the drawer the container's safe area vertically:
/// x = 0, y = the safe area's top, width = min(0.8 x the container's width, 320), height = the
/// container's height minus the top and bottom safe area insets. The animator slides the drawer in
/// from x = -width over 0.3 s, ease out.
public enum BlurDrawerExample {
    public static let duration: TimeInterval = 0.3
    public static let widthFraction: CGFloat = 0.8
    public static let maximumWidth: CGFloat = 320

    public static let scene = ReelKitScene(
        name: "drawer.blur", summary: "Tap presents a left drawer inside the safe area over a dark blur, sliding in over 0.3 s",
        trigger: TriggerSpec(kind: .tap)
    ) { window in
        let home = DrawerHomeViewController()
        home.restorationIdentifier = "home"
        window.rootViewController = home
        window.makeKeyAndVisible()
    }

    /// The drawer's frame in a container of `bounds` with the window's `safeArea` insets.
    public static func drawerFrame(in bounds: CGRect, safeArea: UIEdgeInsets) -> CGRect {
        CGRect(
            x: 0, y: safeArea.top, width: min(bounds.width * widthFraction, maximumWidth),
            height: bounds.height - safeArea.top - safeArea.bottom)
    }
}

final class DrawerHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let slideIn = DrawerSlideAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: DrawerHomeViewController.showMenu))
    }

    func showMenu(_ tap: UITapGestureRecognizer) {
        let menu = UIViewController()
        menu.restorationIdentifier = "menu"
        menu.modalPresentationStyle = .custom
        menu.transitioningDelegate = self
        present(menu, animated: true)
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController)
        -> UIPresentationController?
    {
        BlurDrawerPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    {
        slideIn
    }
}

/// The blur over the container and the drawer's safe-area-aware frame.
final class BlurDrawerPresentationController: UIPresentationController {
    let blur = UIVisualEffectView(effect: nil)

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        return BlurDrawerExample.drawerFrame(in: containerView.bounds, safeArea: containerView.safeAreaInsets)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        blur.accessibilityIdentifier = "blur"
        blur.frame = containerView.bounds
        blur.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        containerView.insertSubview(blur, at: 0)
        blur.effect = UIBlurEffect(style: .dark)
    }

    override func containerViewWillLayoutSubviews() {
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

/// Slides the drawer in from beyond the left edge into its final frame.
final class DrawerSlideAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { BlurDrawerExample.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let menu = transitionContext.viewController(forKey: .to), let menuView = transitionContext.view(forKey: .to) else { return }
        let final = transitionContext.finalFrame(for: menu)
        transitionContext.containerView.addSubview(menuView)
        menuView.frame = final.offsetBy(dx: -final.maxX, dy: 0)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseOut,
            animations: { menuView.frame = final },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
