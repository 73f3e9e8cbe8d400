import ReelEngine
import ReelKit
import ReelTrace
import Testing

/// `delaysTouchesBegan` and `delaysTouchesEnded`, from Apple's UIGestureRecognizer documentation:
/// - delaysTouchesBegan true: "the window suspends delivery of touch objects in the began phase to
///   the view. If the gesture recognizer subsequently recognizes its gesture, these touch objects are
///   discarded. If [it] does not recognize its gesture, the window delivers these objects to the view
///   in a touchesBegan message (and possibly a follow-up touchesMoved message to inform it of the
///   touches' current locations)."
/// - delaysTouchesEnded true (the default): the window suspends delivery of ended touches; if the
///   recognizer recognizes "these touch objects are cancelled", if not it "delivers these objects in
///   an invocation of the view's touchesEnded". False: the lift reaches the view at once.
@Suite @MainActor struct DelayedTouchesTests {
    typealias RecordingView = CancelsTouchesInViewTests.RecordingView

    static func run(
        _ touches: [Touch], recognizer make: @escaping @MainActor @Sendable () -> UIGestureRecognizer
    ) throws -> [String] {
        nonisolated(unsafe) var recorded: RecordingView?
        let scene = ReelKitScene(name: "delays", trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let view = RecordingView(frame: root.view.bounds)
            root.view.addSubview(view)
            view.addGestureRecognizer(make())
            recorded = view
        }
        _ = try ReelKitEngine(scenes: [scene], name: "s", version: "1").run(
            scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, touches: touches,
            outcomeHierarchy: false)
        return recorded?.calls ?? []
    }

    /// The drag of CancelsTouchesInViewTests: 4 pt down per 16 ms event, five moves, lifted at 0.1 s.
    static let drag = CancelsTouchesInViewTests.drag
    static func time(ofMove k: Int) -> Double { 0.016 * Double(k) }

    @Test func aPanThatRecognizesDiscardsTheHeldLanding() throws {
        let held = try Self.run(Self.drag) {
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            pan.delaysTouchesBegan = true
            return pan
        }
        // The pan begins (translation 12 >= its 10 pt hysteresis at the third move) before it could
        // fail: the view never hears of the finger.
        #expect(held == [])
    }

    @Test func aTapThatFailsDeliversTheHeldLandingThenTheLatestPosition() throws {
        guard case .number(let maximumMovement)? = EngineProfile.builtin.value("tap.max_movement") else {
            Issue.record("no tap.max_movement")
            return
        }
        // The tap fails at the first move farther than its maximum movement from the landing.
        let failing = try #require((1...5).first { 4 * Double($0) > maximumMovement })
        var expected = ["began@0.0", "moved@\(Self.time(ofMove: failing))"]
        for k in (failing + 1)...5 { expected.append("moved@\(Self.time(ofMove: k))") }
        expected.append("ended@0.1")
        let held = try Self.run(Self.drag) {
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.delaysTouchesBegan = true
            return tap
        }
        #expect(held == expected)
        // Without it the view sees every move as it happens.
        let atOnce = try Self.run(Self.drag) { UITapGestureRecognizer(target: nil, action: nil) }
        #expect(atOnce == ["began@0.0"] + (1...5).map { "moved@\(Self.time(ofMove: $0))" } + ["ended@0.1"])
    }

    /// A tap recognized at the lift: its held lift is cancelled (the default); without
    /// delaysTouchesEnded the lift reached the view before the tap recognized, and stays an end.
    @Test func withoutDelaysTouchesEndedALiftReachesTheViewBeforeTheTapRecognizes() throws {
        let touches = [Touch(t: 0, id: 0, phase: .began, x: 100, y: 300), Touch(t: 0.1, id: 0, phase: .ended, x: 100, y: 300)]
        #expect(try Self.run(touches) { UITapGestureRecognizer(target: nil, action: nil) } == ["began@0.0", "cancelled@0.1"])
        let atOnce = try Self.run(touches) {
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.delaysTouchesEnded = false
            return tap
        }
        #expect(atOnce == ["began@0.0", "ended@0.1"])
    }

    /// Undecided at the lift of the first finger; fails when a second finger lands.
    final class FailsAtTheSecondLanding: UIGestureRecognizer {
        var landings = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            landings += 1
            if landings == 2 { state = .failed }
        }
    }

    /// A lift held while the recognizer is undecided reaches the view as touchesEnded when it fails.
    @Test func aHeldLiftIsDeliveredWhenTheRecognizerFails() throws {
        let touches = [
            Touch(t: 0, id: 0, phase: .began, x: 100, y: 300), Touch(t: 0.1, id: 0, phase: .ended, x: 100, y: 300),
            Touch(t: 0.3, id: 1, phase: .began, x: 120, y: 300), Touch(t: 0.4, id: 1, phase: .ended, x: 120, y: 300),
        ]
        // Held from 0.1 until the failure at 0.3, after that event's own landing.
        #expect(try Self.run(touches) { FailsAtTheSecondLanding() } == ["began@0.0", "began@0.3", "ended@0.1", "ended@0.4"])
        let atOnce = try Self.run(touches) {
            let recognizer = FailsAtTheSecondLanding()
            recognizer.delaysTouchesEnded = false
            return recognizer
        }
        #expect(atOnce == ["began@0.0", "ended@0.1", "began@0.3", "ended@0.4"])
    }
}
