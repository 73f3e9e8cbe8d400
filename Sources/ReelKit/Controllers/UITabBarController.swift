/// UITabBarController: its controllers, the selected one's view filling its view (no tab bar in
/// frames, as no bar is drawn), and selection changes through the delegate's animator and
/// interaction controller (`animationControllerForTransitionFrom:to:`, `interactionControllerFor:`),
/// as custom tab transitions are written; without an animator the switch is immediate, as UIKit's.
/// Selection is programmatic (no bar to tap), so `shouldSelect`/`didSelect`, which UIKit calls only
/// for the user's taps, are not called.
///
/// ```swift
/// let tabs = UITabBarController()
/// tabs.viewControllers = [FeedViewController(), ProfileViewController()]
/// tabs.delegate = slideTransitions
/// tabs.selectedIndex = 1  // the delegate's animator runs
/// ```
@MainActor open class UITabBarController: UIViewController {
    @exclusivity(unchecked) private var controllers: [UIViewController] = []
    @exclusivity(unchecked) private var selection = 0
    @exclusivity(unchecked) public weak var delegate: UITabBarControllerDelegate?

    override var recordsAppearance: Bool { false }
    override var appearanceChildren: [UIViewController] { selectedViewController.map { [$0] } ?? [] }
    public override var reelName: String { restorationIdentifier ?? "tabs" }

    /// The tabs' controllers; setting them selects the first (or keeps the selected one when it stays).
    public var viewControllers: [UIViewController]? {
        get { controllers.isEmpty ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    public func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let kept = selectedViewController
        for old in controllers where !(viewControllers ?? []).contains(where: { $0 === old }) {
            if old.isViewLoaded, old.view.superview === loadedContainer { old.view.removeFromSuperview() }
            old.setParentSilently(nil)
        }
        controllers = viewControllers ?? []
        for controller in controllers { controller.setParentSilently(self) }
        selection = kept.flatMap { kept in controllers.firstIndex { $0 === kept } } ?? 0
        if let container = loadedContainer, let selected = selectedViewController, selected.view.superview !== container {
            selected.view.frame = container.bounds
            container.addSubview(selected.view)
        }
    }

    /// The selected tab; setting another index switches to it (through the delegate's animator).
    public var selectedIndex: Int {
        get { selection }
        set {
            guard controllers.indices.contains(newValue) else { return }
            select(controllers[newValue])
        }
    }

    public var selectedViewController: UIViewController? {
        get { controllers.indices.contains(selection) ? controllers[selection] : nil }
        set {
            guard let newValue, controllers.contains(where: { $0 === newValue }) else { return }
            select(newValue)
        }
    }

    private var loadedContainer: UIView? { isViewLoaded ? view : nil }

    open override func loadView() {
        _ = loadStructuralWrapper(showing: selectedViewController)
    }

    private func select(_ target: UIViewController) {
        guard let index = controllers.firstIndex(where: { $0 === target }), index != selection else { return }
        guard let runtime = KitRuntime.current, isViewLoaded, let from = selectedViewController else {
            selection = index
            return
        }
        guard runtime.transition == nil else {
            runtime.emit("warning", reelName, "selection ignored: a transition is in progress")
            return
        }
        let previous = selection
        selection = index
        var animator: UIViewControllerAnimatedTransitioning = ImmediateNavigationAnimator()
        var interactor: UIViewControllerInteractiveTransitioning?
        var animated = false
        if let delegate {
            runtime.emit("delegate", reelName, "animationControllerForTransitionFrom(\(from.reelName), to: \(target.reelName))")
            if let custom = delegate.tabBarController(self, animationControllerForTransitionFrom: from, to: target) {
                animator = custom
                animated = true
                runtime.emit("delegate", reelName, "interactionControllerFor(animator)")
                interactor = delegate.tabBarController(self, interactionControllerFor: custom)
            }
        }
        from.beginAppearance(appearing: false, animated: animated)
        target.loadViewIfNeeded()
        target.beginAppearance(appearing: true, animated: animated)
        let bounds = view.bounds
        let transition = KitTransition(
            kind: .tab, from: from, to: target, container: view, animator: animator, interactor: interactor, animated: animated,
            subject: reelName, presentationSubject: nil, presentationStyle: .none,
            frames: .init(fromInitial: bounds, fromFinal: .zero, toInitial: .zero, toFinal: bounds),
            views: [.from: from.view, .to: target.view], at: runtime.now)
        transition.finish = { completed in
            if completed {
                from.view.removeFromSuperview()
                if target.view.superview !== self.view { self.view.addSubview(target.view) }
                from.endAppearance()
                target.endAppearance()
            } else {
                self.selection = previous
                target.view.removeFromSuperview()
                if from.view.superview !== self.view { self.view.addSubview(from.view) }
                target.beginAppearance(appearing: false, animated: animated)
                target.endAppearance()
                from.beginAppearance(appearing: true, animated: animated)
                from.endAppearance()
            }
        }
        transition.begin()
    }
}

/// UITabBarControllerDelegate's transition methods and the selection callbacks (every method
/// optional, UIKit's defaults; the selection callbacks run only for the user's taps in UIKit, and
/// ReelKit has none).
@MainActor public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?
    func tabBarController(
        _ tabBarController: UITabBarController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning?
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { nil }
    public func tabBarController(
        _ tabBarController: UITabBarController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { nil }
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

extension UIViewController {
    /// The nearest tab bar controller among the controller's parents.
    public var tabBarController: UITabBarController? {
        var current = parent
        while let candidate = current {
            if let tabs = candidate as? UITabBarController { return tabs }
            current = candidate.parent
        }
        return nil
    }
}
