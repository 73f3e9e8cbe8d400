import ReelKit
import ReelTrace
import Testing

/// UILongPressGestureRecognizer and UISwipeGestureRecognizer in a scene, against their rules as
/// D26 writes them (UILongPressGestureRecognizer: 0.5 s, 10 pt, the timer; UISwipeGestureRecognizer
/// `_checkForSwipeWithDelta:`), with the expected times computed here from those rules.
@Suite @MainActor struct PressAndSwipeTests {
    struct Reading: Equatable {
        var t: Double
        var state: String
    }

    static func run(_ recognizer: @escaping @MainActor @Sendable () -> UIGestureRecognizer, _ touches: [Touch]) throws -> (
        readings: [Reading], actions: Int
    ) {
        let (events, actions) = try RecognizerSubclassTests.gestureEvents(recognizer, touches)
        return (events.map { Reading(t: $0.t, state: $0.detail) }, actions)
    }

    // MARK: Long press

    @Test func aPressHeldStillBeginsAtTheMinimumDurationWithNoTouchBetweenAndEndsAtTheLift() throws {
        let down = 0.1
        let lift = 1.0
        let touches = [Touch(t: down, id: 0, phase: .began, x: 200, y: 400), Touch(t: lift, id: 0, phase: .ended, x: 200, y: 400)]
        let result = try Self.run({ UILongPressGestureRecognizer(target: nil, action: nil) }, touches)
        // D26: the timer starts when the required finger lands and begins the press after minimumPressDuration (0.5 s).
        #expect(result.readings == [Reading(t: down + 0.5, state: "began"), Reading(t: lift, state: "ended")])
        #expect(result.actions == 2)
    }

    @Test func movingFartherThanTheAllowableMovementBeforeTheTimerFailsThePressAndLessDoesNot() throws {
        // The centroid's Euclidean distance from the start point against allowableMovement (10 pt), `>`.
        let within = (x: 6.0, y: 7.9)
        let beyond = (x: 6.0, y: 8.1)
        #expect((within.x * within.x + within.y * within.y).squareRoot() <= 10)
        #expect((beyond.x * beyond.x + beyond.y * beyond.y).squareRoot() > 10)
        func touches(_ offset: (x: Double, y: Double)) -> [Touch] {
            [
                Touch(t: 0, id: 0, phase: .began, x: 100, y: 100),
                Touch(t: 0.2, id: 0, phase: .moved, x: 100 + offset.x, y: 100 + offset.y),
                Touch(t: 0.9, id: 0, phase: .ended, x: 100 + offset.x, y: 100 + offset.y),
            ]
        }
        let still = try Self.run({ UILongPressGestureRecognizer(target: nil, action: nil) }, touches(within))
        #expect(still.readings == [Reading(t: 0.5, state: "began"), Reading(t: 0.9, state: "ended")])
        let moved = try Self.run({ UILongPressGestureRecognizer(target: nil, action: nil) }, touches(beyond))
        #expect(moved.readings == [Reading(t: 0.2, state: "failed")])
        #expect(moved.actions == 0)
    }

    @Test func afterItBeganEveryMoveIsAChangeAndALiftBeforeTheTimerFails() throws {
        let press: @MainActor @Sendable () -> UIGestureRecognizer = {
            let press = UILongPressGestureRecognizer(target: nil, action: nil)
            press.minimumPressDuration = 0.3
            return press
        }
        let dragged = try Self.run(
            press,
            [
                Touch(t: 0, id: 0, phase: .began, x: 100, y: 100), Touch(t: 0.4, id: 0, phase: .moved, x: 150, y: 100),
                Touch(t: 0.5, id: 0, phase: .moved, x: 200, y: 100), Touch(t: 0.6, id: 0, phase: .ended, x: 200, y: 100),
            ])
        #expect(dragged.readings.map { $0.state } == ["began", "changed", "changed", "ended"])
        #expect(dragged.readings.map { $0.t } == [0.3, 0.4, 0.5, 0.6])
        let short = try Self.run(
            press, [Touch(t: 0, id: 0, phase: .began, x: 100, y: 100), Touch(t: 0.29, id: 0, phase: .ended, x: 100, y: 100)])
        #expect(short.readings == [Reading(t: 0.29, state: "failed")])
    }

