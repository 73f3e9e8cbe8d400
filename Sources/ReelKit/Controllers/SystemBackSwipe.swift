import ReelGestures
import ReelTrace

/// The system back swipe behind `interactivePopGestureRecognizer`, on the built-in engine's model of
/// D26 `_UINavigationInteractiveTransition` (its non-fluid path): it begins with two or more
/// controllers and no custom pop animator; a finger landing in the navigation bar
/// (`nav.bar_touch_region`, the bar below the safe area top, `nav.bar_height` tall) is refused;
/// `.changed` updates translation.x / width (`backswipe.max_progress` from 1 on) and feeds
/// ReelGestures' `BackSwipeStatistics`; `.ended` offers a final sample and decides with
/// `CompletionPolicy.uikitBackSwipe`, finishing or cancelling along `backswipe.completion_curve` at
/// `PercentDriven.backSwipeCompletionSpeed` of the hand-off velocity; `.cancelled` cancels.
final class SystemBackSwipe: UIGestureRecognizerDelegate {
    unowned let navigation: UINavigationController
    let interaction = UIPercentDrivenInteractiveTransition()
    @exclusivity(unchecked) private(set) var isDriving = false
    private let parameters = BackSwipeStatistics.Parameters(
        windowSize: Int(BuiltinParameters.number("backswipe.sample_window")),
        minimumInterval: BuiltinParameters.number("backswipe.min_sample_interval"),
        minimumIntervalWithMovement: BuiltinParameters.number("velocity.min_dt"),
        maximumAccelerationChange: BuiltinParameters.number("backswipe.accel_clamp"))
    private let policy = CompletionPolicy.uikitBackSwipe(
        distance: BuiltinParameters.number("backswipe.threshold_width"),
        maximumThreshold: BuiltinParameters.number("backswipe.threshold_cap"),
        minimumSamples: Int(BuiltinParameters.number("backswipe.min_samples")))
    @exclusivity(unchecked) private var statistics = BackSwipeStatistics(width: 1)
    /// The last update, clamped to 0...1 (what the decision reads).
    @exclusivity(unchecked) private var percentComplete = 0.0
    /// A `.changed` arrived (D26's interaction state 2).
    @exclusivity(unchecked) private var hasChanged = false

    init(navigation: UINavigationController) {
        self.navigation = navigation
        interaction.completionCurve = SystemBackSwipe.completionCurve
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard navigation.viewControllers.count >= 2, KitRuntime.current?.transition == nil,
            let top = navigation.topViewController, let previous = navigation.viewControllers.dropLast().last
        else { return false }
        if let delegate = navigation.delegate,
            delegate.navigationController(navigation, animationControllerFor: .pop, from: top, to: previous) != nil
        {
            return false
        }
        return true
    }

    /// Touches landing in the navigation bar are refused (D26 `gestureRecognizer:shouldReceiveTouch:`).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard let device = KitRuntime.current?.device else { return true }
        let point = touch.location(in: nil)
        let barHeight = BuiltinParameters.number(device.verticalSizeClass == .compact ? "nav.compact_bar_height" : "nav.bar_height")
        let top = device.safeAreaInsets.top
        let refusedFrom: Double
        switch BuiltinParameters.string("nav.bar_touch_region") {
        case "bar": refusedFrom = top
        case "bar-and-safe-area": refusedFrom = 0
        default: return true
        }
        let y = Double(point.y)
        let x = Double(point.x)
        return !(x >= 0 && x < device.width && y >= refusedFrom && y < top + barHeight)
    }

    func handle(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        let width = Double(navigation.view.bounds.width)
        let translation = Double(recognizer.translation(in: navigation.view).x)
        let velocity = Double(recognizer.velocity(in: navigation.view).x)
        let now = KitRuntime.current?.now ?? 0
        let duration = BuiltinParameters.number("nav.duration")
        switch recognizer.state {
        case .began:
            percentComplete = 0
            hasChanged = false
            statistics = BackSwipeStatistics(width: width, parameters: parameters)
            statistics.begin(translation: translation, velocity: velocity, at: now)
            isDriving = true
            navigation.popViewController(animated: true)
            isDriving = false
        case .changed:
            var p = translation / width
            if p >= 1 { p = BuiltinParameters.number("backswipe.max_progress") }
            percentComplete = min(max(p, 0), 1)
            _ = statistics.offer(translation: translation, velocity: velocity, at: now)
            hasChanged = true
            interaction.update(CGFloat(p))
        case .ended:
            if BuiltinParameters.profile.value("backswipe.final_sample") == .bool(true) {
                _ = statistics.offer(translation: translation, velocity: velocity, at: now)
            }
            let input = DecisionInput(
                progress: percentComplete, velocity: velocity, extent: width, meanVelocity: statistics.meanVelocity,
                meanAcceleration: statistics.meanAcceleration, sampleCount: statistics.sampleCount, transitionDuration: duration,
                hasChanged: hasChanged)
            let finishes = policy.decide(input)
            let augmented = hasChanged && statistics.sampleCount >= Int(BuiltinParameters.number("backswipe.min_samples"))
            end(finishing: finishes, handOff: augmented ? statistics.previousVelocity * width : velocity, width: width, duration: duration)
        case .cancelled, .failed:
            end(finishing: false, handOff: velocity, width: width, duration: duration)
        default:
            break
        }
    }

    /// Finish or cancel at the hand-off's completion speed (min(T, remaining distance / |v|)).
    private func end(finishing: Bool, handOff: Double, width: Double, duration: Double) {
        let p = Double(interaction.percentComplete)
        interaction.completionSpeed =
            BuiltinParameters.profile.value("backswipe.velocity_handoff") == .bool(true)
            ? CGFloat(
                PercentDriven.backSwipeCompletionSpeed(
                    progress: p, velocity: handOff, width: width, duration: duration, cancelling: !finishing)) : 1
        if finishing { interaction.finish() } else { interaction.cancel() }
    }

    /// `backswipe.completion_curve` as a UIView curve.
    static var completionCurve: UIView.AnimationCurve {
        switch BuiltinParameters.string("backswipe.completion_curve") {
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        case "easeInEaseOut": .easeInOut
        default: .linear
        }
    }
}
