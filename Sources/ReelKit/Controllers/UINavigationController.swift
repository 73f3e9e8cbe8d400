/// UINavigationController: a stack of controllers whose top one's view fills its view (no
/// navigation bar in frames, as the built-in engine's), push / pop / setViewControllers through the
/// delegate's animator and interaction controller (the system slide otherwise), and the system
/// back swipe (`interactivePopGestureRecognizer`, a left screen-edge pan driven by the built-in
/// engine's back-swipe rule, `SystemBackSwipe`).
///
/// ```swift
/// let navigation = UINavigationController(rootViewController: ListViewController())
/// navigation.delegate = transitions
/// navigation.pushViewController(DetailViewController(), animated: true)
/// ```
@MainActor open class UINavigationController: UIViewController {
    @exclusivity(unchecked) public private(set) var viewControllers: [UIViewController] = []
    @exclusivity(unchecked) public weak var delegate: UINavigationControllerDelegate?
    /// The system back swipe: pops with a percent-driven slide when the delegate gives no animator.
    @exclusivity(unchecked) public private(set) var interactivePopGestureRecognizer: UIGestureRecognizer?
    @exclusivity(unchecked) private var systemPop: SystemBackSwipe?
    @exclusivity(unchecked) private var navigationBarHidden = false
    /// Whether the navigation bar is hidden (default false); setting it is
    /// `setNavigationBarHidden(_:animated: false)`. No bar is in frames either way.
    public var isNavigationBarHidden: Bool {
        get { navigationBarHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        viewControllers = [rootViewController]
        rootViewController.setParentSilently(self)
    }

    /// An empty stack (UIKit's designated initializer; `init()` calls it with nil, nil).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Nil, as `UIViewController.init?(coder:)`: ReelKit decodes no archives.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var recordsAppearance: Bool { false }
    override var appearanceChildren: [UIViewController] { topViewController.map { [$0] } ?? [] }

    public var topViewController: UIViewController? { viewControllers.last }
    public var visibleViewController: UIViewController? { topViewController?.deepestPresented ?? topViewController }

    open override func loadView() {
        let wrapper = loadStructuralWrapper(showing: topViewController)
        let swipe = UIScreenEdgePanGestureRecognizer()
        swipe.edges = .left
        swipe.translationHysteresisKey = "backswipe.translation_hysteresis"
        let backSwipe = SystemBackSwipe(navigation: self)
        swipe.addTarget(backSwipe, action: SystemBackSwipe.handle)
        swipe.delegate = backSwipe
        wrapper.addGestureRecognizer(swipe)
        interactivePopGestureRecognizer = swipe
        systemPop = backSwipe
    }

    public override var reelName: String { restorationIdentifier ?? "nav" }

    /// Hides or shows the navigation bar: a `navigation` event (`setNavigationBarHidden(true,
    /// animated: false)`) when the state changes, as ReelKit draws no bar (frames do not change).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != navigationBarHidden else { return }
        navigationBarHidden = hidden
        KitRuntime.current?.emit("navigation", reelName, "setNavigationBarHidden(\(hidden), animated: \(animated))")
    }