    @Test func twoRequiredFingersStartTheTimerWhenTheSecondLandsAndAThirdFailsIt() throws {
        let press: @MainActor @Sendable () -> UIGestureRecognizer = {
            let press = UILongPressGestureRecognizer(target: nil, action: nil)
            press.numberOfTouchesRequired = 2
            return press
        }
        let second = 0.25
        let two = try Self.run(
            press,
            [
                Touch(t: 0, id: 0, phase: .began, x: 100, y: 100), Touch(t: second, id: 1, phase: .began, x: 140, y: 100),
                Touch(t: 1.2, id: 0, phase: .ended, x: 100, y: 100), Touch(t: 1.2, id: 1, phase: .ended, x: 140, y: 100),
            ])
        #expect(two.readings == [Reading(t: second + 0.5, state: "began"), Reading(t: 1.2, state: "ended")])
        let three = try Self.run(
            press,
            [
                Touch(t: 0, id: 0, phase: .began, x: 100, y: 100), Touch(t: 0.1, id: 1, phase: .began, x: 140, y: 100),
                Touch(t: 0.2, id: 2, phase: .began, x: 180, y: 100), Touch(t: 1, id: 0, phase: .ended, x: 100, y: 100),
            ])
        #expect(three.readings == [Reading(t: 0.2, state: "failed")])
    }

    // MARK: Swipe

    /// D26's limits at a time since landing, with the defaults `SwipeRecognizer.Parameters` names.
    static func minimumPrimary(at elapsed: Double) -> Double { 50 * (1 - min(elapsed, 0.5) * (1 - 0.06)) }
    static func maximumSecondary(at elapsed: Double) -> Double { 200 * (1 - min(elapsed, 0.5) * (1 - 0.02)) }

    /// A finger landing at (300, 400) and moving (dx, dy) per 16 ms event, `steps` times, then lifting.
    static func stroke(dx: Double, dy: Double, steps: Int) -> [Touch] {
        var touches = [Touch(t: 0, id: 0, phase: .began, x: 300, y: 400)]
        for step in 1...steps {
            touches.append(Touch(t: 0.016 * Double(step), id: 0, phase: .moved, x: 300 + dx * Double(step), y: 400 + dy * Double(step)))
        }
        touches.append(Touch(t: 0.016 * Double(steps + 1), id: 0, phase: .ended, x: 300 + dx * Double(steps), y: 400 + dy * Double(steps)))
        return touches
    }

    @Test func aSwipeIsRecognizedAtTheFirstEventWhoseDistanceReachesTheDecayingMinimum() throws {
        let step = -10.0
        let expected = (1...20).first { k in abs(step) * Double(k) >= Self.minimumPrimary(at: 0.016 * Double(k)) }!
        let result = try Self.run(
            {
                let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
                swipe.direction = .left
                return swipe
            }, Self.stroke(dx: step, dy: 0.5, steps: 20))
        #expect(result.readings == [Reading(t: 0.016 * Double(expected), state: "ended")])
        #expect(result.actions == 1, "a discrete recognizer runs its action once, when recognized")
    }

    /// D26 `locationInView:` and `locationOfTouch:inView:` read where the swipe began, not where the finger is.
    @Test func aSwipesLocationIsWhereItBegan() throws {
        nonisolated(unsafe) var seen: [CGPoint] = []
        _ = try Self.run(
            {
                let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
                swipe.direction = .left
                swipe.addTarget { recognizer in
                    seen = [recognizer.location(in: nil), recognizer.location(ofTouch: 0, in: nil)]
                }
                return swipe
            }, Self.stroke(dx: -10, dy: 0, steps: 20))
        #expect(seen == [CGPoint(x: 300, y: 400), CGPoint(x: 300, y: 400)])
    }

