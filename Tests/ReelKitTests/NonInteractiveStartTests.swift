import ReelKit
import ReelTrace
import Testing

/// A UIPercentDrivenInteractiveTransition with wantsInteractiveStart = false: D26 applies
/// `-updateInteractiveTransition:` only while the context is interactive, and `-finish`/`-cancel`
/// outside the interactive and paused states only set the context's state, so the animation runs on
/// as animateTransition started it. (What that state does to transitionWasCancelled is not
/// established: the outcome is not asserted.)
@Suite struct NonInteractiveStartTests {
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422)]

    @Test(arguments: [60.0, 120.0])
    func updatesFinishAndCancelLeaveTheRunningAnimationAlone(refreshHz: Double) throws {
        let scene = ReelKitScene(name: "noninteractive", trigger: TriggerSpec(kind: .tap)) { window in
            let home = NonInteractiveHome()
            home.restorationIdentifier = "A"
            window.rootViewController = home
            window.makeKeyAndVisible()
        }
        let trace = try ReelKitEngine(scenes: [scene], name: "noninteractive", version: "1").run(
            scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: refreshHz, touches: Self.tap,
            outcomeHierarchy: false)
        var checked = 0
        for frame in trace.frames {
            guard let b = frame.views.first(where: { $0.key == "B.view" }) else { continue }
            let expected = 844 * (1 - min(max((frame.t - 0.1) / 0.5, 0), 1))
            #expect(abs(b.y - expected) <= 1e-9, "\(refreshHz) Hz at \(frame.t): B.view y \(b.y), the linear run gives \(expected)")
            checked += 1
        }
        #expect(checked >= Int(0.5 * refreshHz) - 1)
    }
}

final class NonInteractiveHome: UIViewController, UIViewControllerTransitioningDelegate {
    let interaction = UIPercentDrivenInteractiveTransition()
    let slide = LinearSlideUp()
    let timer = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))

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
        after(0.1) { self.interaction.update(0.9) }
        after(0.2) { self.interaction.cancel() }
        after(0.3) { self.interaction.finish() }
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
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let incoming = transitionContext.viewController(forKey: .to), let view = transitionContext.view(forKey: .to) else { return }
        let final = transitionContext.finalFrame(for: incoming)
        view.frame = final.offsetBy(dx: 0, dy: transitionContext.containerView.bounds.height)
        transitionContext.containerView.addSubview(view)
        UIView.animate(
            withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.frame = final },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
