import ReelKit
import ReelTrace
import Testing

/// A team's code that misbehaves gets a session error naming the scene and the view, property or
/// time cap, never a hang: an animator that never calls completeTransition, a NaN, an animation
/// that restarts itself forever.
@Suite struct HostileSceneTests {
    static let device = Device(width: 390, height: 844, scale: 3)

    /// A tap at the centre: down, up 0.1 s later.
    static let tap = [
        Touch(t: 0, id: 0, phase: .began, x: 195, y: 422),
        Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422),
    ]

    /// A scene whose tap presents a controller with `animator`.
    static func scene(_ name: String, animator: @escaping @Sendable () -> UIViewControllerAnimatedTransitioning) -> ReelKitScene {
        ReelKitScene(name: name, trigger: TriggerSpec(kind: .tap)) { window in
            let home = TapToPresent(animator: animator())
            window.rootViewController = home
            window.makeKeyAndVisible()
        }
    }

    func run(_ scene: ReelKitScene) -> String? {
        let engine = ReelKitEngine(scenes: [scene], name: "hostile", version: "1")
        do {
            _ = try engine.run(scenario: scene.spec, device: Self.device, refreshHz: 60, touches: Self.tap, outcomeHierarchy: true)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func neverCompletingIsATimeCapErrorNamingTheScene() throws {
        let message = try #require(run(Self.scene("never.completes") { ForgetfulAnimator() }))
        #expect(message.contains("scene 'never.completes'"))
        #expect(message.contains("time cap"))
        #expect(message.contains("completeTransition"))
    }

    @Test func aNaNNamesTheSceneTheViewAndTheProperty() throws {
        let message = try #require(run(Self.scene("animates.nan") { NaNAnimator() }))
        #expect(message.contains("scene 'animates.nan'"))
        #expect(message.contains("view 'victim'"))
        #expect(message.contains("frame.y"))
        #expect(message.contains("nan"))
    }

    @Test func aNaNTimingNamesTheViewAndPropertyItShowsIn() throws {
        let message = try #require(run(Self.scene("nan.spring") { NaNSpringAnimator() }))
        #expect(message.contains("scene 'nan.spring'"))
        // The whole frame channel is NaN (x + 0 x NaN is NaN too): its first component is named.
        #expect(message.contains("view 'sprung' shows frame.x = "))
        #expect(message.contains("nan"))
    }

    @Test func anAnimationThatRestartsItselfHitsTheTimeCap() throws {
        let message = try #require(run(Self.scene("loops") { LoopingAnimator() }))
        #expect(message.contains("scene 'loops'"))
        #expect(message.contains("time cap"))
        #expect(message.contains("view 'spinner'"))
    }
}

final class TapToPresent: UIViewController, UIViewControllerTransitioningDelegate {
    let animator: UIViewControllerAnimatedTransitioning

    init(animator: UIViewControllerAnimatedTransitioning) {
        self.animator = animator
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: TapToPresent.tapped))
    }

    func tapped(_ tap: UITapGestureRecognizer) {
        let next = UIViewController()
        next.restorationIdentifier = "next"
        next.transitioningDelegate = self
        next.modalPresentationStyle = .overFullScreen
        present(next, animated: true)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> UIViewControllerAnimatedTransitioning?
    { animator }
}

/// Animates, then forgets to call completeTransition.
final class ForgetfulAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let view = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.addSubview(view)
        view.alpha = 0
        UIView.animate(withDuration: 0.3) { view.alpha = 1 }
    }
}

/// Moves a view to y = NaN.
final class NaNAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let view = transitionContext.view(forKey: .to) else { return }
        view.accessibilityIdentifier = "victim"
        transitionContext.containerView.addSubview(view)
        let broken = CGFloat(0) / CGFloat(0)
        UIView.animate(
            withDuration: 0.3, animations: { view.frame.origin.y = broken },
            completion: { _ in transitionContext.completeTransition(true) })
    }
}

/// A spring whose damping ratio is NaN: every value it computes is NaN.
final class NaNSpringAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let view = transitionContext.view(forKey: .to) else { return }
        view.accessibilityIdentifier = "sprung"
        transitionContext.containerView.addSubview(view)
        // A NaN damping ratio is UIKit's FLT_EPSILON (fmax drops the NaN): a NaN velocity stays NaN.
        let spring = UISpringTimingParameters(dampingRatio: 0.5, initialVelocity: CGVector(dx: 0, dy: CGFloat.nan))
        let animator = UIViewPropertyAnimator(duration: 0.3, timingParameters: spring)
        animator.addAnimations { view.frame.origin.y = 100 }
        animator.addCompletion { _ in transitionContext.completeTransition(true) }
        animator.startAnimation()
    }
}

/// Completes the transition, and keeps a spinner turning forever: each animation's completion starts the next.
final class LoopingAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let view = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.addSubview(view)
        let spinner = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        spinner.accessibilityIdentifier = "spinner"
        view.addSubview(spinner)
        transitionContext.completeTransition(true)
        spin(spinner, angle: 0)
    }

    func spin(_ spinner: UIView, angle: CGFloat) {
        UIView.animate(
            withDuration: 0.5, animations: { spinner.transform = CGAffineTransform(rotationAngle: angle + 1) },
            completion: { _ in self.spin(spinner, angle: angle + 1) })
    }
}
