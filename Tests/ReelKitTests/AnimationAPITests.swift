import ReelKit
import ReelTiming
import ReelTrace
import Testing

/// UIView.animate, keyframes, springs and UIViewPropertyAnimator in a scene, their frames computed
/// from ReelTiming's formulas; recognizer failure requirements.
@Suite struct AnimationAPITests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422)]

    /// A scene whose tap runs `action` with a box view (key "box", at 0, 0, 100 x 100) and the root.
    static func scene(_ action: @escaping @MainActor @Sendable (UIView, UIViewController) -> Void) -> ReelKitScene {
        BoxScene.make(name: "api", withTimer: false) { views in action(views.box, views.root) }
    }

    static func run(_ scene: ReelKitScene, touches: [Touch] = tap) throws -> Trace {
        try ReelKitEngine(scenes: [scene], name: "api", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
    }

    static func box(_ frame: Frame) -> ViewState? { frame.views.first { $0.key == "box" } }

    @Test func springAnimationFollowsTheUIViewSpringAndCompletesAtItsDuration() throws {
        let trace = try Self.run(
            Self.scene { box, _ in
                UIView.animate(
                    withDuration: 0.6, delay: 0.1, usingSpringWithDamping: 0.5, initialSpringVelocity: 2, options: [],
                    animations: { box.center.x += 200 })
            })
        #expect(!trace.frames.isEmpty)
        for frame in trace.frames {
            let x = try #require(Self.box(frame)).x
            let ended = frame.t >= 0.1 + 0.7 - 1e-9
            let expected = 200 * (ended ? 1 : UIKitRules.springProgress(at: frame.t - 0.2, duration: 0.6, zeta: 0.5, velocity: 2))
            #expect(abs(x - expected) <= 1e-9, "at \(frame.t): \(x) vs \(expected)")
        }
        // Frames run from the tap to the first tick at or after 0.1 + 0.1 + 0.6 s.
        #expect(trace.frames.last?.t == 48.0 / 60)
    }

    @Test func keyframesMoveLinearlyInTheirWindowsOfTheShapedTimeline() throws {
        let trace = try Self.run(
            Self.scene { box, _ in
                UIView.animateKeyframes(
                    withDuration: 1, delay: 0,
                    options: UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue),
                    animations: {
                        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { box.alpha = 0.2 }
                        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.alpha = 1 }
                    })
            })
        for frame in trace.frames {
            let u = min(max((frame.t - 0.1) / 1, 0), 1)
            let expected = u < 0.5 ? 1 + (0.2 - 1) * (u / 0.5) : 0.2 + (1 - 0.2) * ((u - 0.5) / 0.5)
            let alpha = try #require(Self.box(frame)).alpha
            #expect(abs(alpha - expected) <= 1e-9, "at \(frame.t): \(alpha) vs \(expected)")
        }
    }

    @Test func aReversedPropertyAnimatorReturnsAndResetsTheModelValue() throws {
        let trace = try Self.run(
            Self.scene { box, _ in
                let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { box.frame.origin.y = 300 }
                animator.addCompletion { position in
                    // At .start the model value is back where it began.
                    box.alpha = position == .start && box.frame.origin.y == 0 ? 0.5 : 0
                }
                animator.startAnimation()
                animator.pauseAnimation()
                animator.fractionComplete = 0.4
                animator.isReversed = true
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            })
        // Reversed from 0.4: back to 0 over 0.4 x 0.5 s, linearly.
        for frame in trace.frames.dropLast() {
            let y = try #require(Self.box(frame)).y
            let expected = 300 * (0.4 - 0.4 * min((frame.t - 0.1) / 0.2, 1))
            #expect(abs(y - expected) <= 1e-9, "at \(frame.t)")
        }
        #expect(trace.frames.last.map { Self.box($0)?.y } == 0)
    }

    @Test func aPanThatRequiresATapToFailWaitsForIt() throws {
        let scene = ReelKitScene(name: "fail", trigger: TriggerSpec(kind: .pan)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let tap = UITapGestureRecognizer()
            tap.name = "tap"
            let pan = UIPanGestureRecognizer()
            pan.name = "pan"
            pan.require(toFail: tap)
            root.view.addGestureRecognizer(tap)
            root.view.addGestureRecognizer(pan)
        }
        // The pan's hysteresis (10 pt) is reached at 0.05 s, the tap's movement limit (10 pt) passed at 0.1 s.
        let touches = [
            Touch(t: 0, id: 0, phase: .began, x: 100, y: 100), Touch(t: 0.05, id: 0, phase: .moved, x: 100, y: 110),
            Touch(t: 0.1, id: 0, phase: .moved, x: 100, y: 120), Touch(t: 0.15, id: 0, phase: .ended, x: 100, y: 120),
        ]
        let trace = try Self.run(scene, touches: touches)
        let states = trace.events.filter { $0.kind == "gesture" }.map { "\($0.t) \($0.subject) \($0.detail)" }
        #expect(states == ["0.1 tap failed", "0.1 pan began", "0.15 pan ended"])
    }
}

/// A custom container's transition(from:to:duration:options:animations:completion:): the cross
/// dissolve over the duration along ease in-out, the appearance calls, the outcome at its end.
@Suite struct ChildTransitionTests {
    @Test func aCrossDissolveSwapsTheChildren() throws {
        let scene = ReelKitScene(name: "swap", trigger: TriggerSpec(kind: .tap)) { window in
            let container = SwapContainer()
            container.restorationIdentifier = "container"
            window.rootViewController = container
            window.makeKeyAndVisible()
        }
        let trace = try AnimationAPITests.run(scene)
        #expect(trace.outcome.completed && trace.outcome.t == 24.0 / 60)
        for frame in trace.frames {
            let f = frame.t >= 0.4 - 1e-9 ? 1 : TimingCurve.easeInEaseOut.value(at: (frame.t - 0.1) / 0.3)
            let incoming = try #require(frame.views.first { $0.key == "B.view" })
            #expect(abs(incoming.alpha - f) <= 1e-9)
            if let outgoing = frame.views.first(where: { $0.key == "A.view" }) { #expect(abs(outgoing.alpha - (1 - f)) <= 1e-9) }
        }
        let calls = trace.events.filter { ["lifecycle", "transition", "containment"].contains($0.kind) }.map {
            "\($0.subject) \($0.detail)"
        }
        #expect(
            calls == [
                "container addChild(B)", "B willMove(toParent: container)", "A willMove(toParent: nil)",
                "container transition(from: A, to: B, duration: 0.3, options: transitionCrossDissolve)", "B viewDidLoad",
                "B viewWillAppear", "A viewWillDisappear", "A viewDidDisappear", "B viewDidAppear", "A removeFromParent",
                "A didMove(toParent: nil)", "B didMove(toParent: container)",
            ])
    }
}

final class SwapContainer: UIViewController {
    let first = UIViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        first.restorationIdentifier = "A"
        addChild(first)
        view.addSubview(first.view)
        first.didMove(toParent: self)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: SwapContainer.swap))
    }

    func swap(_ tap: UITapGestureRecognizer) {
        let next = UIViewController()
        next.restorationIdentifier = "B"
        addChild(next)
        first.willMove(toParent: nil)
        transition(from: first, to: next, duration: 0.3, options: .transitionCrossDissolve, animations: nil) { _ in
            self.first.removeFromParent()  // calls didMove(toParent: nil), as UIKit's
            next.didMove(toParent: self)
        }
    }
}
