import ReelTrace
import Testing

@testable import ReelGestures

/// UIPanGestureRecognizer's event model (D26 `UIPanGestureRecognizer`, REFERENCE.md "Event model and
/// handlers, transcribed"). Expected values are the rules' own arithmetic.
@Suite struct TouchEventModelTests {
    func touch(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) -> Touch {
        Touch(t: t, id: id, phase: phase, x: x, y: y)
    }

    func event(_ touches: Touch...) -> TouchEvent { TouchEvent(t: touches[0].t, touches: touches) }

    @Test func linesWithTheSameTimeAreOneEventAndAFingerTwiceIsTwo() {
        let lines = [
            touch(0, 0, .began, 0, 0), touch(0, 1, .began, 50, 0), touch(0.01, 0, .moved, 5, 0),
            touch(0.01, 1, .moved, 55, 0), touch(0.01, 0, .ended, 5, 0),
        ]
        #expect(TouchEvent.group(lines).map(\.touches.count) == [2, 2, 1])
    }

    @Test func oneEventIsOneActionAndTranslationIsTheCentroids() {
        var pan = PanRecognizer()
        #expect(pan.handle(event(touch(0, 0, .began, 100, 100), touch(0, 1, .began, 200, 100))).isEmpty)
        // Both fingers move in one event: one action (began), centroid moved (15, 6) -> per axis (5, 0).
        #expect(pan.handle(event(touch(0.01, 0, .moved, 110, 106), touch(0.01, 1, .moved, 220, 106))) == [.began])
        #expect(pan.translation == GestureVector(x: 15 - 10, y: 0))
        #expect(pan.location == GestureVector(x: 165, y: 106))
        #expect(pan.handle(event(touch(0.02, 0, .moved, 120, 110), touch(0.02, 1, .moved, 230, 110))) == [.changed])
        #expect(pan.translation == GestureVector(x: 15, y: 4))
    }

    @Test func aLandingOrLiftingFingerRebasesTheCentroid() {
        var pan = PanRecognizer()
        _ = pan.handle(event(touch(0, 0, .began, 100, 100)))
        #expect(pan.handle(event(touch(0.01, 0, .moved, 100, 130))) == [.began])
        #expect(pan.translation == GestureVector(x: 0, y: 20))
        // A second finger lands 300 pt away: no action, no jump.
        #expect(pan.handle(event(touch(0.02, 1, .began, 100, 430))).isEmpty)
        #expect(pan.translation == GestureVector(x: 0, y: 20))
        // Only the new finger moves 10 pt: the centroid moves 5 pt.
        #expect(pan.handle(event(touch(0.03, 1, .moved, 100, 440))) == [.changed])
        #expect(pan.translation == GestureVector(x: 0, y: 25))
        // The first finger lifts: no action, no jump; the pan goes on with the other finger.
        #expect(pan.handle(event(touch(0.04, 0, .ended, 100, 130))).isEmpty)
        #expect(pan.translation == GestureVector(x: 0, y: 25) && pan.numberOfTouches == 1)
        #expect(pan.handle(event(touch(0.05, 1, .moved, 100, 450))) == [.changed])
        #expect(pan.translation == GestureVector(x: 0, y: 35))
        // The pan ends on the last finger's lift.
        #expect(pan.handle(event(touch(0.06, 1, .ended, 100, 450))) == [.ended])
    }

    @Test func aFingerLiftingWhileAnotherMovesIsRebasedBeforeTheMove() {
        var pan = PanRecognizer()
        _ = pan.handle(event(touch(0, 0, .began, 100, 100), touch(0, 1, .began, 200, 100)))
        #expect(pan.handle(event(touch(0.01, 0, .moved, 100, 130), touch(0.01, 1, .moved, 200, 130))) == [.began])
        #expect(pan.translation == GestureVector(x: 0, y: 20))
        // Finger 0 moves 10 pt while finger 1 lifts 20 pt below its last position, in one event: the list is
        // re-based first (finger 1 at its lift position), so translation moves by (10 + 20) / 2 and no more.
        #expect(pan.handle(event(touch(0.02, 0, .moved, 100, 140), touch(0.02, 1, .ended, 200, 150))) == [.changed])
        #expect(pan.translation == GestureVector(x: 0, y: 20 + (10 + 20) / 2))
        #expect(pan.handle(event(touch(0.03, 0, .moved, 100, 150))) == [.changed])
        #expect(pan.translation == GestureVector(x: 0, y: 20 + 15 + 10))
        #expect(pan.handle(event(touch(0.04, 0, .ended, 100, 150))) == [.ended])
    }

