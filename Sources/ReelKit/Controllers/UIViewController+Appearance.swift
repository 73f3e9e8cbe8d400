extension UIViewController {
    /// Whether the controller is being presented: from `present` until its presentation transition
    /// ends (its viewWillAppear and viewDidAppear see true), as UIKit's.
    public var isBeingPresented: Bool { presentationPhase == .presenting }

    /// Whether the controller is being dismissed: from `dismiss` until the dismissal transition
    /// ends, cancelled or not (its viewWillDisappear and viewDidDisappear see true).
    public var isBeingDismissed: Bool { presentationPhase == .dismissing }

    /// Whether the controller is being added to a container, as UIKit's: pushed by a navigation
    /// controller (from `pushViewController` until the push ends), or added by a custom container
    /// (from `addChild` / `willMove(toParent: container)` until `didMove(toParent: container)`); its
    /// viewWillAppear and viewDidAppear in between see true.
    public var isMovingToParent: Bool { movingPhase == .toParent }

    /// Whether the controller is being removed from a container: popped (from the pop until it ends,
    /// cancelled or not), or removed by a custom container (from `willMove(toParent: nil)` until
    /// `removeFromParent()`, which calls `didMove(toParent: nil)`); its viewWillDisappear and
    /// viewDidDisappear in between see true.
    public var isMovingFromParent: Bool { movingPhase == .fromParent }

    /// UIKit's manual appearance forwarding for a custom container: the will-callback (recorded as
    /// a `lifecycle` event), forwarded to the visible children, as the system's own transitions call it.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        beginAppearance(appearing: isAppearing, animated: animated)
    }

    /// The did-callback of the appearance transition begun; without one begun, nothing (UIKit
    /// ignores an unbalanced end).
    public func endAppearanceTransition() {
        guard appearance == .appearing || appearance == .disappearing else { return }
        endAppearance()
    }
}
