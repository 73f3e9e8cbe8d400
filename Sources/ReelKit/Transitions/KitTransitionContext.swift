/// The transition context ReelKit hands animators and interaction controllers.
final class KitTransitionContext: UIViewControllerContextTransitioning {
    /// initialFrame(for:) and finalFrame(for:) of the two controllers.
    struct Frames {
        var fromInitial: CGRect
        var fromFinal: CGRect
        var toInitial: CGRect
        var toFinal: CGRect
    }

    unowned let transition: KitTransition
    let containerView: UIView
    let presentationStyle: UIModalPresentationStyle
    let frames: Frames
    let views: [UITransitionContextViewKey: UIView]

    init(
        transition: KitTransition, container: UIView, style: UIModalPresentationStyle, frames: Frames,
        views: [UITransitionContextViewKey: UIView]
    ) {
        self.transition = transition
        self.containerView = container
        self.presentationStyle = style
        self.frames = frames
        self.views = views
    }

    var isAnimated: Bool { transition.isAnimated }
    var isInteractive: Bool { transition.isInteractive }
    var transitionWasCancelled: Bool { transition.wasCancelled }
    var targetTransform: CGAffineTransform { .identity }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        KitRuntime.current?.emit(
            "transition", transition.subject, TransitionCallText.call("updateInteractiveTransition", Double(percentComplete)))
    }

    func finishInteractiveTransition() {
        transition.isInteractive = false
        transition.wasCancelled = false
        KitRuntime.current?.emit("transition", transition.subject, "finishInteractiveTransition")
        transition.coordinator.interactionChanged()
    }

    func cancelInteractiveTransition() {
        transition.isInteractive = false
        transition.wasCancelled = true
        KitRuntime.current?.emit("transition", transition.subject, "cancelInteractiveTransition")
        transition.coordinator.interactionChanged()
    }

    func pauseInteractiveTransition() {
        transition.isInteractive = true
        KitRuntime.current?.emit("transition", transition.subject, "pauseInteractiveTransition")
    }

    func completeTransition(_ didComplete: Bool) { transition.complete(didComplete) }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? transition.from : key == .to ? transition.to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? { views[key] }

    func initialFrame(for vc: UIViewController) -> CGRect {
        vc === transition.from ? frames.fromInitial : vc === transition.to ? frames.toInitial : .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        vc === transition.from ? frames.fromFinal : vc === transition.to ? frames.toFinal : .zero
    }
}

/// `name(0.1234)`: a call with a fraction, four decimals, as the built-in engine writes it.
nonisolated enum TransitionCallText {
    static func call(_ name: String, _ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let magnitude = scaled.magnitude
        // Written byte by byte into the string's own storage (the call runs at every interactive
        // update): the same text as "\(name)(\(sign)\(magnitude / 10_000).\(four decimals))".
        var name = name
        let whole = magnitude / 10_000
        let decimals = magnitude % 10_000
        // name, "(", "-", up to 20 digits, ".", 4 decimals, ")"
        return String(unsafeUninitializedCapacity: name.utf8.count + 28) { buffer in
            var count = name.withUTF8 { utf8 in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[..<utf8.count]).initialize(from: utf8)
                return utf8.count
            }
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            put(UInt8(ascii: "("))
            if scaled < 0 { put(UInt8(ascii: "-")) }
            var divisor: UInt = 1
            while whole / divisor >= 10 { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(whole / divisor % 10))
                divisor /= 10
            }
            put(UInt8(ascii: "."))
            put(UInt8(ascii: "0") + UInt8(decimals / 1000))
            put(UInt8(ascii: "0") + UInt8(decimals / 100 % 10))
            put(UInt8(ascii: "0") + UInt8(decimals / 10 % 10))
            put(UInt8(ascii: "0") + UInt8(decimals % 10))
            put(UInt8(ascii: ")"))
            return count
        }
    }
}

/// The transition's coordinator: alongside animations and interaction news.
final class KitTransitionCoordinator: UIViewControllerTransitionCoordinator {
    unowned let transition: KitTransition
    @exclusivity(unchecked) private var pendingAlongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    @exclusivity(unchecked) private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    @exclusivity(unchecked) private var interactionHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    @exclusivity(unchecked) private var animatorHasRun = false

    init(transition: KitTransition) {
        self.transition = transition
    }

    var isAnimated: Bool { transition.isAnimated }
    var isInteractive: Bool { transition.isInteractive }
    var initiallyInteractive: Bool { transition.interactor != nil }
    var isCancelled: Bool { transition.wasCancelled }
    var isInterruptible: Bool { transition.interruptible != nil }
    var transitionDuration: TimeInterval { transition.duration }
    var percentComplete: CGFloat { CGFloat(transition.progress(at: KitRuntime.current?.now ?? 0)) }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { transition.interactor?.completionCurve ?? .easeInOut }
    var presentationStyle: UIModalPresentationStyle { transition.context.presentationStyle }
    var containerView: UIView { transition.context.containerView }
    var targetTransform: CGAffineTransform { .identity }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        transition.context.viewController(forKey: key)
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { transition.context.view(forKey: key) }

    @discardableResult
    func animate(
        alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        if let subject = transition.presentationSubject {
            KitRuntime.current?.emit("presentation", subject, "animateAlongsideTransition")
        }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        if animatorHasRun {
            transition.runAlongside { animation(self) }
        } else {
            pendingAlongside.append(animation)
        }
        return true
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    func runPendingAlongside() {
        animatorHasRun = true
        let pending = pendingAlongside
        pendingAlongside.removeAll()
        for animation in pending { transition.runAlongside { animation(self) } }
    }

    func interactionChanged() {
        for handler in interactionHandlers { handler(self) }
    }

    func runCompletions() {
        let pending = completions
        completions.removeAll()
        for completion in pending { completion(self) }
    }
}
