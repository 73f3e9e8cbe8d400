import ReelTiming

/// The system's modal animation when the transitioning delegate gives none: coverVertical (the view
/// slides up from below the container, and back down) or crossDissolve, over the built-in profile's
/// `modal.duration` along `modal.curve`, as UIView animations.
final class SystemModalAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    let style: UIModalTransitionStyle

    init(presenting: Bool, style: UIModalTransitionStyle) {
        self.presenting = presenting
        self.style = style
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        BuiltinParameters.number("modal.duration")
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        let options = UIView.AnimationOptions(rawValue: UInt(SystemModalAnimator.curve.rawValue) << 16)
        let duration = transitionDuration(using: context)
        if presenting {
            guard let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) else { return }
            let final = context.finalFrame(for: to)
            container.addSubview(toView)
            if style == .crossDissolve {
                toView.frame = final
                toView.alpha = 0
            } else {
                toView.frame = final.offsetBy(dx: 0, dy: container.bounds.height)
            }
            UIView.animate(
                withDuration: duration, delay: 0, options: options,
                animations: {
                    toView.frame = final
                    toView.alpha = 1
                }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        } else {
            guard let fromView = context.view(forKey: .from) else { return }
            if let toView = context.view(forKey: .to), toView.superview !== container {
                container.insertSubview(toView, at: 0)
            }
            UIView.animate(
                withDuration: duration, delay: 0, options: options,
                animations: {
                    if self.style == .crossDissolve {
                        fromView.alpha = 0
                    } else {
                        fromView.frame = fromView.frame.offsetBy(dx: 0, dy: container.bounds.height)
                    }
                }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        }
    }

    /// `modal.curve` as a UIView curve.
    static var curve: UIView.AnimationCurve {
        switch BuiltinParameters.string("modal.curve") {
        case "linear": .linear
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        default: .easeInOut
        }
    }
}

/// A transition without animation (animated: false): the incoming view in place, completed at once.
final class ImmediateAnimator: UIViewControllerAnimatedTransitioning {
    let addsIncomingView: Bool

    init(addsIncomingView: Bool) {
        self.addsIncomingView = addsIncomingView
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        if addsIncomingView, let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) {
            context.containerView.addSubview(toView)
            toView.frame = context.finalFrame(for: to)
        }
        context.completeTransition(true)
    }
}

/// The navigation controller's push and pop when its delegate gives no animator: the incoming view
/// slides in from the trailing edge while the outgoing one moves `nav.parallax` of the width, over
/// `nav.duration` along `nav.curve`, over a dimming view (`nav.dimming_alpha`): the built-in engine's slide.
final class SystemSlideAnimator: UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation

    init(operation: UINavigationController.Operation) {
        self.operation = operation
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        BuiltinParameters.number("nav.duration")
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let from = context.viewController(forKey: .from), let to = context.viewController(forKey: .to) else { return }
        let container = context.containerView
        let width = container.bounds.width
        let parallax = CGFloat(BuiltinParameters.number("nav.parallax")) * width
        let final = context.finalFrame(for: to)
        let options = UIView.AnimationOptions(rawValue: UInt(SystemSlideAnimator.curve.rawValue) << 16)
        if operation == .push {
            container.addSubview(to.view)
            to.view.frame = final.offsetBy(dx: width, dy: 0)
        } else {
            container.insertSubview(to.view, belowSubview: from.view)
            to.view.frame = final.offsetBy(dx: -parallax, dy: 0)
        }
        // The dimming over the underneath view: 0 -> nav.dimming_alpha on push, back on pop.
        let dimAlpha = CGFloat(BuiltinParameters.number("nav.dimming_alpha"))
        let dimming = UIView(frame: container.bounds)
        dimming.accessibilityIdentifier = "dimming"
        dimming.alpha = operation == .push ? 0 : dimAlpha
        container.insertSubview(dimming, belowSubview: operation == .push ? to.view : from.view)
        UIView.animate(
            withDuration: transitionDuration(using: context), delay: 0, options: options,
            animations: {
                to.view.frame = final
                from.view.frame = from.view.frame.offsetBy(dx: self.operation == .push ? -parallax : width, dy: 0)
                dimming.alpha = self.operation == .push ? dimAlpha : 0
            },
            completion: { _ in
                dimming.removeFromSuperview()
                context.completeTransition(!context.transitionWasCancelled)
            })
    }

    static var curve: UIView.AnimationCurve {
        switch BuiltinParameters.string("nav.curve") {
        case "linear": .linear
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        default: .easeInOut
        }
    }
}
