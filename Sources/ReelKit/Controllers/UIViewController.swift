/// UIViewController: its view (loaded on first use), the appearance callbacks in UIKit's order,
/// containment, presentation. Subclass it and override as in UIKit; ReelKit records the callbacks
/// as `lifecycle` events under the controller's name (`restorationIdentifier`, else its type).
///
/// ```swift
/// final class CardViewController: UIViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         view.accessibilityIdentifier = "card"
///     }
/// }
/// ```
@MainActor open class UIViewController: NSObject {
    /// `objc_setAssociatedObject`'s values (AssociatedObjects.swift), made on first use.
    lazy var associations = AssociatedObjects()
    @exclusivity(unchecked) private var loadedView: UIView?
    @exclusivity(unchecked) public var title: String?
    /// Names the controller in events and traces (its type's name when nil).
    @exclusivity(unchecked) public var restorationIdentifier: String?
    @exclusivity(unchecked) public private(set) weak var parent: UIViewController?
    @exclusivity(unchecked) public private(set) var children: [UIViewController] = []
    @exclusivity(unchecked) public internal(set) var presentedViewController: UIViewController?
    @exclusivity(unchecked) public internal(set) weak var presentingViewController: UIViewController?
    @exclusivity(unchecked) public var modalPresentationStyle: UIModalPresentationStyle = .automatic
    @exclusivity(unchecked) public var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    @exclusivity(unchecked) public weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    @exclusivity(unchecked) public var definesPresentationContext = false
    @exclusivity(unchecked) public var isModalInPresentation = false
    @exclusivity(unchecked) public var preferredContentSize: CGSize = .zero
    /// The presentation controller of the current presentation of this controller.
    @exclusivity(unchecked) public internal(set) var presentationController: UIPresentationController?
    /// Where the controller's appearance stands (UIKit's private `_appearState`).
    @exclusivity(unchecked) var appearance = AppearanceState.disappeared
    /// A presentation or dismissal of this controller under way (isBeingPresented/Dismissed).
    @exclusivity(unchecked) var presentationPhase: PresentationPhase?
    enum PresentationPhase { case presenting, dismissing }
    /// A container adding (`toParent`) or removing (`fromParent`) this controller: a navigation
    /// controller's push or pop, or a custom container's addChild/willMove ... didMove/removeFromParent.
    @exclusivity(unchecked) var movingPhase: MovingPhase?
    enum MovingPhase { case toParent, fromParent }

    /// The nib UIKit would load the view from; ReelKit loads no nibs, so a controller made with a
    /// name fails its session when its view loads (docs/KIT.md, "View controllers' initializers").
    public let nibName: String?
    /// The bundle of `nibName`; kept, never read.
    public let nibBundle: Bundle?

    /// UIKit's designated initializer. `init(nibName: nil, bundle: nil)` (what `init()` calls) makes
    /// the controller whose `loadView()` creates its view; a nib name is kept, and loading the view
    /// of such a controller fails the session (no nib loading).
    ///
    /// ```swift
    /// final class CardViewController: UIViewController {
    ///     let card: Card
    ///     init(card: Card) {
    ///         self.card = card
    ///         super.init(nibName: nil, bundle: nil)
    ///     }
    ///     required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    /// }
    /// ```
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// UIKit's initializer for a controller decoded from a storyboard or nib archive, `required` as
    /// UIKit's is (so a subclass with an initializer of its own writes one, usually `fatalError()`).
    /// ReelKit decodes no archives: it returns nil rather than a controller missing what the
    /// archive held.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// `init(nibName: nil, bundle: nil)`, as UIKit's `init()`.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The controller's name in events and view keys.
    public var reelName: String { restorationIdentifier ?? typeName }

    /// The controller's type name, worked out once (frames name views by it at every tick).
    private var typeName: String {
        if let cachedTypeName { return cachedTypeName }
        let name = String(describing: type(of: self))
        cachedTypeName = name
        return name
    }
    @exclusivity(unchecked) private var cachedTypeName: String?

    /// Whether the controller's appearance callbacks are recorded (containers forward them to
    /// their visible child and are not recorded themselves, as the built-in engine names content controllers).
    var recordsAppearance: Bool { true }

    // MARK: View

