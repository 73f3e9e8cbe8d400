import ReelKit
import ReelTrace
import Testing

/// Gesture recognizers as teams subclass them (UIKit's UIGestureRecognizerSubclass): the touches
/// methods after the built-in machine, a settable `state` that goes through the same rules,
/// `reset()` once the last finger lifts, `location(ofTouch:in:)`.
@Suite @MainActor struct RecognizerSubclassTests {
    /// A pan that decides its direction itself: vertical only; a pan that began sideways is cancelled.
    final class VerticalPan: UIPanGestureRecognizer {
        var resets = 0
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesMoved(touches, with: event)
            let moved = translation(in: view)
            if state == .began, abs(moved.x) > abs(moved.y) { state = .cancelled }
        }
        override func reset() {
            super.reset()
            resets += 1
        }
    }

    /// A recognizer of its own: begins once the finger is 30 pt below where it landed, changes
    /// while it moves, ends when it lifts.
    final class PullDown: UIGestureRecognizer {
        var start: CGPoint?
        var lastLocation: CGPoint?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            start = touches.first?.location(in: nil)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            guard let start, let point = touches.first?.location(in: nil) else { return }
            lastLocation = location(ofTouch: 0, in: nil)
            if state == .possible, point.y - start.y >= 30 {
                state = .began
            } else if state == .began || state == .changed {
                state = .changed
            }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            state = state == .possible ? .failed : .ended
        }
        override func reset() { start = nil }
    }

    static func stroke(dx: Double, dy: Double, steps: Int = 10) -> [Touch] {
        var touches = [Touch(t: 0, id: 0, phase: .began, x: 100, y: 300)]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            touches.append(Touch(t: 0.016 * Double(step), id: 0, phase: .moved, x: 100 + dx * f, y: 300 + dy * f))
        }
        touches.append(Touch(t: 0.016 * Double(steps + 1), id: 0, phase: .ended, x: 100 + dx, y: 300 + dy))
        return touches
    }

    static func run(_ recognizer: @escaping @MainActor @Sendable () -> UIGestureRecognizer, _ touches: [Touch]) throws -> (
        events: [String], actions: Int
    ) {
        let (events, actions) = try gestureEvents(recognizer, touches)
        return (events.map(\.detail), actions)
    }

    /// The `gesture` events of a session in which `recognizer()` (named "g") sits on the root view,
    /// and how many times its action ran; PressAndSwipeTests reads the same.
    static func gestureEvents(_ recognizer: @escaping @MainActor @Sendable () -> UIGestureRecognizer, _ touches: [Touch]) throws -> (
        events: [TraceEvent], actions: Int
    ) {
        nonisolated(unsafe) var actions = 0
        let scene = ReelKitScene(name: "subclass", trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let made = recognizer()
            made.name = "g"
            made.addTarget { _ in actions += 1 }
            root.view.addGestureRecognizer(made)
        }
        let trace = try ReelKitEngine(scenes: [scene], name: "s", version: "1").run(
            scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, touches: touches,
            outcomeHierarchy: false)
        return (trace.events.filter { $0.kind == "gesture" }, actions)
    }

    @Test func aPanSubclassCancelsASidewaysDragItselfAndIsResetOnce() throws {
        nonisolated(unsafe) var made: VerticalPan?
        let sideways = try Self.run(
            {
                made = VerticalPan(target: nil, action: nil)
                return made!
            }, Self.stroke(dx: 200, dy: 5))
        #expect(sideways.events == ["began", "cancelled"])
        #expect(sideways.actions == 2, "began and cancelled each run the action")
        #expect(made?.resets == 1)

        let down = try Self.run(
            {
                made = VerticalPan(target: nil, action: nil)
                return made!
            }, Self.stroke(dx: 5, dy: 200))
        #expect(down.events.first == "began" && down.events.last == "ended" && !down.events.contains("cancelled"))
        #expect(made?.resets == 1)
    }

    /// PullDown's rule from the touches: it begins at the first move at least 30 pt below the
    /// landing point (200 / 10 = 20 pt a step: the second move), changes at each later move,
    /// ends at the lift; a stroke that never gets 30 pt down fails at the lift.
    @Test func aRecognizerOfItsOwnFollowsTheStateItSets() throws {
        nonisolated(unsafe) var made: PullDown?
        let pulled = try Self.run(
            {
                made = PullDown()
                return made!
            }, Self.stroke(dx: 0, dy: 200))
        let firstMoveAt30 = (1...10).first { 200.0 * Double($0) / 10 >= 30 }!
        #expect(pulled.events == ["began"] + Array(repeating: "changed", count: 10 - firstMoveAt30) + ["ended"])
        #expect(made?.lastLocation == CGPoint(x: 100, y: 500), "location(ofTouch: 0) is the finger's last point")
        #expect(made?.start == nil, "reset() ran")

        let short = try Self.run({ PullDown() }, Self.stroke(dx: 0, dy: 25))
        #expect(short.events == ["failed"])
        #expect(short.actions == 0)
    }
}
