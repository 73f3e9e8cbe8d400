import ReelKit
import ReelTrace
import Testing

/// Touch delivery and arbitration: the hit view's recognizers and its ancestors', one winner unless
/// a delegate allows both, shouldBegin, setTranslation.
@Suite @MainActor struct RecognizerAPITests {
    final class Policy: UIGestureRecognizerDelegate, @unchecked Sendable {
        let simultaneous: Bool
        let innerMayBegin: Bool
        init(simultaneous: Bool, innerMayBegin: Bool) {
            self.simultaneous = simultaneous
            self.innerMayBegin = innerMayBegin
        }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            gestureRecognizer.name != "inner" || innerMayBegin
        }
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { simultaneous }
    }

    /// A pan on a card (inner) inside the root view (outer); a drag of 40 pt down on the card.
    static func gestures(_ policy: Policy) throws -> [String] {
        let scene = ReelKitScene(name: "arbitration", trigger: TriggerSpec(kind: .pan)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let card = UIView(frame: CGRect(x: 0, y: 300, width: 390, height: 300))
            root.view.addSubview(card)
            let inner = UIPanGestureRecognizer()
            inner.name = "inner"
            inner.delegate = policy
            inner.addTarget { recognizer in
                // After setTranslation(y: 100) at began, the 30 pt moved past the hysteresis read as 130.
                if recognizer.state == .began { (recognizer as? UIPanGestureRecognizer)?.setTranslation(CGPoint(x: 0, y: 100), in: card) }
                if recognizer.state == .ended, let pan = recognizer as? UIPanGestureRecognizer {
                    let alpha: CGFloat = pan.translation(in: card).y == 130 ? 0.5 : 0.25
                    UIView.animate(withDuration: 0.05) { card.alpha = alpha }
                }
            }
            card.addGestureRecognizer(inner)
            let outer = UIPanGestureRecognizer()
            outer.name = "outer"
            outer.delegate = policy
            root.view.addGestureRecognizer(outer)
        }
        let touches = [
            Touch(t: 0, id: 0, phase: .began, x: 100, y: 400), Touch(t: 0.02, id: 0, phase: .moved, x: 100, y: 410),
            Touch(t: 0.04, id: 0, phase: .moved, x: 100, y: 440), Touch(t: 0.06, id: 0, phase: .ended, x: 100, y: 440),
        ]
        let trace = try ReelKitEngine(scenes: [scene], name: "r", version: "1").run(
            scenario: scene.spec, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, touches: touches,
            outcomeHierarchy: false)
        var lines = trace.events.filter { $0.kind == "gesture" }.map { "\($0.subject) \($0.detail)" }
        if let card = trace.frames.last?.views.first(where: { $0.key.hasSuffix("UIView[0]") }) { lines.append("card alpha \(card.alpha)") }
        return lines
    }

    @Test func theHitViewsRecognizerWinsAndTheOtherFails() throws {
        let lines = try Self.gestures(Policy(simultaneous: false, innerMayBegin: true))
        #expect(lines == ["inner began", "outer failed", "inner changed", "inner ended", "card alpha 0.5"])
    }

    @Test func aDelegateMayLetBothRecognize() throws {
        let lines = try Self.gestures(Policy(simultaneous: true, innerMayBegin: true))
        #expect(lines.prefix(2) == ["inner began", "outer began"])
    }

    @Test func shouldBeginNoHandsTheTouchesToTheOther() throws {
        let lines = try Self.gestures(Policy(simultaneous: false, innerMayBegin: false))
        #expect(lines.prefix(2) == ["inner failed", "outer began"])
    }
}