    @Test func theLiftAddsNoMovementAndNoVelocitySample() {
        for (liftDelay, liftShift) in [(0.0, 40.0), (0.5, 0.0), (0.001, -30.0)] {
            var pan = PanRecognizer()
            _ = pan.handle(event(touch(0, 0, .began, 100, 100)))
            _ = pan.handle(event(touch(1.0 / 60, 0, .moved, 100, 120)))
            _ = pan.handle(event(touch(2.0 / 60, 0, .moved, 100, 150)))
            let (translation, velocity) = (pan.translation, pan.velocity)
            // Per-sample velocities 1200 and 1800 pt/s: 0.2 x 1800 + 0.8 x 1200.
            #expect(abs(velocity.y - (0.2 * 30 * 60 + 0.8 * 20 * 60)) < 1e-9)
            #expect(pan.handle(event(touch(2.0 / 60 + liftDelay, 0, .ended, 100, 150 + liftShift))) == [.ended])
            #expect(pan.translation == translation && pan.velocity == velocity)
        }
    }

    @Test(arguments: [9.0, 10.0, 11.0])
    func hysteresisIsRemovedPerAxis(reach: Double) {
        var pan = PanRecognizer()
        _ = pan.handle(event(touch(0, 0, .began, 100, 100)))
        let states = pan.handle(event(touch(0.01, 0, .moved, 100 - reach, 100 + 7)))
        #expect(states == (reach >= 10 ? [.began] : []))
        guard reach >= 10 else { return }
        // Each component moves 10 pt towards zero, stopping at zero: (-reach + 10, 0).
        #expect(pan.translation == GestureVector(x: min(-reach + 10, 0), y: max(7 - 10, 0)))
    }

    @Test func velocityIsTheLatestAloneUntilThereAreTwoSamples() {
        var pan = PanRecognizer()
        _ = pan.handle(event(touch(0, 0, .began, 0, 0)))
        _ = pan.handle(event(touch(0.01, 0, .moved, 0, 4)))
        #expect(abs(pan.velocity.y - 400) < 1e-9)
        _ = pan.handle(event(touch(0.02, 0, .moved, 0, 14)))
        #expect(abs(pan.velocity.y - (0.2 * 1000 + 0.8 * 400)) < 1e-9)
    }

    @Test func aLandingFingerSeesTheOthersWhereItsEventHasThem() {
        var pinch = PinchRecognizer()
        _ = pinch.handle(event(touch(0, 0, .began, 100, 300)))
        // Finger 0 moves to x = 90 in the event where finger 1 lands at 200: the initial distance is 110.
        #expect(pinch.handle(event(touch(0.01, 0, .moved, 90, 300), touch(0.01, 1, .began, 200, 300))).isEmpty)
        // 115 - 110 = 5 <= 8: not yet (from the pre-event position it would be 15).
        #expect(pinch.handle(event(touch(0.02, 1, .moved, 205, 300))).isEmpty)
        #expect(pinch.handle(event(touch(0.03, 1, .moved, 209, 300))) == [.began])
        #expect(abs(pinch.scale - 119.0 / 118) < 1e-12)
    }

    @Test(arguments: [7.99, 8.01])
    func pinchBeginsPastEightPointsAndWeighsALatestQuarter(spread: Double) {
        var pinch = PinchRecognizer()
        _ = pinch.handle(event(touch(0, 0, .began, 100, 300), touch(0, 1, .began, 200, 300)))
        // Both fingers move in one event: one distance change (100 -> 100 + spread).
        let states = pinch.handle(event(touch(0.01, 0, .moved, 100 - spread / 2, 300), touch(0.01, 1, .moved, 200 + spread / 2, 300)))
        #expect(states == (spread > 8 ? [.began] : []))
        guard spread > 8 else { return }
        // D26: the initial distance moves 8 pt towards d: scale = d / 108; first velocity from scale 1 at touch-down.
        let s1 = (100 + spread) / 108
        let v1 = (s1 - 1) / 0.01
        #expect(abs(pinch.scale - s1) < 1e-12 && abs(pinch.velocity - v1) < 1e-6)
        #expect(pinch.handle(event(touch(0.02, 0, .moved, 85, 300), touch(0.02, 1, .moved, 215, 300))) == [.changed])
        let s2 = 130.0 / 108
        let v2 = (s2 - s1) / 0.01
        #expect(abs(pinch.velocity - (0.25 * v2 + 0.75 * v1)) < 1e-6)
        // One finger lifts: nothing; the pinch ends with the last finger.
        #expect(pinch.handle(event(touch(0.03, 0, .ended, 85, 300))).isEmpty)
        #expect(pinch.handle(event(touch(0.04, 1, .moved, 260, 300))).isEmpty)
        #expect(pinch.handle(event(touch(0.05, 1, .ended, 260, 300))) == [.ended])
        #expect(abs(pinch.scale - s2) < 1e-12)
    }
}
