import ReelTrace
import Testing

@testable import ReelGestures

@Suite struct ScreenEdgePanTests {
    let width = 390.0, height = 844.0

    private func run(_ finger: Finger, edge: ScreenEdge = .left, model: TouchModel = .uikit) -> ([GestureState], ScreenEdgePanRecognizer) {
        var recognizer = ScreenEdgePanRecognizer(parameters: .init(edge: edge, touchModel: model), screenWidth: width, screenHeight: height)
        let states = transitions(finger.touches) { recognizer.handle($0) }
        return (states, recognizer)
    }

    @Test func mustStartWithinTheEdgeRegion() {
        var inside = Finger()
        var outside = Finger()
        inside.down(0, 13, 400)
        inside.move(0.016, 28, 400)
        outside.down(0, 13.01, 400)
        outside.move(0.016, 28.01, 400)
        #expect(run(inside).0 == [.began])
        #expect(run(outside).0 == [.failed])
    }

    @Test func beginsAtTheEdgeHysteresisWithSlopSubtracted() {
        var below = Finger()
        below.down(0, 4, 400)
        below.move(0.016, 18.99, 402)
        below.up(0.032, 18.99, 402)
        #expect(run(below).0 == [.failed])

        var at = Finger()
        at.down(0, 4, 400)
        at.move(0.016, 19, 402)
        at.move(0.032, 60, 405)
        at.up(0.048, 60, 405)
        let (states, recognizer) = run(at)
        #expect(states == [.began, .changed, .ended])
        // D26: at .began the pan hysteresis (10) is removed per axis from the PREVIOUS event's
        // translation (here the touch-down's, zero), and this event's movement added: nothing removed.
        #expect(near(recognizer.translation.x, 60 - 4) && near(recognizer.translation.y, 5))
        // Engine 0.3 (per-touch) subtracted the 15 pt edge hysteresis along the inward direction.
        let legacy = run(at, model: .perTouch).1
        #expect(near(legacy.translation.x, 60 - 4 - 15) && near(legacy.translation.y, 5))
        // The previous event 12 pt in and 0 across: remove10 gives (2, 0), then + (9, 3).
        var later = Finger()
        later.down(0, 4, 400)
        later.move(0.016, 16, 400)
        later.move(0.032, 25, 403)
        let (laterStates, laterRecognizer) = run(later)
        #expect(laterStates == [.began])
        #expect(near(laterRecognizer.translation.x, (12 - 10) + (25 - 16)) && near(laterRecognizer.translation.y, 0 + 3))
    }

    @Test func verticalDriftFailure() {
        // Allowance after moving along = 5 pt: min(25, 10 + (15 - 10) / 25 × 5) = 11.
        let allowance = min(25, 10 + (15.0 - 10) / 25 * 5)
        #expect(near(ScreenEdgePanRecognizer.Parameters().driftAllowance(along: 5), allowance))
        var justBelow = Finger()
        var atLimit = Finger()
        justBelow.down(0, 4, 400)
        justBelow.move(0.016, 9, 400 + allowance - 0.01)
        justBelow.move(0.032, 30, 400 + allowance - 0.01)
        atLimit.down(0, 4, 400)
        atLimit.move(0.016, 9, 400 - allowance)
        atLimit.move(0.032, 30, 400 - allowance)
        #expect(run(justBelow).0 == [.began])
        #expect(run(atLimit).0 == [.failed])
        // The allowance is capped at 25 (reached at along = 75) but the gesture begins at 15 first,
        // so the largest drift that can survive until began is the allowance at 15: 13.
        #expect(ScreenEdgePanRecognizer.Parameters().driftAllowance(along: 100) == 25)
        var late = Finger()
        late.down(0, 4, 400)
        late.move(0.016, 19, 412.99)
        late.move(0.032, 19, 460)  // drift after began does not fail
        #expect(run(late).0 == [.began, .changed])
    }

    @Test func mustBeginWithinTheMaximumSwipeDuration() {
        var slow = Finger()
        var inTime = Finger()
        slow.down(0, 4, 400)
        slow.move(0.1, 10, 400)
        slow.move(0.2501, 19, 400)
        inTime.down(0, 4, 400)
        inTime.move(0.1, 10, 400)
        inTime.move(0.25, 19, 400)
        #expect(run(slow).0 == [.failed])
        #expect(run(inTime).0 == [.began])
    }

    @Test func otherEdges() {
        var right = Finger()
        right.down(0, width - 10, 400)
        right.move(0.016, width - 25, 400)
        let (states, recognizer) = run(right, edge: .right)
        #expect(states == [.began])
        #expect(near(recognizer.translation.x, -15))
        var bottom = Finger()
        bottom.down(0, 200, height - 2)
        bottom.move(0.016, 200, height - 30)
        #expect(run(bottom, edge: .bottom).0 == [.began])
        #expect(run(bottom, edge: .top).0 == [.failed])
    }

    @Test func cancelAndSecondFinger() {
        var finger = Finger()
        var second = Finger(id: 1)
        finger.down(0, 4, 400)
        finger.move(0.016, 30, 400)
        second.down(0.02, 5, 300)
        second.move(0.03, 80, 300)
        var stream = finger.touches + second.touches
        stream.append(Touch(t: 0.04, id: 0, phase: .cancelled, x: 40, y: 400))
        var recognizer = ScreenEdgePanRecognizer(screenWidth: width, screenHeight: height)
        #expect(transitions(stream) { recognizer.handle($0) } == [.began, .cancelled])
    }
}
