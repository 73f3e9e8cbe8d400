import ReelTrace
import Testing

@testable import ReelGestures

@Suite struct LegacyPanRecognizerTests {
    @Test func justBelowHysteresisFailsOnLift() {
        var pan = LegacyPanRecognizer()
        var finger = Finger()
        finger.down(0, 100, 100)
        finger.move(0.016, 109.99, 100)
        finger.up(0.032, 109.99, 100)
        #expect(transitions(finger.touches) { pan.handle($0) } == [.failed])
        #expect(pan.translation == .zero)
    }

    @Test func atHysteresisBeginsWithSlopSubtracted() {
        var pan = LegacyPanRecognizer()
        var finger = Finger()
        finger.down(0, 100, 100)
        finger.move(0.016, 106, 108)  // length 10 along (0.6, 0.8)
        #expect(transitions(finger.touches) { pan.handle($0) } == [.began])
        #expect(near(pan.translation.x, 0) && near(pan.translation.y, 0))
        #expect(pan.handle(Touch(t: 0.032, id: 0, phase: .moved, x: 112, y: 116)) == [.changed])
        #expect(near(pan.translation.x, 6) && near(pan.translation.y, 8))
        #expect(pan.location == GestureVector(x: 112, y: 116))
        #expect(pan.handle(Touch(t: 0.048, id: 0, phase: .ended, x: 112, y: 116)) == [.ended])
        #expect(pan.state == .ended)
    }

    @Test func axisConstraint() {
        var horizontal = LegacyPanRecognizer(parameters: .init(axis: .horizontal, velocity: .init(blend: .always)))
        var finger = Finger()
        finger.down(0, 100, 100)
        finger.move(0.016, 109, 109.99)
        finger.move(0.032, 110, 109.99)
        #expect(transitions(finger.touches) { horizontal.handle($0) } == [.began])
        #expect(near(horizontal.translation.x, 0) && near(horizontal.translation.y, 9.99))

        var drifting = LegacyPanRecognizer(parameters: .init(axis: .horizontal, velocity: .init(blend: .always)))
        var other = Finger()
        other.down(0, 100, 100)
        other.move(0.016, 95, 110)  // vertical reaches 10 first
        other.move(0.032, 80, 110)
        #expect(transitions(other.touches) { drifting.handle($0) } == [.failed])

        var vertical = LegacyPanRecognizer(parameters: .init(axis: .vertical, velocity: .init(blend: .always)))
        var down = Finger()
        down.down(0, 0, 0)
        down.move(0.016, 3, -12)
        #expect(transitions(down.touches) { vertical.handle($0) } == [.began])
        #expect(near(vertical.translation.x, 3) && near(vertical.translation.y, -2))
    }

    @Test func minimumTouchesAndExtraFingers() {
        var pan = LegacyPanRecognizer(
            parameters: .init(minimumNumberOfTouches: 2, maximumNumberOfTouches: 2, velocity: .init(blend: .always)))
        var first = Finger(id: 0)
        var second = Finger(id: 1)
        var third = Finger(id: 2)
        first.down(0, 0, 0)
        #expect(pan.handle(first.touches[0]) == [])
        #expect(pan.handle(Touch(t: 0.016, id: 0, phase: .moved, x: 20, y: 0)) == [])  // one finger: waits
        second.down(0.020, 50, 0)
        third.down(0.021, 90, 0)
        #expect(pan.handle(second.touches[0]) == [] && pan.handle(third.touches[0]) == [])
        #expect(pan.numberOfTouches == 2)
        #expect(pan.handle(Touch(t: 0.032, id: 0, phase: .moved, x: 30, y: 0)) == [.began])
        #expect(near(pan.translation.x, 20))
        #expect(pan.handle(Touch(t: 0.040, id: 2, phase: .moved, x: 99, y: 0)) == [])  // ignored finger
        #expect(pan.handle(Touch(t: 0.048, id: 1, phase: .moved, x: 70, y: 0)) == [])  // not the tracked finger
    }

    @Test func cancelledTouchCancelsOrFails() {
        var pan = LegacyPanRecognizer()
        var finger = Finger()
        finger.down(0, 0, 0)
        finger.move(0.016, 20, 0)
        finger.move(0.032, 30, 0)
        finger.cancel(0.048, 30, 0)
        #expect(transitions(finger.touches) { pan.handle($0) } == [.began, .changed, .cancelled])

        var early = LegacyPanRecognizer()
        var quick = Finger()
        quick.down(0, 0, 0)
        quick.cancel(0.016, 2, 0)
        #expect(transitions(quick.touches) { early.handle($0) } == [.failed])
    }

    @Test func aNewTouchSequenceStartsOver() {
        var pan = LegacyPanRecognizer()
        var finger = Finger()
        finger.down(0, 0, 0)
        finger.up(0.01, 0, 0)
        finger.down(1, 0, 0)
        finger.move(1.016, 0, 25)
        #expect(transitions(finger.touches) { pan.handle($0) } == [.failed, .began])
        #expect(pan.state == .began)
    }

    @Test func velocityIsTheEstimatorsOverTheTrackedFinger() {
        var pan = LegacyPanRecognizer()
        var finger = Finger()
        finger.down(0, 0, 0)
        finger.move(0.010, 10, 0)
        finger.move(0.020, 30, 0)
        _ = transitions(finger.touches) { pan.handle($0) }
        #expect(near(pan.velocity.x, 0.2 * 2000 + 0.8 * 1000))
    }
}
