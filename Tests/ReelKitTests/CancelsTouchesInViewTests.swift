import ReelKit
import ReelTrace
import Testing

/// Views' touches (UIResponder) and `cancelsTouchesInView`: Apple's documentation — when true (the
/// default) and the recognizer recognizes, "the window cancels the delivery of the current touches
/// to the view" with `touchesCancelled(_:with:)`; when false the view gets them all.
@Suite @MainActor struct CancelsTouchesInViewTests {
    /// A view that writes down the touches methods it receives, with the times of their touches.
    final class RecordingView: UIView {
        var calls: [String] = []
        private func note(_ name: String, _ touches: Set<UITouch>) {
            for touch in touches.sorted(by: { $0.timestamp < $1.timestamp }) { calls.append("\(name)@\(touch.timestamp)") }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches) }
    }

    /// A controller whose root view does not override the methods: they reach the controller.
    final class RecordingController: UIViewController {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("began") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("ended") }
    }

    static func run(cancels: Bool, _ touches: [Touch], tap: Bool = false) throws -> [String] {
        nonisolated(unsafe) var recorded: RecordingView?
        let scene = ReelKitScene(name: "cancels", trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let view = RecordingView(frame: root.view.bounds)
            root.view.addSubview(view)
            let recognizer: UIGestureRecognizer =
                tap ? UITapGestureRecognizer(target: nil, action: nil) : UIPanGestureRecognizer(target: nil, action: nil)
            recognizer.cancelsTouchesInView = cancels
            view.addGestureRecognizer(recognizer)
            recorded = view
        }
        _ = try ReelKitEngine(scenes: [scene], name: "s", version: "1").run(
            scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, touches: touches,
            outcomeHierarchy: false)
        return recorded?.calls ?? []
    }

    /// A finger moving 4 pt down per 16 ms event: the pan begins once it has moved its hysteresis (10 pt).
    static let drag: [Touch] = {
        var touches = [Touch(t: 0, id: 0, phase: .began, x: 100, y: 300)]
        for k in 1...5 { touches.append(Touch(t: 0.016 * Double(k), id: 0, phase: .moved, x: 100, y: 300 + 4 * Double(k))) }
        touches.append(Touch(t: 0.1, id: 0, phase: .ended, x: 100, y: 320))
        return touches
    }()

    @Test func aPanThatBeginsCancelsTheViewsTouchesAndTheViewGetsNoMore() throws {
        // The pan begins at the first event whose translation reaches 10 pt: 4 x 3 = 12 at the third move.
        let began = (1...5).first { 4 * Double($0) >= 10 }!
        var expected = ["began@0.0"]
        for k in 1..<began { expected.append("moved@\(0.016 * Double(k))") }
        expected.append("cancelled@\(0.016 * Double(began))")
        #expect(try Self.run(cancels: true, Self.drag) == expected)
    }

    @Test func withCancelsTouchesInViewFalseTheViewGetsEveryTouch() throws {
        var expected = ["began@0.0"]
        for k in 1...5 { expected.append("moved@\(0.016 * Double(k))") }
        expected.append("ended@0.1")
        #expect(try Self.run(cancels: false, Self.drag) == expected)
    }

    /// A tap is recognized at the lift: the view's touch is cancelled instead of ended (UIKit holds
    /// the lift back, delaysTouchesEnded, and cancels it when the tap recognizes).
    @Test func aTapRecognizedAtTheLiftCancelsTheViewsTouchInsteadOfEndingIt() throws {
        let touches = [Touch(t: 0, id: 0, phase: .began, x: 100, y: 300), Touch(t: 0.1, id: 0, phase: .ended, x: 100, y: 300)]
        #expect(try Self.run(cancels: true, touches, tap: true) == ["began@0.0", "cancelled@0.1"])
        #expect(try Self.run(cancels: false, touches, tap: true) == ["began@0.0", "ended@0.1"])
    }

    @Test func aViewThatDoesNotOverrideTheMethodsPassesThemToItsController() throws {
        nonisolated(unsafe) var controller: RecordingController?
        let scene = ReelKitScene(name: "responder", trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400)) { window in
            let root = RecordingController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            controller = root
        }
        _ = try ReelKitEngine(scenes: [scene], name: "s", version: "1").run(
            scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60,
            touches: [Touch(t: 0, id: 0, phase: .began, x: 50, y: 50), Touch(t: 0.1, id: 0, phase: .ended, x: 50, y: 50)],
            outcomeHierarchy: false)
        #expect(controller?.calls == ["began", "ended"])
    }
}
