import ReelKit
import ReelTrace
import Testing

/// A UIPercentDrivenInteractiveTransition with wantsInteractiveStart = false (D26): the context is
/// in flight (state 1, `_setTransitionIsInFlight:`) but not currently interactive, and the tracked
/// animations run. `-updateInteractiveTransition:` then pauses them and sets their fraction;
/// `-finishInteractiveTransition` / `-cancelInteractiveTransition` run
/// `_updateInteractiveTransition:percent:isFinished:YES` with the context's previous percent (0: only
/// interactive updates set it): the clock is reversed (cancel) or not, and a paused one continues with
/// the completion curve over (1 − 0) / speed (finish) or 0 (cancel: the remaining distance) of the
/// duration; the context's cancel sets transitionWasCancelled, its finish clears it and, the context not
/// being interactive, takes it out of flight (state 0), after which finish and cancel change nothing.
/// Expected positions of the presented view (0.5 s linear slide up from 844 pt below) are computed here.
@Suite @MainActor struct NonInteractiveStartTests {
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422)]
    static let start = 0.1
    static let duration = 0.5
    static let ease = UIKitRules.Bezier.easeInOut

    /// The fraction of the way up at session time t.
    typealias Rule = (Double) -> Double

    static func run(_ calls: [(Double, NonInteractiveHome.Call)], refreshHz: Double, seen: Observations) throws -> Trace {
        let scene = ReelKitScene(name: "noninteractive", trigger: TriggerSpec(kind: .tap)) { window in
            let home = NonInteractiveHome(calls: calls, seen: seen)
            home.restorationIdentifier = "A"
            window.rootViewController = home
            window.makeKeyAndVisible()
        }
        return try ReelKitEngine(scenes: [scene], name: "noninteractive", version: "1").run(
            scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: refreshHz, touches: Self.tap,
            outcomeHierarchy: false)
    }

    /// Every frame with B.view against `fraction(t)` (y = 844 x (1 - fraction)); a frame at a call's
    /// tick shows the state before the call (ticks sample, then run completions).
    static func expectFrames(_ trace: Trace, _ label: String, _ fraction: Rule) {
        var checked = 0
        for frame in trace.frames {
            guard let b = frame.views.first(where: { $0.key == "B.view" }) else { continue }
            let expected = 844 * (1 - min(max(fraction(frame.t), 0), 1))
            #expect(abs(b.y - expected) <= 1e-6, "\(label) at \(frame.t): B.view y \(b.y), the rule gives \(expected)")
            checked += 1
        }
        #expect(checked >= 20, "\(label): \(checked) frames")
    }

    static func linear(_ t: Double) -> Double { (t - start) / duration }

    /// update(0.9), cancel(), finish(): paused at 0.9; back with ease in-out over 0.9 x 0.5 s; turned
    /// round where it is toward the end (the clock's current curve over the remaining distance);
    /// the completion sees no cancel.
    @Test(arguments: [60.0, 120.0])
    func anUpdatePausesACancelRunsBackAndAFinishTurnsItRound(refreshHz: Double) throws {
        let seen = Observations()
        let trace = try Self.run([(0.1, .update(0.9)), (0.2, .cancel), (0.3, .finish)], refreshHz: refreshHz, seen: seen)
        let (paused, back, turn) = (0.2, 0.3, 0.4)
        let atTurn = 0.9 - 0.9 * Self.ease.progress((turn - back) / (0.9 * Self.duration))
        Self.expectFrames(trace, "\(refreshHz) Hz") { t in
            if t <= paused + 1e-9 { return Self.linear(t) }
            if t <= back + 1e-9 { return 0.9 }
            if t <= turn + 1e-9 { return 0.9 - 0.9 * Self.ease.progress((t - back) / (0.9 * Self.duration)) }
            let length = (1 - atTurn) * Self.duration
            return atTurn + (1 - atTurn) * Self.ease.progress(min((t - turn) / length, 1))
        }
        #expect(seen.notes == ["completed, cancelled false"])
    }

    /// cancel() while running: it turns round where it is (0.4) and runs back linearly; the completion
    /// sees the cancel.
    @Test(arguments: [60.0, 120.0])
    func aCancelWhileRunningRunsItBack(refreshHz: Double) throws {
        let seen = Observations()
        let trace = try Self.run([(0.2, .cancel)], refreshHz: refreshHz, seen: seen)
        Self.expectFrames(trace, "\(refreshHz) Hz") { t in t <= 0.3 + 1e-9 ? Self.linear(t) : 0.4 - (t - 0.3) / Self.duration }
        #expect(seen.notes == ["completed, cancelled true"])
    }

    /// finish() while running changes nothing and takes the context out of flight: a later cancel and
    /// update do nothing.
    @Test(arguments: [60.0, 120.0])
    func aFinishWhileRunningLeavesItAndLaterCallsDoNothing(refreshHz: Double) throws {
        let seen = Observations()
        let trace = try Self.run([(0.1, .finish), (0.2, .cancel), (0.3, .update(0.1))], refreshHz: refreshHz, seen: seen)
        Self.expectFrames(trace, "\(refreshHz) Hz") { t in Self.linear(t) }
        #expect(seen.notes == ["completed, cancelled false"])
    }

    /// update(0.5) then finish(): paused at 0.5, then on to the end with ease in-out over (1 - 0) / 1 x 0.5 s.
    @Test(arguments: [60.0, 120.0])
    func aFinishAfterAnUpdateContinuesOverTheWholeDuration(refreshHz: Double) throws {
        let seen = Observations()
        let trace = try Self.run([(0.1, .update(0.5)), (0.2, .finish)], refreshHz: refreshHz, seen: seen)
        Self.expectFrames(trace, "\(refreshHz) Hz") { t in
            if t <= 0.2 + 1e-9 { return Self.linear(t) }
            if t <= 0.3 + 1e-9 { return 0.5 }
            return 0.5 + 0.5 * Self.ease.progress(min((t - 0.3) / Self.duration, 1))
        }
        #expect(seen.notes == ["completed, cancelled false"])
    }
}