    public var view: UIView! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningController = self
        }
    }

    public var isViewLoaded: Bool { loadedView != nil }
    public var viewIfLoaded: UIView? { loadedView }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        if let nibName {
            KitRuntime.current?.fail(
                KitFailure(
                    message:
                        "\(reelName): its view is in the nib '\(nibName)', and ReelKit loads no nibs; make it with init(nibName: nil, bundle: nil) and build the view in loadView() or viewDidLoad() (docs/KIT.md)"
                ))
        }
        loadView()
        if loadedView == nil { view = UIView(frame: KitRuntime.current.map { Self.screenBounds($0) } ?? .zero) }
        KitRuntime.current?.emit("lifecycle", reelName, "viewDidLoad")
        viewDidLoad()
    }

    static func screenBounds(_ runtime: KitRuntime) -> CGRect {
        CGRect(x: 0, y: 0, width: runtime.device.width, height: runtime.device.height)
    }

    /// Creates the view (override to make your own; the default is a plain view of the screen's size).
    open func loadView() {
        view = UIView(frame: KitRuntime.current.map { Self.screenBounds($0) } ?? .zero)
    }

    open func viewDidLoad() {}

    /// Never called: a session's traits do not change (UITraitCollection.swift).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// Never called: a session's screen does not rotate or resize (UIContentContainer).
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

    /// Touches its root view passed on (UIResponder); by default passed to the view's superview.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { view.superview?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { view.superview?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { view.superview?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { view.superview?.touchesCancelled(touches, with: event) }
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    // MARK: Appearance

    enum AppearanceState { case disappeared, appearing, appeared, disappearing }

    /// beginAppearanceTransition: the will-callback (recorded), forwarded to the visible children.
    func beginAppearance(appearing: Bool, animated: Bool) {
        appearance = appearing ? .appearing : .disappearing
        if recordsAppearance { KitRuntime.current?.emit("lifecycle", reelName, appearing ? "viewWillAppear" : "viewWillDisappear") }
        if appearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        for child in appearanceChildren { child.beginAppearance(appearing: appearing, animated: animated) }
    }

    /// endAppearanceTransition: the did-callback for the transition begun.
    func endAppearance() {
        let appearing = appearance == .appearing
        appearance = appearing ? .appeared : .disappeared
        if recordsAppearance { KitRuntime.current?.emit("lifecycle", reelName, appearing ? "viewDidAppear" : "viewDidDisappear") }
        if appearing { viewDidAppear(false) } else { viewDidDisappear(false) }
        for child in appearanceChildren { child.endAppearance() }
    }

    /// The children whose appearance follows this controller's (containers: the visible ones).
    var appearanceChildren: [UIViewController] { [] }

    // MARK: Containment

    /// Makes `child` a child of this container and calls its `willMove(toParent: self)`, as UIKit's
    /// (a child of another container is removed from it first). The child is moving to its parent
    /// (`isMovingToParent`) until the container calls its `didMove(toParent: self)`.
    public func addChild(_ child: UIViewController) {
        child.removeFromParent()
        KitRuntime.current?.emit("containment", reelName, "addChild(\(child.reelName))")
        children.append(child)
        child.parent = self
        child.movingPhase = .toParent
        child.willMove(toParent: self)
    }

    /// Removes the controller from its parent and calls its `didMove(toParent: nil)`, as UIKit's;
    /// the container calls `willMove(toParent: nil)` before (from then until here the controller is
    /// moving from its parent, `isMovingFromParent`).
    public func removeFromParent() {
        guard let parent else { return }
        KitRuntime.current?.emit("containment", reelName, "removeFromParent")
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
        movingPhase = nil
    }

    /// Called before the controller is added to (`parent`) or removed from (nil) a container: from
    /// here it is moving to or from its parent, until `didMove(toParent:)`. Overrides call super.
    open func willMove(toParent parent: UIViewController?) {
        movingPhase = parent == nil ? .fromParent : .toParent
        KitRuntime.current?.emit("lifecycle", reelName, "willMove(toParent: \(parent?.reelName ?? "nil"))")
    }

    /// Called after the controller was added to (`parent`) or removed from (nil) a container: the
    /// move is over (`isMovingToParent` and `isMovingFromParent` are false again). Overrides call super.
    open func didMove(toParent parent: UIViewController?) {
        movingPhase = nil
        KitRuntime.current?.emit("lifecycle", reelName, "didMove(toParent: \(parent?.reelName ?? "nil"))")
    }

    /// Sets `parent` without the callbacks (containers that manage their children's moves themselves).
    func setParentSilently(_ parent: UIViewController?) {
        if let old = self.parent { old.children.removeAll { $0 === self } }
        self.parent = parent
        if let parent, !parent.children.contains(where: { $0 === self }) { parent.children.append(self) }
    }

    public var navigationController: UINavigationController? {
        var current = parent
        while let candidate = current {
            if let navigation = candidate as? UINavigationController { return navigation }
            current = candidate.parent
        }
        return nil
    }

    /// The coordinator of the transition this controller takes part in, while it runs.
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        guard let transition = KitRuntime.current?.transition, transition.involves(self) else { return nil }
        return transition.coordinator
    }
}

/// UIModalPresentationStyle with UIKit's raw values.
public nonisolated enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2

    var name: String {
        switch self {
        case .fullScreen: "fullScreen"
        case .pageSheet: "pageSheet"
        case .formSheet: "formSheet"
        case .currentContext: "currentContext"
        case .custom: "custom"
        case .overFullScreen: "overFullScreen"
        case .overCurrentContext: "overCurrentContext"
        case .popover: "popover"
        case .none: "none"
        case .automatic: "automatic"
        }
    }
}

/// UIModalTransitionStyle with UIKit's raw values (only coverVertical and crossDissolve are animated by ReelKit's system animator).
public nonisolated enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    case partialCurl = 3
}

extension UIViewController: AssociatedObjectOwner {}