    public func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard let runtime = KitRuntime.current, isViewLoaded, let from = topViewController else {
            // Building the stack before it is on screen: no transition, no callbacks.
            viewControllers.append(viewController)
            viewController.setParentSilently(self)
            return
        }
        guard runtime.transition == nil else {
            runtime.emit("warning", reelName, "push ignored: a transition is in progress")
            return
        }
        viewController.movingPhase = .toParent
        viewController.willMove(toParent: self)
        viewController.setParentSilently(self)
        viewController.loadViewIfNeeded()
        viewControllers.append(viewController)
        startTransition(.push, from: from, to: viewController, animated: animated) { completed in
            viewController.movingPhase = nil
            if completed {
                viewController.didMove(toParent: self)
            } else {
                self.viewControllers.removeAll { $0 === viewController }
                viewController.setParentSilently(nil)
            }
        }
    }

    @discardableResult
    public func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count >= 2 else { return nil }
        return pop(to: viewControllers[viewControllers.count - 2], animated: animated).last
    }

    @discardableResult
    public func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard viewControllers.count >= 2 else { return nil }
        return pop(to: viewControllers[0], animated: animated)
    }

    @discardableResult
    public func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard viewControllers.contains(where: { $0 === viewController }) else { return nil }
        return pop(to: viewController, animated: animated)
    }

    /// Replaces the stack: a push when the new top is new, a pop when it was in the stack.
    public func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        guard let newTop = controllers.last, let from = topViewController, KitRuntime.current?.transition == nil else { return }
        if newTop === from {
            viewControllers = controllers
            for controller in controllers { controller.setParentSilently(self) }
            return
        }
        if viewControllers.contains(where: { $0 === newTop }) {
            _ = pop(to: newTop, animated: animated)
            viewControllers = controllers
        } else {
            pushViewController(newTop, animated: animated)
            viewControllers = controllers
        }
        for controller in controllers { controller.setParentSilently(self) }
    }

    private func pop(to target: UIViewController, animated: Bool) -> [UIViewController] {
        guard KitRuntime.current?.transition == nil, let from = topViewController, target !== from,
            let index = viewControllers.firstIndex(where: { $0 === target })
        else { return [] }
        let popped = Array(viewControllers[(index + 1)...])
        for controller in popped {
            controller.movingPhase = .fromParent
            controller.willMove(toParent: nil)
        }
        let before = viewControllers
        viewControllers.removeSubrange((index + 1)...)
        startTransition(.pop, from: from, to: target, animated: animated) { completed in
            for controller in popped { controller.movingPhase = nil }
            if completed {
                for controller in popped {
                    controller.setParentSilently(nil)
                    controller.didMove(toParent: nil)
                }
            } else {
                self.viewControllers = before
            }
        }
        return popped
    }

    /// A push or pop through the delegate's animator and interaction controller (or the system's).
    private func startTransition(
        _ operation: UINavigationController.Operation, from: UIViewController, to: UIViewController, animated: Bool,
        stack: @escaping (Bool) -> Void
    ) {
        guard let runtime = KitRuntime.current else { return }
        let name = operation == .push ? "push" : "pop"
        var animator: UIViewControllerAnimatedTransitioning = ImmediateNavigationAnimator()
        var interactor: UIViewControllerInteractiveTransitioning?
        if animated {
            animator = SystemSlideAnimator(operation: operation)
            if let delegate {
                runtime.emit("delegate", reelName, "animationControllerFor(\(name), from: \(from.reelName), to: \(to.reelName))")
                if let custom = delegate.navigationController(self, animationControllerFor: operation, from: from, to: to) {
                    animator = custom
                    runtime.emit("delegate", reelName, "interactionControllerFor(animator)")
                    interactor = delegate.navigationController(self, interactionControllerFor: custom)
                }
            }
            if interactor == nil, operation == .pop, let systemPop, systemPop.isDriving, animator is SystemSlideAnimator {
                interactor = systemPop.interaction
            }
            delegate?.navigationController(self, willShow: to, animated: animated)
        }
        from.beginAppearance(appearing: false, animated: animated)
        // A popped-to controller's view loads here, between the two appearance calls (as the built-in engine orders them).
        to.loadViewIfNeeded()
        to.beginAppearance(appearing: true, animated: animated)
        let bounds = view.bounds
        let transition = KitTransition(
            kind: operation == .push ? .push : .pop, from: from, to: to, container: view, animator: animator, interactor: interactor,
            animated: animated, subject: reelName, presentationSubject: nil, presentationStyle: .none,
            frames: .init(fromInitial: bounds, fromFinal: .zero, toInitial: .zero, toFinal: bounds),
            views: [.from: from.view, .to: to.view],
            at: runtime.now)
        transition.finish = { completed in
            if completed {
                from.view.removeFromSuperview()
                if to.view.superview !== self.view { self.view.addSubview(to.view) }
                from.endAppearance()
                to.endAppearance()
                stack(true)
                self.delegate?.navigationController(self, didShow: to, animated: animated)
            } else {
                to.view.removeFromSuperview()
                if from.view.superview !== self.view { self.view.addSubview(from.view) }
                to.beginAppearance(appearing: false, animated: animated)
                to.endAppearance()
                from.beginAppearance(appearing: true, animated: animated)
                from.endAppearance()
                stack(false)
            }
        }
        transition.begin()
    }
}

/// Push or pop without animation: the incoming view in place at once.
final class ImmediateNavigationAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        if let to = context.viewController(forKey: .to) {
            context.containerView.addSubview(to.view)
            to.view.frame = context.finalFrame(for: to)
        }
        context.completeTransition(true)
    }
}
