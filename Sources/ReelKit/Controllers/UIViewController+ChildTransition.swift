extension UIViewController {
    /// A custom container's swap of two children (both must be its children, as UIKit requires):
    /// the incoming child's view joins the outgoing one's superview, `animations` run as an animation
    /// block (a `.transitionCrossDissolve` option cross-fades the two views), and at its end the
    /// outgoing view leaves, the appearance callbacks end and `completion` runs. Recorded as a
    /// `transition` event of this container; the session's outcome is its completion.
    ///
    /// ```swift
    /// addChild(next)
    /// current.willMove(toParent: nil)
    /// transition(from: current, to: next, duration: 0.3, options: .transitionCrossDissolve, animations: nil) { _ in
    ///     current.removeFromParent()
    ///     next.didMove(toParent: self)
    /// }
    /// ```
    public func transition(
        from fromViewController: UIViewController, to toViewController: UIViewController, duration: TimeInterval,
        options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        guard let runtime = KitRuntime.current else { return }
        guard fromViewController.parent === self, toViewController.parent === self else {
            runtime.fail(
                KitFailure(
                    message:
                        "transition(from: \(fromViewController.reelName), to: \(toViewController.reelName)): both controllers must be children of '\(reelName)' (UIKit raises here)"
                ))
            return
        }
        let crossDissolve = options.rawValue & (0xF << 20) == UIView.AnimationOptions.transitionCrossDissolve.rawValue
        runtime.emit(
            "transition", reelName,
            "transition(from: \(fromViewController.reelName), to: \(toViewController.reelName), duration: \(duration)\(crossDissolve ? ", options: transitionCrossDissolve" : ""))"
        )
        let fromView = fromViewController.view!
        let toView = toViewController.view!
        let host = fromView.superview ?? view!
        toViewController.beginAppearance(appearing: true, animated: duration > 0)
        fromViewController.beginAppearance(appearing: false, animated: duration > 0)
        host.insertSubview(toView, aboveSubview: fromView)
        if crossDissolve { UIView.performWithoutAnimation { toView.alpha = 0 } }
        UIView.runBlock(
            duration: duration, delay: 0, timing: options.curve.timing, keyframes: false,
            animations: {
                if crossDissolve {
                    fromView.alpha = 0
                    toView.alpha = 1
                }
                animations?()
            },
            completion: { finished in
                fromView.removeFromSuperview()
                fromView.alpha = 1
                fromViewController.endAppearance()
                toViewController.endAppearance()
                runtime.outcome = (true, runtime.now)
                completion?(finished)
            })
    }
}