    @Test func driftBeyondTheDecayingSecondaryMaximumFailsTheSwipe() throws {
        let dx = 4.0
        let dy = 30.0
        let expected = (1...20).first { k in dy * Double(k) > Self.maximumSecondary(at: 0.016 * Double(k)) }!
        #expect((1..<expected).allSatisfy { k in dx * Double(k) < Self.minimumPrimary(at: 0.016 * Double(k)) }, "not recognized before")
        let result = try Self.run({ UISwipeGestureRecognizer(target: nil, action: nil) }, Self.stroke(dx: dx, dy: dy, steps: 20))
        #expect(result.readings == [Reading(t: 0.016 * Double(expected), state: "failed")])
    }

    @Test func aSlowStrokeFailsAtTheFirstMoveAfterTheMaximumDuration() throws {
        // 0.5 pt per 16 ms never reaches the minimum in 0.5 s; the first move after 0.5 s fails it.
        let expected = (1...40).first { k in 0.016 * Double(k) > 0.5 }!
        #expect((1..<expected).allSatisfy { k in 0.5 * Double(k) < Self.minimumPrimary(at: 0.016 * Double(k)) })
        let result = try Self.run({ UISwipeGestureRecognizer(target: nil, action: nil) }, Self.stroke(dx: 0.5, dy: 0, steps: 40))
        #expect(result.readings == [Reading(t: 0.016 * Double(expected), state: "failed")])
    }

    @Test func aStrokeAgainstTheDirectionFailsAndUpOrDownAcceptsEither() throws {
        let right = try Self.run({ UISwipeGestureRecognizer(target: nil, action: nil) }, Self.stroke(dx: -12, dy: 0, steps: 10))
        // Against a single direction by more than maximumOppositeMovement (10 pt, a named choice): the first move at -12 fails.
        #expect(right.readings == [Reading(t: 0.016, state: "failed")])
        let vertical = try Self.run(
            {
                let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
                swipe.direction = [.up, .down]
                return swipe
            }, Self.stroke(dx: 0, dy: -12, steps: 10))
        let expected = (1...10).first { k in 12 * Double(k) >= Self.minimumPrimary(at: 0.016 * Double(k)) }!
        #expect(vertical.readings == [Reading(t: 0.016 * Double(expected), state: "ended")])
    }

    @Test func twoRequiredFingersMustBothSwipeInTheSameEvent() throws {
        var touches = [Touch(t: 0, id: 0, phase: .began, x: 100, y: 300), Touch(t: 0, id: 1, phase: .began, x: 100, y: 400)]
        // Finger 0 moves 15 pt per event; finger 1 only from the third event on, 25 pt per event.
        var x1 = 100.0
        for k in 1...10 {
            let t = 0.016 * Double(k)
            if k >= 3 { x1 += 25 }
            touches.append(Touch(t: t, id: 0, phase: .moved, x: 100 + 15 * Double(k), y: 300))
            touches.append(Touch(t: t, id: 1, phase: .moved, x: x1, y: 400))
        }
        touches.append(Touch(t: 0.2, id: 0, phase: .ended, x: 250, y: 300))
        touches.append(Touch(t: 0.2, id: 1, phase: .ended, x: x1, y: 400))
        let expected = (1...10).first { k in
            let e = 0.016 * Double(k)
            return 15 * Double(k) >= Self.minimumPrimary(at: e) && 25 * Double(max(k - 2, 0)) >= Self.minimumPrimary(at: e)
        }!
        let result = try Self.run(
            {
                let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
                swipe.numberOfTouchesRequired = 2
                return swipe
            }, touches)
        #expect(result.readings == [Reading(t: 0.016 * Double(expected), state: "ended")])
    }
}
