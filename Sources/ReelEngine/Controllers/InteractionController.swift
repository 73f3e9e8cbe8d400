import ReelGestures

/// What the interaction controller asks of the transition after a touch event.
enum InteractionCommand: Sendable {
    /// Start the interactive transition, or take a running finish/cancel back.
    case began(t: Double)
    /// `updateInteractiveTransition(percent)` with the value the controller passes (UIKit clamps it to 0...1).
    case changed(t: Double, percent: Double)
    /// finish or cancel. `velocity` is the finger's along the finishing direction, points per
    /// second (scale per second for a pinch): the back-swipe hands it to the finish animation.
    case ended(t: Double, finish: Bool, velocity: Double)
    /// Start the transition as a plain animated one (MDTransitioning's image drag dismisses
    /// with `dismissViewControllerAnimated:` at release).
    case startAnimated(t: Double)
    /// `updateInteractiveTransition(percent)` while the finger also moves the zoomed view itself
    /// (the iOS 18 zoom dismissal's `dismissInteraction:didIssueUpdate:`).
    case follow(t: Double, percent: Double, follow: ZoomFollow)
}

/// An interaction controller's gesture handler: what its action method does in each recognizer
/// state. One implementation per controller transcribes its source (`*Controller`), and
/// `LegacyController` is engine 0.3's shared handler (`interaction.handlers` = reel-0.3).
protocol InteractionController: Sendable {
    /// Whether a finger landing during the finish/cancel animation takes it back.
    var takesRunningAnimationBack: Bool { get }
    /// `gestureRecognizerShouldBegin:`.
    func shouldBegin(_ reading: GestureReading) -> Bool
    /// The recognizer began (`resumed` false; `base` is 0, or the on-screen progress of an
    /// animation a landing finger took back), or began after such a take-over (`resumed` true).
    mutating func began(_ reading: GestureReading, base: Double, resumed: Bool, at t: Double) -> InteractionCommand?
    mutating func changed(_ reading: GestureReading, at t: Double) -> InteractionCommand?
    /// `.ended` or `.cancelled`, or `.failed` after a take-over (the stream ending with the
    /// finger still down arrives as `.cancelled`); `duration` is the transition's duration T.
    mutating func ended(_ reading: GestureReading, state: GestureState, duration: Double, at t: Double) -> InteractionCommand?
}

extension InteractionController {
    var takesRunningAnimationBack: Bool { true }
    func shouldBegin(_ reading: GestureReading) -> Bool { true }
}

/// Where a controller's progress comes from: extent, finishing direction and policy, read from the profile.
struct ControllerSetup: Sendable {
    /// Finger travel for progress 1: points, or 1 for a pinch's scale.
    let extent: Double
    /// The finishing direction of the finger (unused for pinches).
    let direction: GestureVector
    let policy: CompletionPolicy
    let isPinch: Bool
    /// `interactive.max_progress`: the largest value a custom controller passes to update.
    let updateCap: Double

    /// The policy's decision for a progress and the reading's velocity along the finishing direction.
    func decide(progress: Double, _ reading: GestureReading, cancelled: Bool = false) -> Bool {
        policy.decide(DecisionInput(progress: progress, velocity: velocity(reading), extent: extent, gestureCancelled: cancelled))
    }

    /// Velocity towards finishing: points per second along `direction`, or the scale's shrinking per second.
    func velocity(_ reading: GestureReading) -> Double {
        isPinch ? -reading.scaleVelocity : reading.velocity.dot(direction)
    }
}

extension ControllerSetup {
    /// A finger took a running animation back and lifted before its recognizer began (UIKit sends
    /// the controller nothing then): the transition finishes or cancels by the policy at the paused progress.
    func afterFailedTakeOver(base: Double, _ reading: GestureReading, at t: Double) -> InteractionCommand {
        .ended(t: t, finish: decide(progress: base, reading), velocity: velocity(reading))
    }
}
