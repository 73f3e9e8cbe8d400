/// UIPresentationController: the presented view's frame, the chrome around it (dimming views) and
/// the four will/did hooks, each recorded as a `presentation` event of "<presented>.presentation".
///
/// ```swift
/// final class HalfSheetPresentationController: UIPresentationController {
///     override var frameOfPresentedViewInContainerView: CGRect {
///         let bounds = containerView!.bounds
///         return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
///     }
/// }
/// ```
@MainActor open class UIPresentationController: NSObject {
    /// `objc_setAssociatedObject`'s values (AssociatedObjects.swift), made on first use.
    lazy var associations = AssociatedObjects()
    public let presentedViewController: UIViewController
    /// The presenter given at init, or nil until the presentation names it.
    @exclusivity(unchecked) private weak var givenPresenter: UIViewController?
    @exclusivity(unchecked) public internal(set) var containerView: UIView?
    @exclusivity(unchecked) public weak var delegate: AnyObject?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        givenPresenter = presentingViewController
    }

    /// The controller presenting (not optional, as UIKit declares it): the one given at init, else
    /// the presented controller's presenter once the presentation began. Read before there is one
    /// (UIKit's `unowned(unsafe)` reference would be garbage), it stops the session with an error
    /// and answers the presented controller.
    public var presentingViewController: UIViewController {
        if let presenter = givenPresenter ?? presentedViewController.presentingViewController { return presenter }
        KitRuntime.current?.fail(
            KitFailure(
                message:
                    "\(type(of: self)).presentingViewController read before '\(presentedViewController.reelName)' was presented (UIKit has none yet)"
            ))
        return presentedViewController
    }

    /// The view the animator animates: the presented controller's view by default.
    open var presentedView: UIView? { presentedViewController.view }

    /// Where the presented view ends: the container's bounds by default.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// Whether the presenter's view leaves the window once presented (fullScreen: true).
    open var shouldRemovePresentersView: Bool { false }
    open var shouldPresentInFullscreen: Bool { true }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}
    /// Never called: a session's screen does not rotate or resize (UIContentContainer).
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

    /// The presentation's style as events and hierarchies name it.
    var styleName: String { "custom" }
}

/// The system's presentation controller of a non-custom style.
final class SystemPresentationController: UIPresentationController {
    let style: UIModalPresentationStyle

    init(presented: UIViewController, presenting: UIViewController?, style: UIModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var shouldRemovePresentersView: Bool { style == .fullScreen }

    override var frameOfPresentedViewInContainerView: CGRect {
        let bounds = containerView?.bounds ?? .zero
        switch style {
        case .pageSheet, .formSheet:
            // The built-in engine's compact-width page sheet: full width below `presentation.page_sheet_top`.
            let top = CGFloat(BuiltinParameters.number("presentation.page_sheet_top"))
            return CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
        default:
            return bounds
        }
    }

    override var styleName: String { style.name }
}

extension UIPresentationController: AssociatedObjectOwner {}
