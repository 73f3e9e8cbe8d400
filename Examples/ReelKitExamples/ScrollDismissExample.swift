import ReelKit

/// A sheet over the home screen holding a long list (a UIScrollView, content 390 x 2,400, scrolled
/// down to y = 120), dismissed by pulling it down once its content is at the top: the hand-off
/// that sheets over scroll views write (the list's pan and the sheet's pan recognize together, the
/// sheet takes over only at the top of the content).
///
/// The rule, for a drag that lands on the list with the content at offset s0 and translation T:
/// the content's offset is max(s0 - T, 0) and the sheet's top is 100 + max(T - s0, 0): the list
/// scrolls first, and the drag beyond the top of the content moves the sheet, which holds the
/// content at 0. A drag landing above the list moves the sheet alone (top 100 + max(T, 0)). At the
/// lift, a sheet that moved is dismissed iff its pull plus the release velocity's projection at the
/// fast rate, pulled + (v / 1000) 0.99 / (1 - 0.99), exceeds `dismissDistance` (a 0.3 s ease-out
/// slide off the screen, completing the transition), else slides back (0.3 s, ease out); the list
/// then stays at the top (its delegate sets `targetContentOffset` to where it is). A sheet that did
/// not move leaves the list to decelerate on its own.
public enum ScrollDismissExample {
    public static let sheetTop: CGFloat = 100
    public static let contentHeight: CGFloat = 2_400
    public static let startOffset: CGFloat = 120
    public static let dismissDistance: CGFloat = 200
    public static let slideDuration: TimeInterval = 0.3

    /// The release rule: dismissed iff pulled + (v / 1000) d / (1 - d) > distance, d = 0.99.
    public static func dismisses(pulled: CGFloat, velocityY: CGFloat, distance: CGFloat = dismissDistance) -> Bool {
        let d = UIScrollView.DecelerationRate.fast.rawValue
        return pulled + velocityY / 1000 * d / (1 - d) > distance
    }

    public static let scene = scene(dismissDistance: dismissDistance)

    /// The scene with another dismiss distance (a version whose constant changed).
    public static func scene(dismissDistance distance: CGFloat) -> ReelKitScene {
        ReelKitScene(
            name: "sheet.scroll-dismiss",
            summary:
                "Pull a sheet over a scrolled list: the list scrolls to its top, then the sheet follows and is dismissed past \(distance) pt",
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400)
        ) { window in
            let home = ScrollSheetHomeViewController(dismissDistance: distance)
            home.restorationIdentifier = "home"
            window.rootViewController = home
            window.makeKeyAndVisible()
            home.showSheet()
        }
    }
}

final class ScrollSheetHomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let dismissDistance: CGFloat
    let animator = ScrollSheetSlideAnimator()

    init(dismissDistance: CGFloat) {
        self.dismissDistance = dismissDistance
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func showSheet() {
        let sheet = ScrollSheetViewController(dismissDistance: dismissDistance)
        sheet.restorationIdentifier = "sheet"
        sheet.modalPresentationStyle = .overFullScreen
        sheet.transitioningDelegate = self
        present(sheet, animated: false)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
}

/// A clear full-screen controller holding the sheet (`card`) and its list (`list`, whose content
/// view `list.content` shows where the content is).
final class ScrollSheetViewController: UIViewController, UIGestureRecognizerDelegate, UIScrollViewDelegate {
    let dismissDistance: CGFloat
    let card = UIView()
    let list = UIScrollView()
    let dismissPan = UIPanGestureRecognizer()
    /// The content's offset when the list's drag began, and whether this drag holds the content.
    private var scrollStart: CGFloat = 0
    private var holdsContent = false

    init(dismissDistance: CGFloat) {
        self.dismissDistance = dismissDistance
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let rule = ScrollDismissExample.self
        view.backgroundColor = .clear
        card.accessibilityIdentifier = "card"
        card.frame = CGRect(x: 0, y: rule.sheetTop, width: view.bounds.width, height: view.bounds.height - rule.sheetTop)
        view.addSubview(card)
        list.accessibilityIdentifier = "list"
        list.frame = card.bounds
        list.contentSize = CGSize(width: card.bounds.width, height: rule.contentHeight)
        list.delegate = self
        let content = UIView(frame: CGRect(x: 0, y: 0, width: card.bounds.width, height: rule.contentHeight))
        content.accessibilityIdentifier = "list.content"
        list.addSubview(content)
        card.addSubview(list)
        list.contentOffset = CGPoint(x: 0, y: rule.startOffset)
        dismissPan.delegate = self
        dismissPan.addTarget(self, action: ScrollSheetViewController.pull)
        view.addGestureRecognizer(dismissPan)
    }

    /// The sheet's pan and the list's recognize together: the hand-off decides who moves.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        otherGestureRecognizer === list.panGestureRecognizer
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { scrollStart = scrollView.contentOffset.y }

    /// A sheet that moved keeps the content at the top: no deceleration after the lift.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        if card.frame.origin.y > ScrollDismissExample.sheetTop { targetContentOffset.pointee = scrollView.contentOffset }
    }

    func pull(_ pan: UIPanGestureRecognizer) {
        let rule = ScrollDismissExample.self
        let translation = pan.translation(in: view).y
        switch pan.state {
        case .began:
            holdsContent = list.isDragging
            if !holdsContent { scrollStart = 0 }
            follow(translation)
        case .changed:
            follow(translation)
        case .ended, .cancelled:
            let pulled = card.frame.origin.y - rule.sheetTop
            guard pulled > 0 else { return }
            if pan.state == .ended, rule.dismisses(pulled: pulled, velocityY: pan.velocity(in: view).y, distance: dismissDistance) {
                dismiss(animated: true)
            } else {
                UIView.animate(withDuration: rule.slideDuration, delay: 0, options: .curveEaseOut) {
                    self.card.frame.origin.y = rule.sheetTop
                }
            }
        default:
            break
        }
    }

    /// The content scrolls to its top first; what the drag goes beyond it moves the sheet.
    private func follow(_ translation: CGFloat) {
        if holdsContent { list.contentOffset = CGPoint(x: 0, y: max(scrollStart - translation, 0)) }
        card.frame.origin.y = ScrollDismissExample.sheetTop + max(translation - scrollStart, 0)
    }
}

/// Slides the sheet from where it is to below the screen (0.3 s, ease out).
final class ScrollSheetSlideAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        ScrollDismissExample.slideDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let card = (transitionContext.viewController(forKey: .from) as? ScrollSheetViewController)?.card
        let bottom = transitionContext.containerView.bounds.height
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseOut,
            animations: { card?.frame.origin.y = bottom },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
