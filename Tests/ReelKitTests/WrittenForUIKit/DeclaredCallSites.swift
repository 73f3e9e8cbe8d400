import UIKit

// Call sites written from Apple's documented declarations (developer.apple.com/documentation/uikit),
// one or more per row of docs/KIT.md's API table, with the documented argument labels, defaults,
// optionality and result types pinned by annotations. It compiles against UIKit as it is; that it
// compiles against ReelKit is the test (DeclaredCallSitesTests runs the view part and checks its numbers).

@MainActor enum DeclaredCallSites {
    /// UIView geometry, hierarchy, conversion, hit-testing, snapshots and layout. Returns what the
    /// test checks: a point converted from `inner` to the window, and the hit view's tag.
    static func views(in window: UIWindow) -> (converted: CGPoint, hitTag: Int) {
        let outer = UIView(frame: CGRect(x: 10, y: 20, width: 300, height: 400))
        let inner = UIView()
        inner.frame = CGRect(x: 5, y: 7, width: 100, height: 100)
        inner.tag = 7
        inner.backgroundColor = UIColor(white: 0, alpha: 0.5)
        inner.alpha = 1
        inner.isHidden = false
        inner.center = CGPoint(x: inner.center.x, y: inner.center.y)
        inner.transform = CGAffineTransform.identity.concatenating(CGAffineTransform(translationX: 0, y: 0))
        let _: CGRect = inner.bounds
        window.addSubview(outer)
        outer.addSubview(inner)
        let below = UIView()
        outer.insertSubview(below, at: 0)
        outer.insertSubview(UIView(), belowSubview: inner)
        outer.insertSubview(UIView(), aboveSubview: below)
        outer.bringSubviewToFront(inner)
        outer.sendSubviewToBack(below)
        let _: Bool = inner.isDescendant(of: window)
        let _: [UIView] = outer.subviews
        let _: UIView? = inner.superview
        let _: UIWindow? = inner.window
        let converted: CGPoint = inner.convert(CGPoint(x: 1, y: 2), to: nil)
        let _: CGRect = outer.convert(inner.frame, from: inner)
        let _: CGPoint = outer.convert(CGPoint.zero, from: nil)
        let _: CGRect = outer.convert(CGRect.zero, to: window)
        let hit: UIView? = window.hitTest(CGPoint(x: 20, y: 30), with: nil)
        let _: Bool = inner.point(inside: CGPoint(x: 1, y: 1), with: nil)
        let _: UIView? = inner.snapshotView(afterScreenUpdates: false)
        inner.setNeedsLayout()
        inner.layoutIfNeeded()
        inner.accessibilityIdentifier = "inner"
        below.removeFromSuperview()
        return (converted, hit?.tag ?? -1)
    }

