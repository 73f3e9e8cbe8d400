import ReelTrace
import Testing

@testable import ReelGestures

/// Engine 0.3's pinch (per-touch model); `TouchEventModelTests` covers D26's driver.
@Suite struct PinchRecognizerTests {
    /// Two fingers 100 pt apart; the second one then moves to `distances` at 10 ms steps.
    private func stream(_ distances: [Double], end: TouchPhase = .ended) -> [Touch] {
        var touches = [
            Touch(t: 0, id: 0, phase: .began, x: 100, y: 300),
            Touch(t: 0, id: 1, phase: .began, x: 200, y: 300),
        ]
        for (index, distance) in distances.enumerated() {
            touches.append(Touch(t: 0.01 * Double(index + 1), id: 1, phase: .moved, x: 100 + distance, y: 300))
        }
        let t = 0.01 * Double(distances.count + 1)
        touches.append(Touch(t: t, id: 1, phase: end, x: 100 + (distances.last ?? 100), y: 300))
        return touches
    }

    @Test func justBelowAndAtTheScaleHysteresis() {
        var below = PinchRecognizer(parameters: .init(touchModel: .perTouch))
        #expect(transitions(stream([104.99])) { below.handle(TouchEvent($0)) } == [.failed])
        var at = PinchRecognizer(parameters: .init(touchModel: .perTouch))
        let touches = stream([105, 120])
        #expect(transitions(Array(touches.prefix(3))) { at.handle(TouchEvent($0)) } == [.began])
        #expect(near(at.scale, 1.05))
        #expect(at.handle(TouchEvent(touches[3])) == [.changed])
        #expect(near(at.scale, 1.2))
        // Scale samples 1 -> 1.05 -> 1.2 at 10 ms: per-sample 5/s then 15/s; D26 pinch weights 0.25 / 0.75.
        #expect(near(at.velocity, 0.25 * 15 + 0.75 * 5, 1e-6))
        #expect(at.location == GestureVector(x: 160, y: 300))
        #expect(at.handle(TouchEvent(touches[4])) == [.ended])
    }

    @Test func oneFingerOrCancel() {
        var single = PinchRecognizer(parameters: .init(touchModel: .perTouch))
        let lone = [
            Touch(t: 0, id: 0, phase: .began, x: 0, y: 0), Touch(t: 0.1, id: 0, phase: .moved, x: 50, y: 0),
            Touch(t: 0.2, id: 0, phase: .ended, x: 50, y: 0),
        ]
        #expect(transitions(lone) { single.handle(TouchEvent($0)) } == [.failed])
        var cancelled = PinchRecognizer(parameters: .init(touchModel: .perTouch))
        #expect(transitions(stream([80, 60], end: .cancelled)) { cancelled.handle(TouchEvent($0)) } == [.began, .changed, .cancelled])
        #expect(near(cancelled.scale, 0.6))
    }
}

@Suite struct TapRecognizerTests {
    @Test func recognizesOnLiftWithinLimits() {
        var tap = TapRecognizer()
        var finger = Finger()
        finger.down(0, 50, 50)
        finger.move(0.05, 56, 58)  // exactly 10 pt
        finger.up(0.1, 56, 58)
        #expect(transitions(finger.touches) { tap.handle($0) } == [.recognized])
        #expect(tap.location == GestureVector(x: 56, y: 58))
    }

    @Test func failsPastMovementDurationOrFingers() {
        var far = TapRecognizer()
        var long = TapRecognizer()
        var two = TapRecognizer()
        var cancelled = TapRecognizer()
        var a = Finger()
        var b = Finger()
        var c = Finger()
        var d = Finger()
        a.down(0, 50, 50)
        a.move(0.05, 60.01, 50)
        a.up(0.1, 60.01, 50)
        b.down(0, 50, 50)
        b.up(1.5001, 50, 50)
        c.down(0, 50, 50)
        c.touches.append(Touch(t: 0.02, id: 1, phase: .began, x: 90, y: 90))
        c.up(0.05, 50, 50)
        d.down(0, 50, 50)
        d.cancel(0.05, 50, 50)
        #expect(transitions(a.touches) { far.handle($0) } == [.failed])
        #expect(transitions(b.touches) { long.handle($0) } == [.failed])
        #expect(transitions(c.touches) { two.handle($0) } == [.failed])
        #expect(transitions(d.touches) { cancelled.handle($0) } == [.failed])
        var justInTime = TapRecognizer()
        var e = Finger()
        e.down(0, 50, 50)
        e.up(1.5, 50, 50)
        #expect(transitions(e.touches) { justInTime.handle($0) } == [.recognized])
    }
}