final class NonInteractiveHome: UIViewController, UIViewControllerTransitioningDelegate {
    enum Call: Sendable {
        case update(Double)
        case cancel
        case finish
    }

    let interaction = UIPercentDrivenInteractiveTransition()
    let slide: LinearSlideUp
    let timer = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
    let calls: [(Double, Call)]

    init(calls: [(Double, Call)], seen: Observations) {
        self.calls = calls
        slide = LinearSlideUp(seen: seen)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        interaction.wantsInteractiveStart = false
        timer.accessibilityIdentifier = "timer"
        view.addSubview(timer)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: NonInteractiveHome.tapped))
    }

    func tapped(_ tap: UITapGestureRecognizer) {
        let modal = UIViewController()
        modal.restorationIdentifier = "B"
        modal.modalPresentationStyle = .fullScreen
        modal.transitioningDelegate = self
        for (delay, call) in calls {
            after(delay) {
                switch call {
                case .update(let percent): self.interaction.update(CGFloat(percent))
                case .cancel: self.interaction.cancel()
                case .finish: self.interaction.finish()
                }
            }
        }
        present(modal, animated: true)
    }

    private func after(_ seconds: Double, _ body: @escaping () -> Void) {
        UIView.animate(
            withDuration: seconds, animations: { self.timer.alpha = self.timer.alpha == 1 ? 0.5 : 1 }, completion: { _ in body() })
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    { slide }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    { interaction }
}

/// Slides the presented view up from below the screen, linearly over 0.5 s.
final class LinearSlideUp: UIViewControllerAnimatedTransitioning {
    let seen: Observations
    init(seen: Observations) { self.seen = seen }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let incoming = transitionContext.viewController(forKey: .to), let view = transitionContext.view(forKey: .to) else { return }
        let final = transitionContext.finalFrame(for: incoming)
        view.frame = final.offsetBy(dx: 0, dy: transitionContext.containerView.bounds.height)
        transitionContext.containerView.addSubview(view)
        UIView.animate(
            withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.frame = final },
            completion: { _ in
                self.seen.notes.append("completed, cancelled \(transitionContext.transitionWasCancelled)")
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }
}