    /// UIView animation blocks and property animators.
    static func animations(_ view: UIView) {
        UIView.animate(withDuration: 0.3) { view.alpha = 0.5 }
        UIView.animate(withDuration: 0.3, animations: { view.alpha = 0.6 }, completion: { (_: Bool) in })
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .beginFromCurrentState], animations: {}, completion: nil)
        UIView.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {},
            completion: nil)
        UIView.animateKeyframes(
            withDuration: 1, delay: 0, options: [],
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 1 }
            }, completion: nil)
        UIView.performWithoutAnimation { view.alpha = 1 }

        let curve = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut) { view.alpha = 0.2 }
        let points = UIViewPropertyAnimator(
            duration: 0.3, controlPoint1: CGPoint(x: 0.1, y: 0), controlPoint2: CGPoint(x: 0.2, y: 1), animations: nil)
        let damped = UIViewPropertyAnimator(duration: 0.3, dampingRatio: 0.9, animations: nil)
        let system = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters())
        let _ = UISpringTimingParameters(dampingRatio: 0.8)
        let _ = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: 0, dy: 1))
        let _ = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0))
        let _ = UICubicTimingParameters(animationCurve: .linear)
        let _ = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0.8, y: 1))
        points.addAnimations { view.alpha = 0.4 }
        points.addAnimations({ view.alpha = 0.3 }, delayFactor: 0.5)
        points.addCompletion { (position: UIViewAnimatingPosition) in _ = position == .end }
        curve.startAnimation()
        damped.startAnimation(afterDelay: 0.1)
        curve.pauseAnimation()
        curve.fractionComplete = 0.5
        curve.isReversed = false
        curve.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        damped.stopAnimation(true)
        system.startAnimation()
        let _: UIViewPropertyAnimator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 0.2, delay: 0, options: [], animations: { view.alpha = 1 }, completion: nil)
    }

    /// View controllers, containment, presentation and navigation.
    static func controllers(_ root: UIViewController) {
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        let presented = UIViewController()
        presented.modalPresentationStyle = .overFullScreen
        presented.modalTransitionStyle = .crossDissolve
        presented.transitioningDelegate = nil
        root.present(presented, animated: false)
        let _: UIViewController? = root.presentedViewController
        let _: UIViewController? = presented.presentingViewController
        let _: UIPresentationController? = presented.presentationController
        let _: (any UIViewControllerTransitionCoordinator)? = root.transitionCoordinator
        presented.dismiss(animated: false)
        presented.dismiss(animated: false, completion: nil)

        let navigation = UINavigationController(rootViewController: UIViewController())
        navigation.pushViewController(UIViewController(), animated: false)
        let _: UIViewController? = navigation.popViewController(animated: false)
        let _: [UIViewController]? = navigation.popToRootViewController(animated: false)
        let _: [UIViewController]? = navigation.popToViewController(navigation.viewControllers[0], animated: false)
        navigation.setViewControllers([UIViewController()], animated: false)
        let _: UIViewController? = navigation.topViewController
        let _: UIGestureRecognizer? = navigation.interactivePopGestureRecognizer
        navigation.delegate = nil
    }

    /// What an animator and an interaction controller call on the context.
    static func context(_ context: any UIViewControllerContextTransitioning) {
        let _: UIView = context.containerView
        let _: UIView? = context.view(forKey: .from)
        let _: UIView? = context.view(forKey: .to)
        let _: UIViewController? = context.viewController(forKey: .from)
        let to = context.viewController(forKey: .to)!
        let _: CGRect = context.initialFrame(for: to)
        let _: CGRect = context.finalFrame(for: to)
        let _: Bool = context.isInteractive
        let _: Bool = context.transitionWasCancelled
        let _: CGAffineTransform = context.targetTransform
        context.updateInteractiveTransition(0.5)
        context.pauseInteractiveTransition()
        context.finishInteractiveTransition()
        context.cancelInteractiveTransition()
        context.completeTransition(!context.transitionWasCancelled)
    }

    static func coordinator(_ coordinator: any UIViewControllerTransitionCoordinator) {
        coordinator.animate(alongsideTransition: { (_: any UIViewControllerTransitionCoordinatorContext) in })
        coordinator.animate(alongsideTransition: nil, completion: { context in _ = context.isCancelled })
        coordinator.notifyWhenInteractionChanges { context in _ = context.percentComplete }
    }

    static func percentDriven(_ interaction: UIPercentDrivenInteractiveTransition) {
        interaction.completionSpeed = 1
        interaction.completionCurve = .easeOut
        interaction.wantsInteractiveStart = true
        interaction.timingCurve = UICubicTimingParameters(animationCurve: .easeOut)
        let _: CGFloat = interaction.percentComplete
        let _: CGFloat = interaction.duration
        interaction.update(0.3)
        interaction.pause()
        interaction.finish()
        interaction.cancel()
    }

    static func presentationController(_ controller: UIPresentationController) {
        let _: UIViewController = controller.presentingViewController
        let _: UIViewController = controller.presentedViewController
        let _: UIView? = controller.presentedView
        let _: UIView? = controller.containerView
        let _: CGRect = controller.frameOfPresentedViewInContainerView
        let _: Bool = controller.shouldRemovePresentersView
    }

    static func recognizers(_ view: UIView, delegate: any UIGestureRecognizerDelegate) {
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        pan.minimumNumberOfTouches = 1
        pan.maximumNumberOfTouches = 2
        let _: CGPoint = pan.translation(in: view)
        pan.setTranslation(.zero, in: view)
        let _: CGPoint = pan.velocity(in: view)
        let _: CGPoint = pan.location(in: view)
        let _: Int = pan.numberOfTouches
        let edge = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
        edge.edges = .left
        let pinch = UIPinchGestureRecognizer(target: nil, action: nil)
        let _: CGFloat = pinch.scale
        let _: CGFloat = pinch.velocity
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.numberOfTapsRequired = 1
        pan.require(toFail: tap)
        pan.delegate = delegate
        pan.isEnabled = true
        pan.name = "drag"
        pan.cancelsTouchesInView = true
        let _: UIGestureRecognizer.State = pan.state
        let _: UIView? = pan.view
        view.addGestureRecognizer(pan)
        view.removeGestureRecognizer(edge)
        let _: [UIGestureRecognizer]? = view.gestureRecognizers
    }

    static func touch(_ touch: UITouch, in view: UIView) {
        let _: CGPoint = touch.location(in: view)
        let _: UITouch.Phase = touch.phase
        let _: TimeInterval = touch.timestamp
        let _: UIView? = touch.view
    }
}
