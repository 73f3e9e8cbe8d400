extension UIViewController {
    /// Presents `viewControllerToPresent` as UIKit does: the transitioning delegate's presentation
    /// controller (custom style), animator and interaction controller, the appearance callbacks, the
    /// presentation controller's hooks, then animateTransition or startInteractiveTransition; the
    /// presenter's view leaves the window afterwards when the presentation controller says so.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let runtime = KitRuntime.current, let window = runtime.window else { return }
        let presenter = presentationRoot
        guard presenter.presentedViewController == nil, runtime.transition == nil else {
            runtime.emit("warning", viewControllerToPresent.reelName, "present ignored: a transition or presentation is in progress")
            return
        }
        let target = viewControllerToPresent
        let style = Self.effectiveStyle(target.modalPresentationStyle)
        target.loadViewIfNeeded()
        let presentationController: UIPresentationController
        if style == .custom {
            runtime.emit(
                "delegate", target.reelName,
                "presentationController(forPresented: \(target.reelName), presenting: \(presenter.reelName), source: \(reelName))")
            presentationController =
                target.transitioningDelegate?.presentationController(forPresented: target, presenting: presenter, source: self)
                ?? UIPresentationController(presentedViewController: target, presenting: presenter)
        } else {
            presentationController = SystemPresentationController(presented: target, presenting: presenter, style: style)
        }
        let container = UIView(frame: window.bounds)
        container.structuralName = target.reelName + ".container"
        window.addSubview(container)
        presentationController.containerView = container
        target.presentationController = presentationController
        presenter.presentedViewController = target
        target.presentingViewController = presenter

        var animator: UIViewControllerAnimatedTransitioning = ImmediateAnimator(addsIncomingView: true)
        var interactor: UIViewControllerInteractiveTransitioning?
        if flag {
            if let delegate = target.transitioningDelegate {
                runtime.emit(
                    "delegate", target.reelName,
                    "animationController(forPresented: \(target.reelName), presenting: \(presenter.reelName), source: \(reelName))")
                if let custom = delegate.animationController(forPresented: target, presenting: presenter, source: self) {
                    animator = custom
                    runtime.emit("delegate", target.reelName, "interactionControllerForPresentation")
                    interactor = delegate.interactionControllerForPresentation(using: custom)
                } else {
                    animator = SystemModalAnimator(presenting: true, style: target.modalTransitionStyle)
                }
            } else {
                animator = SystemModalAnimator(presenting: true, style: target.modalTransitionStyle)
            }
        }
        let removesPresenter = presentationController.shouldRemovePresentersView
        if removesPresenter { presenter.beginAppearance(appearing: false, animated: flag) }
        target.presentationPhase = .presenting
        target.beginAppearance(appearing: true, animated: flag)
        let subject = target.reelName + ".presentation"
        runtime.emit("presentation", subject, "frameOfPresentedViewInContainerView")
        let finalFrame = presentationController.frameOfPresentedViewInContainerView
        var views: [UITransitionContextViewKey: UIView] = [:]
        views[.to] = presentationController.presentedView
        if removesPresenter { views[.from] = presenter.view }
        let presenterFrame = presenter.view.frame
        let transition = KitTransition(
            kind: .present, from: presenter, to: target, container: container, animator: animator, interactor: interactor, animated: flag,
            subject: target.reelName + ".transition", presentationSubject: subject, presentationStyle: style,
            frames: .init(fromInitial: presenterFrame, fromFinal: presenterFrame, toInitial: .zero, toFinal: finalFrame), views: views,
            at: runtime.now)
        runtime.transition = transition
        runtime.emit("presentation", subject, "presentationTransitionWillBegin")
        presentationController.presentationTransitionWillBegin()
        transition.finish = { completed in
            defer { target.presentationPhase = nil }
            runtime.emit("presentation", subject, "presentationTransitionDidEnd(\(completed))")
            presentationController.presentationTransitionDidEnd(completed)
            if completed {
                if removesPresenter {
                    presenter.view.removeFromSuperview()
                    presenter.endAppearance()
                }
                target.endAppearance()
                presentationController.containerViewWillLayoutSubviews()
                presentationController.containerViewDidLayoutSubviews()
            } else {
                target.beginAppearance(appearing: false, animated: flag)
                target.endAppearance()
                target.view.removeFromSuperview()
                container.removeFromSuperview()
                presenter.presentedViewController = nil
                target.presentingViewController = nil
                target.presentationController = nil
                if removesPresenter {
                    presenter.appearance = .appeared
                }
            }
        }
        if let completion { transition.afterEnd.append(completion) }
        transition.begin()
    }

    /// Dismisses the controller this one presented (or this one, when it was presented): the
    /// transitioning delegate's animator and interaction controller, the dismissal hooks, the
    /// appearance callbacks (the presenter's view comes back below the presented one when it had left).
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let runtime = KitRuntime.current, let window = runtime.window else { return }
        let target: UIViewController
        if let presented = presentationRoot.presentedViewController {
            target = presented.deepestPresented
        } else if presentationRoot.presentingViewController != nil {
            target = presentationRoot
        } else {
            return
        }
        guard runtime.transition == nil, let presenter = target.presentingViewController,
            let presentationController = target.presentationController, let container = presentationController.containerView
        else {
            runtime.emit("warning", target.reelName, "dismiss ignored: a transition is in progress")
            return
        }
        var animator: UIViewControllerAnimatedTransitioning = ImmediateAnimator(addsIncomingView: false)
        var interactor: UIViewControllerInteractiveTransitioning?
        if flag {
            animator = SystemModalAnimator(presenting: false, style: target.modalTransitionStyle)
            if let delegate = target.transitioningDelegate {
                runtime.emit("delegate", target.reelName, "animationController(forDismissed: \(target.reelName))")
                if let custom = delegate.animationController(forDismissed: target) {
                    animator = custom
                    runtime.emit("delegate", target.reelName, "interactionControllerForDismissal")
                    interactor = delegate.interactionControllerForDismissal(using: custom)
                }
            }
        }
        let subject = target.reelName + ".presentation"
        runtime.emit("presentation", subject, "dismissalTransitionWillBegin")
        let removedPresenter = presentationController.shouldRemovePresentersView
        let transition = KitTransition(
            kind: .dismiss, from: target, to: presenter, container: container, animator: animator, interactor: interactor, animated: flag,
            subject: target.reelName + ".transition", presentationSubject: subject,
            presentationStyle: Self.effectiveStyle(target.modalPresentationStyle),
            frames: .init(
                fromInitial: target.view.frame, fromFinal: .zero, toInitial: removedPresenter ? window.bounds : .zero,
                toFinal: removedPresenter ? window.bounds : presenter.view.frame),
            views: {
                var views: [UITransitionContextViewKey: UIView] = [:]
                views[.from] = presentationController.presentedView
                if removedPresenter { views[.to] = presenter.view }
                return views
            }(), at: runtime.now)
        runtime.transition = transition
        presentationController.dismissalTransitionWillBegin()
        target.presentationPhase = .dismissing
        target.beginAppearance(appearing: false, animated: flag)
        if removedPresenter {
            // The presenter's view comes back under the presentation for the dismissal.
            window.insertSubview(presenter.view, belowSubview: container)
            presenter.view.frame = window.bounds
            presenter.beginAppearance(appearing: true, animated: flag)
        }
        transition.finish = { completed in
            defer { target.presentationPhase = nil }
            runtime.emit("presentation", subject, "dismissalTransitionDidEnd(\(completed))")
            presentationController.dismissalTransitionDidEnd(completed)
            if completed {
                target.view.removeFromSuperview()
                container.removeFromSuperview()
                if presenter.view.superview !== window {
                    window.insertSubview(presenter.view, at: 0)
                }
                presenter.presentedViewController = nil
                target.presentingViewController = nil
                target.presentationController = nil
                target.endAppearance()
                if removedPresenter { presenter.endAppearance() }
            } else {
                if removedPresenter {
                    presenter.beginAppearance(appearing: false, animated: flag)
                    presenter.endAppearance()
                    presenter.view.removeFromSuperview()
                }
                target.beginAppearance(appearing: true, animated: flag)
                target.endAppearance()
            }
        }
        if let completion { transition.afterEnd.append(completion) }
        transition.begin()
    }

    /// The controller a presentation from this one starts from: the root of its containment tree.
    var presentationRoot: UIViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }

    /// The last controller of the chain of presentations from this one.
    var deepestPresented: UIViewController {
        var current = self
        while let presented = current.presentedViewController { current = presented }
        return current
    }

    /// The style UIKit uses in a phone's compact width: automatic and the sheets are page sheets,
    /// the context styles full screen (ReelKit models no presentation contexts), popovers page sheets.
    static func effectiveStyle(_ style: UIModalPresentationStyle) -> UIModalPresentationStyle {
        switch style {
        case .automatic, .popover, .formSheet: .pageSheet
        case .currentContext, .none: .fullScreen
        case .overCurrentContext: .overFullScreen
        default: style
        }
    }
}
