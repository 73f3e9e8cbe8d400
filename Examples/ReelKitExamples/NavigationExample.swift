import ReelKit

/// A navigation stack with a custom push/pop animator (the incoming screen slides over the outgoing
/// one, which moves a third of the width and dims to 0.7) and an edge-pan percent-driven pop: a
/// left-edge pan on the detail screen pops it; progress = translation.x / width; at the lift it pops
/// if progress > 0.4, else returns. Push: a tap on the list pushes the detail with the same animator.
public enum NavigationExample {
    public static let duration: TimeInterval = 0.3
    public static let popThreshold: CGFloat = 0.4
    public static let dimmedAlpha: CGFloat = 0.7

    /// Pop by a left-edge pan from the detail screen.
    public static let popScene = ReelKitScene(
        name: "nav.custom-pop", summary: "Left-edge pan pops the detail (custom slide, progress > 0.4 pops)",
        trigger: TriggerSpec(kind: .edgePan, edge: .left, threshold: Double(popThreshold))
    ) { window in
        let (navigation, list) = makeStack()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        list.showDetail(animated: false)
    }

    /// Push by a tap on the list.
    public static let pushScene = ReelKitScene(
        name: "nav.custom-push", summary: "Tap pushes the detail with the custom slide (0.3 s, ease in-out)",
        trigger: TriggerSpec(kind: .tap)
    ) { window in
        let (navigation, _) = makeStack()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }

    @MainActor static func makeStack() -> (UINavigationController, ListViewController) {
        let list = ListViewController()
        list.restorationIdentifier = "list"
        let navigation = UINavigationController(rootViewController: list)
        navigation.restorationIdentifier = "nav"
        navigation.delegate = list.transitions
        return (navigation, list)
    }
}

final class ListViewController: UIViewController {
    let transitions = NavigationTransitions()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ListViewController.tapped))
    }

    func tapped(_ tap: UITapGestureRecognizer) { showDetail(animated: true) }

    func showDetail(animated: Bool) {
        let detail = UIViewController()
        detail.restorationIdentifier = "detail"
        navigationController?.pushViewController(detail, animated: animated)
        transitions.attachEdgePan(to: detail)
    }
}

/// The navigation delegate: the slide animator and, while an edge pan drives it, the interaction.
final class NavigationTransitions: UINavigationControllerDelegate {
    let edgePop = EdgePopInteraction()

    func attachEdgePan(to detail: UIViewController) { edgePop.attach(to: detail) }

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        SlideOverAnimator(pushing: operation == .push)
    }

    func navigationController(
        _ navigationController: UINavigationController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        edgePop.isPopping ? edgePop : nil
    }
}

/// A left-edge pan that pops percent-driven.
final class EdgePopInteraction: UIPercentDrivenInteractiveTransition {
    private(set) var isPopping = false
    private weak var detail: UIViewController?

    func attach(to detail: UIViewController) {
        self.detail = detail
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: EdgePopInteraction.pan)
        edge.edges = .left
        detail.view.addGestureRecognizer(edge)
    }

    func pan(_ edge: UIScreenEdgePanGestureRecognizer) {
        guard let view = edge.view else { return }
        let progress = min(max(edge.translation(in: view).x / view.bounds.width, 0), 1)
        switch edge.state {
        case .began:
            isPopping = true
            detail?.navigationController?.popViewController(animated: true)
        case .changed:
            update(progress)
        case .ended:
            isPopping = false
            if progress > NavigationExample.popThreshold { finish() } else { cancel() }
        case .cancelled, .failed:
            isPopping = false
            cancel()
        default:
            break
        }
    }
}

/// Push: the incoming view slides in from the right over the outgoing one, which moves left by a
/// third of the width and dims; pop plays it backwards.
final class SlideOverAnimator: UIViewControllerAnimatedTransitioning {
    let pushing: Bool

    init(pushing: Bool) {
        self.pushing = pushing
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { NavigationExample.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let from = transitionContext.viewController(forKey: .from), let to = transitionContext.viewController(forKey: .to) else {
            return
        }
        let container = transitionContext.containerView
        let width = container.bounds.width
        let final = transitionContext.finalFrame(for: to)
        if pushing {
            container.addSubview(to.view)
            to.view.frame = final.offsetBy(dx: width, dy: 0)
        } else {
            container.insertSubview(to.view, belowSubview: from.view)
            to.view.frame = final.offsetBy(dx: -width / 3, dy: 0)
            to.view.alpha = NavigationExample.dimmedAlpha
        }
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveEaseInOut,
            animations: {
                to.view.frame = final
                to.view.alpha = 1
                if self.pushing {
                    from.view.frame = final.offsetBy(dx: -width / 3, dy: 0)
                    from.view.alpha = NavigationExample.dimmedAlpha
                } else {
                    from.view.frame = final.offsetBy(dx: width, dy: 0)
                }
            },
            completion: { _ in
                from.view.alpha = 1
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }
}
