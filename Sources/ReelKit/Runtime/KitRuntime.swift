import ReelTiming
import ReelTrace

/// One session's world: the clock, the window, what happened, what animates. ReelKit's UIKit
/// classes reach it through `KitRuntime.current` while a scene runs (`KitSession` sets it), the way
/// UIKit code reaches the main run loop: UIView.animate, present and the recognizers need no handle.
///
/// A session runs on one thread from start to end (as UIKit's objects live on the main thread), so
/// the stored properties of ReelKit's classes that a session reads at every tick or touch (here,
/// UIView, UIViewController, the recognizers, transitions and animation groups) are declared
/// `@exclusivity(unchecked)`: Swift's run-time check of overlapping accesses to a class property
/// cost about 200 instructions per access (a thread-local access set), a tenth of the example
/// engine's instructions. No ReelKit code mutates such a property while another access to it is
/// under way; the tests run with the same declarations.
final class KitRuntime: @unchecked Sendable {
    @TaskLocal static var current: KitRuntime?

    let sceneName: String
    let device: Device
    let frameClock: FrameClock
    /// How UIView springs fit their duration (the built-in profile's `spring.settle_epsilon`).
    let springSettings: SpringSettings
    /// Seconds since the session's start: the touch being handled, or the display tick being rendered.
    @exclusivity(unchecked) var now = 0.0
    /// Whether events are recorded (false while the scene builds its hierarchy).
    @exclusivity(unchecked) var recording = false
    @exclusivity(unchecked) var events: [TraceEvent] = []
    @exclusivity(unchecked) var window: UIWindow!
    /// The transition in flight (UIKit runs one per container at a time; ReelKit one per session).
    @exclusivity(unchecked) var transition: KitTransition?
    /// The last transition's completeTransition: the session's decision.
    @exclusivity(unchecked) var outcome: (completed: Bool, t: Double)?
    /// Animation blocks (UIView.animate, keyframes) not yet completed, in creation order.
    @exclusivity(unchecked) var groups: [AnimationGroup] = []
    /// Property animators that are running or paused, in creation order.
    @exclusivity(unchecked) var propertyAnimators: [UIViewPropertyAnimator] = []
    /// Scroll views whose content moves on its own (decelerating, bouncing back, animating an
    /// offset), in the order they started: each display tick advances them (ScrollMotion.swift).
    @exclusivity(unchecked) var movingScrollViews: [UIScrollView] = []
    /// Recorders of the animation blocks being run, innermost last.
    @exclusivity(unchecked) var recorders: [AnimationRecorder] = []
    /// performWithoutAnimation depth.
    @exclusivity(unchecked) var animationsSuppressed = 0
    /// The interactive transition's timeline that UIView.animate binds to (UIKit pauses the
    /// container layer and scrubs its time), while the animator's animateTransition runs.
    @exclusivity(unchecked) var capturingTimeline: TransitionTimeline?
    /// An animated (not interactive) transition's clock that UIView.animate binds to while its
    /// animator runs: its start and duration.
    @exclusivity(unchecked) var capturingTransitionClock: (origin: Double, duration: Double)?
    /// Which recognizers each finger down was delivered to.
    @exclusivity(unchecked) var touchBindings: TouchDispatch.Bindings?
    /// Run-loop turns so far (each touch event, timer and display tick is one): a layer made in
    /// the current turn is not yet committed, so it gets no implicit animation.
    @exclusivity(unchecked) var runLoopTurn = 0
    /// Layers with explicit or implicit animations attached (Sources/ReelKit/Layers).
    @exclusivity(unchecked) var animatedLayers: [CALayer] = []
    /// Explicit CATransactions begun and not committed, innermost last.
    @exclusivity(unchecked) var transactions: [TransactionFrame] = []
    /// The run-loop turn's implicit transaction, made on first use.
    @exclusivity(unchecked) var implicitTransaction: TransactionFrame?
    /// Called after each display tick's frame (tests read layer values through them until traces
    /// carry them).
    @exclusivity(unchecked) var frameObservers: [(Double) -> Void] = []
    /// The first thing that went wrong in the scene's code (a NaN, a misuse UIKit would raise for).
    @exclusivity(unchecked) var failure: KitFailure?
    /// Display links added to the session's run loop (`CADisplayLink.add(to:forMode:)`), in order.
    @exclusivity(unchecked) var displayLinks: [CADisplayLink] = []

    init(sceneName: String, device: Device, refreshHz: Double) {
        self.sceneName = sceneName
        self.device = device
        self.frameClock = FrameClock(refreshHz: refreshHz)
        if case .number(let epsilon)? = BuiltinParameters.profile.value("spring.settle_epsilon") {
            springSettings = SpringSettings(settlingEpsilon: epsilon)
        } else {
            springSettings = SpringSettings()
        }
    }

    func emit(_ kind: String, _ subject: String, _ detail: String) {
        guard recording else { return }
        events.append(TraceEvent(t: now, kind: kind, subject: subject, detail: detail))
    }

    /// Records the first failure; the session stops with it after the current step.
    func fail(_ failure: KitFailure) {
        if self.failure == nil { self.failure = failure }
    }

    /// Whether anything moves or may move: a transition in flight, an animation block or a running
    /// property animator, a scroll view's content moving on its own, a recognizer in progress. Display ticks are rendered only then.
    var isActive: Bool {
        if transition != nil || !groups.isEmpty || !movingScrollViews.isEmpty { return true }
        if propertyAnimators.contains(where: { $0.isRunning }) { return true }
        if LayerAnimationClock.moving(in: self) != nil { return true }
        return TouchDispatch.hasGestureInProgress(self)
    }
}

/// What stops a session because of the scene's own code.
struct KitFailure: Sendable, Hashable {
    var message: String
}
